/**
 * openRun's reconnection against a real local server that drops the stream
 * at chosen points: the yielded sequence equals the undropped one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openRun, TransportError } from '../../src/transport/index.js';
import type { ConnectionState, OpenRunOptions, RunRequest } from '../../src/transport/index.js';
import type { StreamedEvent } from '../../src/protocol/index.js';
import { failOnUnhandledRejections } from './no-unhandled-rejections.js';
import { scriptedRun, startScriptedServer } from './transport-scripted-server.js';
import type { Cut, Reply, ScriptedServer } from './transport-scripted-server.js';

failOnUnhandledRejections();

const EVENTS = scriptedRun();
const BODY = { threadId: 'chat-1', runId: 'run-1', state: {}, messages: [{ id: 'u1', role: 'user' as const, content: 'Please greet the team' }] };

function expected(withIds: boolean): StreamedEvent[] {
  return EVENTS.map((event, i) => ({ id: withIds ? `e${i}` : undefined, event }));
}

interface Harness {
  server: ScriptedServer;
  sleeps: number[];
  states: ConnectionState[];
  run(extra?: OpenRunOptions): Promise<StreamedEvent[]>;
}

async function harness(replies: Reply[], withIds = true): Promise<Harness> {
  const server = await startScriptedServer({ events: EVENTS, replies, withIds });
  const sleeps: number[] = [];
  const states: ConnectionState[] = [];
  const request: RunRequest = { url: server.url, body: BODY, headers: { Authorization: 'Bearer secret-token' } };
  return {
    server,
    sleeps,
    states,
    async run(extra = {}) {
      const out: StreamedEvent[] = [];
      const options: OpenRunOptions = {
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        random: () => 0.5,
        onConnection: (s) => states.push(s),
        ...extra,
      };
      try {
        for await (const e of openRun(request, options)) out.push(e);
      } finally {
        await server.close();
      }
      return out;
    },
  };
}

const KINDS = ['mid', 'between', 'afterId'] as const;

for (const withIds of [true, false]) {
  test(`one drop at every frame and every kind of cut (${withIds ? 'with ids' : 'without ids'}): nothing twice, nothing missing`, async () => {
    for (let frame = 0; frame < EVENTS.length; frame++) {
      for (const at of KINDS) {
        if (at === 'afterId' && !withIds) continue;
        const cut: Cut = { at, frame };
        const h = await harness([{ kind: 'stream', cut }, { kind: 'stream' }], withIds);
        const got = await h.run();
        assert.deepEqual(got, expected(withIds), `${at} ${frame}`);
        const finished = at === 'between' && frame === EVENTS.length - 1; // RUN_FINISHED arrived whole
        assert.equal(h.server.requests.length, finished ? 1 : 2, `${at} ${frame}: requests`);
        if (finished) continue;
        const complete = at === 'between' ? frame : frame - 1; // the last frame fully received
        const lastEventId = h.server.requests[1]!.headers['last-event-id'];
        assert.equal(lastEventId, withIds && complete >= 0 ? `e${complete}` : undefined, `${at} ${frame}: Last-Event-ID`);
      }
    }
  });

  test(`a chain of drops, a drop before the first event and a clean end (${withIds ? 'with ids' : 'without ids'})`, async () => {
    const replies: Reply[] = [
      { kind: 'stream', cut: { at: 'start' } },
      { kind: 'stream', cut: { at: 'mid', frame: 2 } },
      { kind: 'stream', cut: { at: withIds ? 'afterId' : 'mid', frame: 3 } },
      { kind: 'stream', cut: { at: 'between', frame: 6 }, end: 'clean' }, // the route's half-hour end
      { kind: 'stream', cut: { at: 'start' }, end: 'clean' },
      { kind: 'stream' },
    ];
    const h = await harness(replies, withIds);
    const got = await h.run();
    assert.deepEqual(got, expected(withIds));
    assert.equal(h.server.requests.length, 6);
    for (const r of h.server.requests) assert.deepEqual(r.body, BODY, 'the same request each time');
  });
}

test('the states tell the story of a drop: connecting, open, reconnecting with the last id, open, closed', async () => {
  const h = await harness([{ kind: 'stream', cut: { at: 'between', frame: 3 } }, { kind: 'stream' }]);
  await h.run();
  assert.deepEqual(h.states, [
    { status: 'connecting' },
    { status: 'open' },
    { status: 'reconnecting', attempt: 1, delayMs: 125, lastEventId: 'e3', cause: 'The stream dropped before the run finished (TypeError)' },
    { status: 'open' },
    { status: 'closed' },
  ]);
  assert.doesNotMatch(JSON.stringify(h.states), /secret-token/);
});

test('backoff grows exponentially with full jitter, and gives up after the budget with the last cause', async () => {
  const h = await harness([{ kind: 'stream', cut: { at: 'start' } }]);
  await assert.rejects(h.run({ reconnect: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 500 } }), (err: unknown) => {
    assert.ok(err instanceof TransportError);
    assert.equal(err.code, 'gave_up');
    assert.match(err.message, /Gave up after 4 failed reconnect attempts in a row: The stream dropped/);
    assert.ok(err.cause instanceof TransportError && err.cause.code === 'network');
    return true;
  });
  assert.deepEqual(h.sleeps, [50, 100, 200, 250]); // 0.5 × min(500, 100 × 2^(n-1))
  assert.equal(h.server.requests.length, 5);
  assert.equal(h.states.at(-1)?.status, 'failed');
});

test('the default budget is 8 reconnects, 250 ms base, 8 s cap; random 0 and 1 bound the jitter', async () => {
  const h = await harness([{ kind: 'status', status: 503, body: '{"code":"unavailable","message":"busy"}' }]);
  await assert.rejects(h.run({ random: () => 0.999999 }), (err: TransportError) => err.code === 'gave_up' && err.status === 503 && err.serverCode === 'unavailable');
  assert.deepEqual(h.sleeps, [249, 499, 999, 1999, 3999, 7999, 7999, 7999]);
  assert.equal(h.server.requests.length, 9);
});

test('the attempt counter resets after a connection that delivered an event', async () => {
  // Every connection delivers exactly one new event, then drops: 18 connections, never more than attempt 1.
  const h = await harness([{ kind: 'stream', cut: { at: 'between', frame: 0 } }]);
  const got = await h.run({ reconnect: { maxAttempts: 1 } });
  assert.deepEqual(got, expected(true));
  assert.equal(h.server.requests.length, EVENTS.length);
  assert.ok(h.sleeps.every((ms) => ms === 125));
});

test('a server replaying from the start without ids cannot make progress look new: the budget still runs out', async () => {
  const h = await harness([{ kind: 'stream', cut: { at: 'between', frame: 2 } }], false);
  const seen: StreamedEvent[] = [];
  const request: RunRequest = { url: h.server.url, body: BODY };
  await assert.rejects(
    (async () => {
      for await (const e of openRun(request, { sleep: async () => undefined, random: () => 0, reconnect: { maxAttempts: 2 } })) seen.push(e);
    })(),
    (err: TransportError) => err.code === 'gave_up',
  );
  await h.server.close();
  assert.deepEqual(seen, expected(false).slice(0, 3), 'the three events once each');
  assert.equal(h.server.requests.length, 3);
});

test('503 then success; 429 with Retry-After is honoured and capped', async () => {
  const h = await harness([
    { kind: 'status', status: 503, body: 'not json' },
    { kind: 'status', status: 429, body: '{"code":"resource_exhausted","message":"slow down"}', headers: { 'retry-after': '2' } },
    { kind: 'status', status: 503, headers: { 'retry-after': '120' } },
    { kind: 'stream' },
  ]);
  const got = await h.run();
  assert.deepEqual(got, expected(true));
  assert.deepEqual(h.sleeps, [125, 2000, 8000]);
  const reconnecting = h.states.filter((s) => s.status === 'reconnecting');
  assert.match((reconnecting[1] as { cause: string }).cause, /HTTP 429 resource_exhausted: slow down/);
});

test('a server retry: field replaces the base delay', async () => {
  const h = await harness([{ kind: 'stream', prefix: 'retry: 40\n\n', cut: { at: 'between', frame: 1 } }, { kind: 'stream' }]);
  await h.run();
  assert.deepEqual(h.sleeps, [20]);
});

test('resuming a run already partly received sends Last-Event-ID on the first request', async () => {
  const h = await harness([{ kind: 'stream' }]);
  const got = await h.run({ lastEventId: 'e9' });
  assert.deepEqual(got, expected(true).slice(10));
  assert.equal(h.server.requests[0]!.headers['last-event-id'], 'e9');
});
