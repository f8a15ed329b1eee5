/** The view models an element shows, found in a played thread state (never typed by hand). */
import type { AssistantMessageView, InterruptView, StepView, ThreadState, ToolCallView, Turn } from '../../src/thread/index.js';

/** Every message the agent streamed, oldest first. */
export function messagesOf(state: ThreadState): AssistantMessageView[] {
  return state.turns.flatMap((t) => t.runs.flatMap((r) => r.items.flatMap((i) => (i.kind === 'message' ? [i.message] : []))));
}

/** Every tool call (under its message or on its own), oldest first. */
export function toolCallsOf(state: ThreadState): ToolCallView[] {
  return state.turns.flatMap((t) => t.runs.flatMap((r) => r.items.flatMap((i) => (i.kind === 'message' ? [...i.message.toolCalls] : i.kind === 'tool_call' ? [i.call] : []))));
}

/** The last turn (the one the recording played). */
export function lastTurn(state: ThreadState): Turn {
  const turn = state.turns.at(-1);
  if (!turn) throw new Error('The replay left no turn');
  return turn;
}

/** The last turn's steps in order, and whether its runs reached the route's limit of open steps. */
export function stepsOf(state: ThreadState): { steps: StepView[]; limitReached: boolean; hidden: number } {
  const turn = lastTurn(state);
  return {
    steps: turn.stepOrder.map((job) => turn.steps[job]!).filter(Boolean),
    limitReached: turn.runs.some((r) => r.stepLimitReached),
    hidden: turn.runs.reduce((n, r) => n + r.hiddenSteps, 0),
  };
}

/** Every interrupt the thread met, in arrival order. */
export function interruptsOf(state: ThreadState): InterruptView[] {
  return Object.values(state.interrupts);
}

/** The one message, call or interrupt a story needs; a clear error when the recording has none. */
export function pick<T>(list: readonly T[], index: number, what: string): T {
  const found = index < 0 ? list.at(index) : list[index];
  if (found === undefined) throw new Error(`The replay has no ${what} #${index} (it has ${list.length})`);
  return found;
}
