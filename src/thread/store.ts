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
import type { ConnectionState, OpenRunOptions } from '../transport/index.js';
import type { StoreAction } from './actions.js';
import { buildFollowRequest, buildTurnRequest } from './history.js';
import { readSnapshot, writeSnapshot } from './persistence.js';
import { createReducer, type ThreadInput } from './reducer.js';
import { buildResume } from './resume.js';
import { answerCheck, loadAnswerCheck } from '../forms/answer-check.js';
import { createSnapshotEncoder, DEFAULT_MAX_SNAPSHOT_CHARS, parseSnapshot, takeSnapshot } from './snapshot.js';
import { initialThreadState, type ThreadState } from './state.js';
import { answerableInterrupts, currentRun, currentTurn, isActive, openInterrupts } from './selectors.js';
import { assertBodyFits, defaultSchedule, removeSnapshot, resumeRefused, routeUrl, toFailure, type ThreadRecord } from './store-support.js';
import { ThreadError } from './thread-error.js';
import { acceptedTurns, isRefusedTurn, retryMode } from './turn-status.js';
import type { ThreadStore, ThreadStoreOptions } from './store-types.js';
import { defaultYieldToMain, sliceClock } from './yield.js';

export type { ThreadRecord, TransportTuning } from './store-support.js';
export type { ThreadStore, ThreadStoreOptions } from './store-types.js';

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
  /** The thread was revoked: its copy is gone from storage, and is not written again until a run streams the turn. */
  let forgotten = false;
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
    if (!storage || forgotten || state === savedState) return; // nothing changed since the last save
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

  /**
   * The person may no longer read the thread (`revoked`): its copy in storage
   * goes, and nothing is saved again until a run streams the turn again.
   */
  function forget(): void {
    if (!storage) return;
    forgotten = true;
    removeSnapshot(storage, storageKey, (why) => storageProblem(`not removed: ${why}`));
    dispatch({ type: 'thread/storage-cleared', reason: 'revoked', at: now() });
  }

  /** What one streamed event means for storage: `revoked` forgets the thread; a run streaming again ends that. */
  function watchAccess(streamed: { event: { type: string; code?: unknown } }): void {
    const e = streamed.event;
    if (e.type === EventType.RUN_ERROR && e.code === 'revoked') forget();
    else if (forgotten && e.type !== EventType.RUN_STARTED && e.type !== EventType.RUN_ERROR) forgotten = false;
  }

  /**
   * Follows one request until its stream ends; never rejects. A 400 to a
   * request that carried Last-Event-ID means the run's log no longer holds
   * that position (a stale id): the same run is followed again from its start
   * (once; its view is cleared first, so nothing shows twice).
   */
  async function follow(body: RunAgentRequest, lastEventId: string | undefined, fromStartOnce = false): Promise<void> {
    // A run may end in interrupts: have their answer check ready by then.
    loadAnswerCheck().catch(() => undefined);
    controller?.abort();
    const gen = ++generation;
    const ctl = new AbortController();
    controller = ctl;
    const mine = () => gen === generation && !disposed;
    let terminal = false;
    let restart = false;
    /** The last request sent: whether it was a reconnect (the stream of a run OZ took, followed again). */
    let sent: { lastEventId?: string; attempt: number } = { attempt: 0 };
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
        if (!mine()) return;
        sent = i;
        record({ kind: 'request', at: now(), ...i });
      },
      onComment: () => {
        if (mine()) record({ kind: 'keep-alive', at: now() });
      },
      onStreamEnd: (end) => {
        if (mine()) record({ kind: 'stream-end', at: now(), ...end });
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
        watchAccess(streamed);
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
        const stale = error.code === 'http_error' && error.status === 400 && sent.lastEventId !== undefined;
        if (stale && !fromStartOnce) restart = true;
        else dispatch({ type: 'thread/transport-error', error, at, reconnect: sent.lastEventId !== undefined || sent.attempt > 0 });
      }
    } finally {
      if (mine()) {
        controller = undefined;
        save();
        flushNow();
      }
    }
    if (!restart || !mine()) return;
    dispatch({ type: 'thread/again', kind: 'follow', fromStart: true, at: now() });
    save();
    return follow(body, undefined, true);
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
      const at = now();
      // An interrupt past its deadline was denied by OZ: it can no longer be answered, and holds nothing back.
      if (answerableInterrupts(state, at).length > 0) throw new ThreadError('interrupts_open', 'The agent waits for your answers: resume() before sending a new message.');
      if (typeof text !== 'string' || text.trim() === '') throw new ThreadError('empty_message', 'There is no text to send.');
      const messageId = generateId();
      const runId = generateId();
      const body = buildTurnRequest(state, { runId, messageId, text });
      assertBodyFits(body, 'message');
      const expired = state.openInterruptIds.length > 0 ? [...state.openInterruptIds] : undefined;
      const action: StoreAction = { type: 'thread/send', turnId: messageId, text, url, runId, body, at, ...(expired ? { expired } : {}) };
      dispatch(action);
      save();
      return follow(body, undefined);
    },

    checkAnswers(answers) {
      if (!answerCheck()) {
        loadAnswerCheck().catch(() => undefined);
        throw new ThreadError('not_ready', 'The answer check is still loading: await loadAnswerCheck() first.');
      }
      return buildResume(openInterrupts(state), answers, now());
    },

    resume(answers) {
      assertUsable();
      assertIdle();
      const open = openInterrupts(state);
      if (open.length === 0) throw new ThreadError('nothing_to_resume', 'No interrupt waits for an answer.');
      // Loaded when the run started; a resume sooner than that waits for it (and is refused by rejection).
      if (!answerCheck()) return loadAnswerCheck().then(() => store.resume(answers));
      const built = buildResume(open, answers, now());
      if (!built.ok) throw resumeRefused(built);
      const runId = generateId();
      const body: RunAgentRequest = { threadId, runId, messages: [], resume: built.entries };
      assertBodyFits(body, 'answers');
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
      if (!latest?.userMessage) {
        const message = 'No turn of this thread is known to load again.';
        dispatch({ type: 'thread/client-error', code: 'nothing_to_load', message, at: now() });
        flushNow();
        throw new ThreadError('nothing_to_load', message);
      }
      const runId = generateId();
      const body = buildFollowRequest(state, runId);
      dispatch({ type: 'thread/load-again', url, runId, body, at: now() });
      save();
      return follow(body, undefined);
    },

    followAgain() {
      assertUsable();
      assertIdle();
      const run = currentRun(state);
      const turn = currentTurn(state);
      const unfinished = run && !run.terminal && state.lastRequest?.runId === run.runId && (run.phase === 'stopped' || run.phase === 'error');
      if (unfinished && turn && !isRefusedTurn(turn)) return again('follow');
      return store.loadAgain();
    },

    loadHistory(messages) {
      assertUsable();
      if (!Array.isArray(messages) || !messages.some((m) => m && m.role === 'user' && typeof m.id === 'string' && m.id !== '')) {
        throw new ThreadError('bad_history', 'The history holds no user message with an id: it names no turn to load.');
      }
      store.stop();
      dispatch({ type: 'thread/load-history', messages, at: now() });
      if (!acceptedTurns(state.turns).at(-1)?.userMessage) throw new ThreadError('bad_history', 'The history holds no user message with words.');
      return store.loadAgain();
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
      if (state.openInterruptIds.length > 0) loadAnswerCheck().catch(() => undefined);
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
