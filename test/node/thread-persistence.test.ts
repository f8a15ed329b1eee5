/**
 * Web Storage keeps a thread in parts: a head under the thread's key and one
 * entry per turn, so a save after one more turn writes that turn and the head,
 * not the whole thread. What an earlier version saved whole is still read,
 * and anything wrong loses nothing the store had.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StreamedEvent } from '../../src/protocol/index.js';
import { createSnapshotEncoder, createThreadStore, entryKey, findMessage, parseSnapshot, takeSnapshot, webStorage } from '../../src/thread/index.js';
import type { ThreadStore, ThreadStoreOptions, WebStorageLike } from '../../src/thread/index.js';
import type { RunTransport } from '../../src/transport/index.js';
import { ev, EventType, finished, text } from './thread-fixtures.js';

const KEY = 'oz-agui:thread:chat-1';

/** A Storage-like map that counts writes by key and can be made full. */
function countingStorage() {
  const map = new Map<string, string>();
  const writes: string[] = [];
  let full = false;
  const storage: WebStorageLike = {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      writes.push(k);
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
  };
  return { map, writes, storage, fill: (on: boolean) => void (full = on) };
}

/** Answers every run at once: started, one message, finished (runIds from generateId). */
function answering(): RunTransport {
  let n = 0;
  return (request) => {
    const runId = request.body.runId;
    const m = `m${++n}`;
    const events: StreamedEvent[] = [ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId }), ...text(m, `AI: answer ${n}`), finished({ type: 'success' }, undefined, runId)];
    return (async function* () {
      for (const e of events) yield e;
    })();
  };
}

function makeStore(storage: ThreadStoreOptions['storage'], transport: RunTransport = answering()): ThreadStore {
  let n = 0;
  return createThreadStore({
    url: 'http://x/run',
    threadId: 'chat-1',
    transport,
    storage,
    aiLabel: 'AI: ',
    now: () => 1_000 + n,
    generateId: () => `id-${++n}`,
    schedule: () => () => {},
    sliceClock: () => 0,
  });
}

test('a thread is kept as a head and one entry per turn; one more turn writes that turn and the head', async () => {
  const s = countingStorage();
  const store = makeStore(webStorage(s.storage));
  for (let i = 0; i < 5; i++) await store.send(`question ${i}`);
  assert.deepEqual([...s.map.keys()].sort(), [KEY, entryKey(KEY, 0), ...Array.from({ length: 5 }, (_, i) => entryKey(KEY, i + 1))].sort());
  s.writes.length = 0;
  await store.send('one more');
  assert.ok(s.writes.length > 0, 'it saved');
  assert.deepEqual([...new Set(s.writes)].sort(), [KEY, entryKey(KEY, 0), entryKey(KEY, 6)].sort(), 'only the new turn, its request and the head');
  assert.equal(s.writes.at(-1), KEY, 'the head last: it commits the save');
  const head = JSON.parse(s.map.get(KEY)!) as Record<string, unknown>;
  assert.equal(head.turns, undefined, 'the head holds no turns');
  assert.equal(head.lastRequest, undefined, 'nor the request (its history grows with the thread)');
  assert.equal((JSON.parse(s.map.get(entryKey(KEY, 0))!) as { body: { messages: unknown[] } }).body.messages.length, 7, 'six questions and the last answer');
  assert.equal(head.v, 1);
});

test('a reload restores the thread from its parts, and its next save writes only what changed', async () => {
  const s = countingStorage();
  const first = makeStore(webStorage(s.storage));
  for (let i = 0; i < 4; i++) await first.send(`question ${i}`);
  first.dispose();
  const second = makeStore(webStorage(s.storage));
  await second.restore();
  const state = second.getState();
  assert.equal(state.turns.length, 4);
  assert.equal(JSON.stringify(state.turns), JSON.stringify(first.getState().turns), 'the same turns, as JSON');
  assert.equal(findMessage(state, 'm4')!.body, 'answer 4');
  s.writes.length = 0;
  await second.send('after the reload');
  assert.deepEqual([...new Set(s.writes)].sort(), [KEY, entryKey(KEY, 0), entryKey(KEY, 5)].sort(), 'the restored turns are not written again');
  assert.deepEqual(
    second.getState().lastRequest!.body.messages.map((m) => m.content),
    ['question 0', 'question 1', 'question 2', 'question 3', 'AI: answer 4', 'after the reload'],
  );
  // What anyone else reads with load(): the whole snapshot.
  const whole = await webStorage(s.storage).load(KEY);
  const parsed = parseSnapshot(whole);
  assert.ok(parsed.ok, 'load() gives a whole snapshot');
  assert.equal(parsed.snapshot.turns.length, 5);
  assert.deepEqual(parsed.snapshot.lastRequest, second.getState().lastRequest);
});

