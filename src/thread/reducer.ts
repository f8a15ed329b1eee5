/**
 * The thread reducer: a pure, synchronous `(state, input) => state` over
 * immer, where the input is a streamed event (with its SSE id) or one of the
 * store's own actions. It never throws on what a stream sends: an unknown
 * event, a malformed CUSTOM value or a failed patch becomes a diagnostic.
 *
 * Each reducer gets its own Immer instance (no module-level configuration is
 * touched). Auto-freeze is off by default: freezing walks every new value,
 * which a long stream of tokens or a large board cannot afford; the state is
 * immutable by contract (readonly types) instead. Turn it on in development
 * to catch a renderer that mutates.
 */
import { Immer } from 'immer';
import { EventType, OZ_CARD, OZ_RESUME, OZ_WAITING } from '../protocol/index.js';
import type { AguiEvent, StreamedEvent } from '../protocol/index.js';
import { isStoreAction, type StoreAction } from './actions.js';
import { diagnose, markWorked, type D, type EventContext } from './draft.js';
import { fastPath } from './fast-path.js';
import { reduceAction } from './reduce-actions.js';
import { reduceDelta, reduceSnapshot, type BoardStep } from './reduce-board.js';
import { card, stepFinished, stepStarted } from './reduce-steps.js';
import { runError, runFinished, runStarted, resumeOutcome, waiting } from './reduce-run.js';
import { textContent, textEnd, textStart } from './reduce-text.js';
import { toolArgs, toolEnd, toolResult, toolStart } from './reduce-tools.js';
import { restoreState } from './snapshot.js';
import { MAX_DIAGNOSTICS, initialThreadState, type ThreadState } from './state.js';

/** What the reducer takes: an event as streamed, or a store action. */
export type ThreadInput = StreamedEvent | StoreAction;

/** A pure reducer over the thread's view model. */
export type ThreadReducer = (state: ThreadState, input: ThreadInput) => ThreadState;

