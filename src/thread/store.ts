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
 *
 * It is composed of parts with one job each: the dispatcher (state, batching,
 * listeners: store-dispatcher.ts), the saver (storage and its save policy:
 * store-saver.ts), the runs (following the transport: store-runs.ts) and the
 * turn commands (send, resume, again: store-commands.ts). The selectors over
 * its state are in selectors.ts.
 */
import { THREAD_ID_PATTERN } from '../protocol/index.js';
import { loadAnswerCheck } from '../forms/answer-check.js';
import { createReducer } from './reducer.js';
import { initialThreadState } from './state.js';
import { currentRun, isActive } from './selectors.js';
import { createTurnCommands } from './store-commands.js';
import { createStoreDispatcher } from './store-dispatcher.js';
import { createStoreRuns } from './store-runs.js';
import { createStoreSaver } from './store-saver.js';
import { defaultSchedule, routeUrl } from './store-support.js';
import { ThreadError } from './thread-error.js';
import type { ThreadStore, ThreadStoreOptions } from './store-types.js';

export type { ThreadRecord, TransportTuning } from './store-support.js';
export type { ThreadStore, ThreadStoreOptions } from './store-types.js';

/** Creates the store of one thread. */
export function createThreadStore(options: ThreadStoreOptions): ThreadStore {
  const now = options.now ?? (() => Date.now());
  const generateId = options.generateId ?? (() => globalThis.crypto.randomUUID());
  const url = routeUrl(options);
  const threadId = options.threadId ?? `thread-${generateId()}`;
  if (!THREAD_ID_PATTERN.test(threadId)) throw new TypeError(`createThreadStore: ${JSON.stringify(threadId)} is no threadId (letters, digits and ._:@-, at most 200)`);

  const reduce = createReducer({ autoFreeze: options.autoFreeze ?? false });
  const initial = initialThreadState(threadId, options.aiLabel ? { aiLabel: options.aiLabel } : {});
  const hub = createStoreDispatcher(initial, reduce, options.schedule ?? defaultSchedule);
  const saver = createStoreSaver(
    {
      threadId,
      storage: options.storage,
      storageKey: options.storageKey ?? `oz-agui:thread:${threadId}`,
      saveIntervalMs: options.saveIntervalMs ?? 1000,
      maxSnapshotChars: options.maxSnapshotChars,
      now,
    },
    hub,
  );
  let disposed = false;
  let headers: Readonly<Record<string, string>> | undefined = options.headers;
  const runs = createStoreRuns({ url, options, now, hub, saver, disposed: () => disposed, headers: () => headers });

  function assertUsable(): void {
    if (disposed) throw new ThreadError('disposed', 'This thread store was disposed.');
  }

  function stop(): void {
    if (!disposed) runs.stop();
  }

  const commands = createTurnCommands({
    threadId,
    url,
    now,
    generateId,
    hub,
    saver,
    runs,
    assertUsable,
    assertIdle() {
      if (isActive(hub.state)) throw new ThreadError('turn_running', 'A run is streaming: wait for it to end, or stop() following it.');
    },
    stop,
  });

  return {
    threadId,
    url,
    getState: () => hub.state,
    ...commands,
    stop,

    subscribe(listener) {
      assertUsable();
      return hub.subscribe(listener);
    },

    onRecord(listener) {
      assertUsable();
      return hub.onRecord(listener);
    },

    async restore() {
      assertUsable();
      stop();
      const snapshot = await saver.read(() => !disposed);
      if (!snapshot) return;
      hub.dispatch({ type: 'thread/restore', snapshot });
      const state = hub.state;
      if (state.openInterruptIds.length > 0) loadAnswerCheck().catch(() => undefined);
      const run = currentRun(state);
      if (!state.lastRequest || !run || run.terminal || run.runId !== state.lastRequest.runId) {
        hub.flushNow();
        return;
      }
      await runs.again('follow');
    },

    setHeaders(next) {
      assertUsable();
      headers = { ...next };
    },

    setDraft(interruptId, value) {
      assertUsable();
      hub.dispatch({ type: 'thread/draft', interruptId, value });
      saver.save();
    },

    dispose() {
      if (disposed) return;
      saver.save(); // the page may be going away: keep where the run was
      runs.abort();
      disposed = true;
      hub.close();
    },
  };
}
