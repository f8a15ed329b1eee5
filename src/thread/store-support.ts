/**
 * The thread store's small helpers: the route's URL from its options, a
 * transport failure reduced to what state may hold, the default batching.
 */
import { agentRoutePath } from '../protocol/index.js';
import type { RunAgentRequest, StreamedEvent } from '../protocol/index.js';
import type { ConnectionState, OpenRunOptions } from '../transport/index.js';
import type { TransportFailure } from './actions.js';

/** What the inspector sees: every event, request, connection change and invalid event, as it happens. */
export type ThreadRecord =
  | { kind: 'event'; at: number; streamed: StreamedEvent }
  /** A request as sent (never its headers); `attempt` counts reconnects from 0. */
  | { kind: 'request'; at: number; url: string; body: RunAgentRequest; lastEventId?: string; attempt: number }
  | { kind: 'connection'; at: number; state: ConnectionState }
  | { kind: 'invalid'; at: number; id?: string; data: string; error: string }
  | { kind: 'error'; at: number; error: TransportFailure };

/** Transport options the store leaves to the app (it sets signal, lastEventId and the callbacks). */
export type TransportTuning = Omit<OpenRunOptions, 'signal' | 'lastEventId' | 'onConnection' | 'onInvalidEvent' | 'onRequest'>;

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