export interface ReducerOptions {
  /** Deep-freeze what each step produces (immer's auto-freeze). Default false. */
  autoFreeze?: boolean;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(Object.values(EventType));

function reduceEventDraft(d: D, event: AguiEvent, ctx: EventContext): void {
  switch (event.type) {
    case EventType.RUN_STARTED:
      return runStarted(d, event, ctx);
    case EventType.RUN_FINISHED:
      return runFinished(d, event, ctx);
    case EventType.RUN_ERROR:
      return runError(d, event, ctx);
    case EventType.TEXT_MESSAGE_START:
      return textStart(d, event, ctx);
    case EventType.TEXT_MESSAGE_CONTENT:
      return textContent(d, event, ctx);
    case EventType.TEXT_MESSAGE_END:
      return textEnd(d, event, ctx);
    case EventType.TOOL_CALL_START:
      return toolStart(d, event, ctx);
    case EventType.TOOL_CALL_ARGS:
      return toolArgs(d, event, ctx);
    case EventType.TOOL_CALL_END:
      return toolEnd(d, event, ctx);
    case EventType.TOOL_CALL_RESULT:
      return toolResult(d, event, ctx);
    case EventType.STEP_STARTED:
      return stepStarted(d, event, ctx);
    case EventType.STEP_FINISHED:
      return stepFinished(d, event, ctx);
    case EventType.CUSTOM:
      if (event.name === OZ_CARD) return card(d, event.value, ctx);
      if (event.name === OZ_WAITING) return waiting(d, event.value, ctx);
      if (event.name === OZ_RESUME) return resumeOutcome(d, event.value, ctx);
      return diagnose(d, 'unhandled_event', `CUSTOM ${String(event.name)} is not one of OZ's`, ctx);
    default:
      if (KNOWN_TYPES.has(event.type)) return diagnose(d, 'unhandled_event', `${event.type} is not part of OZ's route`, ctx);
      return diagnose(d, 'unknown_event', `unknown event type ${JSON.stringify(String(event.type)).slice(0, 60)}`, ctx);
  }
}

/** The run streams on after `oz0.waiting` once any other event comes. */
function resumesWaiting(event: AguiEvent): boolean {
  return !(event.type === EventType.CUSTOM && event.name === OZ_WAITING) && event.type !== EventType.RUN_FINISHED && event.type !== EventType.RUN_ERROR;
}

/** The current run marked as one OZ works on (see RunView.reached), copying only the turn and run when it was not. */
function worked(state: ThreadState): ThreadState['turns'] {
  const turn = state.turns[state.turns.length - 1];
  const run = turn?.runs[turn.runs.length - 1];
  if (!turn || !run || run.reached === 'events') return state.turns;
  const runs = turn.runs.slice();
  runs[runs.length - 1] = { ...run, reached: 'events' };
  const turns = state.turns.slice();
  turns[turns.length - 1] = { ...turn, runs };
  return turns;
}

/** Board events go around immer: only the patched containers are copied. */
function reduceBoardEvent(state: ThreadState, streamed: StreamedEvent): ThreadState {
  const e = streamed.event;
  const step: BoardStep =
    e.type === EventType.STATE_SNAPSHOT ? reduceSnapshot(state.board, e, streamed.id) : reduceDelta(state.board, e as Extract<AguiEvent, { type: EventType.STATE_DELTA }>, streamed.id);
  const next: { -readonly [K in keyof ThreadState]: ThreadState[K] } = { ...state, board: step.board, turns: worked(state) };
  if (streamed.id !== undefined) next.lastEventId = streamed.id;
  if (step.diagnostic) next.diagnostics = [...state.diagnostics, step.diagnostic].slice(-MAX_DIAGNOSTICS);
  if (state.status === 'waiting') {
    next.status = 'running';
    next.waitingForOthers = [];
  }
  return next;
}

/** Makes a reducer with its own Immer instance. */
export function createReducer(options: ReducerOptions = {}): ThreadReducer {
  const freeze = options.autoFreeze ?? false;
  const immer = new Immer({ autoFreeze: freeze });
  return (state, input) => {
    if (isStoreAction(input)) {
      if (input.type === 'thread/restore') {
        const base = { ...initialThreadState(state.threadId, state.aiLabel ? { aiLabel: state.aiLabel } : {}), connection: state.connection, diagnostics: state.diagnostics };
        return restoreState(input.snapshot, { ...base, board: { ...base.board, version: state.board.version } });
      }
      return immer.produce(state, (d) => reduceAction(d, input));
    }
    const event = (input as { event?: unknown }).event as AguiEvent | undefined;
    const ctx: EventContext = { id: input.id, at: event && typeof event.timestamp === 'number' ? event.timestamp : undefined };
    if (!event || typeof event !== 'object' || typeof event.type !== 'string') {
      return immer.produce(state, (d) => diagnose(d, 'invalid_event', 'an input with no event type', ctx));
    }
    try {
      const fast = fastPath(state, input, freeze);
      if (fast) return fast;
      if (event.type === EventType.STATE_SNAPSHOT || event.type === EventType.STATE_DELTA) return reduceBoardEvent(state, input);
      return immer.produce(state, (d) => {
        if (d.status === 'waiting' && resumesWaiting(event)) {
          d.status = 'running';
          d.waitingForOthers = [];
        }
        reduceEventDraft(d, event, ctx);
        if (event.type !== EventType.RUN_STARTED && event.type !== EventType.RUN_ERROR) markWorked(d);
        if (input.id !== undefined) d.lastEventId = input.id;
      });
    } catch (err) {
      // An event whose fields have the wrong types: never thrown to the renderer.
      const why = err instanceof Error ? err.message : String(err);
      return immer.produce(state, (d) => diagnose(d, 'invalid_event', `${event.type} could not be applied: ${why}`, ctx));
    }
  };
}

/** The default reducer (auto-freeze off). Stateless apart from its private Immer instance. */
export const reduce: ThreadReducer = createReducer();

/** Folds a sequence of inputs (a recording, a test's events) into a state. */
export function reduceAll(state: ThreadState, inputs: Iterable<ThreadInput>, reducer: ThreadReducer = reduce): ThreadState {
  let s = state;
  for (const input of inputs) s = reducer(s, input);
  return s;
}
