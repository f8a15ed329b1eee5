/** Shared helpers for the thread tests: events with ids, and a thread with a turn sent. */
import { EventType } from '../../src/protocol/index.js';
import type { AguiEvent, StreamedEvent } from '../../src/protocol/index.js';
// The store's resume() checks answers with the forms' validator, which registers itself when imported (as
// importing oz-agui does); the bundle loads it on first use instead (test/node/answer-check.test.ts).
import '../../src/forms/validate.js';
import { createReducer, initialThreadState, reduceAll } from '../../src/thread/index.js';
import type { StoreAction, ThreadInput, ThreadState } from '../../src/thread/index.js';

export { EventType };

let seq = 0;
/** An event as the transport yields it, with a fresh SSE id unless given. */
export function ev(event: Record<string, unknown>, id?: string): StreamedEvent {
  return { id: id ?? `e${++seq}`, event: event as unknown as AguiEvent };
}

export const reduce = createReducer({ autoFreeze: true });

export function sendAction(runId = 'run-1', turnId = 'u1', text = 'Please greet the team'): StoreAction {
  return {
    type: 'thread/send',
    turnId,
    text,
    url: 'http://edge/v1/agui/agents/helper?tenant=acme',
    runId,
    body: { threadId: 'chat-1', runId, messages: [{ id: turnId, role: 'user', content: text }] },
    at: 1000,
  };
}

/** A thread with one turn sent and its run started. */
export function started(aiLabel: string | null = 'AI: ', runId = 'run-1'): ThreadState {
  return reduceAll(initialThreadState('chat-1', aiLabel ? { aiLabel } : {}), [sendAction(runId), ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId })], reduce);
}

export function apply(state: ThreadState, inputs: ThreadInput[]): ThreadState {
  return reduceAll(state, inputs, reduce);
}

export const text = (messageId: string, ...deltas: string[]): StreamedEvent[] => [
  ev({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' }),
  ...deltas.map((delta) => ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
  ev({ type: EventType.TEXT_MESSAGE_END, messageId }),
];

export const toolCall = (toolCallId: string, name: string, parentMessageId: string | undefined, ...args: string[]): StreamedEvent[] => [
  ev({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: name, ...(parentMessageId ? { parentMessageId } : {}) }),
  ...args.map((delta) => ev({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta })),
  ev({ type: EventType.TOOL_CALL_END, toolCallId }),
];

export const custom = (name: string, value: unknown): StreamedEvent => ev({ type: EventType.CUSTOM, name, value });

export const finished = (outcome: unknown, metadata?: Record<string, unknown>, runId = 'run-1'): StreamedEvent =>
  ev({ type: EventType.RUN_FINISHED, threadId: 'chat-1', runId, outcome, ...(metadata ? { metadata } : {}) });

export function approvalInterrupt(id: string, toolCallId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    reason: 'tool_call',
    toolCallId,
    message: 'AI: May I send the greeting?',
    expiresAt: '2026-03-01T12:00:00Z',
    responseSchema: {
      type: 'object',
      properties: { approved: { type: 'boolean' }, comment: { type: 'string' } },
      required: ['approved'],
      additionalProperties: false,
    },
    metadata: {
      'oz0/kind': 'approval',
      'oz0/what': 'Send email',
      'oz0/job': 'job-1',
      'oz0/deciders': 'you',
      'oz0/ai-label': 'AI: ',
      'oz0/console': { label: 'Decide in OZ', url: 'https://console/jobs/job-1' },
    },
    ...extra,
  };
}

export function questionInterrupt(id: string, choices = ['red', 'blue']): Record<string, unknown> {
  return {
    id,
    reason: 'input_required',
    message: 'AI: Which colour?',
    responseSchema: { type: 'object', properties: { answer: { type: 'string', enum: choices } }, required: ['answer'] },
    metadata: { 'oz0/kind': 'question', 'oz0/job': 'job-2', 'oz0/choices': choices },
  };
}
