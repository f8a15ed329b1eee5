/**
 * The recorder's figures: heap used with 100,000 recorded events (the events
 * themselves included: the recorder is what keeps them alive), and the time
 * to filter 100,000 entries by type, by job and by text.
 *
 * Heap is measured after a full GC when node runs with --expose-gc
 * (`node --expose-gc --import tsx bench/run.ts recorder`), else as a
 * process.memoryUsage().heapUsed delta without forced GC (the row says which).
 */
import { EventType } from '../src/protocol/index.js';
import type { AguiEvent } from '../src/protocol/index.js';
import { createRecorder } from '../src/recorder/index.js';
import type { RecordableStore } from '../src/recorder/index.js';
import { initialThreadState } from '../src/thread/index.js';
import type { ThreadRecord } from '../src/thread/index.js';
import type { Bench, BenchRow } from './types.js';

const N = 100_000;

/** A store stand-in: the recorder sees exactly what onRecord hands it. */
function tap(): { store: RecordableStore; emit: (r: ThreadRecord) => void } {
  const listeners = new Set<(r: ThreadRecord) => void>();
  const state = initialThreadState('bench');
  return {
    store: { getState: () => state, onRecord: (l) => (listeners.add(l), () => listeners.delete(l)) },
    emit: (r) => listeners.forEach((l) => l(r)),
  };
}

/** A realistic mix, built as the SSE parser would (fresh objects): mostly tokens, tool calls, some board deltas. */
function eventAt(i: number): AguiEvent {
  const job = `job-${Math.floor(i / 1_000)}`;
  const k = i % 50;
  const e =
    k === 0
      ? { type: EventType.TEXT_MESSAGE_START, messageId: `${job}:m${i}`, role: 'assistant' }
      : k === 40
        ? { type: EventType.TOOL_CALL_START, toolCallId: `c${i}`, toolCallName: 'oz.search', parentMessageId: `${job}:m${i - 40}` }
        : k === 41
          ? { type: EventType.TOOL_CALL_ARGS, toolCallId: `c${i - 1}`, delta: `{"query":"weekly report ${i}"}` }
          : k === 42
            ? { type: EventType.TOOL_CALL_END, toolCallId: `c${i - 2}` }
            : k === 45
              ? {
                  type: EventType.STATE_DELTA,
                  delta: [
                    {
                      op: 'add',
                      path: '/board/notes/-',
                      value: { id: String(i), kind: 'fact', tags: ['t'], text: `note ${i}`, job, agent: 'helper', createdAt: '2026-01-01T00:00:00Z', tainted: false, labels: [] },
                    },
                  ],
                }
              : k === 49
                ? { type: EventType.TEXT_MESSAGE_END, messageId: `${job}:m${i - 49}` }
                : { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `${job}:m${i - k}`, delta: ` token${k}` };
  return e as unknown as AguiEvent;
}

const gc = (globalThis as { gc?: () => void }).gc;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 0));
  }
};

function time(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

const bench: Bench = async () => {
  const { store, emit } = tap();
  await settle();
  const before = process.memoryUsage().heapUsed;
  const recorder = createRecorder(store, { maxEntries: 110_000 }); // room for the 2,000 state-delta entries too
  const t0 = performance.now();
  for (let i = 0; i < N; i++) emit({ kind: 'event', at: 1_000 + i, streamed: { id: `${i}`, event: eventAt(i) } });
  const recordMs = performance.now() - t0;
  await settle();
  const heapMb = (process.memoryUsage().heapUsed - before) / (1024 * 1024);
  const how = gc ? 'after gc' : 'no gc: memoryUsage delta';
  const kept = recorder.size;

  const byType = time(() => recorder.filter({ types: ['TOOL_CALL_ARGS'] }));
  const byJob = time(() => recorder.filter({ job: 'job-42' }));
  const byText = time(() => recorder.filter({ text: 'weekly report 9999' }));
  const rows: BenchRow[] = [
    {
      name: `recorder: heap with ${N.toLocaleString('en-US')} events (${kept.toLocaleString('en-US')} entries, ${recorder.dropped.entries} dropped; ${how})`,
      value: heapMb,
      unit: 'MB',
      target: '< 60',
      pass: heapMb < 60,
    },
    { name: 'recorder: record 100,000 events', value: recordMs, unit: 'ms' },
    { name: 'recorder: filter 100,000 by type', value: byType, unit: 'ms', target: '< 100', pass: byType < 100 },
    { name: 'recorder: filter 100,000 by job', value: byJob, unit: 'ms', target: '< 100', pass: byJob < 100 },
    { name: 'recorder: filter 100,000 by text', value: byText, unit: 'ms', target: '< 100', pass: byText < 100 },
  ];
  recorder.stop();
  return rows;
};

export default bench;
