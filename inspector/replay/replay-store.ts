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
import { EventType, OZ_RESUME, readOzResume } from '../../src/protocol/index.js';
import type { ResumeEntry, RunAgentRequest } from '../../src/protocol/index.js';
import { createReducer, currentRun, initialThreadState, ThreadError, type ThreadState, type ThreadStore } from '../../src/thread/index.js';
import { abortableSleep, createReplayStepper, type RecordedEvent, type ReplayStepper } from '../../src/transport/index.js';

export interface ReplayStoreOptions {
  /** The person's words for each turn, in order (from recorded requests). */
  userTexts?: readonly string[];
  /** The words shown for a turn whose text was not recorded. */
  placeholder?: string;
  aiLabel?: string;
}

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

type Loose = Record<string, unknown>;

const refused = () => {
  throw new ThreadError('turn_running', 'This chat plays a recording: it sends nothing.');
};

/** Makes a replay store over recorded events. */
export function createReplayStore(records: readonly RecordedEvent[], options: ReplayStoreOptions = {}): ReplayStore {
  const firstStart = records.find((r) => r.event.type === EventType.RUN_STARTED)?.event as Loose | undefined;
  const threadId = typeof firstStart?.threadId === 'string' ? firstStart.threadId : 'replay';
  const reducer = createReducer();
  const fresh = () => initialThreadState(threadId, options.aiLabel ? { aiLabel: options.aiLabel } : {});
  let state: ThreadState = fresh();
  let stepper: ReplayStepper = createReplayStepper(records);
  let turns = 0;
  let controller: AbortController | undefined;
  const listeners = new Set<(s: ThreadState) => void>();

  const notify = () => {
    for (const l of [...listeners]) l(state);
  };

  /** The resume entries a run carried, read from its oz0.resume events (up to its end). */
  function resumeOf(from: number): ResumeEntry[] {
    const out: ResumeEntry[] = [];
    for (let i = from; i < records.length; i++) {
      const e = records[i]!.event as unknown as Loose;
      if (e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR' || (i > from && e.type === 'RUN_STARTED')) break;
      if (e.type === 'CUSTOM' && e.name === OZ_RESUME) {
        const v = readOzResume(e.value);
        if (v) out.push({ interruptId: v.interruptId, status: 'resolved' } as ResumeEntry);
      }
    }
    return out;
  }

  /** Before an event that starts a run the thread has not begun: the action a live store would have dispatched. */
  function begin(index: number): void {
    const e = records[index]!.event as unknown as Loose;
    const run = currentRun(state);
    const starts = e.type === 'RUN_STARTED' || e.type === 'RUN_ERROR';
    if (run && !(starts && run.terminal)) return;
    const runId = typeof e.runId === 'string' ? e.runId : `replay-${index}`;
    const url = 'replay:';
    const at = records[index]!.t;
    const resume = resumeOf(index);
    if (resume.length > 0 && state.turns.length > 0) {
      const body: RunAgentRequest = { threadId, runId, messages: [], resume } as RunAgentRequest;
      state = reducer(state, { type: 'thread/resume', url, runId, body, entries: resume, at });
      return;
    }
    const text = options.userTexts?.[turns] ?? options.placeholder ?? '…';
    turns += 1;
    const body = { threadId, runId, messages: [], state: {}, tools: [], context: [], forwardedProps: {} } as unknown as RunAgentRequest;
    state = reducer(state, { type: 'thread/send', turnId: `replay-turn-${turns}`, text, url, runId, body, at });
  }

  function apply(): boolean {
    const index = stepper.position;
    const next = stepper.next();
    if (next.done) return false;
    begin(index);
    state = reducer(state, next.value);
    return true;
  }

  const store: ReplayStore = {
    threadId,
    url: 'replay:',
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRecord: () => () => undefined,
    send: refused,
    checkAnswers: () => ({ ok: false, entries: [], missing: [], invalid: {}, unknown: [], expired: [] }) as never,
    resume: refused,
    retry: refused,
    tryAgain: refused,
    loadAgain: refused,
    followAgain: refused,
    loadHistory: refused,
    stop: () => store.pause(),
    reload: async () => undefined,
    setDraft: () => undefined,
    dispose() {
      store.pause();
      listeners.clear();
    },
    step() {
      const moved = apply();
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
      let previous = records[stepper.position - 1]?.t ?? records[0]?.t ?? 0;
      let lastNotify = 0;
      while (!ctl.signal.aborted && stepper.remaining > 0) {
        const r = records[stepper.position]!;
        const wait = Number.isFinite(speed) ? Math.max(0, r.t - previous) / speed : 0;
        previous = r.t;
        if (wait > 0) {
          notify();
          await abortableSleep(wait, ctl.signal);
          if (ctl.signal.aborted) break;
        }
        apply();
        // As fast as possible: let the page render every so often.
        if (++lastNotify % 200 === 0) {
          notify();
          await abortableSleep(0, ctl.signal);
        }
      }
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
      stepper = createReplayStepper(records);
      state = fresh();
      turns = 0;
      notify();
    },
    get position() {
      return stepper.position;
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
