/** inspector/feed's openInspectionFeed against the real proxy and development edge, on loopback. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createInspectFeed, openInspectionFeed, isInspectFeedError, type InspectFeedError } from '../../inspector/feed/index.js';
import { openInspectionFeed as createTunedFeed } from '../../inspector/feed/feed.js';
import { createReplayTransport, parseRecording, toNdjson } from '../../src/transport/index.js';
import type { RecordedEvent } from '../../src/transport/index.js';
import { within } from './proxy-helpers.js';
import { INSPECT_KEY, closeAll, ids, personEvents, personRun, startInspected, untilRun } from './proxy-inspect-harness.js';

after(closeAll);

const headers = { Authorization: `Bearer ${INSPECT_KEY}` };
const noWait = { sleep: () => Promise.resolve(), random: () => 0 };

async function collect(it: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for await (const r of it) out.push(r);
  return out;
}

async function rejectsWith(p: Promise<unknown>, code: string, status?: number): Promise<InspectFeedError> {
  try {
    await p;
  } catch (err) {
    assert.ok(isInspectFeedError(err), `expected an InspectFeedError, got ${String(err)}`);
    assert.equal(err.code, code, err.message);
    if (status !== undefined) assert.equal(err.status, status);
    assert.ok(!err.message.includes(INSPECT_KEY));
    return err;
  }
  assert.fail(`expected an InspectFeedError ${code}`);
}

test('list: the runs, typed; the refusals as typed errors with clear messages', async () => {
  const { proxy, inspectUrl } = await startInspected({});
  const run = ids('client-list');
  const person = await personEvents(await personRun(proxy.url, 'writer', 'chunks=3 pace=0', run));
  await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'recorded');
  const runs = await openInspectionFeed(inspectUrl, { headers }).list();
  assert.equal(runs.length, 1);
  assert.deepEqual(
    { ...runs[0], startedAt: 0, endedAt: 0 },
    {
      runId: run.runId,
      threadId: run.threadId,
      agent: 'writer',
      tenant: 'acme',
      startedAt: 0,
      endedAt: 0,
      status: 'finished',
      events: person.length,
      dropped: 0,
    },
  );
  const anonymous = await rejectsWith(openInspectionFeed(inspectUrl).list(), 'unauthenticated', 401);
  assert.match(anonymous.message, /signed in/);
  const refused = await rejectsWith(openInspectionFeed(`${inspectUrl}/`, { headers: { Authorization: 'Bearer wrong' } }).list(), 'forbidden', 403);
  assert.equal(refused.serverCode, 'permission_denied');
  assert.match(refused.message, /refused you.*You may not inspect runs/);
});

test('list: a proxy without the feed is not_found; something that is not the feed is bad_response', async () => {
  const off = await startInspected(undefined);
  const err = await rejectsWith(openInspectionFeed(off.inspectUrl, { headers }).list(), 'not_found', 404);
  assert.match(err.message, /without the feed/);
  // The development edge's stats hook answers JSON that is not a list of runs.
  await rejectsWith(openInspectionFeed(`${off.edge.url}/__edge/stats#`, { headers }).list(), 'bad_response');
  assert.throws(() => openInspectionFeed(''), TypeError);
  assert.equal(createInspectFeed, openInspectionFeed, 'the old name still works until 0.2');
});

test('follow: the recorded events as the person got them, live until the run ends; they replay as a recording', async () => {
  const { proxy, inspectUrl, clock } = await startInspected({ redact: false }, { virtual: true });
  const run = ids('client-follow');
  const reading = personEvents(await personRun(proxy.url, 'writer', 'chunks=4 pace=10', run));
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 2, 'started');
  const feed = openInspectionFeed(inspectUrl, { headers });
  const it = feed.follow(run.runId)[Symbol.asyncIterator]();
  const got: RecordedEvent[] = [];
  for (let i = 0; i < 2; i++) got.push((await within(it.next(), 5000, 'a replayed event')).value as RecordedEvent);
  clock!.advance(0);
  clock!.advance(1000);
  for (let r = await it.next(); !r.done; r = await it.next()) got.push(r.value);
  const person = await reading;
  assert.deepEqual(
    got.map((r) => ({ id: r.id, event: r.event })),
    person.map((p) => ({ id: p.id, event: p.event })),
  );
  assert.deepEqual(parseRecording(toNdjson(got)), got, 'the NDJSON recording format, as is');
  const replayed = [];
  for await (const e of createReplayTransport([got], { speed: Infinity })({ url: 'replay', body: { threadId: 't', runId: 'r', messages: [] } })) replayed.push(e.id);
  assert.deepEqual(
    replayed,
    person.map((p) => p.id),
  );
});

test('follow: a dropped follow stream is picked up with Last-Event-ID, nothing missed, nothing twice', async () => {
  const { proxy, inspectUrl } = await startInspected({});
  const run = ids('client-drop');
  const person = await personEvents(await personRun(proxy.url, 'writer', 'chunks=12 pace=0', run));
  await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'recorded');
  const sent: Array<string | null> = [];
  // The network: each follow response is cut after its first 600 bytes, mid-frame.
  const cutting: typeof fetch = async (input, init) => {
    sent.push(new Headers(init?.headers).get('Last-Event-ID'));
    const res = await fetch(input, init);
    const reader = res.body!.getReader();
    let passed = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        const room = 600 - passed;
        if (room <= 0 || value.byteLength > room) {
          if (room > 0) controller.enqueue(value.subarray(0, room));
          passed = 600;
          await reader.cancel();
          controller.error(new TypeError('network connection lost'));
          return;
        }
        passed += value.byteLength;
        controller.enqueue(value);
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  };
  const got = await within(collect(createTunedFeed(inspectUrl, { headers, fetch: cutting, ...noWait }).follow(run.runId)), 10_000, 'the follow');
  assert.deepEqual(
    got.map((r) => r.id),
    person.map((p) => p.id),
  );
  assert.ok(sent.length > 2, 'it reconnected');
  assert.equal(sent[0], null);
  assert.ok(
    sent.slice(1).every((id) => id !== null && /^\d+$/.test(id)),
    'each reconnect sent the feed’s own Last-Event-ID',
  );
});

test('follow: an unknown run is not_found; an abort ends it quietly; a feed that stays away is gave_up', async () => {
  const { proxy, inspectUrl } = await startInspected({}, { virtual: true });
  const feed = openInspectionFeed(inspectUrl, { headers });
  await rejectsWith(collect(feed.follow('no-such-run')), 'not_found', 404);
  const run = ids('client-abort');
  const reading = personRun(proxy.url, 'writer', 'chunks=2 pace=10', run);
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 2, 'started');
  const ac = new AbortController();
  const got: RecordedEvent[] = [];
  const following = (async () => {
    for await (const r of feed.follow(run.runId, ac.signal)) {
      got.push(r);
      if (got.length === 2) ac.abort(); // the run goes on; the inspector stops watching
    }
  })();
  await within(following, 5000, 'the aborted follow to return');
  assert.equal(got.length, 2);
  (await reading).body?.cancel();

  let calls = 0;
  const down: typeof fetch = async () => {
    calls += 1;
    throw new TypeError('fetch failed');
  };
  const err = await rejectsWith(collect(createTunedFeed(inspectUrl, { headers, fetch: down, reconnect: { maxAttempts: 2 }, ...noWait }).follow('x')), 'gave_up');
  assert.equal(calls, 3);
  assert.match(err.message, /Gave up following run x after 2 reconnect attempts: The inspection feed cannot be reached/);
});
