/** Shared fixtures of the inspection feed's tests: the real development edge and the proxy with `inspect`, on loopback. */
import assert from 'node:assert/strict';
import { startEdge, type StartEdgeOptions, type StartedEdge } from '../../server/edge/index.js';
import { createVirtualClock, type VirtualClock } from '../../server/edge/runtime/index.js';
import type { Clock } from '../../server/edge/contract.js';
import type { InspectOptions, InspectRunSummary } from '../../server/proxy/index.js';
import { SseByteParser } from '../../src/transport/index.js';
import type { RecordedEvent, SseMessage } from '../../src/transport/index.js';
import { startProxy, within, type RunningProxy } from './proxy-helpers.js';

/** The person's token (ana) the proxy holds; it must never reach the feed. */
export const PERSON_TOKEN = 'ana-token';
/** The inspector's own credential (a support person's key). */
export const INSPECT_KEY = 'support-key-9f8e7d6c5b4a';

/** The wall clock, its timers unref'd: the runtime's far deadlines keep no test alive. */
const wallClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    handle.unref();
    return () => clearTimeout(handle);
  },
};

/** Authorizes `Authorization: Bearer <INSPECT_KEY>`. */
export const byKey = (request: Request): boolean => request.headers.get('Authorization') === `Bearer ${INSPECT_KEY}`;

export interface Inspected {
  edge: StartedEdge;
  proxy: RunningProxy;
  /** The edge's virtual clock, when asked for (paced agents then wait for `clock.advance`). */
  clock: VirtualClock | undefined;
  /** `<proxy>/__inspect` */
  inspectUrl: string;
}

const started: Array<{ close(): Promise<void> }> = [];

/** Closes everything {@link startInspected} started (call from `after`). */
export const closeAll = () => Promise.all(started.splice(0).map((s) => s.close()));

/** The edge and the proxy in front of it, with `inspect` (undefined: off). */
export async function startInspected(inspect: Partial<InspectOptions> | undefined, options: { virtual?: boolean; edge?: StartEdgeOptions; proxy?: Record<string, unknown> } = {}): Promise<Inspected> {
  const clock = options.virtual ? createVirtualClock(Date.now()) : undefined;
  const edge = await startEdge({ log: () => {}, runtimeOptions: { clock: clock ?? wallClock }, ...options.edge });
  const proxy = await startProxy({
    upstream: edge.url,
    token: PERSON_TOKEN,
    ...(inspect ? { inspect: { authorize: byKey, ...inspect } as InspectOptions } : {}),
    ...options.proxy,
  });
  started.push(proxy, edge);
  return { edge, proxy, clock, inspectUrl: `${proxy.url}/__inspect` };
}

let counter = 0;

/** A fresh thread and run id pair. */
export function ids(prefix: string): { threadId: string; runId: string } {
  counter += 1;
  return { threadId: `${prefix}-${counter}`, runId: `${prefix}-${counter}-run` };
}

/** A person's run through the proxy (returns the response; read it with {@link personEvents}). */
export function personRun(
  proxyUrl: string,
  agent: string,
  text: string,
  run: { threadId: string; runId: string },
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  return fetch(`${proxyUrl}/v1/agui/agents/${agent}?tenant=acme`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...init.headers },
    body: JSON.stringify({ ...run, messages: [{ id: 'u1', role: 'user', content: text }] }),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

/** SSE messages of a response, as they come (comments as event `comment`). */
export async function* sse(res: Response): AsyncGenerator<SseMessage> {
  const queue: SseMessage[] = [];
  const parser = new SseByteParser({
    onEvent: (m) => queue.push(m),
    onComment: (c) => queue.push({ event: 'comment', data: c, id: undefined, ownId: false }),
  });
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    parser.feed(chunk);
    for (const m of queue.splice(0)) yield m;
  }
}

/** Every event of a person's stream: `{id, event}` parsed. */
export async function personEvents(res: Response): Promise<Array<{ id: string | undefined; event: { type: string } & Record<string, unknown> }>> {
  assert.equal(res.status, 200);
  const out = [];
  for await (const m of sse(res)) if (m.event === 'message') out.push({ id: m.id, event: JSON.parse(m.data) });
  return out;
}

/** GET on the feed with the inspector's key. */
export function inspectGet(url: string, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> {
  return fetch(url, { headers: { Authorization: `Bearer ${INSPECT_KEY}`, ...init.headers }, ...(init.signal ? { signal: init.signal } : {}) });
}

/** The feed's list. */
export async function listRuns(inspectUrl: string): Promise<InspectRunSummary[]> {
  const res = await inspectGet(`${inspectUrl}/runs`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  return (await res.json()) as InspectRunSummary[];
}

/** Polls the list until `check` holds for the run (the tee records off the person's path, a tick later). */
export async function untilRun(inspectUrl: string, runId: string, check: (s: InspectRunSummary) => boolean, what: string): Promise<InspectRunSummary> {
  const poll = async () => {
    for (let i = 0; i < 1000; i++) {
      const found = (await listRuns(inspectUrl)).find((r) => r.runId === runId);
      if (found && check(found)) return found;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`never: ${what}`);
  };
  return within(poll(), 5000, what);
}

/** One frame of a follow: a recorded event (with the feed's id), the end, or a comment. */
export type FeedFrame = { kind: 'event'; seq: string; recorded: RecordedEvent } | { kind: 'end'; data: Record<string, unknown> } | { kind: 'comment'; text: string };

/** The frames of a follow response, as they come. */
export async function* feedFrames(res: Response): AsyncGenerator<FeedFrame> {
  for await (const m of sse(res)) {
    if (m.event === 'comment') yield { kind: 'comment', text: m.data };
    else if (m.event === 'end') yield { kind: 'end', data: JSON.parse(m.data) };
    else yield { kind: 'event', seq: m.id!, recorded: JSON.parse(m.data) as RecordedEvent };
  }
}

/** A whole follow, to its end. */
export async function followAll(url: string, headers: Record<string, string> = {}): Promise<{ frames: FeedFrame[]; text: string }> {
  const res = await inspectGet(url, { headers });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  const text = await within(res.text(), 10_000, 'the follow to end');
  const frames: FeedFrame[] = [];
  for await (const f of feedFrames(new Response(text))) frames.push(f);
  return { frames, text };
}

/** The recorded events among frames. */
export const eventsOf = (frames: FeedFrame[]) => frames.flatMap((f) => (f.kind === 'event' ? [f] : []));

/** Awaits `work` while moving a virtual clock on, so every scripted wait of the turn comes due. */
export async function drive<T>(clock: VirtualClock, work: Promise<T>, what: string): Promise<T> {
  let settled = false;
  const done = work.finally(() => (settled = true));
  const ticking = (async () => {
    for (let i = 0; i < 1000 && !settled; i++) {
      clock.advance(1000);
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  const out = await within(done, 5000, what);
  await ticking;
  return out;
}
