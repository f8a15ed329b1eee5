/**
 * Selectors over the thread's view model: the current turn and run, a message
 * or tool call by id, the open and answerable interrupts, whether a stream is
 * followed. Pure reads of a ThreadState (state.ts re-exports them all).
 */
import type { AssistantMessageView, ToolCallView } from './transcript-views.js';
import type { InterruptView, RunView, ThreadState, Turn } from './state.js';

/** The turn being run (the last), if any. */
export function currentTurn(state: ThreadState): Turn | undefined {
  return state.turns[state.turns.length - 1];
}

/** The run being streamed or last streamed, if any. */
export function currentRun(state: ThreadState): RunView | undefined {
  const turn = currentTurn(state);
  return turn?.runs[turn.runs.length - 1];
}

/** The first non-undefined `pick(item)` over the transcript's items, newest run and item first. */
function findFromNewest<T>(state: ThreadState, pick: (item: RunView['items'][number]) => T | undefined): T | undefined {
  for (let t = state.turns.length - 1; t >= 0; t--) {
    const runs = state.turns[t]!.runs;
    for (let r = runs.length - 1; r >= 0; r--) {
      const items = runs[r]!.items;
      for (let i = items.length - 1; i >= 0; i--) {
        const found = pick(items[i]!);
        if (found !== undefined) return found;
      }
    }
  }
  return undefined;
}

/** A streamed message by id, searched from the newest run back. */
export function findMessage(state: ThreadState, id: string): AssistantMessageView | undefined {
  return findFromNewest(state, (item) => (item.kind === 'message' && item.message.id === id ? item.message : undefined));
}

/** A tool call by id (on its own or under its message), searched from the newest run back. */
export function findToolCall(state: ThreadState, id: string): ToolCallView | undefined {
  return findFromNewest(state, (item) => {
    if (item.kind === 'tool_call') return item.call.id === id ? item.call : undefined;
    return item.kind === 'message' ? item.message.toolCalls.find((c) => c.id === id) : undefined;
  });
}

/** The caller's open interrupts, oldest first. */
export function openInterrupts(state: ThreadState): InterruptView[] {
  return state.openInterruptIds.map((id) => state.interrupts[id]).filter((i): i is InterruptView => i !== undefined);
}

/**
 * Whether an interrupt can still be answered at `now` (ms): it is not past
 * its deadline, when it has one (OZ denies it then, so no answer to it is taken).
 */
export function isAnswerable(interrupt: InterruptView, now: number): boolean {
  return interrupt.deadline === undefined || interrupt.deadline > now;
}

/** The caller's open interrupts that can still be answered at `now`, oldest first: what holds the thread back. */
export function answerableInterrupts(state: ThreadState, now: number): InterruptView[] {
  return openInterrupts(state).filter((i) => isAnswerable(i, now));
}

/** Whether a stream is being followed now. */
export function isActive(state: ThreadState): boolean {
  return state.status === 'running' || state.status === 'waiting';
}
