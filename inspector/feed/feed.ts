/**
 * The client of the backend token proxy's inspection feed (no Lit, no DOM
 * beyond fetch): lists the runs passing through the proxy and follows one
 * live, as recorded events `{id, event, t}` — the lines of a recording, so
 * what it yields plays in the replay transport as is.
 *
 * A follow survives the network: a stream that ends or drops before the
 * feed's `event: end` is followed again with Last-Event-ID (the feed's own
 * ids, never the run's), with the transport's bounded backoff and full
 * jitter. Events are yielded once each, in order.
 */
import { validateEvent, type InspectRunSummary } from '../../src/protocol/index.js';
import { abortableSleep, backoffDelay, DEFAULT_RECONNECT, isRetryableStatus, parseRetryAfter, SseByteParser } from '../../src/transport/index.js';
import type { RecordedEvent, ReconnectOptions, SseMessage } from '../../src/transport/index.js';
import { InspectFeedError, feedErrorOf } from './errors.js';

export type { InspectRunSummary };

/** The inspection feed of one proxy. */
export interface InspectFeed {
  /** The runs the feed holds, newest first. Throws {@link InspectFeedError}. */
  list(signal?: AbortSignal): Promise<InspectRunSummary[]>;
  /**
   * The run's recorded events, from the oldest the feed keeps, then live until
   * the run ends (the iterator then returns). Returns quietly when `signal`
   * aborts; throws {@link InspectFeedError} when the feed refuses or gives out.
   */
  follow(runId: string, signal?: AbortSignal): AsyncIterable<RecordedEvent>;
}

/** Options of {@link createInspectFeed}. */
export interface InspectFeedInit {
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Extra request headers, such as an Authorization for the feed. */
  headers?: Record<string, string>;
}

