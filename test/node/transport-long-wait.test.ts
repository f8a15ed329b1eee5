/**
 * A turn that waits for a long time, against a real local server: streams
 * that carry only keep-alives, or end cleanly at the server's maximum, are
 * followed again for as long as the turn waits; only failures in a row use
 * the reconnect budget, and giving up names the last failure.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openRun, TransportError } from '../../src/transport/index.js';
import type { ConnectionState, OpenRunOptions, RunRequest, StreamEnd } from '../../src/transport/index.js';
import type { StreamedEvent } from '../../src/protocol/index.js';
import { failOnUnhandledRejections } from './no-unhandled-rejections.js';
import { scriptedRun, startScriptedServer } from './transport-scripted-server.js';
import type { Reply } from './transport-scripted-server.js';

failOnUnhandledRejections();

const EVENTS = scriptedRun();
const BODY = { threadId: 'chat-1', runId: 'run-1', state: {}, messages: [{ id: 'u1', role: 'user' as const, content: 'Please greet the team' }] };
const KEEP_ALIVE = ': keep-alive\n\n';

async function follow(replies: Reply[], extra: OpenRunOptions = {}) {
  const server = await startScriptedServer({ events: EVENTS, replies });
  const states: ConnectionState[] = [];
  const ends: StreamEnd[] = [];
  const comments: string[] = [];
  const sleeps: number[] = [];
  const got: StreamedEvent[] = [];
  const request: RunRequest = { url: server.url, body: BODY };
  let error: unknown;
  try {
    const options: OpenRunOptions = {
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.5,
      onConnection: (s) => states.push(s),
      onStreamEnd: (e) => ends.push(e),
      onComment: (c) => comments.push(c),
      reconnect: { maxAttempts: 2 },
      ...extra,
    };
    for await (const e of openRun(request, options)) got.push(e);
  } catch (err) {
    error = err;
  } finally {
    await server.close();
  }
  return { server, states, ends, comments, sleeps, got, error };
}

test('streams that carry only keep-alives, far more of them than the budget, never give up: the run is followed to its end', async () => {
  // The first stream delivers three events; then 12 streams of keep-alives only, each ended by the server; then the rest.
  const quiet: Reply = { kind: 'stream', prefix: KEEP_ALIVE + KEEP_ALIVE, cut: { at: 'start' }, end: 'clean' };
  const replies: Reply[] = [{ kind: 'stream', cut: { at: 'between', frame: 2 }, end: 'clean' }, ...Array(12).fill(quiet), { kind: 'stream' }];
  const r = await follow(replies);
  assert.equal(r.error, undefined, 'no gave_up with a budget of 2');
  assert.deepEqual(
    r.got.map((e) => e.id),
    EVENTS.map((_, i) => `e${i}`),
    'every event once, in order',
  );
  assert.equal(r.server.requests.length, 14);
  for (const req of r.server.requests.slice(1)) assert.equal(req.headers['last-event-id'], 'e2', 'each quiet stream is followed from where the run was');
  assert.equal(r.comments.length, 24);
  const reconnects = r.states.filter((s): s is Extract<ConnectionState, { status: 'reconnecting' }> => s.status === 'reconnecting');
  assert.equal(reconnects.length, 13);
  assert.ok(
    reconnects.every((s) => s.attempt === 1 && s.expected === true),
    "each one the server's own end, attempt 1",
  );
  assert.deepEqual(
    r.ends.map((e) => [e.how, e.events, e.keepAlives, e.healthy]),
    [['ended', 3, 0, true], ...Array(12).fill(['ended', 0, 2, true]), ['done', EVENTS.length - 3, 0, true]],
  );
});

test("a stream that stays open until the server's maximum, with nothing in it, is no failure either", async () => {
  let t = 0;
  const now = () => (t += 3000); // each stream is open 3 s on this clock: past a healthyStreamMs of 2 s
  const silent: Reply = { kind: 'stream', cut: { at: 'start' }, end: 'clean' };
  const r = await follow([...Array(6).fill(silent), { kind: 'stream' }], { now, reconnect: { maxAttempts: 1, healthyStreamMs: 2000 } });
  assert.equal(r.error, undefined);
  assert.equal(r.got.length, EVENTS.length);
  assert.ok(r.ends.slice(0, 6).every((e) => e.how === 'ended' && e.healthy && e.openMs === 3000));
});

test('a server that ends every stream at once with nothing in it is a failure: the budget runs out, with the reason', async () => {
  const r = await follow([{ kind: 'stream', cut: { at: 'start' }, end: 'clean' }], { now: () => 0 });
  assert.ok(r.error instanceof TransportError);
  assert.equal(r.error.code, 'gave_up');
  assert.match(r.error.message, /Gave up after 2 failed reconnect attempts in a row: The stream ended before the run finished/);
  assert.equal(r.server.requests.length, 3);
  assert.ok(r.ends.every((e) => !e.healthy && e.how === 'ended'));
  assert.deepEqual(r.sleeps, [125, 250], 'unhealthy ends back off');
  assert.equal(r.states.filter((s) => s.status === 'reconnecting' && s.expected).length, 0);
});

test('drops between keep-alive streams: only the drops in a row count', async () => {
  const quiet: Reply = { kind: 'stream', prefix: KEEP_ALIVE, cut: { at: 'start' }, end: 'clean' };
  const drop: Reply = { kind: 'stream', cut: { at: 'start' }, end: 'drop' };
  // Four drops with a budget of 2: never more than the budget in a row, since each keep-alive stream resets the count.
  const r = await follow([drop, drop, quiet, drop, quiet, drop, { kind: 'stream' }]);
  assert.equal(r.error, undefined);
  assert.equal(r.got.length, EVENTS.length);
  assert.deepEqual(
    r.ends.map((e) => e.how),
    ['dropped', 'dropped', 'ended', 'dropped', 'ended', 'dropped', 'done'],
  );
  const again = await follow([drop, drop, drop, { kind: 'stream' }]);
  assert.equal((again.error as TransportError | undefined)?.code, 'gave_up', 'three in a row are one too many');
});
