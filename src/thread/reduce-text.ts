/**
 * The agent's text: TEXT_MESSAGE_START / CONTENT / END. A message for each
 * answer the agent gives (a new one after a tool call); the first content
 * starts with the tenant's AI label, kept in `content` and split off into
 * `label` / `body`.
 */
import type { TextMessageContentEvent, TextMessageEndEvent, TextMessageStartEvent } from '@ag-ui/core';
import { original, type Draft } from 'immer';
import { applySplit, diagnose, ensureRun, findMessageDraft, type D, type EventContext } from './draft.js';
import type { AssistantMessageView, TranscriptItem } from './state.js';

function startMessage(d: D, messageId: string, role: AssistantMessageView['role']): Draft<AssistantMessageView> {
  const { run } = ensureRun(d);
  const label = d.aiLabel;
  const message: AssistantMessageView = {
    kind: 'assistant',
    id: messageId,
    role,
    runId: run.runId,
    content: '',
    label: undefined,
    body: '',
    labelPending: Boolean(label),
    complete: false,
    toolCalls: [],
  };
  run.items.push({ kind: 'message', message } as Draft<TranscriptItem>);
  const item = run.items[run.items.length - 1]!;
  return (item as Extract<typeof item, { kind: 'message' }>).message;
}

export function textStart(d: D, e: TextMessageStartEvent, ctx: EventContext): void {
  const { run } = ensureRun(d);
  if (original(run)?.items.some((i) => i.kind === 'message' && i.message.id === e.messageId)) {
    diagnose(d, 'out_of_order', `TEXT_MESSAGE_START for message ${e.messageId} that already exists`, ctx);
    return;
  }
  startMessage(d, e.messageId, e.role ?? 'assistant');
}

export function textContent(d: D, e: TextMessageContentEvent, ctx: EventContext): void {
  let m = findMessageDraft(d, e.messageId);
  if (!m) {
    diagnose(d, 'out_of_order', `TEXT_MESSAGE_CONTENT for message ${e.messageId} that never started`, ctx);
    m = startMessage(d, e.messageId, 'assistant');
  } else if (m.complete) {
    // A message that ended keeps the text it ended with (a duplicate START, then more content, must not grow it).
    diagnose(d, 'out_of_order', `TEXT_MESSAGE_CONTENT for message ${e.messageId} that already ended`, ctx);
    return;
  }
  m.content += e.delta;
  if (m.labelPending) applySplit(m, d.aiLabel);
  else m.body += e.delta;
}

export function textEnd(d: D, e: TextMessageEndEvent, ctx: EventContext): void {
  const m = findMessageDraft(d, e.messageId);
  if (!m) {
    diagnose(d, 'out_of_order', `TEXT_MESSAGE_END for message ${e.messageId} that never started`, ctx);
    return;
  }
  m.complete = true;
  if (m.labelPending) applySplit(m, d.aiLabel);
}