test('a thread saved whole under one key (the earlier format) is restored, then saved in parts', async () => {
  const s = countingStorage();
  const before = makeStore(undefined);
  await before.send('old question');
  const encoded = createSnapshotEncoder()(takeSnapshot(before.getState(), 1));
  assert.ok(encoded.ok);
  s.map.set(KEY, encoded.json);
  const store = makeStore(webStorage(s.storage));
  await store.restore();
  assert.equal(store.getState().turns.length, 1);
  assert.equal(store.getState().turns[0]!.userMessage!.text, 'old question');
  await store.send('new question');
  assert.ok(s.map.has(entryKey(KEY, 1)) && s.map.has(entryKey(KEY, 2)), 'every turn in its own entry now');
  assert.equal((JSON.parse(s.map.get(KEY)!) as Record<string, unknown>).turns, undefined);
  const again = makeStore(webStorage(s.storage));
  await again.restore();
  assert.deepEqual(
    again.getState().turns.map((t) => t.userMessage?.text),
    ['old question', 'new question'],
  );
});

test('a missing turn entry: the stored thread is ignored with a diagnostic', async () => {
  const s = countingStorage();
  const first = makeStore(webStorage(s.storage));
  await first.send('a');
  await first.send('b');
  s.map.delete(entryKey(KEY, 1));
  const second = makeStore(webStorage(s.storage));
  await second.restore();
  assert.equal(second.getState().turns.length, 0);
  assert.match(second.getState().diagnostics.at(-1)!.message, /stored thread ignored: entry 1 of 3 is missing/);
});

test('another writer of the same key: the next save writes every entry again; fewer turns remove the extra entries', async () => {
  const s = countingStorage();
  const port = webStorage(s.storage);
  const store = makeStore(port);
  await store.send('a');
  await store.send('b');
  // A second store of the thread in this tab saves a shorter thread under the same key.
  const other = makeStore(webStorage(s.storage));
  await other.send('only one');
  assert.equal(s.map.has(entryKey(KEY, 2)), false, 'the entry past its one turn is removed');
  s.writes.length = 0;
  await store.send('c');
  assert.deepEqual([...new Set(s.writes)].sort(), [KEY, entryKey(KEY, 0), entryKey(KEY, 1), entryKey(KEY, 2), entryKey(KEY, 3)].sort(), 'all written again: the head was not its own');
  const reader = makeStore(webStorage(s.storage));
  await reader.restore();
  assert.deepEqual(
    reader.getState().turns.map((t) => t.userMessage?.text),
    ['a', 'b', 'c'],
  );
});

test('a full storage: a diagnostic, the thread stays in the store, and a later save writes everything again', async () => {
  const s = countingStorage();
  const store = makeStore(webStorage(s.storage));
  await store.send('a');
  s.fill(true);
  await store.send('b');
  assert.ok(store.getState().diagnostics.some((d) => d.kind === 'storage' && /not saved: .*quota/i.test(d.message)));
  assert.equal(store.getState().turns.length, 2, 'nothing lost in the store');
  s.fill(false);
  await store.send('c');
  const reader = makeStore(webStorage(s.storage));
  await reader.restore();
  assert.deepEqual(
    reader.getState().turns.map((t) => t.userMessage?.text),
    ['a', 'b', 'c'],
  );
});

test('remove() takes the head and every turn entry; a whole save replaces the parts', async () => {
  const s = countingStorage();
  const port = webStorage(s.storage);
  const store = makeStore(port);
  await store.send('a');
  await store.send('b');
  await port.remove(KEY);
  assert.equal(s.map.size, 0);
  await store.send('c');
  assert.equal(s.map.size, 5, 'the head, the request, three turns');
  await port.save(KEY, takeSnapshot(store.getState(), 1), '{"v":1}');
  assert.deepEqual([...s.map.keys()], [KEY], 'one entry, the whole snapshot');
});
