/**
 * The thread reducer's figures: text events reduced per second, and one
 * STATE_DELTA operation on a board of 10,000 notes, amortized.
 */
import { EventType } from '../src/protocol/index.js';
import type { AguiEvent, BoardNote, StreamedEvent } from '../src/protocol/index.js';
import { createReducer, findMessage, initialThreadState, reduceAll } from '../src/thread/index.js';
import type { ThreadInput, ThreadState } from '../src/thread/index.js';
import type { Bench, BenchRow } from './types.js';

const ev = (id: number, event: Record<string, unknown>): StreamedEvent => ({ id: String(id), event: event as AguiEvent });

function note(i: number): BoardNote {
  return { id: String(i), kind: 'fact', tags: ['t'], text: `note ${i} `.repeat(8), job: 'job-1', agent: 'helper', createdAt: '2026-01-01T00:00:00Z', tainted: false, labels: [] };
}

function started(): ThreadState {
  const reduce = createReducer();
  return reduceAll(initialThreadState('bench', { aiLabel: 'AI: ' }), [
    ev(1, { type: EventType.RUN_STARTED, threadId: 'bench', runId: 'r1' }),
    ev(2, { type: EventType.TEXT_MESSAGE_START, messageId: 'job:m1', role: 'assistant' }),
  ], reduce);
}

/**
 * A realistic stream: `turns` turns of 10 answers of 1,000 tokens each, with
 * a tool call between answers. Only TEXT_MESSAGE_CONTENT events are counted,
 * but the time of every event is included.
 */
function textStream(turns: number): { events: ThreadInput[]; content: number } {
  const events: ThreadInput[] = [];
  let content = 0;
  let id = 0;
  for (let t = 0; t < turns; t++) {
    events.push({ type: 'thread/send', turnId: `u${t}`, text: 'hello', url: 'http://x', runId: `r${t}`, body: { threadId: 'bench', runId: `r${t}`, messages: [] }, at: 0 });
    events.push(ev(++id, { type: EventType.RUN_STARTED, threadId: 'bench', runId: `r${t}` }));
    for (let m = 0; m < 10; m++) {
      const messageId = `job${t}:m${m}`;
      events.push(ev(++id, { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' }));
      for (let i = 0; i < 1000; i++, content++) events.push(ev(++id, { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: i === 0 ? 'AI: ' : 'tok ' }));
      events.push(ev(++id, { type: EventType.TEXT_MESSAGE_END, messageId }));
      events.push(ev(++id, { type: EventType.TOOL_CALL_START, toolCallId: `c${t}.${m}`, toolCallName: 'oz.search', parentMessageId: messageId }));
      events.push(ev(++id, { type: EventType.TOOL_CALL_ARGS, toolCallId: `c${t}.${m}`, delta: '{"q":"x"}' }));
      events.push(ev(++id, { type: EventType.TOOL_CALL_END, toolCallId: `c${t}.${m}` }));
      events.push(ev(++id, { type: EventType.TOOL_CALL_RESULT, toolCallId: `c${t}.${m}`, messageId: `t${t}.${m}`, content: 'ok' }));
    }
    events.push(ev(++id, { type: EventType.RUN_FINISHED, threadId: 'bench', runId: `r${t}`, outcome: { type: 'success' } }));
  }
  return { events, content };
}

function textThroughput(turns: number): number {
  const { events, content } = textStream(turns);
  let best = 0;
  for (let round = 0; round < 5; round++) {
    const reduce = createReducer();
    let s = initialThreadState('bench', { aiLabel: 'AI: ' });
    const t0 = performance.now();
    for (const e of events) s = reduce(s, e);
    const ms = performance.now() - t0;
    if ((findMessage(s, `job${turns - 1}:m9`)?.body.length ?? 0) !== 999 * 4) throw new Error('text lost');
    best = Math.max(best, content / (ms / 1000));
  }
  return best;
}

/**
 * Half adds at /board/notes/- and half replaces at a note's index, each on a
 * board of 10,000 notes (an add starts from the same 10,000-note board, so
 * the board stays at the size the target names).
 */
function deltaOp(): number {
  const reduce = createReducer();
  const notes = Array.from({ length: 10_000 }, (_, i) => note(i));
  const base = reduce(started(), ev(3, { type: EventType.STATE_SNAPSHOT, snapshot: { board: { notes } } }));
  const n = 20_000;
  const events: StreamedEvent[] = [];
  for (let i = 0; i < n; i++) {
    const op = i % 2 === 0
      ? { op: 'add', path: '/board/notes/-', value: note(10_000 + i) }
      : { op: 'replace', path: `/board/notes/${(i * 7919) % 10_000}`, value: { ...note(20_000 + i), supersedes: String((i * 7919) % 10_000) } };
    events.push(ev(i + 4, { type: EventType.STATE_DELTA, delta: [op] }));
  }
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    let s = base;
    let last = base;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      if (i % 2 === 0) last = reduce(s, events[i]!);
      else s = reduce(s, events[i]!);
    }
    const us = ((performance.now() - t0) * 1000) / n;
    if (s.board.stale || last.board.stale || last.board.value.board.notes.length !== 10_001) throw new Error('patches lost');
    best = Math.min(best, us);
  }
  return best;
}

const bench: Bench = async () => {
  const rate = textThroughput(20);
  const long = textThroughput(200);
  const us = deltaOp();
  const rows: BenchRow[] = [
    { name: 'thread reducer: TEXT_MESSAGE_CONTENT events/s (20 turns)', value: rate, unit: 'events/s', target: '>= 200,000', pass: rate >= 200_000 },
    { name: 'thread reducer: TEXT_MESSAGE_CONTENT events/s (200 turns)', value: long, unit: 'events/s', target: '>= 200,000', pass: long >= 200_000 },
    { name: 'thread reducer: one STATE_DELTA op, board of 10,000 notes', value: us, unit: 'µs', target: '<= 50', pass: us <= 50 },
  ];
  return rows;
};
export default bench;
