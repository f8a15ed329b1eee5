/**
 * The thread store: one per thread. It builds each request (history, resume
 * entries), follows the run through the transport, reduces every event into
 * the view model, keeps the thread in storage, and tells its listeners, at
 * most once per batch of events.
 *
 * What it refuses before sending (a second send while a turn runs, a resume
 * that leaves an interrupt out) throws a {@link ThreadError}. Whatever goes
 * wrong on the wire becomes state (`lastError`, an error in the transcript);
 * the promises it returns never reject for that.
 */
import { EventType, isTerminalEvent, OZ_WAITING, THREAD_ID_PATTERN } from '../protocol/index.js';
import type { RunAgentRequest } from '../protocol/index.js';
import { openRun } from '../transport/index.js';
import type { ConnectionState, OpenRunOptions, RunTransport } from '../transport/index.js';
import type { StoreAction } from './actions.js';
import { buildFollowRequest, buildTurnRequest } from './history.js';
import { readSnapshot, writeSnapshot, type PersistencePort } from './persistence.js';
import { createReducer, type ThreadInput } from './reducer.js';
import { buildResume, type ResumeAnswers, type ResumeBuild } from './resume.js';
import { createSnapshotEncoder, DEFAULT_MAX_SNAPSHOT_CHARS, parseSnapshot, takeSnapshot } from './snapshot.js';
import { currentRun, currentTurn, initialThreadState, isActive, openInterrupts, type ThreadState } from './state.js';
import { defaultSchedule, routeUrl, toFailure, type ThreadRecord, type TransportTuning } from './store-support.js';
import { ThreadError } from './thread-error.js';
import { acceptedTurns, retryMode } from './turn-status.js';
import { defaultYieldToMain, sliceClock } from './yield.js';

export type { ThreadRecord, TransportTuning } from './store-support.js';

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
  /** Longest slice of events reduced without giving the main thread back, in ms. Default 8. */
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
  /** Starts a new turn. Throws ThreadError `turn_running`, `interrupts_open` or `empty_message`. Settles when the stream ends. */
  send(text: string): Promise<void>;
  /** Checks answers to the open interrupts without sending them. */
  checkAnswers(answers: ResumeAnswers): ResumeBuild;
  /** Answers every open interrupt at once. Throws ThreadError `resume_refused` (with per-interrupt problems), `nothing_to_resume` or `turn_running`. */
  resume(answers: ResumeAnswers): Promise<void>;
  /** Sends the last request again: same runId, same body (from Last-Event-ID while the run had not ended). */
  retry(): Promise<void>;
  /**
   * Sends again in the way that helps after the last error: the person's
   * words as a new turn after the job's end (`failed`, `timed_out`: the same
   * run would only end the same way), else retry() (same runId).
   */
  tryAgain(): Promise<void>;
  /**
   * Loads the thread again (after history_mismatch, interrupt_expired,
   * interrupt_changed, or any time): a run with a fresh runId whose newest user
   * message is the latest turn's, without Last-Event-ID, so OZ follows that
   * turn from its start; its view is replaced by what streams (the interrupts
   * that wait now, under their current ids). Stops following any run first.
   * Throws ThreadError `nothing_to_load` when no turn of OZ's is known.
   */
  loadAgain(): Promise<void>;
  /** Stops following the stream. The job runs on in OZ; reload() or retry() follows it again. */
  stop(): void;
  /** Restores the thread from storage and follows its unfinished run (with Last-Event-ID where known): a page load. See loadAgain(). */
  reload(): Promise<void>;
  /** Keeps an unsent answer (saved with the thread); undefined clears it. */
  setDraft(interruptId: string, value: unknown): void;
  /** Saves, stops following (the job runs on), drops listeners; later calls throw `disposed`. */
  dispose(): void;
}

