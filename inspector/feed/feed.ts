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
import type { InspectRunSummary } from '../../src/protocol/index.js';
import { abortableSleep, backoffDelay, DEFAULT_RECONNECT } from '../../src/transport/index.js';
import type { RecordedEvent, ReconnectOptions } from '../../src/transport/index.js';
import { InspectFeedError, feedErrorOf } from './errors.js';
import { connectOnce, type FeedRequest } from './feed-connect.js';
import { readSummary } from './feed-read.js';

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

/** Options of {@link openInspectionFeed}. */
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

/**
 * The feed at `src`, the proxy's inspect URL (e.g. `/agui/__inspect`):
 * `GET <src>/runs` lists, `GET <src>/runs/<runId>` follows.
 */
export function openInspectionFeed(src: string, init: InspectFeedInit & InspectFeedTuning = {}): InspectFeed {
  if (typeof src !== 'string' || src.trim() === '') throw new TypeError('openInspectionFeed: src must be the proxy’s inspect URL, e.g. /agui/__inspect');
  const base = src.replace(/\/+$/, '');
  const doFetch = (input: string, req: RequestInit) => (init.fetch ?? globalThis.fetch)(input, req);
  const cfg = { ...DEFAULT_RECONNECT, ...init.reconnect };
  const sleep = init.sleep ?? abortableSleep;
  const random = init.random ?? Math.random;

  const request: FeedRequest = async (url, accept, signal, lastEventId) => {
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
        const ending = yield* connectOnce(request, url, controller.signal, position);
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

/** @deprecated The old name of {@link openInspectionFeed} (the proxy's side is `createInspectionTap`); it goes in 0.2. */
export const createInspectFeed = openInspectionFeed;
