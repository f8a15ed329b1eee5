import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StreamedEvent } from '../../src/protocol/index.js';
import { approve, createThreadStore, currentRun, decline, findMessage, isThreadError, memoryStorage, webStorage } from '../../src/thread/index.js';
import type { ThreadRecord, ThreadStoreOptions } from '../../src/thread/index.js';
import type { OpenRunOptions, RunRequest, RunTransport } from '../../src/transport/index.js';
import { TransportError } from '../../src/transport/index.js';
import { approvalInterrupt, ev, EventType, finished, questionInterrupt, text } from './thread-fixtures.js';

/** One scripted answer: events to yield, then optionally wait for abort or throw. */
interface Script {
  events: StreamedEvent[];
  then?: 'wait' | Error;
}

function fakeTransport(scripts: Script[]) {
  const calls: Array<{ request: RunRequest; options: OpenRunOptions }> = [];
  let reachedWait: () => void = () => {};
  const waiting = () => new Promise<void>((r) => (reachedWait = r));
  const transport: RunTransport = (request, options = {}) => {
    calls.push({ request, options });
    const script = scripts.shift() ?? { events: [] };
    return (async function* () {
      options.onRequest?.({ url: request.url, body: request.body, attempt: 0, ...(options.lastEventId ? { lastEventId: options.lastEventId } : {}) });
      options.onConnection?.({ status: 'open' });
      for (const e of script.events) yield e;
      if (script.then === 'wait') {
        await new Promise<void>((resolve) => {
          options.signal?.addEventListener('abort', () => resolve());
          reachedWait();
        });
        return;
      }
      if (script.then instanceof Error) throw script.then;
      options.onConnection?.({ status: 'closed' });
    })();
  };
  return { transport, calls, waiting };
}

function options(transport: RunTransport, extra: Partial<ThreadStoreOptions> = {}): ThreadStoreOptions {
  let n = 0;
  return {
    endpoint: 'http://proxy.local/',
    agent: 'helper',
    tenant: 'acme',
    threadId: 'chat-1',
    headers: { 'X-Test': '1' },
    transport,
    aiLabel: 'AI: ',
    now: () => 1_000 + n,
    generateId: () => `id-${++n}`,
    schedule: () => () => {},
    sliceClock: () => 0, // never yields: notifications stay deterministic
    ...extra,
  };
}

const started = (runId: string) => ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId });

test('send: builds the request, follows the stream, reduces it, and notifies once per batch', async () => {
  const fake = fakeTransport([{ events: [started('id-2'), ...text('job-1:m1', 'AI: Hel', 'lo'), finished({ type: 'success' }, undefined, 'id-2')] }]);
  const store = createThreadStore(options(fake.transport));
  const seen: unknown[] = [];
  const records: ThreadRecord[] = [];
  store.subscribe((s) => seen.push(s));
  store.onRecord((r) => records.push(r));
  await store.send('Please greet the team');
  assert.equal(store.url, 'http://proxy.local/v1/agui/agents/helper?tenant=acme');
  assert.equal(fake.calls.length, 1);
  const { request, options: o } = fake.calls[0]!;
  assert.deepEqual(request.body, { threadId: 'chat-1', runId: 'id-2', messages: [{ id: 'id-1', role: 'user', content: 'Please greet the team' }] });
  assert.deepEqual(request.headers, { 'X-Test': '1' });
  assert.equal(o.lastEventId, undefined);
  const s = store.getState();
  assert.equal(s.status, 'idle');
  assert.equal(findMessage(s, 'job-1:m1')!.body, 'Hello');
  assert.equal(seen.length, 1, 'one notification for the whole batch');
  assert.equal(seen[0], s);
  assert.deepEqual(
    records.map((r) => r.kind),
    ['request', 'connection', 'event', 'event', 'event', 'event', 'event', 'event', 'connection'],
  );
  const req = records[0] as Extract<ThreadRecord, { kind: 'request' }>;
  assert.equal((req as unknown as { headers?: unknown }).headers, undefined, 'no headers recorded');
});

