/**
 * openRun: POST a RunAgentInput to the route and yield its events, surviving
 * the network. A stream that ends or drops before RUN_FINISHED / RUN_ERROR is
 * followed again with `Last-Event-ID` (the route continues the same turn:
 * retrying never starts a second one), with bounded exponential backoff and
 * full jitter. Events are yielded once each, in order, none skipped.
 *
 * Only failures count against the reconnect budget: a stream that the server
 * ends at its maximum (half an hour on OZ's route) or that carries only
 * keep-alives while the turn waits is followed again for as long as the turn
 * waits. It gives up after `maxAttempts` failures in a row, with the last one's reason.
 *
 * It never listens to page visibility: a hidden tab neither aborts nor re-POSTs.
 */
import { isTerminalEvent, validateEvent } from '../protocol/index.js';
import type { RunAgentRequest, StreamedEvent } from '../protocol/index.js';
import { abortableSleep, backoffDelay, DEFAULT_RECONNECT, parseRetryAfter } from './backoff.js';
import type { ReconnectOptions } from './backoff.js';
import { TransportError } from './errors.js';
import { httpError, notAnEventStream } from './response.js';
import { SseByteParser } from './sse-parser.js';
import { sliceClock } from '../schedule.js';
import type { SseMessage } from './sse-parser.js';

/**
 * A read is parsed and checked at most this many bytes at a time (about 160
 * small events): each piece's events are one batch (see {@link StreamedBatch}).
 */
const READ_PIECE_BYTES = 16 * 1024;

/** One run to follow: where, what, and how to authenticate. */
export interface RunRequest {
  url: string;
  body: RunAgentRequest;
  /** Extra request headers (Authorization, for instance). Never reported anywhere. */
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
}

/** Where the connection stands, for a status line or the inspector. */
export type ConnectionState =
  | { status: 'connecting' }
  | { status: 'open' }
  /**
   * Following the run again with Last-Event-ID. `attempt` counts failed
   * connections in a row (1 after a stream that ended as servers end them);
   * `expected`: the server ended a healthy stream (its maximum, a stream of
   * keep-alives), nothing failed.
   */
  | { status: 'reconnecting'; attempt: number; delayMs: number; lastEventId?: string; cause: string; expected?: boolean }
  | { status: 'closed' }
  | { status: 'failed'; error: TransportError };

/** How {@link openRun} behaves; everything is optional. */
export interface OpenRunOptions {
  /** Stops the fetch, the body read and any backoff at once; the iterator then returns quietly. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Resume a run already partly received: sent as Last-Event-ID on the first request. */
  lastEventId?: string;
  /** Defaults: 8 attempts, 250 ms base, 8000 ms cap; full jitter. */
  reconnect?: ReconnectOptions;
  onConnection?: (state: ConnectionState) => void;
  /** A data line that is not JSON or not an AG-UI event: skipped, and reported here. */
  onInvalidEvent?: (info: { id?: string; data: string; error: string }) => void;
  /** A `:` comment line (keep-alives). */
  onComment?: (text: string) => void;
  /** How each connection's stream ended, for the inspector (a refused or failed request has none). */
  onStreamEnd?: (info: StreamEnd) => void;
  /** Injected for tests: the clock (ms) that measures how long a stream stayed open. */
  now?: () => number;
  /** Each request as it is sent, for the inspector (headers are never included). */
  onRequest?: (info: { url: string; body: RunAgentRequest; lastEventId?: string; attempt: number }) => void;
  /** Injected for tests: the backoff wait (it should end early when `signal` aborts). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injected for tests: the jitter source, in [0, 1). */
  random?: () => number;
}

/**
 * How one connection's stream ended:
 * - `done`: its terminal event arrived;
 * - `ended`: the server ended it cleanly before the run did (its maximum, or a
 *   proxy's): followed again with Last-Event-ID;
 * - `dropped`: the connection broke.
 * `healthy`: it carried an event or a keep-alive, or stayed open
 * `healthyStreamMs`, so it counts as no failure.
 */
