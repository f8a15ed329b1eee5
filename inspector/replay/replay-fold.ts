/**
 * How a replay store folds recorded events into a thread: before each event
 * that starts a run the thread has not begun, the action a live store would
 * have dispatched (a new turn, or the resume the run's `oz0.resume` events
 * name), then the event itself, through the store's own reducer.
 */
import { EventType, OZ_RESUME, readOzResume } from '../../src/protocol/index.js';
import type { ResumeEntry, RunAgentRequest } from '../../src/protocol/index.js';
import { createReducer, currentRun, initialThreadState, type ThreadState } from '../../src/thread/index.js';
import { createReplayStepper, type RecordedEvent, type ReplayStepper } from '../../src/transport/index.js';

type Loose = Record<string, unknown>;

export interface ReplayStoreOptions {
  /** The person's words for each turn, in order (from recorded requests). */
  userTexts?: readonly string[];
  /** The words shown for a turn whose text was not recorded. */
  placeholder?: string;
  aiLabel?: string;
}

export interface ReplayFold {
  readonly threadId: string;
  readonly state: ThreadState;
  /** The index of the next event. */
  readonly position: number;
  /** Events not applied yet. */
  readonly remaining: number;
  /** Applies the next event; false at the end. */
  apply(): boolean;
  /** Back to the start, with an empty thread. */
  reset(): void;
}

/** The resume entries a run carried, read from its oz0.resume events (up to its end). */
function resumeOf(records: readonly RecordedEvent[], from: number): ResumeEntry[] {
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

export function createReplayFold(records: readonly RecordedEvent[], options: ReplayStoreOptions): ReplayFold {
  const firstStart = records.find((r) => r.event.type === EventType.RUN_STARTED)?.event as Loose | undefined;
  const threadId = typeof firstStart?.threadId === 'string' ? firstStart.threadId : 'replay';
  const reducer = createReducer();
  const fresh = () => initialThreadState(threadId, options.aiLabel ? { aiLabel: options.aiLabel } : {});
  let state: ThreadState = fresh();
  let stepper: ReplayStepper = createReplayStepper(records);
  let turns = 0;

  /** Before an event that starts a run the thread has not begun: the action a live store would have dispatched. */
  function begin(index: number): void {
    const e = records[index]!.event as unknown as Loose;
    const run = currentRun(state);
    const starts = e.type === 'RUN_STARTED' || e.type === 'RUN_ERROR';
    if (run && !(starts && run.terminal)) return;
    const runId = typeof e.runId === 'string' ? e.runId : `replay-${index}`;
    const url = 'replay:';
    const at = records[index]!.t;
    const resume = resumeOf(records, index);
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

  return {
    threadId,
    get state() {
      return state;
    },
    get position() {
      return stepper.position;
    },
    get remaining() {
      return stepper.remaining;
    },
    apply() {
      const index = stepper.position;
      const next = stepper.next();
      if (next.done) return false;
      begin(index);
      state = reducer(state, next.value);
      return true;
    },
    reset() {
      stepper = createReplayStepper(records);
      state = fresh();
      turns = 0;
    },
  };
}
