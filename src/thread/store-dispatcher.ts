/**
 * The store's dispatcher: it holds the thread's state, reduces each input
 * into it, and tells listeners at most once per batch (`schedule`); records
 * (the inspector's tap) go out synchronously. A listener that throws does not
 * stop the others: its error is reported on a microtask.
 */
import type { ThreadInput } from './reducer.js';
import type { ThreadState } from './state.js';
import type { ThreadRecord } from './store-support.js';

export interface StoreDispatcher {
  readonly state: ThreadState;
  dispatch(input: ThreadInput): void;
  /** Tells the listeners now what a pending batch would have told them. */
  flushNow(): void;
  record(record: ThreadRecord): void;
  /** Whether anyone hears records: a hot path builds none that nobody would hear. */
  readonly recording: boolean;
  subscribe(listener: (state: ThreadState) => void): () => void;
  onRecord(listener: (record: ThreadRecord) => void): () => void;
  /** Cancels a pending batch and drops every listener. */
  close(): void;
}

export function createStoreDispatcher(initial: ThreadState, reduce: (state: ThreadState, input: ThreadInput) => ThreadState, schedule: (flush: () => void) => () => void): StoreDispatcher {
  let state = initial;
  let notified = state;
  let cancelFlush: (() => void) | undefined;
  const listeners = new Set<(s: ThreadState) => void>();
  const recorders = new Set<(r: ThreadRecord) => void>();

  const tell = <T>(targets: Set<(value: T) => void>, value: T) => {
    if (targets.size === 0) return;
    // A copy: a listener that unsubscribes (or subscribes another) while told changes no one else's turn.
    for (const l of [...targets]) {
      try {
        l(value);
      } catch (err) {
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  };

  function flush(): void {
    cancelFlush = undefined;
    if (state === notified) return;
    notified = state;
    tell(listeners, state);
  }

  return {
    get state() {
      return state;
    },
    dispatch(input) {
      state = reduce(state, input);
      if (!cancelFlush && listeners.size > 0) cancelFlush = schedule(flush);
    },
    flushNow() {
      cancelFlush?.();
      flush();
    },
    record: (r) => tell(recorders, r),
    get recording() {
      return recorders.size > 0;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRecord(listener) {
      recorders.add(listener);
      return () => recorders.delete(listener);
    },
    close() {
      cancelFlush?.();
      cancelFlush = undefined;
      listeners.clear();
      recorders.clear();
    },
  };
}
