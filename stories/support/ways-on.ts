/**
 * Scripted runs for the "ways on" stories (issue 18's dead ends): each
 * request the store makes plays the next step, a run of events shaped as the
 * route sends them (its RUN_STARTED and RUN_FINISHED carry the request's own
 * thread and run ids), a run held open until the store stops following it, or
 * a refusal before the stream (an HTTP error). A story drives the store
 * through its steps in a loader (send, stop, load again…) and renders the
 * state it settled in: no network, no timers but the store's own 0 ms batch.
 */
import { createThreadStore, type PersistencePort, type ThreadStore } from '../../src/thread/index.js';
import { createReplayTransport, TransportError, type RecordedEvent, type RunTransport } from '../../src/transport/index.js';
import type { AguiEvent } from '../../src/protocol/index.js';
import type { Played } from './play.js';
import { fixture } from './recordings.js';

type Loose = Record<string, unknown> & { type: string };

/** A run's events for the request's thread and run. */
export type Script = (threadId: string, runId: string) => readonly Loose[];

/** One request's answer: a run, a run held open after `hold` events, or a refusal before the stream. */
export type Step = Script | { script: Script; hold: number } | { refuse: TransportError };

export interface DriveOptions {
  steps: readonly Step[];
  threadId?: string;
  storage?: PersistencePort;
  /** The AI label the store assumes before the route says its own (default `AI: `). */
  aiLabel?: string;
}

/** What a story's loader does with the store: its clock can be moved on (past a deadline); `held` resolves once a held step delivered its events. */
export type Act = (store: ThreadStore, at: { clock: { now: number }; held: Promise<void> }) => Promise<void> | void;

const ROUTE = 'https://edge.example.com/v1/agui/agents/helper?tenant=acme';
/** 2026-01-01 09:00 UTC, the recordings' time. */
export const STORY_TIME = Date.UTC(2026, 0, 1, 9);

/** An assistant message in one piece. */
export const say = (messageId: string, text: string): Loose[] => [
  { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId, delta: text },
  { type: 'TEXT_MESSAGE_END', messageId },
];

/** A run that answers with one message and finishes. */
export const answered =
  (messageId: string, text: string): Script =>
  (threadId, runId) => [{ type: 'RUN_STARTED', threadId, runId }, ...say(messageId, text), { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success' } }];

/** A run that OZ refuses with a RUN_ERROR right after RUN_STARTED. */
export const refusedRun =
  (code: string, message: string, metadata?: Record<string, unknown>): Script =>
  (threadId, runId) => [
    { type: 'RUN_STARTED', threadId, runId },
    { type: 'RUN_ERROR', code, message, ...(metadata ? { metadata } : {}) },
  ];

/** A recorded fixture's events, its run and thread ids made the request's. */
export const recorded =
  (name: string): Script =>
  (threadId, runId) =>
    fixture(name).map((r) => {
      const e = r.event as unknown as Loose;
      return e.type === 'RUN_STARTED' || e.type === 'RUN_FINISHED' ? { ...e, threadId, runId } : e;
    });

/** An HTTP refusal before the stream, with the route's JSON body `{code, message, …}`. */
export function httpRefusal(status: number, code: string, message: string, extra: Record<string, unknown> = {}): TransportError {
  return new TransportError('http_error', `HTTP ${status}`, { status, serverCode: code, retryable: false, body: { code, message, ...extra } });
}

function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * The steps as a transport: one per request. Events get ids `e1`, `e2`… in
 * each step, so a step that follows a held one again from its Last-Event-ID
 * plays on after the events already seen. `held` resolves once a held step
 * delivered its events.
 */
export function scriptedTransport(steps: readonly Step[]): { transport: RunTransport; held: Promise<void> } {
  let next = 0;
  let reached = () => {};
  const held = new Promise<void>((r) => (reached = r));
  const transport: RunTransport = (request, options = {}) => {
    const step = steps[next++];
    return (async function* () {
      if (!step) throw new TransportError('bad_response', `No scripted run left (${steps.length} played)`);
      if ('refuse' in step) {
        options.onConnection?.({ status: 'connecting' });
        throw step.refuse;
      }
      const body = request.body as { threadId: string; runId: string };
      const script = typeof step === 'function' ? step : step.script;
      const records: RecordedEvent[] = script(body.threadId, body.runId).map((event, i) => ({ id: `e${i + 1}`, event: event as unknown as AguiEvent, t: 0 }));
      if (typeof step === 'function') {
        yield* createReplayTransport([records], { speed: Infinity })(request, options);
        return;
      }
      // Held: the first `hold` events, then the stream stays open (no `closed`) until the store stops following.
      const quiet = { ...options, onConnection: (s: Parameters<NonNullable<typeof options.onConnection>>[0]) => (s.status === 'closed' ? undefined : options.onConnection?.(s)) };
      yield* createReplayTransport([records.slice(0, step.hold)], { speed: Infinity })(request, quiet);
      reached();
      await untilAborted(options.signal);
    })();
  };
  return { transport, held };
}

/** A store over the steps, driven by `act`, settled (its batched listeners ran) before the story renders. */
export async function drive(options: DriveOptions, act: Act): Promise<Played> {
  const clock = { now: STORY_TIME };
  const { transport, held } = scriptedTransport(options.steps);
  let n = 0;
  const store = createThreadStore({
    url: ROUTE,
    threadId: options.threadId ?? 'ways-on-thread',
    transport,
    aiLabel: options.aiLabel ?? 'AI: ',
    now: () => clock.now,
    generateId: () => `id-${++n}`,
    ...(options.storage ? { storage: options.storage } : {}),
  });
  await act(store, { clock, held });
  await new Promise((r) => setTimeout(r, 0));
  return { store, state: store.getState(), now: clock.now, clock: () => clock.now };
}

/** Sends and waits for the stream's end, or for the refusal (the store's promises settle for those). */
export async function sent(store: ThreadStore, text: string): Promise<void> {
  await store.send(text).catch(() => undefined);
}

/** A story's loader over `drive`. */
export function driving(options: DriveOptions, act: Act) {
  return [async () => ({ played: await drive(options, act) })];
}

/** Every Lit element's pending update under `root`, through shadow roots, a few rounds (as scripts/storybook-check.mjs settles a story). */
export async function settled(root: ParentNode): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const pending: Promise<unknown>[] = [];
    const walk = (node: ParentNode) => {
      for (const el of node.querySelectorAll('*')) {
        const update = (el as Partial<{ updateComplete: Promise<unknown> }>).updateComplete;
        if (update && typeof update.then === 'function') pending.push(update);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(root);
    const done = await Promise.all(pending);
    await new Promise((r) => setTimeout(r, 0));
    if (done.every(Boolean)) return;
  }
}

/** The text a person sees under `root`, shadow roots included (no styles, no scripts). */
export function shownText(root: Node): string {
  let out = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) out += node.textContent ?? '';
    if (node instanceof Element && (node.localName === 'style' || node.localName === 'script')) return;
    if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
    for (const child of node.childNodes) walk(child);
  };
  walk(root);
  return out.replace(/\s+/g, ' ');
}

/** Throws unless every needle is in the text shown under `root` (a story that did not reach its state fails its check). */
export function expectShown(root: Node, ...needles: readonly (string | RegExp)[]): void {
  const text = shownText(root);
  const missing = needles.filter((n) => (typeof n === 'string' ? !text.includes(n) : !n.test(text)));
  if (missing.length) throw new Error(`The story did not reach its state: missing ${missing.map(String).join(', ')}`);
}