export interface StreamEnd {
  attempt: number;
  how: 'done' | 'ended' | 'dropped';
  events: number;
  keepAlives: number;
  openMs: number;
  healthy: boolean;
  lastEventId?: string;
}

/** The shape every run source shares: live ({@link openRun}) or recorded (replay). */
export type RunTransport = (request: RunRequest, options?: OpenRunOptions) => AsyncIterable<StreamedEvent>;

/** The events of one piece of a read of the stream (at most READ_PIECE_BYTES), in order (see {@link openRunBatches}). */
export interface StreamedBatch {
  events: readonly StreamedEvent[];
  /**
   * How long that read waited for the network, in ms (monotonic clock): more
   * than a moment, and the page was free meanwhile. About 0: the bytes were
   * there already, read on in the same task. Absent when unknown (a source
   * that yields events one by one).
   */
  waitedMs?: number;
}

/** A run source that yields the events of each read together: the thread store's own. */
export type BatchedRunTransport = (request: RunRequest, options?: OpenRunOptions) => AsyncIterable<StreamedBatch>;

/** Where a run's position stands: the last id received and the events received after it. */
interface Position {
  lastId: string | undefined;
  sinceId: number;
}

/** How one connection ended; `healthy`: it carried something, or ended as servers end streams (see StreamEnd). */
type Ending = { kind: 'done' } | { kind: 'retry'; error: TransportError; healthy: boolean; expected?: boolean; retryAfterMs?: number };

interface Connection {
  request: RunRequest;
  payload: string;
  options: OpenRunOptions;
  signal: AbortSignal;
  position: Position;
  attempt: number;
  healthyStreamMs: number;
  now: () => number;
  setBaseDelay: (ms: number) => void;
}

function call<A>(fn: ((arg: A) => void) | undefined, arg: A): void {
  if (!fn) return;
  try {
    fn(arg);
  } catch {
    // An observer's failure is not the run's.
  }
}

function networkError(err: unknown, what: string): TransportError {
  // The raw error's message can echo a header value (undici does for invalid ones): keep only its name.
  const name = err instanceof Error ? err.name : typeof err;
  return new TransportError('network', `${what} (${name})`, { retryable: true, cause: err });
}

function decode(message: SseMessage): { ok: true; event: StreamedEvent['event'] } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(message.data);
  } catch (err) {
    return { ok: false, error: `not JSON: ${(err as Error).message}` };
  }
  const checked = validateEvent(value);
  return checked.ok ? { ok: true, event: checked.value } : { ok: false, error: checked.error };
}

/** Sends one request of the run; answers the open response, or how this attempt ended without one. */
async function send(c: Connection): Promise<{ open: Response } | Ending | undefined> {
  const { request, options, signal, position } = c;
  const headers = new Headers(request.headers);
  headers.set('Content-Type', 'application/json');
  headers.set('Accept', 'text/event-stream');
  if (position.lastId !== undefined) headers.set('Last-Event-ID', position.lastId);
  else headers.delete('Last-Event-ID'); // the position is ours to send, not the caller's
  const info: Parameters<NonNullable<OpenRunOptions['onRequest']>>[0] = { url: request.url, body: request.body, attempt: c.attempt };
  if (position.lastId !== undefined) info.lastEventId = position.lastId;
  call(options.onRequest, info);

  const doFetch = options.fetch ?? globalThis.fetch;
  const init: RequestInit = { method: 'POST', headers, body: c.payload, signal, cache: 'no-store' };
  if (request.credentials !== undefined) init.credentials = request.credentials;
  let response: Response;
  try {
    response = await doFetch(request.url, init);
  } catch (err) {
    if (signal.aborted) return undefined;
    return { kind: 'retry', error: networkError(err, 'The request failed'), healthy: false };
  }
  if (!response.ok) {
    const error = await httpError(response);
    if (signal.aborted) return undefined;
    if (!error.retryable) throw error;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    return retryAfterMs === undefined ? { kind: 'retry', error, healthy: false } : { kind: 'retry', error, healthy: false, retryAfterMs };
  }
  const bad = notAnEventStream(response);
  if (bad) {
    response.body?.cancel().catch(() => undefined);
    throw bad;
  }
  call(options.onConnection, { status: 'open' });
  return { open: response };
}