test('a long burst gives the main thread back between slices, notifying first, in order, dropping nothing', async () => {
  const parts = Array.from({ length: 20 }, (_, i) => `w${i} `);
  const fake = fakeTransport([{ events: [started('id-2'), ...text('job-1:m1', 'AI: ', ...parts), finished({ type: 'success' }, undefined, 'id-2')] }]);
  // A burst: the store reads the clock as it starts and ends each event; it moves 3 ms over each
  // event's work and 0.1 ms between two events (no wait: the next one was there).
  let clock = 0;
  let reads = 0;
  const log: string[] = [];
  const store = createThreadStore(
    options(fake.transport, {
      sliceClock: () => (clock += reads++ % 2 ? 0.1 : 3),
      sliceMs: 8,
      yieldToMain: async () => {
        reads++; // the store reads the clock again after a yield, to start the next slice: keep the pairs
        log.push('yield');
      },
    }),
  );
  store.subscribe(() => log.push('notify'));
  await store.send('go');
  const yields = log.filter((l) => l === 'yield').length;
  assert.ok(yields >= 5, `yielded ${yields} times`);
  for (let i = 0; i < log.length; i++) if (log[i] === 'yield') assert.equal(log[i - 1], 'notify', 'listeners hear of the slice before the yield');
  assert.equal(findMessage(store.getState(), 'job-1:m1')!.body, parts.join(''));
  assert.equal(store.getState().status, 'idle');
});

test('a paced stream is never sliced: a wait for the next event ends the slice, however long the stream', async () => {
  const parts = Array.from({ length: 40 }, (_, i) => `w${i} `);
  const fake = fakeTransport([{ events: [started('id-2'), ...text('job-1:m1', 'AI: ', ...parts), finished({ type: 'success' }, undefined, 'id-2')] }]);
  // 0.5 ms of work per event, then 2 ms waiting for the next (about 500 events/s): 100 ms in all, and no slice of 8.
  let clock = 0;
  let reads = 0;
  let yields = 0;
  const store = createThreadStore(
    options(fake.transport, {
      sliceClock: () => (clock += reads++ % 2 ? 2 : 0.5),
      sliceMs: 8,
      yieldToMain: async () => {
        yields++;
      },
    }),
  );
  await store.send('go');
  assert.ok(clock > 100, `the stream took ${clock} ms`);
  assert.equal(yields, 0);
  assert.equal(findMessage(store.getState(), 'job-1:m1')!.body, parts.join(''));
});

