import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createThreadStore } from '../../src/thread/index.js';
import type { RunTransport } from '../../src/transport/index.js';
import { createRecorder, maskBoard, maskString, Ring, utf8Length } from '../../src/recorder/index.js';
import type { BoardState } from '../../src/protocol/index.js';
import { ev, EventType, text } from './thread-fixtures.js';

const item = (n: number, bytes = 10) => ({ n, bytes });

test('ring: bounded by entries, oldest dropped first and counted', () => {
  const ring = new Ring<{ n: number; bytes: number }>(3, 1_000);
  for (let i = 0; i < 8; i++) ring.push(item(i));
  assert.deepEqual(
    ring.toArray().map((e) => e.n),
    [5, 6, 7],
  );
  assert.equal(ring.size, 3);
  assert.equal(ring.bytes, 30);
  assert.deepEqual(ring.dropped, { entries: 5, bytes: 50 });
  assert.equal(ring.at(0)!.n, 5);
  assert.equal(ring.at(3), undefined);
});

test('ring: bounded by bytes; an entry larger than the bound is kept alone', () => {
  const ring = new Ring<{ n: number; bytes: number }>(100, 100);
  for (let i = 0; i < 10; i++) ring.push(item(i, 40));
  assert.deepEqual(
    ring.toArray().map((e) => e.n),
    [8, 9],
  );
  assert.equal(ring.bytes, 80);
  assert.deepEqual(ring.dropped, { entries: 8, bytes: 320 });
  ring.push(item(10, 500));
  assert.deepEqual(
    ring.toArray().map((e) => e.n),
    [10],
  );
  assert.equal(ring.dropped.entries, 10);
  ring.push(item(11, 1));
  assert.deepEqual(
    ring.toArray().map((e) => e.n),
    [11],
  );
  assert.throws(() => new Ring(0, 10), RangeError);
});

function burst(count: number): RunTransport {
  return (request, options = {}) =>
    (async function* () {
      options.onRequest?.({ url: request.url, body: request.body, attempt: 0 });
      options.onConnection?.({ status: 'open' });
      yield ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'r1' }, 'x0');
      yield* text('job-1:m1', 'AI: ', ...Array.from({ length: count }, (_, i) => `token ${i} `));
      yield ev({ type: EventType.RUN_FINISHED, threadId: 'chat-1', runId: 'r1', outcome: { type: 'success' } }, 'xz');
      options.onConnection?.({ status: 'closed' });
    })();
}

const storeFor = (transport: RunTransport) => {
  let n = 0;
  return createThreadStore({ url: 'http://edge.local/run', threadId: 'chat-1', transport, now: () => ++n, generateId: () => `g${n}`, schedule: () => () => {}, sliceClock: () => 0 });
};

test('recorder: the entry bound keeps the newest and counts the dropped (events among them)', async () => {
  const store = storeFor(burst(100));
  const recorder = createRecorder(store, { maxEntries: 10 });
  await store.send('go');
  // request + open + 1 + (start + 101 contents + end) + finished + closed
  const total = 1 + 1 + 1 + 103 + 1 + 1;
  assert.equal(recorder.size, 10);
  assert.equal(recorder.dropped.entries, total - 10);
  assert.equal(recorder.dropped.events, 105 - 9, 'of the 105 events, 9 are kept; the request and the first connection were dropped too');
  const kept = recorder.entries();
  assert.equal(kept.at(-1)!.kind, 'connection');
  const last = kept.at(-2)!;
  assert.equal(last.kind === 'event' ? last.id : undefined, 'xz');
  assert.equal(kept[0]!.seq, total - 10, 'the oldest went first');
  assert.equal(
    kept.reduce((s, e) => s + e.bytes, 0),
    recorder.bytes,
  );
  assert.ok(recorder.dropped.bytes > 0);
  const events = recorder.toNdjson().trim().split('\n');
  assert.equal(events.length, 9);
  assert.equal(JSON.parse(events[0]!).t, 0, 'an export starts at the first kept event');
});

test('recorder: the byte bound holds the sum of sizes under maxBytes', async () => {
  const store = storeFor(burst(200));
  const recorder = createRecorder(store, { maxBytes: 2_000 });
  await store.send('go');
  assert.ok(recorder.bytes <= 2_000, `${recorder.bytes} bytes kept`);
  assert.ok(recorder.bytes > 2_000 - 200, 'nearly full: only what had to go went');
  assert.ok(recorder.dropped.entries > 150);
  assert.equal(
    recorder.entries().reduce((s, e) => s + e.bytes, 0),
    recorder.bytes,
  );
  recorder.clear();
  assert.equal(recorder.size, 0);
  assert.ok(recorder.dropped.entries > 150, 'clear keeps the dropped counts');
});

test('sizes: UTF-8 bytes counted without encoding; masks keep UTF-16 lengths', () => {
  for (const s of ['', 'abc', 'héllo', '€uro', '😀 ok', 'a\u{10348}b', '日本語']) {
    assert.equal(utf8Length(s), Buffer.byteLength(s), s);
    assert.equal(maskString(s).length, s.length);
  }
  const board = {
    board: {
      notes: [
        { id: '1', kind: 'fact', tags: ['a', 'bb'], text: 'secret', job: 'j', agent: 'a', createdAt: 'x', tainted: false, labels: [] },
        { redacted: true, label: 'wall', id: '2', kind: 'fact', job: 'j', agent: 'a', createdAt: 'x' },
      ],
    },
  } as BoardState;
  const masked = maskBoard(board);
  assert.deepEqual(masked.board.notes[0], { ...board.board.notes[0], text: '••••••', tags: ['•', '••'] });
  assert.deepEqual(masked.board.notes[1], board.board.notes[1]);
  assert.equal((board.board.notes[0] as { text: string }).text, 'secret', "the store's board is never touched");
});