/** Creates the store of one thread. */
export function createThreadStore(options: ThreadStoreOptions): ThreadStore {
  const now = options.now ?? (() => Date.now());
  const generateId = options.generateId ?? (() => globalThis.crypto.randomUUID());
  const url = routeUrl(options);
  const threadId = options.threadId ?? `thread-${generateId()}`;
  if (!THREAD_ID_PATTERN.test(threadId)) throw new TypeError(`createThreadStore: ${JSON.stringify(threadId)} is no threadId (letters, digits and ._:@-, at most 200)`);
  const transport = options.transport ?? openRun;
  const storage = options.storage;
  const storageKey = options.storageKey ?? `oz-agui:thread:${threadId}`;
  const schedule = options.schedule ?? defaultSchedule;
  const saveIntervalMs = options.saveIntervalMs ?? 1000;
  const reducer = createReducer({ autoFreeze: options.autoFreeze ?? false });
  const yieldToMain = options.yieldToMain ?? defaultYieldToMain;
  const sliceMs = options.sliceMs ?? 8;
  const clock = options.sliceClock ?? sliceClock;

  let state = initialThreadState(threadId, options.aiLabel ? { aiLabel: options.aiLabel } : {});
  let notified = state;
  let cancelFlush: (() => void) | undefined;
  let controller: AbortController | undefined;
  let generation = 0;
  let lastSavedAt = -Infinity;
  let savedState: ThreadState | undefined;
  const encodeSnapshot = createSnapshotEncoder();
  let disposed = false;
  const listeners = new Set<(s: ThreadState) => void>();
  const recorders = new Set<(r: ThreadRecord) => void>();

  const report = (err: unknown) => queueMicrotask(() => {
    throw err;
  });

  function flush(): void {
    cancelFlush = undefined;
    if (state === notified) return;
    notified = state;
    for (const l of [...listeners]) {
      try {
        l(state);
      } catch (err) {
        report(err);
      }
    }
  }

  function flushNow(): void {
    cancelFlush?.();
    flush();
  }

  function dispatch(input: ThreadInput): void {
    state = reducer(state, input);
    if (!cancelFlush && listeners.size > 0) cancelFlush = schedule(flush);
  }

  function record(r: ThreadRecord): void {
    for (const l of [...recorders]) {
      try {
        l(r);
      } catch (err) {
        report(err);
      }
    }
  }

  function storageProblem(message: string): void {
    dispatch({ type: 'thread/diagnostic', kind: 'storage', message, at: now() });
  }

  function save(): void {
    if (!storage || state === savedState) return; // nothing changed since the last save
    savedState = state;
    lastSavedAt = now();
    try {
      const written = writeSnapshot(storage, storageKey, takeSnapshot(state, lastSavedAt), encodeSnapshot, options.maxSnapshotChars ?? DEFAULT_MAX_SNAPSHOT_CHARS);
      if ('error' in written) return storageProblem(`not saved: ${written.error}`);
      const done = written.done;
      if (done && typeof done.catch === 'function') done.catch((err: unknown) => storageProblem(`not saved: ${String(err)}`));
    } catch (err) {
      storageProblem(`not saved: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  function assertUsable(): void {
    if (disposed) throw new ThreadError('disposed', 'This thread store was disposed.');
  }

  function assertIdle(): void {
    if (isActive(state)) throw new ThreadError('turn_running', 'A run is streaming: wait for it to end, or stop() following it.');
  }

  /** Follows one request until its stream ends; never rejects. */
  async function follow(body: RunAgentRequest, lastEventId: string | undefined): Promise<void> {
    controller?.abort();
    const gen = ++generation;
    const ctl = new AbortController();
    controller = ctl;
    const mine = () => gen === generation && !disposed;
    let terminal = false;
    const opts: OpenRunOptions = {
      ...options.transportOptions,
      signal: ctl.signal,
      ...(lastEventId !== undefined ? { lastEventId } : {}),
      onConnection: (s) => {
        if (!mine()) return;
        record({ kind: 'connection', at: now(), state: s });
        dispatch({ type: 'thread/connection', state: s });
      },
      onInvalidEvent: (i) => {
        if (!mine()) return;
        const at = now();
        record({ kind: 'invalid', at, ...i });
        dispatch({ type: 'thread/invalid-event', error: i.error, at, ...(i.id !== undefined ? { id: i.id } : {}) });
      },
      onRequest: (i) => {
        if (mine()) record({ kind: 'request', at: now(), ...i });
      },
    };
    try {
      const request = { url, body, ...(options.headers ? { headers: options.headers } : {}), ...(options.credentials ? { credentials: options.credentials } : {}) };
      let sliceStart = clock();
      for await (const streamed of transport(request, opts)) {
        if (!mine()) break;
        if (clock() - sliceStart >= sliceMs) {
          // A long burst: tell the listeners what is there so far, then let the page breathe.
          flushNow();
          await yieldToMain();
          if (!mine()) break;
          sliceStart = clock();
        }
        record({ kind: 'event', at: now(), streamed });
        dispatch(streamed);
        if (streamed.event && isTerminalEvent(streamed.event)) terminal = true;
        if (terminal) save();
        else if (now() - lastSavedAt >= saveIntervalMs) save();
      }
      if (mine() && !terminal && !ctl.signal.aborted) dispatch({ type: 'thread/stream-closed', reason: 'ended', at: now() });
    } catch (err) {
      if (mine() && !ctl.signal.aborted) {
        const error = toFailure(err);
        const at = now();
        record({ kind: 'error', at, error });
        dispatch({ type: 'thread/transport-error', error, at });
      }
    } finally {
      if (mine()) {
        controller = undefined;
        save();
        flushNow();
      }
    }
  }

  function again(kind: 'retry' | 'follow'): Promise<void> {
    const request = state.lastRequest!;
    const run = currentRun(state);
    const lastEventId = run && !run.terminal && run.runId === request.runId ? state.lastEventId : undefined;
    // Followed from Last-Event-ID, the stream does not say again that the turn waits for others
    // (oz0.waiting came before that id, and a waiting run is silent until they decide): keep the wait.
    const waiting = lastEventId !== undefined ? state.waitingForOthers : [];
    dispatch({ type: 'thread/again', kind, fromStart: lastEventId === undefined, at: now() });
    if (waiting.length > 0) dispatch({ id: undefined, event: { type: EventType.CUSTOM, name: OZ_WAITING, value: { waiting } } });
    save();
    return follow(request.body, lastEventId);
  }

  const store: ThreadStore = {
    threadId,
    url,
    getState: () => state,

    subscribe(listener) {
      assertUsable();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    onRecord(listener) {
      assertUsable();
      recorders.add(listener);
      return () => recorders.delete(listener);
    },

    send(text) {
      assertUsable();
      assertIdle();
      if (state.openInterruptIds.length > 0) throw new ThreadError('interrupts_open', 'The agent waits for your answers: resume() before sending a new message.');
      if (typeof text !== 'string' || text.trim() === '') throw new ThreadError('empty_message', 'There is no text to send.');
      const messageId = generateId();
      const runId = generateId();
      const body = buildTurnRequest(state, { runId, messageId, text });
      const action: StoreAction = { type: 'thread/send', turnId: messageId, text, url, runId, body, at: now() };
      dispatch(action);
      save();
      return follow(body, undefined);
    },

    checkAnswers(answers) {
      return buildResume(openInterrupts(state), answers, now());
    },

    resume(answers) {
      assertUsable();
      assertIdle();
      const open = openInterrupts(state);
      if (open.length === 0) throw new ThreadError('nothing_to_resume', 'No interrupt waits for an answer.');
      const built = buildResume(open, answers, now());
      if (!built.ok) {
        const parts = [
          built.missing.length ? `no answer for ${built.missing.join(', ')}` : '',
          Object.keys(built.invalid).length ? `answers that do not fit for ${Object.keys(built.invalid).join(', ')}` : '',
          built.unknown.length ? `answers for interrupts not open: ${built.unknown.join(', ')}` : '',
          built.expired.length ? `answers past their deadline: ${built.expired.join(', ')}` : '',
        ].filter(Boolean);
        const { ok: _ok, ...refusal } = built;
        void _ok;
        throw new ThreadError('resume_refused', `Not sent: ${parts.join('; ')}.`, refusal);
      }
      const runId = generateId();
      const body: RunAgentRequest = { threadId, runId, messages: [], resume: built.entries };
      dispatch({ type: 'thread/resume', url, runId, body, entries: built.entries, at: now() });
      save();
      return follow(body, undefined);
    },

    retry() {
      assertUsable();
      assertIdle();
      if (!state.lastRequest) throw new ThreadError('nothing_to_retry', 'Nothing was sent yet.');
      return again('retry');
    },

    tryAgain() {
      assertUsable();
      assertIdle();
      const text = currentTurn(state)?.userMessage?.text;
      if (retryMode(state.lastError) === 'new_turn' && text !== undefined) return store.send(text);
      return store.retry();
    },

    loadAgain() {
      assertUsable();
      store.stop();
      const latest = acceptedTurns(state.turns).at(-1);
      if (!latest?.userMessage) throw new ThreadError('nothing_to_load', 'No turn of this thread is known to load again.');
      const runId = generateId();
      const body = buildFollowRequest(state, runId);
      dispatch({ type: 'thread/load-again', url, runId, body, at: now() });
      save();
      return follow(body, undefined);
    },

    stop() {
      if (disposed || !controller) return;
      const ctl = controller;
      controller = undefined;
      generation++;
      ctl.abort();
      const at = now();
      const closed: ConnectionState = { status: 'closed' };
      record({ kind: 'connection', at, state: closed });
      dispatch({ type: 'thread/stream-closed', reason: 'stopped', at });
      dispatch({ type: 'thread/connection', state: closed });
      save();
      flushNow();
    },

    async reload() {
      assertUsable();
      store.stop();
      if (!storage) return;
      let raw: unknown;
      try {
        raw = await readSnapshot(storage, storageKey, encodeSnapshot);
      } catch (err) {
        storageProblem(`stored thread ignored: ${err instanceof Error ? err.message : String(err)}`);
        flushNow();
        return;
      }
      if (disposed || raw === undefined || raw === null) return;
      const parsed = parseSnapshot(raw);
      if (!parsed.ok || parsed.snapshot.threadId !== threadId) {
        const why = parsed.ok ? `it is thread ${parsed.snapshot.threadId}` : parsed.error;
        dispatch({ type: 'thread/diagnostic', kind: 'bad_snapshot', message: `stored thread ignored: ${why}`, at: now() });
        flushNow();
        return;
      }
      dispatch({ type: 'thread/restore', snapshot: parsed.snapshot });
      const run = currentRun(state);
      if (!state.lastRequest || !run || run.terminal || run.runId !== state.lastRequest.runId) {
        flushNow();
        return;
      }
      await again('follow');
    },

    setDraft(interruptId, value) {
      assertUsable();
      dispatch({ type: 'thread/draft', interruptId, value });
      save();
    },

    dispose() {
      if (disposed) return;
      save(); // the page may be going away: keep where the run was
      controller?.abort();
      controller = undefined;
      generation++;
      disposed = true;
      cancelFlush?.();
      cancelFlush = undefined;
      listeners.clear();
      recorders.clear();
    },
  };
  return store;
}
