/**
 * The store's snapshot encoder: the same JSON content as JSON.stringify,
 * each unchanged turn serialized once however often the thread is saved,
 * and the same bounds (board first, then earlier turns).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createReducer, createSnapshotEncoder, encodeSnapshot, initialThreadState, joinParts, takeSnapshot } from '../../src/thread/index.js';
import type { ThreadState, Turn } from '../../src/thread/index.js';
import { ev, EventType, finished, text } from './thread-fixtures.js';

function threadOf(turns: number): ThreadState {
  const reduce = createReducer();
  let state = initialThreadState('chat-1');
  for (let i = 0; i < turns; i++) {
    state = reduce(state, {
      type: 'thread/send',
      runId: `r${i}`,
      userMessageId: `u${i}`,
      text: `question ${i}`,
      at: i,
      request: { url: '/x', runId: `r${i}`, kind: 'send', body: { threadId: 'chat-1', runId: `r${i}`, messages: [] } },
    } as never);
    state = reduce(state, ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: `r${i}` }));
    for (const e of text(`m${i}`, `AI: answer ${i} with **markdown**`)) state = reduce(state, e);
    state = reduce(state, finished({ type: 'success' }, undefined, `r${i}`));
  }
  return state;
}

test('the encoder gives the same JSON content as JSON.stringify', () => {
  const state = threadOf(5);
  assert.ok(state.turns.length === 5, 'five turns reduced');
  const snapshot = takeSnapshot(state, 123);
  const encoded = createSnapshotEncoder()(snapshot);
  assert.ok(encoded.ok);
  assert.deepEqual(JSON.parse(encoded.json), JSON.parse(JSON.stringify(snapshot)));
  const empty = createSnapshotEncoder()(takeSnapshot(initialThreadState('chat-2'), 1));
  assert.ok(empty.ok);
  assert.deepEqual(JSON.parse(empty.json), JSON.parse(JSON.stringify(takeSnapshot(initialThreadState('chat-2'), 1))));
});

test('an unchanged turn is serialized once across saves', () => {
  const state = threadOf(3);
  const encode = createSnapshotEncoder();
  let reads = 0;
  // Count how often the first turn is serialized: JSON.stringify calls toJSON each time.
  const counted = state.turns.map((t, i) => (i === 0 ? ({ ...t, toJSON: () => (reads++, { ...t }) } as unknown as Turn) : t));
  const snapshot = { ...takeSnapshot(state, 1), turns: counted };
  encode(snapshot);
  encode({ ...snapshot, savedAt: 2 });
  encode({ ...snapshot, savedAt: 3, turns: [...counted] });
  assert.equal(reads, 1);
});

test('the encoder keeps the bounds: board first, then earlier turns, then nothing', () => {
  const state = threadOf(20);
  const snapshot = {
    ...takeSnapshot(state, 1),
    board: { notes: Array.from({ length: 50 }, (_, i) => ({ id: String(i), kind: 'k', tags: [], text: 'x'.repeat(200), job: 'j', agent: 'a', createdAt: 't', tainted: false, labels: [] })) },
  } as never;
  const full = JSON.stringify(snapshot).length;
  const plain = encodeSnapshot(snapshot, full - 1);
  const memo = createSnapshotEncoder()(snapshot, full - 1);
  assert.ok(plain.ok && memo.ok);
  assert.deepEqual(memo.trimmed, ['board']);
  assert.deepEqual(JSON.parse(memo.json), JSON.parse(plain.json));
  const withoutBoard = JSON.stringify({ ...(snapshot as object), board: undefined }).length;
  const tight = createSnapshotEncoder()(snapshot, withoutBoard - 1);
  assert.ok(tight.ok);
  assert.deepEqual(tight.trimmed, ['board', 'earlier turns']);
  const none = createSnapshotEncoder()(snapshot, 100);
  assert.equal(none.ok, false);
});

test('parts: joined, they are the whole JSON; the bounds count the joined length exactly; an unchanged turn is the same string', () => {
  const state = threadOf(6);
  const snapshot = takeSnapshot(state, 7);
  const encode = createSnapshotEncoder();
  const whole = encode(snapshot);
  const parts = encode.parts(snapshot);
  assert.ok(whole.ok && parts.ok);
  assert.equal(joinParts(parts), whole.json);
  assert.equal(parts.turns.length, 6);
  assert.equal(JSON.parse(parts.head).turns, undefined);
  assert.ok(encode.parts(snapshot, whole.json.length).ok, 'exactly at the bound fits');
  const over = encode.parts(snapshot, whole.json.length - 1);
  assert.ok(over.ok && over.trimmed.includes('earlier turns'), 'one character over trims, as the whole encoder does');
  const later = encode.parts({ ...snapshot, savedAt: 8, turns: [...snapshot.turns] });
  assert.ok(later.ok);
  assert.equal(later.turns.length, 6);
  assert.deepEqual(later.turns, parts.turns);
  const empty = createSnapshotEncoder().parts(takeSnapshot(initialThreadState('chat-2'), 1));
  assert.ok(empty.ok);
  assert.deepEqual(JSON.parse(joinParts(empty)), JSON.parse(JSON.stringify(takeSnapshot(initialThreadState('chat-2'), 1))));
});
