/**
 * The turn's tool calls: TOOL_CALL_START (with parentMessageId) / ARGS / END
 * / RESULT. Arguments stream as text and are parsed at END; a parse error is
 * kept, never thrown.
 */
import { original } from 'immer';
import type { ToolCallArgsEvent, ToolCallEndEvent, ToolCallResultEvent, ToolCallStartEvent } from '@ag-ui/core';
import { diagnose, ensureRun, findMessageDraft, findToolCallDraft, type D, type EventContext } from './draft.js';
import type { ToolCallView } from './state.js';

export function toolStart(d: D, e: ToolCallStartEvent, ctx: EventContext): void {
  const { run } = ensureRun(d);
  const known = original(run)?.items.some((i) => (i.kind === 'tool_call' && i.call.id === e.toolCallId) || (i.kind === 'message' && i.message.toolCalls.some((c) => c.id === e.toolCallId)));
  if (known) {
    diagnose(d, 'out_of_order', `TOOL_CALL_START for call ${e.toolCallId} that already exists`, ctx);
    return;
  }
  const call: ToolCallView = {
    id: e.toolCallId,
    name: e.toolCallName,
    parentMessageId: e.parentMessageId || undefined,
    runId: run.runId,
    argsText: '',
    argsComplete: false,
    args: undefined,
    argsError: undefined,
    result: undefined,
    status: 'running',
    interruptId: undefined,
  };
  const parent = e.parentMessageId ? findMessageDraft(d, e.parentMessageId) : undefined;
  if (parent) parent.toolCalls.push(call);
  else run.items.push({ kind: 'tool_call', call });
}

export function toolArgs(d: D, e: ToolCallArgsEvent, ctx: EventContext): void {
  const call = findToolCallDraft(d, e.toolCallId);
  if (!call) {
    diagnose(d, 'out_of_order', `TOOL_CALL_ARGS for call ${e.toolCallId} that never started`, ctx);
    return;
  }
  call.argsText += e.delta;
}

export function toolEnd(d: D, e: ToolCallEndEvent, ctx: EventContext): void {
  const call = findToolCallDraft(d, e.toolCallId);
  if (!call) {
    diagnose(d, 'out_of_order', `TOOL_CALL_END for call ${e.toolCallId} that never started`, ctx);
    return;
  }
  call.argsComplete = true;
  if (call.argsText.trim() === '') {
    call.args = {};
    return;
  }
  try {
    call.args = JSON.parse(call.argsText) as unknown;
    call.argsError = undefined;
  } catch (err) {
    call.argsError = err instanceof Error ? err.message : 'the arguments are not JSON';
  }
}

/** The result makes the call done, also one a run before left unfinished (a retry or resume that followed on); a denied call stays denied. */
export function toolResult(d: D, e: ToolCallResultEvent, ctx: EventContext): void {
  const call = findToolCallDraft(d, e.toolCallId);
  if (!call) {
    diagnose(d, 'out_of_order', `TOOL_CALL_RESULT for call ${e.toolCallId} that never started`, ctx);
    return;
  }
  call.result = { messageId: e.messageId, content: e.content };
  if (call.status !== 'denied') call.status = 'done';
}
