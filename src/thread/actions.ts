/**
 * What the store itself tells the reducer, beside the streamed events: the
 * requests it sends, the connection, transport failures, drafts, restores.
 * Every action carries its own time (`at`), so the reducer stays pure.
 */
import type { ClientErrorKey, Message, ResumeEntry, RunAgentRequest } from '../protocol/index.js';
import type { ConnectionState } from '../transport/index.js';
import type { ThreadSnapshot } from './snapshot.js';

/** A transport failure, reduced to what state may hold (no stack, no token). */
export interface TransportFailure {
  /** TransportError's code: http_error, network, bad_response, gave_up, malformed_event… */
  code: string;
  message: string;
  status?: number;
  /** The code of the JSON body of a refused request. */
  serverCode?: string;
  retryable: boolean;
  body?: { code?: string; message?: string; console?: { label: string; url: string } };
}

export type StoreAction =
  /**
   * A new turn: the person's message and the run that carries it. `expired`:
   * open interrupts past their deadline (OZ denied them), which no longer
   * hold the thread: they stop being open.
   */
  | { type: 'thread/send'; turnId: string; text: string; url: string; runId: string; body: RunAgentRequest; at: number; expired?: readonly string[] }
  /** The answers to the open interrupts, as a new run of the same turn. */
  | { type: 'thread/resume'; url: string; runId: string; body: RunAgentRequest; entries: ResumeEntry[]; at: number }
  /**
   * The last request sent again (same runId, same body): `retry` after a
   * failure, `follow` after a reload. From the start (no Last-Event-ID), the
   * run's view is cleared first, since its events come again.
   */
  | { type: 'thread/again'; kind: 'retry' | 'follow'; fromStart: boolean; at: number }
  /**
   * Loads the thread again: a new run (fresh runId) whose newest user message
   * is the latest turn's, so OZ follows that turn from its start. The turn's
   * view is replaced by what streams; messages OZ refused are dropped.
   */
  | { type: 'thread/resync'; url: string; runId: string; body: RunAgentRequest; at: number }
  | { type: 'thread/connection'; state: ConnectionState }
  /** `reconnect`: the failing request carried Last-Event-ID (or was a reconnect): following the run again, not sending it. */
  | { type: 'thread/transport-error'; error: TransportFailure; at: number; reconnect?: boolean }
  /** The stream ended: stopped by the client, or ended with no terminal event. */
  | { type: 'thread/stream-closed'; reason: 'stopped' | 'ended'; at: number }
  | { type: 'thread/invalid-event'; id?: string; error: string; at: number }
  | { type: 'thread/draft'; interruptId: string; value: unknown }
  /** The thread's copy in storage was removed (after `revoked`): the error says so. */
  | { type: 'thread/storage-cleared'; reason: 'revoked'; at: number }
  /** What this client met itself (CLIENT_ERROR_KEYS), as the thread's error. */
  | { type: 'thread/client-error'; code: ClientErrorKey; message: string; at: number }
  /**
   * The thread's history as the app keeps it (oz-history-needed): the turns
   * are drawn from its messages (each user message opens one; the assistant
   * messages after it are its answer), replacing what the page had.
   */
  | { type: 'thread/load-history'; messages: readonly Message[]; at: number }
  | { type: 'thread/restore'; snapshot: ThreadSnapshot }
  | { type: 'thread/diagnostic'; kind: 'storage' | 'bad_snapshot'; message: string; at: number };

/** Tells a store action from a streamed event. */
export function isStoreAction(input: unknown): input is StoreAction {
  return typeof (input as { type?: unknown }).type === 'string' && (input as { type: string }).type.startsWith('thread/');
}
