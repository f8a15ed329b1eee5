/**
 * The thread store's public shape: the options it is made with, and what it
 * offers (see store.ts for how it works).
 */
import type { Message } from '../protocol/index.js';
import type { RunTransport } from '../transport/index.js';
import type { PersistencePort } from './persistence.js';
import type { ResumeAnswers, ResumeBuild } from './resume.js';
import type { ThreadState } from './state.js';
import type { ThreadRecord, TransportTuning } from './store-support.js';

export interface ThreadStoreOptions {
  /** The route's full URL. Or give `endpoint`, `agent` and `tenant`. */
  url?: string;
  /** The proxy's base URL: the run goes to `${endpoint}/v1/agui/agents/<agent>?tenant=<tenant>`. */
  endpoint?: string;
  agent?: string;
  tenant?: string;
  /** The conversation (letters, digits and `._:@-`, at most 200); a fresh one by default. */
  threadId?: string;
  /** Extra request headers (never recorded). */
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  /** Default: openRun (POST + SSE, reconnecting with Last-Event-ID). */
  transport?: RunTransport;
  transportOptions?: TransportTuning;
  /** Where the thread survives a reload (memoryStorage(), webStorage()); none by default. */
  storage?: PersistencePort;
  /** Default `oz-agui:thread:<threadId>`. */
  storageKey?: string;
  /** Largest snapshot kept, in characters of JSON. */
  maxSnapshotChars?: number;
  /** Least time between two saves while a run streams (it always saves at a request, an end, a draft). Default 1000. */
  saveIntervalMs?: number;
  /** The tenant's AI label ("AI: "), when known; otherwise learned from `oz0/ai-label`. */
  aiLabel?: string;
  now?: () => number;
  generateId?: () => string;
  /** How listeners are batched: run `flush` later, return a cancel. Default: a 0 ms timeout. */
  schedule?: (flush: () => void) => () => void;
  /** Deep-freeze every state (development aid; slower). */
  autoFreeze?: boolean;
  /**
   * How the store gives the main thread back in a long burst of events (it
   * notifies its listeners first). Default: a MessageChannel task (a due frame
   * renders first), else `scheduler.yield()`, else a 0 ms timeout.
   */
  yieldToMain?: () => Promise<void>;
  /** Longest slice of events reduced without giving the main thread back, in ms of work: a wait of more than 1 ms for the next event starts a new slice. Default 8. */
  sliceMs?: number;
  /** The clock that measures those slices (ms). Default: performance.now(). */
  sliceClock?: () => number;
}

export interface ThreadStore {
  readonly threadId: string;
  readonly url: string;
  getState(): ThreadState;
  /** Called with the new state at most once per batch of events; returns the unsubscribe. */
  subscribe(listener: (state: ThreadState) => void): () => void;
  /** The inspector's tap: every record, synchronously; returns the unsubscribe. */
  onRecord(listener: (record: ThreadRecord) => void): () => void;
  /**
   * Starts a new turn. Throws ThreadError `turn_running`, `interrupts_open`
   * (an interrupt still waits for an answer; interrupts past their deadline,
   * which OZ denied, hold nothing back), `empty_message` or `too_large` (the
   * body would pass the route's 4 MiB, history included: nothing is sent).
   * Settles when the stream ends.
   */
  send(text: string): Promise<void>;
  /** Checks answers to the open interrupts without sending them. */
  checkAnswers(answers: ResumeAnswers): ResumeBuild;
  /** Answers every open interrupt at once. Throws ThreadError `resume_refused` (with per-interrupt problems), `nothing_to_resume`, `too_large` or `turn_running`. */
  resume(answers: ResumeAnswers): Promise<void>;
  /** Sends the last request again: same runId, same body (from Last-Event-ID while the run had not ended). */
  retry(): Promise<void>;
  /**
   * Sends again in the way that helps after the last error: the person's
   * words as a new turn after the job's end (`failed`, `timed_out`: the same
   * run would only end the same way), else retry() (same runId).
   */
  retryOrResend(): Promise<void>;
  /**
   * Loads the thread again (after history_mismatch, interrupt_expired,
   * interrupt_changed, or any time): a run with a fresh runId whose newest user
   * message is the latest turn's, without Last-Event-ID, so OZ follows that
   * turn from its start; its view is replaced by what streams (the interrupts
   * that wait now, under their current ids). Stops following any run first.
   * When no turn of OZ's is known (a fresh page given an existing thread's
   * id), the thread's error says so (`nothing_to_load`: start a new thread,
   * or give the history with loadHistory()) and it throws ThreadError
   * `nothing_to_load`. A history_mismatch on the run it sends is the
   * thread's error with the catalogue's `history_unavailable` entry: loading
   * again cannot help (another tab or device added turns).
   */
  resync(): Promise<void>;
  /**
   * Follows the latest turn again, where following it stopped: after stop(),
   * or a reconnect that failed or was refused (an expired sign-in, a 403),
   * the same run from Last-Event-ID; after a new message was refused because
   * the turn still runs or waits (`turn_waiting`, `interrupts_pending`), or
   * when the last run ended, the latest turn OZ took from its start
   * (resync()), which shows how it went on. Throws `turn_running` while a
   * run streams, `nothing_to_load` as resync() does.
   */
  followAgain(): Promise<void>;
  /**
   * Replaces the thread's turns by a history the app kept (answering
   * `oz-history-needed`): each user message, with the id OZ knows it by
   * (`<job>:in`), opens a turn, and the assistant messages after it are its
   * answer (the last one with OZ's messageId); then follows the latest turn
   * from its start, as resync() does. Throws ThreadError `bad_history`
   * when the messages hold no user message with an id and words.
   */
  loadHistory(messages: readonly Message[]): Promise<void>;
  /** Stops following the stream. The job runs on in OZ; restore() or retry() follows it again. */
  stop(): void;
  /** Restores the thread from storage and follows its unfinished run (with Last-Event-ID where known): a page load. See resync(). */
  restore(): Promise<void>;
  /** Keeps an unsent answer (saved with the thread); undefined clears it. */
  setDraft(interruptId: string, value: unknown): void;
  /**
   * Replaces the extra request headers (`options.headers`) for the requests
   * from now on: the next connection of the stream being followed (a
   * reconnect) and every later turn; a request already sent keeps what it was
   * sent with. A copy is kept (changing the object given afterwards changes
   * nothing); never recorded or stored.
   */
  setHeaders(headers: Readonly<Record<string, string>>): void;
  /** Saves, stops following (the job runs on), drops listeners; later calls throw `disposed`. */
  dispose(): void;
}
