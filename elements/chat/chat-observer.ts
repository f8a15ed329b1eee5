import { describeError, type Interrupt } from '../../src/protocol/index.js';
import type { ErrorView, ThreadState } from '../../src/thread/state.js';
import { OzCardEvent, OzHistoryNeededEvent, OzInterruptRequestedEvent, OzRunErrorEvent, OzRunFinishedEvent, OzRunStartedEvent } from '../shared/events.js';
import { errorTitleOf, type OzStrings } from '../shared/strings.js';

/** What one change of the thread means for the page: events to fire, one line to announce. */
export interface Observation {
  events: Event[];
  announce?: string;
}

const MAX_ANNOUNCED = 600;

/** Markdown to a short plain line for a screen reader. */
function plain(text: string): string {
  const line = text
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (line.length <= MAX_ANNOUNCED) return line;
  // A slice of a string keeps the whole string alive in V8: the line is copied, or the announcement held by
  // the status region would keep a flat copy of the whole answer (20 KB and more) for as long as it shows.
  return [...line.slice(0, MAX_ANNOUNCED), '…'].join('');
}

/** Whether an error says the page lacks the thread's history (see OzHistoryNeededEvent). */
function historyNeeded(error: ErrorView | undefined): OzHistoryNeededEvent['reason'] | undefined {
  if (error?.code === 'nothing_to_load') return 'nothing_to_load';
  return error?.key === 'history_unavailable' ? 'history_unavailable' : undefined;
}

/** What the status region says of an error: its title and plain meaning, in the chat's strings, as <oz-error> shows it. */
function errorLine(error: ErrorView, t: OzStrings): string {
  const key = error.key ?? error.code;
  return `${errorTitleOf(key, t)}: ${describeError(key, t.errors, error.spend).meaning}`;
}

/**
 * Follows the thread from state to state and says what happened: a run
 * started, finished or failed, an interrupt asks, a card arrived; and what
 * the one status region should announce ("generating", then each finished
 * message once). A restored thread is observed quietly: what it held is
 * taken as known. A run sent again (retry: the same runId) starts, ends and
 * fails anew: each attempt is told (RunView.attempt), and each failure (a new
 * error view). It reads what happened from the state, not from the states
 * it happens to see: it may be told once for a whole batch of events.
 */
export class ChatObserver {
  private readonly seen = new Set<string>();
  private readonly cards = new WeakSet<object>();
  private readonly errors = new WeakSet<object>();

  /** `quiet`: take everything as known (a restored thread): no events, no announcement. */
  observe(state: ThreadState, t: OzStrings, quiet = false): Observation {
    const events: Event[] = [];
    let announce: string | undefined;
    const once = (key: string): boolean => {
      if (this.seen.has(key)) return false;
      this.seen.add(key);
      return !quiet;
    };
    const history = historyNeeded(state.lastError);
    // Told after the run's start (a load again refused in the same batch started first).
    const late: Event[] = [];
    let historyLine: string | undefined;
    if (history && this.firstSight(state.lastError!, quiet)) {
      late.push(new OzHistoryNeededEvent({ threadId: state.threadId, reason: history }), runErrorEvent(state.lastError!.code, state.lastError!.message, state.lastError!.runId));
      historyLine = errorLine(state.lastError!, t);
    }
    const turn = state.turns[state.turns.length - 1];
    if (!turn) return historyLine === undefined ? { events: late } : { events: late, announce: historyLine };
    for (const run of turn.runs) {
      const { runId } = run;
      // Each attempt (the run sent again) starts and ends anew. An attempt that started and failed
      // between two states this sees (one batch of events) still says it started, before its failure.
      const attempt = run.attempt ?? 1;
      const started = run.startedIn === attempt || run.phase === 'streaming' || run.phase === 'finished' || run.phase === 'stopped';
      if (started && once(`started:${runId}:${attempt}`)) {
        events.push(new OzRunStartedEvent({ threadId: state.threadId, runId }));
        if (run.phase !== 'error') announce = t.generating;
      }
      for (const item of run.items) {
        if (item.kind !== 'message') continue;
        const m = item.message;
        if (m.complete && once(`done:${m.id}`)) {
          const text = plain(m.body);
          if (text) announce = t.finished(text);
        }
      }
      if (run.phase === 'finished' && once(`finished:${runId}:${attempt}`)) {
        events.push(new OzRunFinishedEvent({ threadId: state.threadId, runId, outcome: run.outcome ?? 'success' }));
        if (run.outcome === 'interrupt') {
          const interrupts = run.interruptIds.map((id) => state.interrupts[id]?.raw).filter((i): i is Interrupt => i !== undefined);
          events.push(new OzInterruptRequestedEvent({ interrupts }));
          announce = t.interruptsTitle;
        }
      }
      if (run.phase === 'error' && run.error && this.firstSight(run.error, quiet)) {
        events.push(runErrorEvent(run.error.code, run.error.message, runId));
        announce = errorLine(run.error, t);
      }
    }
    events.push(...late);
    if (historyLine !== undefined) announce = historyLine;
    if (!turn.runs.length && state.lastError && this.firstSight(state.lastError, quiet)) {
      events.push(runErrorEvent(state.lastError.code, state.lastError.message));
      announce = errorLine(state.lastError, t);
    }
    const cards = [turn.card, ...turn.stepOrder.map((job) => turn.steps[job])];
    for (const c of cards) {
      if (!c?.card || this.cards.has(c.card)) continue;
      this.cards.add(c.card);
      if (!quiet) events.push(new OzCardEvent({ job: c.job, card: c.card }));
    }
    if (state.waitingForOthers.length && once(`waiting:${turn.id}:${state.waitingForOthers.length}`)) announce = t.waitingTitle;
    return announce === undefined ? { events } : { events, announce };
  }

  /** Whether an error view is new (each failure makes one; the state keeps it as it is). */
  private firstSight(error: object, quiet: boolean): boolean {
    if (this.errors.has(error)) return false;
    this.errors.add(error);
    return !quiet;
  }
}

/** OzRunErrorEvent with a runId only when there is one. */
function runErrorEvent(code: string, message: string, runId?: string): OzRunErrorEvent {
  return new OzRunErrorEvent({ code, message, ...(runId !== undefined ? { runId } : {}) });
}