/** Internal knobs, for tests. */
export interface InspectFeedTuning {
  reconnect?: ReconnectOptions;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

const STATUSES = new Set(['running', 'finished', 'interrupted', 'error', 'dropped']);

function readSummary(value: unknown, i: number): InspectRunSummary {
  const bad = (why: string) => new InspectFeedError('bad_response', `The feed's run ${i} is malformed: ${why}.`);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad('not an object');
  const v = value as Record<string, unknown>;
  for (const k of ['runId', 'threadId', 'agent', 'tenant'] as const) if (typeof v[k] !== 'string') throw bad(`"${k}" is not a string`);
  if (typeof v.startedAt !== 'number') throw bad('"startedAt" is not a number');
  if (typeof v.events !== 'number') throw bad('"events" is not a number');
  if (typeof v.status !== 'string' || !STATUSES.has(v.status)) throw bad('"status" is unknown');
  const out: InspectRunSummary = {
    runId: v.runId as string,
    threadId: v.threadId as string,
    agent: v.agent as string,
    tenant: v.tenant as string,
    startedAt: v.startedAt,
    status: v.status as InspectRunSummary['status'],
    events: v.events,
  };
  if (typeof v.person === 'string') out.person = v.person;
  if (typeof v.endedAt === 'number') out.endedAt = v.endedAt;
  if (typeof v.dropped === 'number') out.dropped = v.dropped;
  return out;
}

function readRecorded(data: string, id: string | undefined): RecordedEvent {
  const bad = (why: string) => new InspectFeedError('malformed', `The feed's event ${id ?? '(no id)'} is malformed: ${why}.`);
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw bad('not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad('expected {id, event, t}');
  const r = value as Record<string, unknown>;
  if (r.id !== null && typeof r.id !== 'string') throw bad('"id" must be a string or null');
  if (typeof r.t !== 'number' || !Number.isFinite(r.t) || r.t < 0) throw bad('"t" must be a number of milliseconds >= 0');
  const checked = validateEvent(r.event);
  if (!checked.ok) throw bad(`"event" is not an AG-UI event (${checked.error})`);
  return { id: r.id, event: checked.value, t: r.t };
}

/** How one follow connection ended. */
type Ending = { kind: 'end' } | { kind: 'aborted' } | { kind: 'retry'; error: InspectFeedError; progressed: boolean; retryAfterMs?: number };

/**
 * The feed at `src`, the proxy's inspect URL (e.g. `/agui/__inspect`):
 * `GET <src>/runs` lists, `GET <src>/runs/<runId>` follows.
 */
export function createInspectFeed(src: string, init: InspectFeedInit & InspectFeedTuning = {}): InspectFeed {
  if (typeof src !== 'string' || src.trim() === '') throw new TypeError('createInspectFeed: src must be the proxy’s inspect URL, e.g. /agui/__inspect');
  const base = src.replace(/\/+$/, '');
  const doFetch = (input: string, req: RequestInit) => (init.fetch ?? globalThis.fetch)(input, req);
  const cfg = { ...DEFAULT_RECONNECT, ...init.reconnect };
  const sleep = init.sleep ?? abortableSleep;
  const random = init.random ?? Math.random;

  const request = async (url: string, accept: string, signal: AbortSignal | undefined, lastEventId?: string): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('Accept', accept);
    if (lastEventId !== undefined) headers.set('Last-Event-ID', lastEventId);
    try {
      return await doFetch(url, { method: 'GET', headers, cache: 'no-store', ...(signal ? { signal } : {}) });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new InspectFeedError('network', `The inspection feed cannot be reached (${err instanceof Error ? err.name : 'error'}).`, { retryable: true, cause: err });
    }
  };

  const list = async (signal?: AbortSignal): Promise<InspectRunSummary[]> => {
    const res = await request(`${base}/runs`, 'application/json', signal);
    if (!res.ok) throw await feedErrorOf(res);
    let value: unknown;
    try {
      value = await res.json();
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new InspectFeedError('bad_response', `The feed's list is not JSON (HTTP ${res.status}).`, { status: res.status });
    }
    if (!Array.isArray(value)) throw new InspectFeedError('bad_response', 'The feed answered something other than a list of runs.', { status: res.status });
    return value.map(readSummary);
  };

  async function* connect(url: string, signal: AbortSignal, position: { lastId: string | undefined }): AsyncGenerator<RecordedEvent, Ending> {
    let res: Response;
    try {
      res = await request(url, 'text/event-stream', signal, position.lastId);
    } catch (err) {
      if (signal.aborted) return { kind: 'aborted' };
      return { kind: 'retry', error: err as InspectFeedError, progressed: false };
    }
    if (!res.ok) {
      const error = await feedErrorOf(res);
      if (signal.aborted) return { kind: 'aborted' };
      if (!isRetryableStatus(res.status)) throw error;
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
      return { kind: 'retry', error, progressed: false, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'text/event-stream' || !res.body) {
      res.body?.cancel().catch(() => undefined);
      throw new InspectFeedError('bad_response', `The feed answered HTTP ${res.status} without an event stream.`, { status: res.status });
    }
    const queue: SseMessage[] = [];
    const parser = new SseByteParser({ onEvent: (m) => queue.push(m) }, position.lastId);
    const reader = res.body.getReader();
    let progressed = false;
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          if (signal.aborted) return { kind: 'aborted' };
          return { kind: 'retry', error: new InspectFeedError('network', 'The follow stream dropped before the run ended.', { retryable: true, cause: err }), progressed };
        }
        if (chunk.done) {
          parser.end();
          return { kind: 'retry', error: new InspectFeedError('network', 'The follow stream ended before the run did.', { retryable: true }), progressed };
        }
        parser.feed(chunk.value);
        for (const m of queue.splice(0)) {
          if (m.event === 'end') return { kind: 'end' };
          if (m.event !== 'message') continue;
          const recorded = readRecorded(m.data, m.id);
          if (m.id !== undefined) position.lastId = m.id;
          progressed = true;
          yield recorded;
          if (signal.aborted) return { kind: 'aborted' };
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }

  async function* follow(runId: string, outer?: AbortSignal): AsyncGenerator<RecordedEvent, void> {
    if (typeof runId !== 'string' || runId === '') throw new TypeError('InspectFeed.follow: runId must be a non-empty string');
    if (outer?.aborted) return;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    outer?.addEventListener('abort', onAbort, { once: true });
    const url = `${base}/runs/${encodeURIComponent(runId)}`;
    const position: { lastId: string | undefined } = { lastId: undefined };
    let failures = 0;
    try {
      for (;;) {
        const ending = yield* connect(url, controller.signal, position);
        if (ending.kind !== 'retry' || controller.signal.aborted) return;
        if (ending.progressed) failures = 0;
        failures += 1;
        if (failures > cfg.maxAttempts) {
          throw new InspectFeedError('gave_up', `Gave up following run ${runId} after ${cfg.maxAttempts} reconnect attempts: ${ending.error.message}`, {
            cause: ending.error,
            ...(ending.error.status === undefined ? {} : { status: ending.error.status }),
          });
        }
        const delay = ending.retryAfterMs !== undefined ? Math.min(ending.retryAfterMs, cfg.maxDelayMs) : backoffDelay(failures, cfg.baseDelayMs, cfg.maxDelayMs, random);
        try {
          await sleep(delay, controller.signal);
        } catch {
          // an injected sleep may reject on abort; the check below decides
        }
        if (controller.signal.aborted) return;
      }
    } finally {
      outer?.removeEventListener('abort', onAbort);
      controller.abort();
    }
  }

  return {
    list,
    follow: (runId, signal) => follow(runId, signal),
  };
}
