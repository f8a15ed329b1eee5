/**
 * A thread store that plays a recording instead of calling the route: the
 * store's own reducer folds the recorded events, so a chat given this store
 * (`chat.store = replay`) renders exactly what the recording streamed. It
 * steps event by event (createReplayStepper) or plays at any speed; it sends
 * nothing (send, resume, retry… throw ThreadError `turn_running`).
 *
 * A recording holds events only: each run that starts a turn begins one (its
 * text from `userTexts` when the inspector recorded the request, else
 * `placeholder`), and a run whose events carry `oz0.resume` is the resume of
 * the interrupts they name.
 */
import { ThreadError, type ThreadState, type ThreadStore } from '../../src/thread/index.js';
import { abortableSleep, type RecordedEvent } from '../../src/transport/index.js';
import { createReplayFold, type ReplayFold, type ReplayStoreOptions } from './replay-fold.js';

export type { ReplayStoreOptions } from './replay-fold.js';

export interface ReplayPlayOptions {
  /** 1 plays at the recorded pace, 2 twice as fast, Infinity as fast as possible. Default 1. */
  speed?: number;
  signal?: AbortSignal;
}

export interface ReplayStore extends ThreadStore {
  /** Applies the next event; false at the end. */
  step(): boolean;
  /** Plays the rest at `speed`; settles at the end or when paused/aborted. */
  play(options?: ReplayPlayOptions): Promise<void>;
  /** Stops playing (the position stays). */
  pause(): void;
  /** Back to the start, with an empty thread. */
  reset(): void;
  readonly position: number;
  readonly total: number;
  readonly playing: boolean;
}

const refused = () => {
  throw new ThreadError('turn_running', 'This chat plays a recording: it sends nothing.');
};

/** What a live store sends: a replay refuses it all. */
const sendsNothing: Pick<ThreadStore, 'send' | 'checkAnswers' | 'resume' | 'retry' | 'retryOrResend' | 'resync' | 'followAgain' | 'loadHistory'> = {
  send: refused,
  checkAnswers: () => ({ ok: false, entries: [], missing: [], invalid: {}, unknown: [], expired: [] }) as never,
  resume: refused,
  retry: refused,
  retryOrResend: refused,
  resync: refused,
  followAgain: refused,
  loadHistory: refused,
};

/** Makes a replay store over recorded events. */
export function createReplayStore(records: readonly RecordedEvent[], options: ReplayStoreOptions = {}): ReplayStore {
  const fold = createReplayFold(records, options);
  let controller: AbortController | undefined;
  const listeners = new Set<(s: ThreadState) => void>();

  const notify = () => {
    for (const l of [...listeners]) l(fold.state);
  };

  const store: ReplayStore = {
    threadId: fold.threadId,
    url: 'replay:',
    getState: () => fold.state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRecord: () => () => undefined,
    ...sendsNothing,
    stop: () => store.pause(),
    restore: async () => undefined,
    setDraft: () => undefined,
    setHeaders: () => undefined, // a replay sends nothing
    dispose() {
      store.pause();
      listeners.clear();
    },
    step() {
      const moved = fold.apply();
      if (moved) notify();
      return moved;
    },
    async play(o: ReplayPlayOptions = {}) {
      const speed = o.speed ?? 1;
      if (!(speed > 0)) throw new RangeError('replay speed must be > 0');
      store.pause();
      const ctl = new AbortController();
      controller = ctl;
      const stop = (): void => ctl.abort();
      o.signal?.addEventListener('abort', stop, { once: true });
      await playFrom(fold, records, speed, ctl.signal, notify);
      o.signal?.removeEventListener('abort', stop);
      if (controller === ctl) controller = undefined;
      notify();
    },
    pause() {
      controller?.abort();
      controller = undefined;
    },
    reset() {
      store.pause();
      fold.reset();
      notify();
    },
    get position() {
      return fold.position;
    },
    get total() {
      return records.length;
    },
    get playing() {
      return controller !== undefined;
    },
  };
  return store;
}

/** Plays the rest of the recording at `speed` (Infinity: as fast as possible, letting the page render every 200 events). */
async function playFrom(fold: ReplayFold, records: readonly RecordedEvent[], speed: number, signal: AbortSignal, notify: () => void): Promise<void> {
  let previous = records[fold.position - 1]?.t ?? records[0]?.t ?? 0;
  let applied = 0;
  while (!signal.aborted && fold.remaining > 0) {
    const r = records[fold.position]!;
    const wait = Number.isFinite(speed) ? Math.max(0, r.t - previous) / speed : 0;
    previous = r.t;
    if (wait > 0) {
      notify();
      await abortableSleep(wait, signal);
      if (signal.aborted) break;
    }
    fold.apply();
    if (++applied % 200 === 0) {
      notify();
      await abortableSleep(0, signal);
    }
  }
}
