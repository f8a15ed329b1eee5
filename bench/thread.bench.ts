/**
 * The thread reducer's figures: text events reduced per second, and one
 * STATE_DELTA operation on a board of 10,000 notes, amortized. And a long
 * thread's storage: what saving it after one more turn costs, kept whole
 * (one JSON text, memoryStorage) or in parts (webStorage, over an in-memory
 * Storage: no browser's storage costs), and reading it back.
 */
import { EventType } from '../src/protocol/index.js';
import type { AguiEvent, BoardNote, StreamedEvent } from '../src/protocol/index.js';
import {
  createReducer,
  createSnapshotEncoder,
  findMessage,
  initialThreadState,
  memoryStorage,
  parseSnapshot,
  readSnapshot,
  reduceAll,
  takeSnapshot,
  webStorage,
  writeSnapshot,
} from '../src/thread/index.js';
import type { ThreadInput, ThreadState } from '../src/thread/index.js';
import type { Bench, BenchRow } from './types.js';

const ev = (id: number, event: Record<string, unknown>): StreamedEvent => ({ id: String(id), event: event as AguiEvent });

function note(i: number): BoardNote {
  return { id: String(i), kind: 'fact', tags: ['t'], text: `note ${i} `.repeat(8), job: 'job-1', agent: 'helper', createdAt: '2026-01-01T00:00:00Z', tainted: false, labels: [] };
}

function started(): ThreadState {
  const reduce = createReducer();
  return reduceAll(
    initialThreadState('bench', { aiLabel: 'AI: ' }),
    [ev(1, { type: EventType.RUN_STARTED, threadId: 'bench', runId: 'r1' }), ev(2, { type: EventType.TEXT_MESSAGE_START, messageId: 'job:m1', role: 'assistant' })],
    reduce,
  );
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
    const op =
      i % 2 === 0
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

/** `turns` finished turns, each a question and a markdown answer. */
function longThread(turns: number, from = 0, state = initialThreadState('bench', { aiLabel: 'AI: ' })): ThreadState {
  const reduce = createReducer();
  let id = from * 10;
  for (let t = from; t < from + turns; t++) {
    const runId = `r${t}`;
    state = reduce(state, { type: 'thread/send', turnId: `u${t}`, text: `What about item ${t}?`, url: 'http://x', runId, body: { threadId: 'bench', runId, messages: [] }, at: t });
    state = reduceAll(
      state,
      [
        ev(++id, { type: EventType.RUN_STARTED, threadId: 'bench', runId }),
        ev(++id, { type: EventType.TEXT_MESSAGE_START, messageId: `m${t}`, role: 'assistant' }),
        ev(++id, {
          type: EventType.TEXT_MESSAGE_CONTENT,
          messageId: `m${t}`,
          delta: `AI: Here is what I found about **item ${t}**: the [report](https://example.com/r/${t}) says it is on track.\n\n- First, check the numbers.\n- Then, ask ana.\n`,
        }),
        ev(++id, { type: EventType.TEXT_MESSAGE_END, messageId: `m${t}` }),
        ev(++id, { type: EventType.RUN_FINISHED, threadId: 'bench', runId, outcome: { type: 'success' } }),
      ],
      reduce,
    );
  }
  return state;
}

/** Ms per save of a 500-turn thread after each of 20 more turns (the store's encoder, as it saves), and ms to read it back. */
async function storageFigures(parts: boolean): Promise<{ save: number; read: number }> {
  const base = longThread(500);
  const more: ThreadState[] = [];
  for (let i = 0, s = base; i < 20; i++) more.push((s = longThread(1, 500 + i, s)));
  const map = new Map<string, string>();
  // In parts: webStorage over an in-memory Storage; whole: one JSON text per thread (memoryStorage).
  const port = parts ? webStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }) : memoryStorage();
  const encoder = createSnapshotEncoder();
  const save = (s: ThreadState) => {
    const r = writeSnapshot(port, 'oz-agui:thread:bench', takeSnapshot(s, 1), encoder, 10_000_000);
    if ('error' in r) throw new Error(r.error);
  };
  save(base);
  const t0 = performance.now();
  for (const s of more) save(s);
  const saveMs = (performance.now() - t0) / more.length;
  let read = Infinity;
  for (let round = 0; round < 5; round++) {
    const r0 = performance.now();
    const raw = await readSnapshot(port, 'oz-agui:thread:bench', createSnapshotEncoder());
    read = Math.min(read, performance.now() - r0);
    const parsed = parseSnapshot(raw);
    if (!parsed.ok || parsed.snapshot.turns.length !== 520) throw new Error('not read back');
  }
  return { save: saveMs, read };
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
  const whole = await storageFigures(false);
  const split = await storageFigures(true);
  rows.push(
    { name: 'thread storage: save after one more turn of 500, kept whole', value: whole.save, unit: 'ms' },
    { name: 'thread storage: save after one more turn of 500, in parts', value: split.save, unit: 'ms' },
    { name: 'thread storage: read back 500 turns, kept whole', value: whole.read, unit: 'ms' },
    { name: 'thread storage: read back 500 turns, in parts', value: split.read, unit: 'ms' },
  );
  return rows;
};
export default bench;
