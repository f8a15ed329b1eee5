/**
 * The per-token events (TEXT_MESSAGE_CONTENT, TOOL_CALL_ARGS) without immer:
 * a stream sends hundreds of thousands of them, and a draft, its proxies and
 * their finalization cost several times what a few object copies do. The
 * result is what the immer path gives (only the touched message or call and
 * the containers above it are new); anything unusual (an id not in the
 * current run, a pending label, a waiting run) falls back to the immer path,
 * which knows how to diagnose it.
 */
import { EventType } from '../protocol/index.js';
import type { StreamedEvent } from '../protocol/index.js';
import type { AssistantMessageView, RunView, ThreadState, ToolCallView, TranscriptItem, Turn } from './state.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function same<T>(o: T): T {
  return o;
}

/** Rebuilds item `i` of the current run and the containers above it. */
function replaceItem(state: ThreadState, turn: Turn, run: RunView, i: number, item: TranscriptItem, id: string | undefined, f: <T>(o: T) => T): ThreadState {
  const items = run.items.slice();
  items[i] = f(item);
  const runs = turn.runs.slice();
  runs[runs.length - 1] = f({ ...run, items: f(items) });
  const turns = state.turns.slice();
  turns[turns.length - 1] = f({ ...turn, runs: f(runs) });
  const out: Mutable<ThreadState> = { ...state, turns: f(turns) };
  if (id !== undefined) out.lastEventId = id;
  return f(out);
}

/** Returns the next state, or undefined when the general path must handle the event. */
export function fastPath(state: ThreadState, streamed: StreamedEvent, freeze: boolean): ThreadState | undefined {
  const e = streamed.event as { type: string; messageId?: unknown; toolCallId?: unknown; delta?: unknown };
  if (typeof e.delta !== 'string' || state.status === 'waiting') return undefined;
  const isText = e.type === EventType.TEXT_MESSAGE_CONTENT && typeof e.messageId === 'string';
  const isArgs = e.type === EventType.TOOL_CALL_ARGS && typeof e.toolCallId === 'string';
  if (!isText && !isArgs) return undefined;
  const turn = state.turns[state.turns.length - 1];
  const run = turn?.runs[turn.runs.length - 1];
  if (!turn || !run) return undefined;
  const f = freeze ? Object.freeze : same;
  const delta = e.delta;
  // The item streaming is nearly always the last: look back a few only.
  for (let i = run.items.length - 1, seen = 0; i >= 0 && seen < 8; i--, seen++) {
    const item = run.items[i]!;
    if (isText) {
      if (item.kind !== 'message' || item.message.id !== e.messageId) continue;
      const m = item.message;
      if (m.labelPending || m.complete) return undefined;
      const message: AssistantMessageView = f({ ...m, content: m.content + delta, body: m.body + delta });
      return replaceItem(state, turn, run, i, { kind: 'message', message }, streamed.id, f);
    }
    if (item.kind === 'tool_call' && item.call.id === e.toolCallId) {
      const call: ToolCallView = f({ ...item.call, argsText: item.call.argsText + delta });
      return replaceItem(state, turn, run, i, { kind: 'tool_call', call }, streamed.id, f);
    }
    if (item.kind === 'message') {
      const k = item.message.toolCalls.findIndex((c) => c.id === e.toolCallId);
      if (k < 0) continue;
      const calls = item.message.toolCalls.slice();
      calls[k] = f({ ...calls[k]!, argsText: calls[k]!.argsText + delta });
      const message: AssistantMessageView = f({ ...item.message, toolCalls: f(calls) });
      return replaceItem(state, turn, run, i, { kind: 'message', message }, streamed.id, f);
    }
  }
  return undefined;
}
