/** The proxy's inspection feed against the real development edge, on loopback: off by default, authorization, list and follow, redaction, no secrets. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { createAguiProxy } from '../../server/proxy/index.js';
import { aguiExpress } from '../../server/proxy/express.js';
import { jsonErrorOf, within } from './proxy-helpers.js';
import {
  INSPECT_KEY,
  PERSON_TOKEN,
  byKey,
  closeAll,
  eventsOf,
  feedFrames,
  followAll,
  ids,
  inspectGet,
  listRuns,
  personEvents,
  personRun,
  sse,
  startInspected,
  untilRun,
} from './proxy-inspect-harness.js';

after(closeAll);

test('off by default: no inspect option, no feed (404), and runs still pass', async () => {
  const { proxy, inspectUrl } = await startInspected(undefined);
  const run = ids('off');
  const events = await personEvents(await personRun(proxy.url, 'writer', 'chunks=2 pace=0', run));
  assert.equal(events.at(-1)!.event.type, 'RUN_FINISHED');
  for (const path of ['/runs', `/runs/${run.runId}`, '']) {
    const res = await inspectGet(`${inspectUrl}${path}`);
    assert.equal(res.status, 404, path);
    assert.equal((await jsonErrorOf(res, [PERSON_TOKEN, INSPECT_KEY])).code, 'not_found');
  }
});

test('authorize is asked first: no credentials 401, refused 403, allowed 200; other methods 405', async () => {
  const asked: Array<string | null> = [];
  const { inspectUrl } = await startInspected({
    authorize: (request) => {
      asked.push(request.headers.get('Cookie'));
      return request.headers.get('Cookie') === 'role=support';
    },
  });
  const none = await fetch(`${inspectUrl}/runs`);
  assert.equal(none.status, 401);
  assert.deepEqual(await jsonErrorOf(none), { code: 'unauthenticated', message: 'Sign in to inspect runs.' });
  const refused = await fetch(`${inspectUrl}/runs`, { headers: { Cookie: 'role=person' } });
  assert.equal(refused.status, 403);
  assert.equal((await jsonErrorOf(refused, ['role=person'])).code, 'permission_denied');
  const follow = await fetch(`${inspectUrl}/runs/any`, { headers: { Cookie: 'role=person' } });
  assert.equal(follow.status, 403, 'a follow is refused before the run is even looked up');
  await follow.text();
  const allowed = await fetch(`${inspectUrl}/runs`, { headers: { Cookie: 'role=support' } });
  assert.equal(allowed.status, 200);
  assert.deepEqual(await allowed.json(), []);
  assert.deepEqual(asked, [null, 'role=person', 'role=person', 'role=support']);
  const posted = await fetch(`${inspectUrl}/runs`, { method: 'POST', headers: { Cookie: 'role=support' } });
  assert.equal(posted.status, 405);
  assert.equal(posted.headers.get('allow'), 'GET, OPTIONS');
  await posted.text();
});

test('an authorize that throws is 500 internal, with nothing of its error', async () => {
  const { inspectUrl, proxy } = await startInspected({
    authorize: () => {
      throw new Error(`db down ${INSPECT_KEY}`);
    },
  });
  const res = await inspectGet(`${inspectUrl}/runs`);
  assert.equal(res.status, 500);
  assert.equal((await jsonErrorOf(res, [INSPECT_KEY, 'db down'])).code, 'internal');
  assert.ok(proxy.logs.every((l) => !l.includes(INSPECT_KEY)));
});

test('the list shows a run while it runs, then its final status; statuses follow the terminal event', async () => {
  const { proxy, inspectUrl, clock } = await startInspected({ person: (request) => (request.headers.get('X-Person-Hint') ? 'never read' : 'ana') }, { virtual: true });
  const run = ids('list');
  const res = await personRun(proxy.url, 'writer', 'chunks=4 pace=10', run);
  const reading = personEvents(res);
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 2, 'the run listed with its first events');
  clock!.advance(0); // the message starts; each further chunk waits for the clock
  const running = await untilRun(inspectUrl, run.runId, (s) => s.events >= 4, 'the message’s first chunk');
  assert.equal(running.status, 'running');
  assert.equal(running.endedAt, undefined);
  assert.deepEqual({ threadId: running.threadId, agent: running.agent, tenant: running.tenant, person: running.person }, { threadId: run.threadId, agent: 'writer', tenant: 'acme', person: 'ana' });
  clock!.advance(1000);
  const events = await within(reading, 5000, 'the person’s stream to end');
  const done = await untilRun(inspectUrl, run.runId, (s) => s.status !== 'running', 'the final status');
  assert.equal(done.status, 'finished');
  assert.equal(done.events, events.length);
  assert.equal(done.dropped, 0);
  assert.ok(done.endedAt! >= done.startedAt);

  for (const [agent, status] of [
    ['failing', 'error'],
    ['asker', 'interrupted'],
  ] as const) {
    const r = ids(agent);
    const got = personEvents(await personRun(proxy.url, agent, 'Please greet the team', r));
    clock!.advance(60_000);
    await within(got, 5000, `${agent} to end`);
    assert.equal((await untilRun(inspectUrl, r.runId, (s) => s.status !== 'running', `${agent}’s status`)).status, status);
  }
  const listed = await listRuns(inspectUrl);
  assert.deepEqual(
    listed.map((s) => s.agent),
    ['asker', 'failing', 'writer'],
    'newest first',
  );
});

test('a person who goes away: the run is dropped; reconnecting with Last-Event-ID makes it running again, nothing twice', async () => {
  const { proxy, inspectUrl, clock } = await startInspected({}, { virtual: true });
  const run = ids('drop');
  const ac = new AbortController();
  const res = await personRun(proxy.url, 'writer', 'chunks=3 pace=10', run, { signal: ac.signal });
  const first: string[] = [];
  for await (const m of sse(res)) {
    if (m.event !== 'message') continue;
    first.push(m.id!);
    if (first.length === 2) clock!.advance(0);
    if (first.length === 4) break;
  }
  ac.abort();
  assert.equal((await untilRun(inspectUrl, run.runId, (s) => s.status === 'dropped', 'dropped')).events, 4);
  const again = personRun(proxy.url, 'writer', 'chunks=3 pace=10', run, { headers: { 'Last-Event-ID': first.at(-1)! } });
  await untilRun(inspectUrl, run.runId, (s) => s.status === 'running', 'running again');
  clock!.advance(1000);
  const rest = await personEvents(await again);
  const done = await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'finished');
  assert.equal(done.events, 4 + rest.length);
  const { frames } = await followAll(`${inspectUrl}/runs/${run.runId}`);
  const feedIds = eventsOf(frames).map((f) => f.recorded.id);
  assert.deepEqual(feedIds, [...first, ...rest.map((e) => e.id)]);
  assert.equal(new Set(feedIds).size, feedIds.length, 'no event twice');
});

test('follow replays the buffered events, then streams live, and ends with the run', async () => {
  const { proxy, inspectUrl, clock } = await startInspected({}, { virtual: true });
  const run = ids('follow');
  const reading = personEvents(await personRun(proxy.url, 'writer', 'chunks=5 pace=10', run));
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 2, 'the run started');
  clock!.advance(0);
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 4, 'the first chunk recorded');
  const res = await inspectGet(`${inspectUrl}/runs/${encodeURIComponent(run.runId)}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  assert.equal(res.headers.get('cache-control'), 'no-cache, no-transform');
  const frames = feedFrames(res);
  const replayed = [];
  while (replayed.length < 4) {
    const f = (await within(frames.next(), 5000, 'a replayed event')).value!;
    if (f.kind === 'event') replayed.push(f);
  }
  assert.deepEqual(
    replayed.map((f) => f.seq),
    ['1', '2', '3', '4'],
  );
  assert.equal(replayed[0]!.recorded.event.type, 'RUN_STARTED');
  clock!.advance(1000); // the rest of the turn happens only now: what follows is live
  const live = [];
  let end: Record<string, unknown> | undefined;
  for await (const f of frames) {
    if (f.kind === 'event') live.push(f);
    if (f.kind === 'end') end = f.data;
  }
  const person = await reading;
  assert.ok(live.length > 0, 'events came live');
  assert.deepEqual(
    [...replayed, ...live].map((f) => f.recorded.event.type),
    person.map((e) => e.event.type),
  );
  assert.deepEqual(
    [...replayed, ...live].map((f) => f.recorded.id),
    person.map((e) => e.id),
  );
  assert.deepEqual(end, { status: 'finished', events: person.length, dropped: 0 });
  const ts = [...replayed, ...live].map((f) => f.recorded.t);
  assert.deepEqual(
    ts,
    [...ts].sort((a, b) => a - b),
    't never goes back',
  );
});

test('redaction: message text and tool arguments masked by default, sizes and structure kept; redact:false keeps them', async () => {
  for (const redact of [undefined, false] as const) {
    const { proxy, inspectUrl } = await startInspected(redact === false ? { redact: false } : {});
    const run = ids('redact');
    const person = await personEvents(await personRun(proxy.url, 'helper', 'Please greet the team', run));
    await untilRun(inspectUrl, run.runId, (s) => s.status !== 'running', 'the run recorded');
    const feed = eventsOf((await followAll(`${inspectUrl}/runs/${run.runId}`)).frames).map((f) => f.recorded.event as unknown as Record<string, unknown>);
    assert.equal(feed.length, person.length);
    let masked = 0;
    person.forEach((p, i) => {
      const f = feed[i]!;
      assert.equal(f.type, p.event.type);
      assert.deepEqual(Object.keys(f).sort(), Object.keys(p.event).sort(), 'the same fields');
      if (p.event.type === 'TEXT_MESSAGE_CONTENT' || p.event.type === 'TOOL_CALL_ARGS') {
        const delta = p.event.delta as string;
        assert.equal((f.delta as string).length, delta.length, 'the size is kept');
        if (redact === false) assert.equal(f.delta, delta);
        else {
          assert.match(f.delta as string, /^•+$/);
          masked += 1;
        }
      } else if (p.event.type === 'RUN_FINISHED' && redact !== false && (p.event as { outcome?: { type?: string } }).outcome?.type === 'interrupt') {
        // 'interrupt-text': what the interrupt says is masked, lengths kept; what it is stays.
        const [pi, fi] = [p.event, f].map((e) => (e as unknown as { outcome: { interrupts: Array<{ id: string; message?: string }> } }).outcome.interrupts[0]!);
        assert.equal(fi!.id, pi!.id);
        assert.equal(fi!.message!.length, pi!.message!.length);
        assert.match(fi!.message!, /^•+$/);
        masked += 1;
      } else {
        assert.deepEqual(f, p.event, `${p.event.type} passes as it was`);
      }
    });
    if (redact === undefined) assert.ok(masked >= 2, 'text and arguments were masked');
  }
});

test('the token, the person’s and the inspector’s credentials never reach the feed', async () => {
  const { proxy, inspectUrl } = await startInspected({ redact: false, person: () => `ana ${PERSON_TOKEN}` });
  const run = { threadId: 'secret-thread', runId: `run-${PERSON_TOKEN}` };
  const person = await personRun(proxy.url, 'helper', `echo ${PERSON_TOKEN} please`, run, { headers: { Cookie: 'session=person-cookie-123', Authorization: 'Bearer page-bearer-456' } });
  await personEvents(person);
  const listed = await untilRun(inspectUrl, run.runId.replace(PERSON_TOKEN, '[redacted]'), (s) => s.status !== 'running', 'the run recorded');
  assert.equal(listed.person, 'ana [redacted]');
  const listText = JSON.stringify(await listRuns(inspectUrl));
  const { text } = await followAll(`${inspectUrl}/runs/${encodeURIComponent(listed.runId)}`);
  for (const secret of [PERSON_TOKEN, INSPECT_KEY, 'person-cookie-123', 'page-bearer-456']) {
    assert.ok(!listText.includes(secret), `the list carries ${secret}`);
    assert.ok(!text.includes(secret), `the follow carries ${secret}`);
  }
});

test('follow of an unknown run is 404; a bad Last-Event-ID is 400', async () => {
  const { proxy, inspectUrl } = await startInspected({});
  const unknown = await inspectGet(`${inspectUrl}/runs/nope`);
  assert.equal(unknown.status, 404);
  assert.equal((await jsonErrorOf(unknown)).code, 'not_found');
  const run = ids('bad-id');
  await personEvents(await personRun(proxy.url, 'writer', 'chunks=1 pace=0', run));
  await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'recorded');
  const bad = await inspectGet(`${inspectUrl}/runs/${run.runId}`, { headers: { 'Last-Event-ID': '1.4' } });
  assert.equal(bad.status, 400);
  assert.equal((await jsonErrorOf(bad)).code, 'invalid_argument');
});

test('Express and toNodeHandler route the feed too (mounted at the base path)', async () => {
  const { edge } = await startInspected(undefined);
  const handler = createAguiProxy({ upstream: edge.url, token: PERSON_TOKEN, basePath: '/api', inspect: { authorize: byKey } });
  const middleware = aguiExpress(handler);
  const server = http.createServer((req, res) => {
    const r = req as http.IncomingMessage & { originalUrl?: string };
    r.originalUrl = req.url;
    req.url = req.url!.replace(/^\/api/, '') || '/';
    middleware(r, res, () => res.writeHead(500).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  try {
    const run = ids('express');
    await personEvents(await personRun(base, 'writer', 'chunks=2 pace=0', run));
    const listed = await untilRun(`${base}/__inspect`, run.runId, (s) => s.status === 'finished', 'the run through Express');
    const { frames } = await followAll(`${base}/__inspect/runs/${run.runId}`);
    assert.equal(eventsOf(frames).length, listed.events);
  } finally {
    server.closeAllConnections();
    server.close();
    handler.close();
  }
});

test('the CLI: --inspect takes its key from OZ_INSPECT_KEY only, and refuses to start without one', async () => {
  const { edge } = await startInspected(undefined);
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const cli = (env: Record<string, string>) =>
    spawn(process.execPath, ['--import', 'tsx', 'server/proxy/cli.ts', '--upstream', edge.url, '--port', '0', '--inspect'], {
      cwd: root,
      env: { ...process.env, OZ_APP_TOKEN: PERSON_TOKEN, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const keyless = cli({ OZ_INSPECT_KEY: '' });
  let stderr = '';
  keyless.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await within(new Promise((r) => keyless.once('exit', r)), 20_000, 'the keyless CLI to exit');
  assert.equal(code, 2);
  assert.match(stderr, /OZ_INSPECT_KEY/);

  const child = cli({ OZ_INSPECT_KEY: INSPECT_KEY });
  try {
    const url = await within(
      new Promise<string>((resolve) => {
        let out = '';
        child.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /inspection feed on at (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
      }),
      20_000,
      'the CLI to listen',
    );
    assert.equal((await fetch(`${url}/runs`)).status, 401);
    assert.equal((await fetch(`${url}/runs`, { headers: { Authorization: 'Bearer support-key-9f8e7d6c5b4X' } })).status, 403);
    assert.deepEqual(await (await inspectGet(`${url}/runs`)).json(), []);
  } finally {
    child.kill('SIGTERM');
  }
});

test('cross-origin inspectors: only listed origins, with a preflight for GET and their headers', async () => {
  const panel = 'https://support.example.com';
  const { inspectUrl } = await startInspected({}, { proxy: { allowOrigins: [panel] } });
  const pre = await fetch(`${inspectUrl}/runs`, {
    method: 'OPTIONS',
    headers: { Origin: panel, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get('access-control-allow-origin'), panel);
  assert.equal(pre.headers.get('access-control-allow-methods'), 'GET');
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Authorization/);
  const listed = await inspectGet(`${inspectUrl}/runs`, { headers: { Origin: panel } });
  assert.equal(listed.status, 200);
  assert.equal(listed.headers.get('access-control-allow-origin'), panel);
  await listed.text();
  const other = await inspectGet(`${inspectUrl}/runs`, { headers: { Origin: 'https://evil.example.com' } });
  assert.equal(other.status, 403);
  assert.equal(other.headers.get('access-control-allow-origin'), null);
  assert.equal((await jsonErrorOf(other, [INSPECT_KEY])).code, 'permission_denied');
  const badPre = await fetch(`${inspectUrl}/runs`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example.com', 'Access-Control-Request-Method': 'GET' } });
  assert.equal(badPre.status, 403);
  await badPre.text();
});

test('the same run followed again from its start (no Last-Event-ID): recorded once', async () => {
  const { proxy, inspectUrl } = await startInspected({ maxEventsPerRun: 3 });
  const run = ids('again');
  const once = await personEvents(await personRun(proxy.url, 'writer', 'chunks=4 pace=0', run));
  await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'recorded');
  const twice = await personEvents(await personRun(proxy.url, 'writer', 'chunks=4 pace=0', run));
  assert.deepEqual(
    twice.map((e) => e.id),
    once.map((e) => e.id),
    'the edge replayed the turn',
  );
  await new Promise((r) => setImmediate(r));
  const listed = await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'still one run');
  assert.equal(listed.events, once.length);
  assert.equal(listed.dropped, once.length - 3);
  const kept = eventsOf((await followAll(`${inspectUrl}/runs/${run.runId}`)).frames);
  assert.deepEqual(
    kept.map((f) => f.recorded.id),
    once.slice(-3).map((e) => e.id),
  );
});

test('with a fetch of its own (the web-stream path, as in Hono), the tee records the same', async () => {
  const { proxy, inspectUrl } = await startInspected({ redact: false }, { proxy: { fetch: globalThis.fetch } });
  const run = ids('web');
  const person = await personEvents(await personRun(proxy.url, 'writer', 'chunks=5 pace=0', run));
  await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'recorded');
  const kept = eventsOf((await followAll(`${inspectUrl}/runs/${run.runId}`)).frames);
  assert.deepEqual(
    kept.map((f) => ({ id: f.recorded.id, event: f.recorded.event })),
    person.map((p) => ({ id: p.id, event: p.event })),
  );
});

test('a follow of a dropped run waits followGraceMs for the person to come back, then ends as dropped', async () => {
  const { proxy, inspectUrl, clock } = await startInspected({ followGraceMs: 50 }, { virtual: true });
  const run = ids('grace');
  const ac = new AbortController();
  const res = await personRun(proxy.url, 'writer', 'chunks=3 pace=10', run, { signal: ac.signal });
  const reader = res.body!.getReader();
  await reader.read();
  await untilRun(inspectUrl, run.runId, (s) => s.events >= 2, 'started');
  ac.abort();
  await untilRun(inspectUrl, run.runId, (s) => s.status === 'dropped', 'dropped');
  const { frames } = await followAll(`${inspectUrl}/runs/${run.runId}`);
  assert.equal(eventsOf(frames).length, 2);
  assert.deepEqual(frames.at(-1), { kind: 'end', data: { status: 'dropped', events: 2, dropped: 0 } });
  clock!.advance(1000);
});

test('a redaction callback: applied to every event; one that throws keeps nothing of that event and harms nothing', async () => {
  const { proxy, inspectUrl } = await startInspected({
    redact: (target) => {
      if (target.kind !== 'event') return target.body;
      if (target.event.type === 'TEXT_MESSAGE_END') throw new Error('cannot');
      return target.event.type === 'TEXT_MESSAGE_CONTENT' ? { ...target.event, delta: 'hidden' } : target.event;
    },
  });
  const run = ids('callback');
  const person = await personEvents(await personRun(proxy.url, 'writer', 'chunks=2 pace=0', run));
  assert.equal(person.at(-1)!.event.type, 'RUN_FINISHED', 'the person’s run is untouched');
  const listed = await untilRun(inspectUrl, run.runId, (s) => s.status === 'finished', 'recorded');
  assert.equal(listed.dropped, 1);
  const kept = eventsOf((await followAll(`${inspectUrl}/runs/${run.runId}`)).frames).map((f) => f.recorded.event as unknown as Record<string, unknown>);
  assert.deepEqual(
    kept.map((e) => e.type),
    person.map((e) => e.event.type).filter((t) => t !== 'TEXT_MESSAGE_END'),
  );
  assert.ok(kept.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').every((e) => e.delta === 'hidden'));
  assert.ok(proxy.logs.some((l) => l.includes('inspect.redact threw (Error)')));
});

test('visible: an inspector sees only the runs the app lets them (left out of the list, 404 to follow)', async () => {
  const { proxy, inspectUrl } = await startInspected({ visible: (request, run) => run.agent === request.headers.get('X-Team') });
  const writer = ids('visible-w');
  const failing = ids('visible-f');
  await personEvents(await personRun(proxy.url, 'writer', 'chunks=1 pace=0', writer));
  await personEvents(await personRun(proxy.url, 'failing', 'Please greet the team', failing));
  const team = { 'X-Team': 'writer' };
  const list = async () => (await (await inspectGet(`${inspectUrl}/runs`, { headers: team })).json()) as Array<{ runId: string }>;
  assert.deepEqual(
    (await list()).map((r) => r.runId),
    [writer.runId],
  );
  const hidden = await inspectGet(`${inspectUrl}/runs/${failing.runId}`, { headers: team });
  assert.equal(hidden.status, 404);
  await hidden.text();
  const shown = await followAll(`${inspectUrl}/runs/${writer.runId}`, team);
  assert.ok(eventsOf(shown.frames).length > 0);
});
