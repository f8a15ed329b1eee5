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
 * - A message OZ never took as a turn (refused with history_mismatch,
 *   interrupts_pending, turn_waiting, or before its run started: a 4xx, a
 *   network that never answered) is no turn: it is left out. A turn whose run
 *   streamed stays, whatever failed after (see isRefusedTurn).
 */
import type { Message, RunAgentRequest } from '../protocol/index.js';
import { newRun, newTurn } from './draft.js';
import { splitLabel } from './label.js';
import type { AssistantMessageView, RunView, ThreadState, Turn, TranscriptItem } from './state.js';
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

/** A message's text: a string, or its text parts joined (other parts have no words to show). */
function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content
    .map((p) => (p && typeof p === 'object' && (p as { type?: unknown }).type === 'text' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : ''))
    .join('');
}

/**
 * The turns of a history an app kept (oz-history-needed): each user message
 * opens a turn (its id kept, as OZ's `<job>:in` when it is one), and the
 * assistant messages after it are that turn's answer, in one finished run.
 * Other roles are left out. Ids must be strings; messages without words are skipped.
 */
export function turnsFromHistory(messages: readonly Message[], aiLabel: string | undefined): Turn[] {
  const turns: Turn[] = [];
  let items: TranscriptItem[] | undefined;
  for (const m of messages) {
    const text = textOf((m as { content?: unknown }).content);
    if (text === undefined || typeof m.id !== 'string' || m.id === '') continue;
    if (m.role === 'user') {
      items = [];
      const run: RunView = { ...newRun(`history-${turns.length + 1}`, 'follow'), phase: 'finished', outcome: 'success', terminal: true, reached: 'events', items };
      const user = { kind: 'user' as const, id: m.id, text, ...(m.id.endsWith(':in') ? { ozId: m.id } : {}) };
      turns.push({ ...newTurn(m.id, [run], user), job: m.id.endsWith(':in') ? m.id.slice(0, -3) : undefined });
    } else if (m.role === 'assistant' && items) {
      const split = splitLabel(text, aiLabel);
      const runId = turns[turns.length - 1]!.runs[0]!.runId;
      const message: AssistantMessageView = {
        kind: 'assistant',
        id: m.id,
        role: 'assistant',
        runId,
        content: text,
        label: split.label,
        body: split.pending ? text : split.body,
        labelPending: false,
        complete: true,
        toolCalls: [],
      };
      items.push({ kind: 'message', message });
    }
  }
  return turns;
}