/** A fetch answering with `reads`: each an SSE text the stream delivers as one read, after `gapMs` (0: all there at once). */
function sseFetch(reads: string[], gapMs: number): typeof fetch {
  return async () => {
    const encoder = new TextEncoder();
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (i >= reads.length) return controller.close();
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
        controller.enqueue(encoder.encode(reads[i++]!));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}
const sse = (events: StreamedEvent[]) => events.map((e, i) => `id: ${i}\ndata: ${JSON.stringify(e.event)}\n\n`);

/**
 * A store on the real transport, answered with one message of `words` parts,
 * as one read (`gapMs` 0) or one read per event `gapMs` apart; its slice
 * clock moves `clockStep` ms at each read, and its yields are counted.
 */
async function streamOverNetwork(words: number, gapMs: number, clockStep: number) {
  const parts = Array.from({ length: words }, (_, i) => `w${i} `);
  const events = [started('id-2'), ...text('job-1:m1', 'AI: ', ...parts), finished({ type: 'success' }, undefined, 'id-2')];
  const frames = sse(events);
  let clock = 0;
  let yields = 0;
  const store = createThreadStore(
    options(undefined as unknown as RunTransport, {
      transport: undefined,
      transportOptions: { fetch: sseFetch(gapMs > 0 ? frames : [frames.join('')], gapMs) },
      sliceClock: () => (clock += clockStep),
      sliceMs: 8,
      yieldToMain: async () => void yields++,
    }),
  );
  await store.send('go');
  assert.equal(findMessage(store.getState(), 'job-1:m1')!.body, parts.join(''));
  assert.equal(store.getState().status, 'idle');
  return { yields, clock };
}

test('over the network, a read of many events is one burst, sliced however long parsing it took', async () => {
  // Every clock read moves 2 ms: the time between two events of one read is parsing, not a wait.
  const { yields } = await streamOverNetwork(20, 0, 2);
  assert.ok(yields >= 5, `yielded ${yields} times`);
});

test('over the network, reads that each waited for the stream are never sliced, whatever the clock between them', async () => {
  // Each event its own read, 5 ms after the one before; the store's clock moves 1 ms a read, so it
  // cannot see those waits: the reads' own timing says they waited.
  const { yields, clock } = await streamOverNetwork(12, 5, 1);
  assert.ok(clock > 30, `the store's clock moved ${clock} ms`);
  assert.equal(yields, 0);
});

test('a second send while a turn runs is refused with a typed error; so is one while interrupts wait', async () => {
  const fake = fakeTransport([{ events: [started('id-2')], then: 'wait' }, { events: [started('id-4'), finished({ type: 'interrupt', interrupts: [questionInterrupt('q1')] }, undefined, 'id-4')] }]);
  const store = createThreadStore(options(fake.transport));
  const reached = fake.waiting();
  const first = store.send('one');
  await reached;
  assert.throws(
    () => store.send('two'),
    (e: unknown) => isThreadError(e) && e.code === 'turn_running',
  );
  store.stop();
  await first;
  await store.send('three');
  assert.equal(store.getState().status, 'interrupted');
  assert.throws(
    () => store.send('four'),
    (e: unknown) => isThreadError(e) && e.code === 'interrupts_open',
  );
  assert.throws(
    () => store.send('  '),
    (e: unknown) => isThreadError(e),
  );
  assert.equal(fake.calls.length, 2);
});

test('stop: aborts the stream; the run is stopped, the state idle, later events ignored', async () => {
  const fake = fakeTransport([{ events: [started('id-2'), ...text('m1', 'AI: partial')], then: 'wait' }]);
  const store = createThreadStore(options(fake.transport));
  const reached = fake.waiting();
  const done = store.send('go');
  await reached;
  store.stop();
  await done;
  assert.equal(fake.calls[0]!.options.signal!.aborted, true);
  const s = store.getState();
  assert.equal(s.status, 'idle');
  assert.equal(currentRun(s)!.phase, 'stopped');
  assert.equal(s.connection.status, 'closed');
  assert.equal(findMessage(s, 'm1')!.body, 'partial');
});

test('a transport error becomes state, never a rejection; retry sends the same run (runId and body) from Last-Event-ID', async () => {
  const drop = new TransportError('gave_up', 'gave up after 8 attempts', { retryable: true });
  const fake = fakeTransport([
    {
      events: [started('id-2'), ev({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1' }, 'ev-2'), ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'AI: Hel' }, 'ev-3')],
      then: drop,
    },
    {
      events: [
        ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'lo' }, 'ev-4'),
        ev({ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' }, 'ev-5'),
        finished({ type: 'success' }, undefined, 'id-2'),
      ],
    },
  ]);
  const store = createThreadStore(options(fake.transport));
  await store.send('hi');
  let s = store.getState();
  assert.equal(s.status, 'error');
  assert.equal(s.lastError!.code, 'unavailable');
  assert.equal(s.lastError!.action, 'retry');
  assert.equal(currentRun(s)!.items.at(-1)!.kind, 'error');
  await store.retry();
  assert.equal(fake.calls.length, 2);
  assert.equal(fake.calls[1]!.request.body, fake.calls[0]!.request.body, 'the same body, runId included');
  assert.equal(fake.calls[1]!.options.lastEventId, 'ev-3');
  s = store.getState();
  assert.equal(s.status, 'idle');
  assert.equal(s.lastError, undefined);
  assert.equal(findMessage(s, 'm1')!.body, 'Hello');
  assert.deepEqual(
    currentRun(s)!.items.map((i) => i.kind),
    ['message'],
  );
});

test("retry after the run ended follows it from the start: the run's view is rebuilt, not doubled", async () => {
  const script = () => ({ events: [started('id-2'), ...text('m1', 'AI: once'), ev({ type: EventType.RUN_ERROR, code: 'unavailable', message: 'edge busy' })] });
  const fake = fakeTransport([script(), script()]);
  const store = createThreadStore(options(fake.transport));
  await store.send('hi');
  await store.retry();
  assert.equal(fake.calls[1]!.options.lastEventId, undefined);
  assert.equal(fake.calls[1]!.request.body.runId, 'id-2');
  const items = currentRun(store.getState())!.items;
  assert.deepEqual(
    items.map((i) => i.kind),
    ['message', 'error'],
  );
});

test("a refused request (403 with the route's body) is an error in the transcript", async () => {
  const refused = new TransportError('http_error', 'HTTP 403', {
    status: 403,
    serverCode: 'permission_denied',
    retryable: false,
    body: { code: 'permission_denied', message: 'Only a person resumes.' },
  });
  const fake = fakeTransport([{ events: [], then: refused }]);
  const store = createThreadStore(options(fake.transport));
  const records: ThreadRecord[] = [];
  store.onRecord((r) => records.push(r));
  await store.send('hi');
  const s = store.getState();
  assert.equal(s.lastError!.status, 403);
  assert.equal(s.lastError!.message, 'Only a person resumes.');
  assert.equal(s.lastError!.action, 'ask_admin');
  assert.ok(records.some((r) => r.kind === 'error'));
});

test('resume: refused before sending when an answer is missing or invalid; then sends every entry at once', async () => {
  const fake = fakeTransport([
    {
      events: [
        started('id-2'),
        ...text('job-1:m1', 'AI: ok?'),
        ev({ type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'send', parentMessageId: 'job-1:m1' }),
        ev({ type: EventType.TOOL_CALL_END, toolCallId: 'c1' }),
        finished({ type: 'interrupt', interrupts: [approvalInterrupt('i1', 'c1', { expiresAt: '2999-01-01T00:00:00Z' }), questionInterrupt('i2')] }, undefined, 'id-2'),
      ],
    },
    {
      events: [
        started('id-3'),
        ev({ type: EventType.CUSTOM, name: 'oz0.resume', value: { interruptId: 'i1', outcome: 'decided', approved: true } }),
        ev({ type: EventType.CUSTOM, name: 'oz0.resume', value: { interruptId: 'i2', outcome: 'decided' } }),
        finished({ type: 'success' }, undefined, 'id-3'),
      ],
    },
  ]);
  const store = createThreadStore(options(fake.transport));
  await store.send('hi');
  assert.throws(
    () => store.resume({ i1: approve() }),
    (e: unknown) => isThreadError(e) && e.code === 'resume_refused' && e.resume!.missing[0] === 'i2',
  );
  assert.throws(
    () => store.resume({ i1: approve(), i2: { status: 'resolved', payload: { answer: 'green' } } }),
    (e: unknown) => isThreadError(e) && Object.keys(e.resume!.invalid).join() === 'i2',
  );
  assert.equal(store.checkAnswers({ i1: approve(), i2: decline() }).ok, true);
  assert.equal(fake.calls.length, 1, 'nothing was sent');
  await store.resume({ i1: approve('go'), i2: decline() });
  const body = fake.calls[1]!.request.body;
  assert.deepEqual(body, {
    threadId: 'chat-1',
    runId: 'id-3',
    messages: [],
    resume: [
      { interruptId: 'i1', status: 'resolved', payload: { approved: true, comment: 'go' } },
      { interruptId: 'i2', status: 'cancelled' },
    ],
  });
  const s = store.getState();
  assert.equal(s.status, 'idle');
  assert.equal(s.interrupts.i1!.state, 'answered');
  assert.equal(s.turns.length, 1);
  assert.equal(s.turns[0]!.runs.length, 2);
  assert.throws(
    () => store.resume({}),
    (e: unknown) => isThreadError(e) && e.code === 'nothing_to_resume',
  );
});

test('restore: reads the thread from storage and follows the unfinished run with Last-Event-ID', async () => {
  const storage = memoryStorage();
  const a = fakeTransport([
    {
      events: [started('id-2'), ev({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1' }, 'ev-2'), ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'AI: Hel' }, 'ev-3')],
      then: 'wait',
    },
  ]);
  const first = createThreadStore(options(a.transport, { storage }));
  const reached = a.waiting();
  const running = first.send('hi');
  await reached;
  first.setDraft('x', { answer: 'draft' });
  first.dispose(); // the page goes away mid-stream
  await running;
  assert.ok(storage.entries.has('oz-agui:thread:chat-1'));

  const b = fakeTransport([
    {
      events: [
        ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'lo' }, 'ev-4'),
        ev({ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' }, 'ev-5'),
        finished({ type: 'success' }, undefined, 'id-2'),
      ],
    },
  ]);
  const second = createThreadStore(options(b.transport, { storage }));
  await second.restore();
  assert.equal(b.calls.length, 1);
  assert.equal(b.calls[0]!.options.lastEventId, 'ev-3');
  assert.deepEqual(b.calls[0]!.request.body, { threadId: 'chat-1', runId: 'id-2', messages: [{ id: 'id-1', role: 'user', content: 'hi' }] });
  const s = second.getState();
  assert.equal(findMessage(s, 'm1')!.body, 'Hello');
  assert.equal(s.status, 'idle');
  assert.deepEqual(s.drafts, { x: { answer: 'draft' } });
  assert.equal(s.turns[0]!.userMessage!.text, 'hi');
});

test('restore without a last event id follows the run from its start; a finished thread is only restored', async () => {
  const storage = memoryStorage();
  const a = fakeTransport([{ events: [], then: 'wait' }]);
  const first = createThreadStore(options(a.transport, { storage }));
  const reached = a.waiting();
  const p = first.send('hi');
  await reached;
  first.dispose();
  await p;
  const b = fakeTransport([{ events: [started('id-2'), ...text('m1', 'AI: all'), finished({ type: 'success' }, undefined, 'id-2')] }]);
  const second = createThreadStore(options(b.transport, { storage }));
  await second.restore();
  assert.equal(b.calls[0]!.options.lastEventId, undefined);
  assert.equal(findMessage(second.getState(), 'm1')!.body, 'all');
  const c = fakeTransport([]);
  const third = createThreadStore(options(c.transport, { storage }));
  await third.restore();
  assert.equal(c.calls.length, 0, 'nothing to follow');
  assert.equal(findMessage(third.getState(), 'm1')!.body, 'all');
});

test('corrupt or foreign storage is ignored with a diagnostic', async () => {
  const storage = memoryStorage({ 'oz-agui:thread:chat-1': '{not json' });
  const store = createThreadStore(options(fakeTransport([]).transport, { storage }));
  await store.restore();
  assert.equal(store.getState().diagnostics.at(-1)!.kind, 'storage');
  storage.entries.set('oz-agui:thread:chat-1', JSON.stringify({ v: 1, threadId: 'chat-1', turns: [{ id: 1 }] }));
  await store.restore();
  assert.equal(store.getState().diagnostics.at(-1)!.kind, 'bad_snapshot');
  storage.entries.set('oz-agui:thread:chat-1', JSON.stringify({ v: 99 }));
  await store.restore();
  assert.match(store.getState().diagnostics.at(-1)!.message, /version 99/);
  assert.equal(store.getState().turns.length, 0);
});

test('snapshots are bounded: the board goes first, and a thread too large is not saved', async () => {
  const storage = memoryStorage();
  const notes = Array.from({ length: 200 }, (_, i) => ({ id: String(i), kind: 'k', tags: [], text: 'x'.repeat(100), job: 'j', agent: 'a', createdAt: 't', tainted: false, labels: [] }));
  const fake = fakeTransport([{ events: [started('id-2'), ev({ type: EventType.STATE_SNAPSHOT, snapshot: { board: { notes } } }), finished({ type: 'success' }, undefined, 'id-2')] }]);
  const store = createThreadStore(options(fake.transport, { storage, maxSnapshotChars: 5_000 }));
  await store.send('hi');
  const saved = JSON.parse(storage.entries.get('oz-agui:thread:chat-1')!) as Record<string, unknown>;
  assert.equal(saved.board, undefined);
  assert.equal(saved.v, 1);
  const tiny = createThreadStore(options(fakeTransport([{ events: [] }]).transport, { storage: memoryStorage(), maxSnapshotChars: 50 }));
  await tiny.send('hi');
  assert.ok(tiny.getState().diagnostics.some((d) => d.kind === 'storage' && /not saved/.test(d.message)));
});

test('webStorage adapter over a Storage-like object; dispose refuses later calls', async () => {
  const map = new Map<string, string>();
  const storage = webStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) });
  const store = createThreadStore(options(fakeTransport([{ events: [started('id-2'), finished({ type: 'success' }, undefined, 'id-2')] }]).transport, { storage }));
  await store.send('hi');
  assert.ok(map.has('oz-agui:thread:chat-1'));
  await storage.remove('oz-agui:thread:chat-1');
  assert.equal(map.size, 0);
  store.dispose();
  assert.throws(
    () => store.send('x'),
    (e: unknown) => isThreadError(e) && e.code === 'disposed',
  );
});

test('construction checks the route and the threadId', () => {
  const t = fakeTransport([]).transport;
  assert.throws(() => createThreadStore({ transport: t }), TypeError);
  assert.throws(() => createThreadStore({ url: 'http://x', threadId: 'bad id!', transport: t }), TypeError);
  assert.match(createThreadStore({ url: 'http://x/run', transport: t, generateId: () => 'g' }).threadId, /^thread-g$/);
});

test('setHeaders(): the next request carries the new headers, a copy; the old ones are gone; never recorded', async () => {
  const run = (id: string, m: string) => [started(id), ...text(m, 'AI: ok'), finished({ type: 'success' }, undefined, id)];
  const fake = fakeTransport([{ events: run('id-2', 'job-1:m1') }, { events: run('id-4', 'job-2:m1') }]);
  // What each request was sent with, read when it connects (as the real transport does, at each connection).
  const sentHeaders: unknown[] = [];
  const transport: RunTransport = (request, o) => {
    sentHeaders.push({ ...request.headers });
    return fake.transport(request, o);
  };
  const store = createThreadStore(options(transport, { headers: { 'X-App': 'one' } }));
  const records: unknown[] = [];
  store.onRecord((r) => void records.push(r));
  await store.send('first');
  const next = { 'X-Session': 'two' };
  store.setHeaders(next);
  next['X-Session'] = 'changed after';
  await store.send('second');
  assert.deepEqual(sentHeaders, [{ 'X-App': 'one' }, { 'X-Session': 'two' }]);
  assert.ok(!JSON.stringify(records).includes('X-Session'), 'headers are never recorded');
  store.dispose();
  assert.throws(() => store.setHeaders({}), /disposed/);
});
