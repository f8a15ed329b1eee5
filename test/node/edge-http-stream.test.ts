/**
 * Streaming a run's log: Last-Event-ID from the middle of a burst, faults and
 * reconnects, the stream maximum, keep-alive comments while silent, and the
 * client's disconnect. Real HTTP on loopback against a fake runtime whose logs
 * the test appends to.
 */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { agentRoutePath } from '../../src/protocol/index.js';
import { startEdge, type StartEdgeOptions, type StartedEdge } from '../../server/edge/index.js';
import { createFakeRuntime, runFinished, runStarted, textEvents, type FakeLog, type FakeRuntime } from './edge-http-fake.js';
import { followRun, openStream } from './edge-http-client.js';

const auth = { Authorization: 'Bearer ana-token' };
const input = (runId: string) => ({ threadId: 'chat-1', runId, messages: [{ id: 'u1', role: 'user', content: 'hi' }] });

let edge: StartedEdge | undefined;
afterEach(() => edge?.close());

async function start(options: Omit<StartEdgeOptions, 'runtime'> = {}, script?: (log: FakeLog) => void): Promise<{ runtime: FakeRuntime; route: string }> {
  const runtime = createFakeRuntime();
  if (script) runtime.onNewLog = script;
  edge = await startEdge({ runtime, log: () => {}, ...options });
  return { runtime, route: edge.url + agentRoutePath('writer', 'acme') };
}

/** A finished log of 40 text events in bursts. */
function finished(log: FakeLog): void {
  log.append(runStarted(log));
  log.append(...textEvents(20, 'a'));
  log.append(...textEvents(16, 'b'));
  log.append(runFinished(log));
}

