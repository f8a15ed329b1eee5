/**
 * The thread store's small helpers: the route's URL from its options, a
 * transport failure reduced to what state may hold, the default batching.
 */
import { agentRoutePath, MAX_BODY_BYTES } from '../protocol/index.js';
import type { RunAgentRequest, StreamedEvent } from '../protocol/index.js';
import type { ConnectionState, OpenRunOptions, StreamEnd } from '../transport/index.js';
import type { PersistencePort } from './persistence.js';
import type { ResumeBuild } from './resume.js';
import { ThreadError } from './thread-error.js';
import type { TransportFailure } from './actions.js';

/** What the inspector sees: every event, request, connection change and invalid event, as it happens. */
export type ThreadRecord =
  | { kind: 'event'; at: number; streamed: StreamedEvent }
  /** A request as sent (never its headers); `attempt` counts reconnects from 0. */
  | { kind: 'request'; at: number; url: string; body: RunAgentRequest; lastEventId?: string; attempt: number }
  | { kind: 'connection'; at: number; state: ConnectionState }
  | { kind: 'invalid'; at: number; id?: string; data: string; error: string }
  | { kind: 'error'; at: number; error: TransportFailure }
  /** A keep-alive comment of the stream (the turn is silent, the connection alive). */
  | { kind: 'keep-alive'; at: number }
  /** How one connection's stream ended (see the transport's StreamEnd). */
  | ({ kind: 'stream-end'; at: number } & StreamEnd);

/** Transport options the store leaves to the app (it sets signal, lastEventId and the callbacks). */
export type TransportTuning = Omit<OpenRunOptions, 'signal' | 'lastEventId' | 'onConnection' | 'onInvalidEvent' | 'onRequest' | 'onComment' | 'onStreamEnd'>;

/** The route's full URL: `url`, or `endpoint` + the agent's path. */
export function routeUrl(o: { url?: string; endpoint?: string; agent?: string; tenant?: string }): string {
  if (o.url) return o.url;
  if (o.endpoint !== undefined && o.agent && o.tenant) return `${o.endpoint.replace(/\/+$/, '')}${agentRoutePath(o.agent, o.tenant)}`;
  throw new TypeError('createThreadStore: give url, or endpoint, agent and tenant');
}

/** A transport failure as state keeps it: no stack, no raw message of a foreign error. */
export function toFailure(err: unknown): TransportFailure {
  const e = err as { name?: unknown; code?: unknown; message?: unknown; status?: unknown; serverCode?: unknown; retryable?: unknown; body?: unknown };
  if (err instanceof Error && e.name === 'TransportError' && typeof e.code === 'string') {
    const body = e.body && typeof e.body === 'object' ? (e.body as TransportFailure['body']) : undefined;
    return {
      code: e.code,
      message: err.message,
      retryable: e.retryable === true,
      ...(typeof e.status === 'number' ? { status: e.status } : {}),
      ...(typeof e.serverCode === 'string' ? { serverCode: e.serverCode } : {}),
      ...(body ? { body } : {}),
    };
  }
  // Anything else is a bug or a foreign transport: no raw message into state.
  return { code: 'network', message: 'The connection to the agent failed.', retryable: true };
}

/** Listeners are told once per batch: after a 0 ms timeout. */
export const defaultSchedule = (flush: () => void): (() => void) => {
  const t = setTimeout(flush, 0);
  return () => clearTimeout(t);
};

/** UTF-8 bytes of a string, without encoding it. */
function utf8Bytes(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 2; // a surrogate pair: 4 bytes for 2 units
      i++;
    } else n += 2;
  }
  return n;
}

/** A size in MiB and in bytes: "4.00 MiB (4,194,400 bytes)", exact where it is just over the limit. */
const size = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MiB (${bytes.toLocaleString('en-US')} bytes)`;

/**
 * Refuses, before sending, a body past the route's 4 MiB (which OZ would
 * answer with 413): ThreadError `too_large`, saying how large it is.
 */
export function assertBodyFits(body: RunAgentRequest, what: 'message' | 'answers'): void {
  const bytes = utf8Bytes(JSON.stringify(body));
  if (bytes <= MAX_BODY_BYTES) return;
  const counts = what === 'message' ? 'the conversation sent with it counts too' : 'every answer counts';
  throw new ThreadError('too_large', `Too large to send: ${size(bytes)}, and OZ takes at most ${size(MAX_BODY_BYTES)}; ${counts}. Shorten it and send again.`);
}

/** The ThreadError of answers buildResume refused, saying what is wrong with them. */
export function resumeRefused(built: Extract<ResumeBuild, { ok: false }>): ThreadError {
  const parts = [
    built.missing.length ? `no answer for ${built.missing.join(', ')}` : '',
    Object.keys(built.invalid).length ? `answers that do not fit for ${Object.keys(built.invalid).join(', ')}` : '',
    built.unknown.length ? `answers for interrupts not open: ${built.unknown.join(', ')}` : '',
    built.expired.length ? `answers past their deadline: ${built.expired.join(', ')}` : '',
  ].filter(Boolean);
  const { ok: _ok, ...refusal } = built;
  void _ok;
  return new ThreadError('resume_refused', `Not sent: ${parts.join('; ')}.`, refusal);
}

/** Removes a thread's snapshot from a port; a failure (thrown or rejected) goes to `fail`, in words. */
export function removeSnapshot(port: PersistencePort, key: string, fail: (why: string) => void): void {
  const why = (err: unknown) => fail(err instanceof Error ? err.message : String(err));
  try {
    const done = port.remove(key);
    if (done && typeof done.catch === 'function') done.catch(why);
  } catch (err) {
    why(err);
  }
}
