/**
 * The history a client sends is checked against the thread's turns, never
 * taken: the user messages count the turns, and the last assistant message
 * before the newest user message must be one OZ sent in the latest turn.
 */
import type { Message } from '../../../src/protocol/index.js';

/** What OZ knows of one turn, for the check. */
export interface TurnFacts {
  job: string;
  userText: string;
  messageIds: ReadonlySet<string>;
}

export type HistoryVerdict = { kind: 'new'; text: string } | { kind: 'follow' } | { kind: 'mismatch'; message: string } | { kind: 'invalid'; message: string };

/** The newest user message's text; an error for images, files and other parts. */
export function newestUserText(messages: readonly Message[]): { ok: true; text: string; index: number } | { ok: false; message: string } {
  let index = -1;
  messages.forEach((m, i) => {
    if (m.role === 'user') index = i;
  });
  if (index < 0) return { ok: false, message: 'The run needs a user message (or resume entries).' };
  const content = (messages[index] as Extract<Message, { role: 'user' }>).content;
  if (typeof content === 'string') return { ok: true, text: content, index };
  const parts = content as ReadonlyArray<{ type: string; text?: string }>;
  if (parts.some((p) => p.type !== 'text')) return { ok: false, message: 'Images, files and other non-text parts are refused: send text.' };
  return { ok: true, text: parts.map((p) => p.text ?? '').join(''), index };
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ');

/** Checks the messages against the thread's turns (oldest first). */
export function checkHistory(messages: readonly Message[], turns: readonly TurnFacts[]): HistoryVerdict {
  const newest = newestUserText(messages);
  if (!newest.ok) return { kind: 'invalid', message: newest.message };
  const users = messages.filter((m) => m.role === 'user');
  const latest = turns[turns.length - 1];
  if (users.length === turns.length && latest) {
    const msg = messages[newest.index]!;
    if (msg.id === `${latest.job}:in` || norm(newest.text) === norm(latest.userText)) return { kind: 'follow' };
    return { kind: 'mismatch', message: "The newest user message is not the thread's latest turn: load the thread again." };
  }
  if (users.length !== turns.length + 1) {
    return { kind: 'mismatch', message: `The messages count ${users.length} user turns; the thread has ${turns.length}: load the thread again.` };
  }
  let lastAssistant: Message | undefined;
  for (let i = 0; i < newest.index; i++) if (messages[i]!.role === 'assistant') lastAssistant = messages[i];
  if (lastAssistant && !latest?.messageIds.has(lastAssistant.id)) {
    return { kind: 'mismatch', message: "The last assistant message is not one OZ sent in the thread's latest turn: load the thread again." };
  }
  return { kind: 'new', text: newest.text };
}