async function* connect(c: Connection): AsyncGenerator<StreamedBatch, Ending | undefined> {
  const { options, signal, position } = c;
  const sent = await send(c);
  if (sent === undefined || !('open' in sent)) return sent;
  const response = sent.open;

  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const queue: SseMessage[] = [];
  const openedAt = c.now();
  let keepAlives = 0;
  let events = 0;
  const parser = new SseByteParser(
    {
      onEvent: (m) => queue.push(m),
      onComment: (t) => {
        keepAlives += 1;
        call(options.onComment, t);
      },
      onRetry: c.setBaseDelay,
    },
    position.lastId,
  );
  let skip = position.sinceId;
  const ended = (how: StreamEnd['how']): StreamEnd => {
    const openMs = Math.max(0, c.now() - openedAt);
    const healthy = how === 'done' || events > 0 || keepAlives > 0 || (how === 'ended' && openMs >= c.healthyStreamMs);
    const info: StreamEnd = { attempt: c.attempt, how, events, keepAlives, openMs, healthy };
    if (position.lastId !== undefined) info.lastEventId = position.lastId;
    call(options.onStreamEnd, info);
    return info;
  };
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      const asked = sliceClock();
      try {
        chunk = await reader.read();
      } catch (err) {
        if (signal.aborted) return undefined;
        return { kind: 'retry', error: networkError(err, 'The stream dropped before the run finished'), healthy: ended('dropped').healthy };
      }
      if (chunk.done) {
        parser.end();
        const end = ended('ended');
        const error = new TransportError('network', end.healthy ? 'The server ended the stream before the run finished' : 'The stream ended before the run finished', { retryable: true });
        return { kind: 'retry', error, healthy: end.healthy, expected: end.healthy };
      }
      let waitedMs = sliceClock() - asked;
      // A read's events go together, one hop through the generators for many events, in batches of one
      // piece of the read: a burst read whole (the bytes piled up while the page was busy) is parsed and
      // checked a piece at a time, so whoever reads the batches can give the page a frame between two.
      const bytes = chunk.value;
      let batch: StreamedEvent[] = [];
      const take = (): StreamedBatch => {
        const taken = { events: batch, waitedMs };
        batch = [];
        waitedMs = 0; // the rest of this read came with it
        return taken;
      };
      for (let from = 0; from < bytes.length; from += READ_PIECE_BYTES) {
        parser.feed(bytes.subarray(from, from + READ_PIECE_BYTES));
        for (let i = 0; i < queue.length; i++) {
          const m = queue[i]!;
          if (skip > 0) {
            // Replayed from the start by a server that sends no ids: already yielded.
            skip -= 1;
            continue;
          }
          events += 1;
          if (m.ownId) {
            position.lastId = m.id;
            position.sinceId = 0;
          } else if (m.id !== position.lastId) {
            position.lastId = m.id; // set by an id-only frame before this one
            position.sinceId = 1;
          } else {
            position.sinceId += 1;
          }
          const decoded = decode(m);
          if (!decoded.ok) {
            // Told in its place: the events before it go first.
            if (batch.length > 0) yield take();
            if (signal.aborted) return undefined;
            call(options.onInvalidEvent, m.id === undefined ? { data: m.data, error: decoded.error } : { id: m.id, data: m.data, error: decoded.error });
            continue;
          }
          batch.push({ id: m.id, event: decoded.event });
          if (isTerminalEvent(decoded.event)) {
            yield take();
            ended('done');
            return { kind: 'done' };
          }
        }
        queue.length = 0;
        if (batch.length > 0) yield take();
        if (signal.aborted) return undefined;
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

async function* follow(request: RunRequest, options: OpenRunOptions): AsyncGenerator<StreamedBatch, void> {
  const outer = options.signal;
  if (outer?.aborted) return;
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  const cfg = { ...DEFAULT_RECONNECT, ...options.reconnect };
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  let baseDelayMs = cfg.baseDelayMs;
  const connection: Connection = {
    request,
    payload: JSON.stringify(request.body),
    options,
    signal: controller.signal,
    position: { lastId: options.lastEventId, sinceId: 0 },
    attempt: 0,
    healthyStreamMs: cfg.healthyStreamMs,
    now: options.now ?? (() => Date.now()),
    setBaseDelay: (ms) => {
      baseDelayMs = ms;
    },
  };
  let failures = 0;
  let failed = false;
  call(options.onConnection, { status: 'connecting' });
  try {
    for (;;) {
      const ending = yield* connect(connection);
      if (!ending || ending.kind === 'done' || controller.signal.aborted) return;
      // A healthy stream is no failure: the count is of failures in a row, so a turn that waits for hours
      // (streams that end at their maximum, or carry only keep-alives) is followed for as long as it waits.
      failures = ending.healthy ? 1 : failures + 1;
      if (failures > cfg.maxAttempts) {
        const last = ending.error;
        const details: ConstructorParameters<typeof TransportError>[2] = { retryable: true, cause: last };
        if (last.status !== undefined) details.status = last.status;
        if (last.serverCode !== undefined) details.serverCode = last.serverCode;
        throw new TransportError('gave_up', `Gave up after ${cfg.maxAttempts} failed reconnect attempts in a row: ${last.message}`, details);
      }
      const delayMs = ending.retryAfterMs !== undefined ? Math.min(ending.retryAfterMs, cfg.maxDelayMs) : backoffDelay(failures, baseDelayMs, cfg.maxDelayMs, random);
      const state: ConnectionState = { status: 'reconnecting', attempt: failures, delayMs, cause: ending.error.message };
      if (ending.expected) state.expected = true;
      if (connection.position.lastId !== undefined) state.lastEventId = connection.position.lastId;
      call(options.onConnection, state);
      try {
        await sleep(delayMs, controller.signal);
      } catch {
        // An injected sleep may reject on abort; the check below decides.
      }
      if (controller.signal.aborted) return;
      connection.attempt += 1;
    }
  } catch (err) {
    const error = err instanceof TransportError ? err : new TransportError('network', 'The transport failed', { cause: err });
    failed = true;
    call(options.onConnection, { status: 'failed', error });
    throw error;
  } finally {
    outer?.removeEventListener('abort', onAbort);
    controller.abort();
    if (!failed) call(options.onConnection, { status: 'closed' });
  }
}

/**
 * Follows one run over POST + Server-Sent Events, reconnecting with
 * Last-Event-ID until RUN_FINISHED or RUN_ERROR. Yields each event with its
 * SSE id; throws a {@link TransportError} for a refusal (`http_error`), a
 * non-stream answer (`bad_response`) or a spent budget (`gave_up`); returns
 * quietly when `options.signal` aborts or the consumer stops iterating.
 */
export const openRun: RunTransport = async function* (request, options = {}) {
  for await (const { events } of follow(request, options)) {
    for (const streamed of events) {
      if (options.signal?.aborted) return;
      yield streamed;
    }
  }
};

/**
 * {@link openRun}, yielding the events of each read of the stream together,
 * with how long the read waited: the thread store's transport (one hop of its
 * async iteration per read, not per event, and what it needs to tell a burst
 * from a paced stream).
 */
export const openRunBatches: BatchedRunTransport = (request, options = {}) => follow(request, options);
