/** The inspection feed's bounds, its followers' independence from the person's stream, and Last-Event-ID, against the real development edge. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { jsonErrorOf, within } from './proxy-helpers.js';
import { INSPECT_KEY, closeAll, drive, eventsOf, feedFrames, followAll, ids, inspectGet, listRuns, personEvents, personRun, startInspected, untilRun } from './proxy-inspect-harness.js';

after(closeAll);

test('maxRuns: the oldest ended run is evicted first, a running one only when all run; its follower is told', async () => {
  const { proxy, inspectUrl, clock } = await startInspected({ maxRuns: 2 }, { virtual: true });
  const slow = 'chunks=2 pace=900000000'; // runs until the clock jumps far ahead
  const ended = async (agent: string, text: string) => {
    const r = ids(`evict-${agent}`);
    await drive(clock!, personRun(proxy.url, agent, text, r).then(personEvents), `${agent} to run`);
    await untilRun(inspectUrl, r.runId, (s) => s.status !== 'running', `${agent} recorded`);
    return r.runId;
  };
  const running = async () => {
    const r = ids('evict-slow');
    const reading = personRun(proxy.url, 'writer', slow, r).then(personEvents);
    await untilRun(inspectUrl, r.runId, (s) => s.events >= 2, 'a slow run listed');
    return { runId: r.runId, reading };
  };
  const listed = async () => (await listRuns(inspectUrl)).map((r) => r.runId);

  const a = await ended('failing', 'Please greet the team');
  const b = await ended('writer', 'chunks=1 pace=0');
  const c = await ended('writer', 'chunks=1 pace=0');
  assert.deepEqual(await listed(), [c, b], 'A, the oldest, went');
  const gone = await inspectGet(`${inspectUrl}/runs/${a}`);
  assert.equal(gone.status, 404);
  await gone.text();

  const d = await running();
  assert.deepEqual(await listed(), [d.runId, c]);
  const e = await ended('writer', 'chunks=1 pace=0');
  assert.deepEqual(await listed(), [e, d.runId], 'the ended C went before the older, running D');

  const f = await running();
  assert.deepEqual(await listed(), [f.runId, d.runId]);
  const follower = await inspectGet(`${inspectUrl}/runs/${d.runId}`);
  const frames = feedFrames(follower);
  const g = await ended('writer', 'chunks=1 pace=0');
  assert.deepEqual(await listed(), [g, f.runId], 'with every run running, the oldest went');
  let end: Record<string, unknown> | undefined;
  for await (const frame of frames) if (frame.kind === 'end') end = frame.data;
  assert.equal(end?.evicted, true, 'the follower of the evicted run is told');
  assert.equal(end?.status, 'running');

  clock!.advance(2_000_000_000);
  const [dEvents] = await within(Promise.all([d.reading, f.reading]), 5000, 'the slow runs to end');
  assert.equal(dEvents.at(-1)!.event.type, 'RUN_FINISHED', 'the person of an evicted run is not affected');
});

test('maxEventsPerRun: the oldest events are dropped and counted; a follow says how many it missed', async () => {
  const { proxy, inspectUrl } = await startInspected({ maxEventsPerRun: 5 });
  const run = ids('events');
  const person = await personEvents(await personRun(proxy.url, 'writer', 'chunks=20 pace=0', run));
  const listed = await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'recorded');
  assert.equal(listed.events, person.length);
  assert.equal(listed.dropped, person.length - 5);
  const { frames } = await followAll(`${inspectUrl}/runs/${run.runId}`);
  assert.ok(
    frames.some((f) => f.kind === 'comment' && f.text === `dropped ${person.length - 5}`),
    'the gap is announced',
  );
  const kept = eventsOf(frames);
  assert.deepEqual(
    kept.map((f) => f.recorded.id),
    person.slice(-5).map((e) => e.id),
    'the newest five',
  );
  assert.deepEqual(
    kept.map((f) => Number(f.seq)),
    [4, 3, 2, 1, 0].map((back) => person.length - back),
    'feed ids go on counting',
  );
  assert.deepEqual(frames.at(-1), { kind: 'end', data: { status: 'finished', events: person.length, dropped: person.length - 5 } });
});

test('maxBytesPerRun: bytes bound what is kept, and one event larger than the bound is dropped, not kept', async () => {
  const { proxy, inspectUrl } = await startInspected({ maxBytesPerRun: 2000 });
  const run = ids('bytes');
  const person = await personEvents(await personRun(proxy.url, 'writer', 'chunks=12 pace=0 size=300', run));
  const listed = await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'recorded');
  const { frames, text } = await followAll(`${inspectUrl}/runs/${run.runId}`);
  const kept = eventsOf(frames);
  const keptBytes = kept.reduce((n, f) => n + Buffer.byteLength(JSON.stringify(f.recorded)), 0);
  assert.ok(keptBytes <= 2000, `${keptBytes} bytes kept`);
  assert.equal(listed.dropped, person.length - kept.length);
  assert.equal(kept.at(-1)!.recorded.event.type, 'RUN_FINISHED');
  assert.ok(text.length < 8000);

  const big = ids('bytes-big');
  const bigPerson = await personEvents(await personRun(proxy.url, 'writer', 'chunks=1 pace=0 size=4000', big));
  const bigListed = await untilRun(inspectUrl, big.runId, (s) => s.status === 'finished', 'recorded');
  const bigKept = eventsOf((await followAll(`${inspectUrl}/runs/${big.runId}`)).frames);
  assert.ok(!bigKept.some((f) => f.recorded.event.type === 'TEXT_MESSAGE_CONTENT'), 'the 4,000-character chunk is not kept');
  assert.equal(bigKept.length, bigPerson.length - 1);
  assert.equal(bigListed.dropped, 1);
});

test('a paused inspector never delays the person: the stream completes while the inspector reads nothing', async () => {
  const { proxy, inspectUrl, clock } = await startInspected({ maxEventsPerRun: 200 }, { virtual: true });
  const run = ids('paused');
  const res = await personRun(proxy.url, 'writer', 'chunks=3000 pace=1 size=256', run);
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 2, 'the run started');
  // The inspector connects, then stops reading.
  const inspector = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${inspectUrl}/runs/${run.runId}`, { headers: { Authorization: `Bearer ${INSPECT_KEY}` } }, resolve);
    req.on('error', reject);
  });
  assert.equal(inspector.statusCode, 200);
  inspector.pause();
  clock!.advance(0);
  clock!.advance(10_000); // 3,000 chunks of 256 characters in one burst
  const person = await within(personEvents(res), 10_000, 'the person’s stream to complete while the inspector reads nothing');
  assert.equal(person.length, 3000 + 5);
  assert.equal(person.at(-1)!.event.type, 'RUN_FINISHED');
  const listed = await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'recorded');
  assert.equal(listed.events, person.length);
  // The inspector, reading again, gets a bounded tail: what the bounds dropped is skipped, never queued for it.
  inspector.resume();
  let text = '';
  for await (const chunk of inspector) text += (chunk as Buffer).toString();
  const frames = [];
  for await (const f of feedFrames(new Response(text))) frames.push(f);
  const seqs = eventsOf(frames).map((f) => Number(f.seq));
  assert.deepEqual(
    seqs,
    [...seqs].sort((a, b) => a - b),
    'in order',
  );
  assert.equal(new Set(seqs).size, seqs.length, 'nothing twice');
  assert.equal(seqs.at(-1), person.length, 'up to the last event');
  assert.equal(frames.at(-1)!.kind, 'end');
});

test('follow with Last-Event-ID resumes after it: nothing missed, nothing twice', async () => {
  const { proxy, inspectUrl, clock } = await startInspected({}, { virtual: true });
  const run = ids('resume');
  const reading = personEvents(await personRun(proxy.url, 'writer', 'chunks=6 pace=10', run));
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 2, 'started');
  clock!.advance(0);
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 4, 'the first chunk');
  const got: string[] = [];
  const ac = new AbortController();
  const first = await inspectGet(`${inspectUrl}/runs/${run.runId}`, { signal: ac.signal });
  for await (const f of feedFrames(first)) {
    if (f.kind !== 'event') continue;
    got.push(f.seq);
    if (got.length === 3) break;
  }
  ac.abort();
  clock!.advance(20); // two more chunks while no inspector is connected
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 6, 'more events');
  const second = await inspectGet(`${inspectUrl}/runs/${run.runId}`, { headers: { 'Last-Event-ID': got.at(-1)! } });
  const frames = feedFrames(second);
  for (let f = await frames.next(); !f.done; f = await frames.next()) {
    if (f.value.kind === 'event') got.push(f.value.seq);
    if (got.length === 6) clock!.advance(1000); // the rest, live on the resumed follow
  }
  const person = await reading;
  assert.deepEqual(
    got,
    person.map((_, i) => String(i + 1)),
  );
  const whole = eventsOf((await followAll(`${inspectUrl}/runs/${run.runId}`)).frames);
  assert.deepEqual(
    whole.map((f) => f.recorded.id),
    person.map((e) => e.id),
  );
});

test('maxFollowers: a follow past the limit is 429 until one closes', async () => {
  const { proxy, inspectUrl } = await startInspected({ maxFollowers: 1 }, { virtual: true });
  const run = ids('followers');
  const reading = personRun(proxy.url, 'writer', 'chunks=2 pace=10', run);
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 2, 'started');
  const ac = new AbortController();
  const one = await inspectGet(`${inspectUrl}/runs/${run.runId}`, { signal: ac.signal });
  assert.equal(one.status, 200);
  const reader = one.body!.getReader();
  await reader.read();
  const two = await inspectGet(`${inspectUrl}/runs/${run.runId}`);
  assert.equal(two.status, 429);
  assert.equal(two.headers.get('retry-after'), '5');
  assert.equal((await jsonErrorOf(two)).code, 'resource_exhausted');
  ac.abort();
  await within(
    (async () => {
      for (;;) {
        const again = await inspectGet(`${inspectUrl}/runs/${run.runId}`, { signal: AbortSignal.timeout(2000) });
        await again.body?.cancel();
        if (again.status === 200) return;
        await new Promise((r) => setTimeout(r, 10));
      }
    })(),
    5000,
    'the slot to free',
  );
  (await reading).body?.cancel();
});
