/**
 * SSE parsing throughput: realistic AG-UI frames as the route sends them
 * (id + data, mostly token deltas, some tool calls and board patches), fed as
 * bytes in 16 KiB reads; and one 7 MiB event (a large board snapshot) in
 * 16 KiB reads, the case a rescanning parser turns quadratic.
 */
import { performance } from 'node:perf_hooks';
import { SseByteParser } from '../src/transport/index.js';
import type { BenchRow } from './types.js';

const CHUNK = 16 * 1024;
const MB = 1024 * 1024;

function realisticStream(targetBytes: number): Uint8Array {
  const frames: string[] = [];
  let size = 0;
  let i = 0;
  const words = ['Grüße', 'the', 'board', 'note', 'pinned', 'approval', 'agent', '日本', 'delegated', 'step'];
  while (size < targetBytes) {
    let event: unknown;
    const k = i % 40;
    if (k < 32) event = { type: 'TEXT_MESSAGE_CONTENT', messageId: `msg-${i >> 6}`, delta: `${words[i % words.length]} ` };
    else if (k < 35) event = { type: 'TOOL_CALL_ARGS', toolCallId: `call-${i}`, delta: '{"text":"pin this note to the board","tags":["a","b"]}' };
    else if (k < 37)
      event = {
        type: 'STATE_DELTA',
        delta: [
          { op: 'add', path: '/board/notes/-', value: { id: String(i), kind: 'note', text: 'A note the agent pinned', job: 'job-1', agent: 'helper', createdAt: '2026-01-01T00:00:00Z', tags: [] } },
        ],
      };
    else event = { type: 'CUSTOM', name: 'oz0.card', value: { job: 'job-1', card: { title: 'Greeting', body: 'Hello team' } } };
    const frame = `id: 01J${String(i).padStart(10, '0')}\ndata: ${JSON.stringify(event)}\n\n`;
    frames.push(frame);
    size += frame.length;
    i += 1;
  }
  return new TextEncoder().encode(frames.join(''));
}

function parseAll(bytes: Uint8Array, onData: (data: string) => void): number {
  let events = 0;
  const parser = new SseByteParser({
    onEvent: (m) => {
      events += 1;
      onData(m.data);
    },
  });
  for (let at = 0; at < bytes.length; at += CHUNK) parser.feed(bytes.subarray(at, at + CHUNK));
  parser.end();
  return events;
}

/** Best MB/s over a few rounds (after a warm-up), so one GC pause does not decide the figure. */
function mbPerSecond(bytes: Uint8Array, rounds: number, onData: (data: string) => void = () => undefined): number {
  parseAll(bytes, onData);
  let best = 0;
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    parseAll(bytes, onData);
    const seconds = (performance.now() - start) / 1000;
    best = Math.max(best, bytes.length / MB / seconds);
  }
  return best;
}

const bench = async (): Promise<BenchRow[]> => {
  const stream = realisticStream(32 * MB);
  const parsing = mbPerSecond(stream, 5);
  const withJson = mbPerSecond(stream, 3, (data) => void JSON.parse(data));
  const big = new TextEncoder().encode(`id: big\ndata: ${JSON.stringify({ type: 'STATE_SNAPSHOT', snapshot: { blob: 'x'.repeat(7 * MB) } })}\n\n`);
  const single = mbPerSecond(big, 5);
  return [
    { name: 'sse: realistic AG-UI frames, 16 KiB reads', value: parsing, unit: 'MB/s', target: '>= 50', pass: parsing >= 50 },
    { name: 'sse: same, plus JSON.parse of each event', value: withJson, unit: 'MB/s' },
    { name: 'sse: one 7 MiB event in 16 KiB reads', value: single, unit: 'MB/s', target: '>= 50', pass: single >= 50 },
  ];
};

export default bench;
