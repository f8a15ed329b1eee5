/**
 * The history a run sends, as "The history" in the route's spec requires:
 * OZ keeps the thread's turns and checks what a client sends against them.
 *
 * - One user message for each turn (they count the turns), with OZ's own id
 *   (`<job>:in`) where known, else the id this client gave it.
 * - Before the newest user message, only the last assistant message of the
 *   latest turn, with the messageId OZ sent (it names that turn's job).
 * - A new turn adds the new user message with a fresh id, in a run with a
 *   fresh runId. A retry sends the same run (runId and body) unchanged.
 * - A message OZ refused before taking it as a turn (history_mismatch,
 *   interrupts_pending, turn_waiting, a 4xx) is no turn: it is left out.
 */
import type { Message, RunAgentRequest } from '../protocol/index.js';
import type { AssistantMessageView, ThreadState, Turn } from './state.js';
import { acceptedTurns } from './turn-status.js';

/** The id a turn's user message goes by in a history. */
function userId(turn: Turn): string {
  return turn.userMessage?.ozId ?? turn.userMessageId;
}

/** The last assistant message of a turn (across its runs), if it has one. */
export function lastAssistantMessage(turn: Turn): AssistantMessageView | undefined {
  for (let r = turn.runs.length - 1; r >= 0; r--) {
    const items = turn.runs[r]!.items;
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]!;
      if (item.kind !== 'message') continue;
      if (item.message.role === 'assistant') return item.message;
    }
  }
  return undefined;
}

function historyOf(turns: readonly Turn[]): Message[] {
  const out: Message[] = [];
  for (const turn of turns) {
    if (turn.userMessage) out.push({ id: userId(turn), role: 'user', content: turn.userMessage.text });
  }
  const latest = turns[turns.length - 1];
  const answer = latest ? lastAssistantMessage(latest) : undefined;
  if (answer) out.push({ id: answer.id, role: 'assistant', content: answer.content });
  return out;
}

/**
 * The messages for the thread's turns `[0, upTo)` that OZ took: each turn's
 * user message, then the last assistant message of the latest of them. Turns
 * with no user message (a recording replayed into an empty thread) are skipped.
 */
export function buildHistory(state: ThreadState, upTo: number = state.turns.length): Message[] {
  return historyOf(acceptedTurns(state.turns.slice(0, upTo)));
}

/** The body of a new turn: the history, then the new user message. */
export function buildTurnRequest(state: ThreadState, turn: { runId: string; messageId: string; text: string }): RunAgentRequest {
  return {
    threadId: state.threadId,
    runId: turn.runId,
    messages: [...buildHistory(state), { id: turn.messageId, role: 'user', content: turn.text }],
  };
}

/**
 * The body that follows the thread's latest turn from its start (a page
 * loaded afresh, with no request of its own kept): every turn's user message,
 * the latest one newest, with the answer of the turn before it. Messages OZ
 * refused are no turns and are left out.
 */
export function buildFollowRequest(state: ThreadState, runId: string): RunAgentRequest {
  const turns = acceptedTurns(state.turns);
  const before = historyOf(turns.slice(0, -1));
  const latest = turns[turns.length - 1];
  const newest: Message[] = latest?.userMessage ? [{ id: userId(latest), role: 'user', content: latest.userMessage.text }] : [];
  return { threadId: state.threadId, runId, messages: [...before, ...newest] };
}