describe('edge http: streaming the log', () => {
  test('Last-Event-ID from the middle of a burst gives the rest of it and what follows, nothing twice', async () => {
    const { runtime, route } = await start({}, finished);
    const whole = await followRun(route, input('r1'), auth);
    const log = runtime.logs.get('r1')!;
    assert.deepEqual(
      whole.events.map((e) => e.id),
      log.entries.map((e) => e.id),
    );
    const middle = log.entries[10]!.id; // inside the first burst of 22
    const rest = await openStream(route, input('r1'), { ...auth, 'Last-Event-ID': middle });
    assert.equal(await rest.done, 'end');
    assert.deepEqual(
      rest.events,
      log.entries.slice(11).map((e) => ({ id: e.id, event: e.event })),
    );
    assert.equal(edge!.stats.snapshot().resumeRequests, 1);
  });

  test('a reader that connects while a burst is being appended gets every entry once, in order', async () => {
    const { runtime, route } = await start({}, (log) => {
      log.append(runStarted(log), ...textEvents(5, 'a'));
      // More bursts land around the moment the stream subscribes and makes its first read.
      const subscribe = log.subscribe.bind(log);
      log.subscribe = (listener) => {
        const off = subscribe(listener);
        log.append(...textEvents(5, 'b'));
        log.append(...textEvents(5, 'c'));
        queueMicrotask(() => log.append(...textEvents(5, 'd')));
        setImmediate(() => log.append(...textEvents(5, 'e'), runFinished(log)));
        return off;
      };
    });
    const stream = await openStream(route, input('r2'), auth);
    assert.equal(await stream.done, 'end');
    const log = runtime.logs.get('r2')!;
    const ids = stream.events.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length, 'nothing twice');
    assert.deepEqual(
      ids,
      log.entries.map((e) => e.id),
      'nothing missed, in order',
    );
  });

  test('the lastEventId query parameter is taken like the header', async () => {
    const { runtime, route } = await start({}, finished);
    await followRun(route, input('r3'), auth);
    const log = runtime.logs.get('r3')!;
    const rest = await openStream(`${route}&lastEventId=${encodeURIComponent(log.entries[30]!.id)}`, input('r3'), auth);
    await rest.done;
    assert.deepEqual(
      rest.events.map((e) => e.id),
      log.entries.slice(31).map((e) => e.id),
    );
  });

  test('Last-Event-ID of the terminal event: an empty stream that ends at once', async () => {
    const { runtime, route } = await start({}, finished);
    await followRun(route, input('r4'), auth);
    const last = runtime.logs.get('r4')!.entries.at(-1)!.id;
    const rest = await openStream(route, input('r4'), { ...auth, 'Last-Event-ID': last });
    assert.equal(await rest.done, 'end');
    assert.equal(rest.events.length, 0);
  });

  test('drop-after=N (per request): every connection drops, and reconnecting gives the undisturbed sequence', async () => {
    const { runtime, route } = await start({}, finished);
    const dropped = await followRun(route, input('r5'), { ...auth, 'X-Edge-Fault': 'drop-after=7' });
    const log = runtime.logs.get('r5')!;
    assert.deepEqual(
      dropped.events,
      log.entries.map((e) => ({ id: e.id, event: e.event })),
    );
    assert.equal(dropped.connections, Math.ceil(log.entries.length / 7));
    const s = edge!.stats.snapshot();
    assert.equal(s.faultsApplied, dropped.connections - 1);
    assert.equal(s.disconnects, 0, 'a fault is not counted as a client disconnect');
  });

  test('cut-frame=N (query): half a frame then a drop; the half is discarded and reconnecting gives the undisturbed sequence', async () => {
    const { runtime, route } = await start({}, finished);
    const partials: string[] = [];
    const streams: Array<Awaited<ReturnType<typeof openStream>>> = [];
    const cut = await followRun(`${route}&fault=cut-frame%3D5`, input('r6'), auth, (s) => streams.push(s));
    for (const s of streams) partials.push(s.partial());
    const log = runtime.logs.get('r6')!;
    assert.deepEqual(
      cut.events,
      log.entries.map((e) => ({ id: e.id, event: e.event })),
    );
    assert.ok(streams.length > 1);
    assert.ok(
      partials.slice(0, -1).every((p) => p.startsWith('id: ') && !p.endsWith('\n\n')),
      'each cut connection left half a frame',
    );
    assert.ok(streams.slice(0, -1).every((s) => s.events.length === 4));
  });

  test('faults per edge (drop-after, delay) apply to every stream; delay spaces the events', async () => {
    const { runtime, route } = await start({ faults: { dropAfter: 10, delayMs: 5 } }, finished);
    const t0 = Date.now();
    const run = await followRun(route, input('r7'), auth);
    const log = runtime.logs.get('r7')!;
    assert.deepEqual(
      run.events.map((e) => e.id),
      log.entries.map((e) => e.id),
    );
    assert.equal(run.connections, Math.ceil(log.entries.length / 10));
    assert.ok(Date.now() - t0 >= log.entries.length * 5, 'each event waited its delay');
  });

  test('a bad fault spec is refused with 400', async () => {
    const { route } = await start({}, finished);
    await assert.rejects(openStream(route, input('r8'), { ...auth, 'X-Edge-Fault': 'explode=1' }), (e: { status: number }) => e.status === 400);
  });

  test('the stream ends at the stream maximum without a terminal event; the client reconnects with Last-Event-ID', async () => {
    const { runtime, route } = await start({ streamMaxMs: 80 }, (log) => log.append(runStarted(log), ...textEvents(2)));
    const first = await openStream(route, input('r9'), auth);
    assert.equal(await first.done, 'end', 'the edge ended it cleanly');
    assert.equal(first.events.length, 5);
    assert.equal(edge!.stats.snapshot().streamsTimedOut, 1);
    const log = runtime.logs.get('r9')!;
    log.append(...textEvents(3, 'later'), runFinished(log));
    const second = await openStream(route, input('r9'), { ...auth, 'Last-Event-ID': first.events.at(-1)!.id });
    assert.equal(await second.done, 'end');
    assert.deepEqual(
      [...first.events, ...second.events].map((e) => e.id),
      log.entries.map((e) => e.id),
    );
  });

  test('stream-max=ms per request shortens the maximum', async () => {
    const { route } = await start({}, (log) => log.append(runStarted(log)));
    const s = await openStream(route, input('r10'), { ...auth, 'X-Edge-Fault': 'stream-max=30' });
    assert.equal(await s.done, 'end');
    assert.equal(edge!.stats.snapshot().streamsTimedOut, 1);
  });

  test('keep-alive comments every keepAliveMs while the log is silent, none while it is not', async () => {
    const { runtime, route } = await start({ keepAliveMs: 15 }, (log) => log.append(runStarted(log)));
    const s = await openStream(route, input('r11'), auth);
    await s.until((x) => x.events.length === 1);
    await new Promise((r) => setTimeout(r, 90)); // not silent: six intervals pass without a comment
    assert.equal(s.comments.length, 0);
    const log = runtime.logs.get('r11')!;
    log.silent = true;
    await s.until((x) => x.comments.length >= 2);
    assert.deepEqual(s.comments.slice(0, 2), ['keep-alive', 'keep-alive']);
    log.silent = false;
    log.append(runFinished(log));
    assert.equal(await s.done, 'end');
    assert.equal(s.events.length, 2, 'comments are not events');
  });

  test('a client disconnect is seen: counted, unsubscribed, timers cleared; the job runs on and the rest is there', async () => {
    const { runtime, route } = await start({ keepAliveMs: 10 }, (log) => log.append(runStarted(log)));
    const s = await openStream(route, input('r12'), auth);
    await s.until((x) => x.events.length === 1);
    const log = runtime.logs.get('r12')!;
    assert.equal(log.subscribers, 1);
    log.silent = true;
    s.close();
    const seen = await edge!.stats.until((x) => x.disconnects === 1 && x.openStreams === 0);
    assert.equal(seen.streamsOpened, 1);
    assert.equal(log.subscribers, 0);
    const keepAlives = edge!.stats.snapshot().keepAlives;
    log.append(...textEvents(2), runFinished(log)); // the job goes on without a reader
    await new Promise((r) => setTimeout(r, 40));
    assert.equal(edge!.stats.snapshot().keepAlives, keepAlives, 'the keep-alive timer was cleared');
    const rest = await openStream(route, input('r12'), { ...auth, 'Last-Event-ID': s.events[0]!.id });
    await rest.done;
    assert.deepEqual(
      rest.events.map((e) => e.id),
      log.entries.slice(1).map((e) => e.id),
    );
  });
});
