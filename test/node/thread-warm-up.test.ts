/** src/thread/warm-up.ts: the store's code run once on a throwaway thread, with nothing sent or stored. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { warmUpStore } from '../../src/thread/index.js';

test('warmUpStore sends one message on a scripted thread: no request, no page storage, and it ends', async () => {
  const realFetch = globalThis.fetch;
  const fetched: unknown[] = [];
  globalThis.fetch = ((...args: unknown[]) => {
    fetched.push(args);
    return Promise.reject(new Error('the warm-up must not fetch'));
  }) as typeof fetch;
  const writes: string[] = [];
  const g = globalThis as { sessionStorage?: unknown };
  g.sessionStorage = { getItem: () => null, setItem: (k: string) => void writes.push(k), removeItem: (k: string) => void writes.push(k) };
  let state;
  try {
    state = await warmUpStore();
  } finally {
    globalThis.fetch = realFetch;
    delete g.sessionStorage;
  }
  assert.deepEqual(fetched, []);
  assert.deepEqual(writes, []);
  // It did run the whole turn: the message, the answer streamed in, the run ended.
  assert.equal(state.status, 'idle');
  assert.equal(state.turns.length, 1);
  assert.equal(state.turns[0]!.userMessage?.text, 'A first message.');
  const items = state.turns[0]!.runs[0]!.items;
  assert.ok(
    items.some((i) => i.kind === 'message' && i.message.body.includes('A short **answer**.')),
    JSON.stringify(items),
  );
  // Once per page: another chat asking gets the same run.
  assert.equal(await warmUpStore(), state);
});
