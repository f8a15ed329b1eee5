/**
 * The inspection feed on Redis Streams (issue 23), against a real
 * `redis-server`, the real development edge and proxies on loopback: two
 * proxy processes on one Redis (a run through A followed through B, from its
 * start, live and from a cursor; a person who reconnects through the other
 * replica recorded once), and what Redis may not do to the person's run.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { startEdge, type StartedEdge } from '../../server/edge/index.js';
import { redisInspectStore } from '../../server/proxy/index.js';
import { closeAll, eventsOf, followAll, ids, INSPECT_KEY, inspectGet, listRuns, PERSON_TOKEN, personEvents, personRun, sse, startInspected, untilRun } from './proxy-inspect-harness.js';
import { within } from './proxy-helpers.js';
import { startRedis, type TestRedis } from './redis-server.js';

const children: ChildProcess[] = [];
let redis: TestRedis;
let edge: StartedEdge;

after(async () => {
  for (const c of children) c.kill('SIGKILL');
  await closeAll();
  await edge?.close();
  await redis?.stop();
});

/** A proxy process (the CLI) with the feed in Redis; resolves with its URL once it listens. */
async function proxyProcess(edgeUrl: string, redisUrl: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/proxy/cli.ts', '--upstream', edgeUrl, '--port', '0', '--inspect', '--inspect-redis', redisUrl], {
    env: { ...process.env, OZ_APP_TOKEN: PERSON_TOKEN, OZ_INSPECT_KEY: INSPECT_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /oz-agui-proxy: (http:\/\/\S+) ->/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => reject(new Error(`the proxy exited (${code}): ${out}`)));
  });
  return within(url, 20_000, 'the proxy process to listen');
}

/** Waits until a proxy has no write to Redis outstanding (each replica writes off the person's path, a moment later). */
async function written(proxyUrl: string): Promise<void> {
  const poll = async () => {
    for (;;) {
      const status = (await (await inspectGet(`${proxyUrl}/__inspect/status`)).json()) as { queued: number };
      if (status.queued === 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await within(poll(), 5000, 'the replica’s writes to reach Redis');
}

async function setUp(): Promise<void> {
  redis ??= await startRedis();
  edge ??= await startEdge({ log: () => {} });
}

test('two proxy processes on one Redis: a run through A is listed by B and followed through B from its start, live, and from a cursor', async () => {
  await setUp();
  const [a, b] = await Promise.all([proxyProcess(edge.url, redis.url), proxyProcess(edge.url, redis.url)]);
  const run = ids('replicas');
  const reading = personEvents(await personRun(a, 'writer', 'chunks=8 pace=40', run));
  // B lists the run while it runs, and follows it live from its start.
  await untilRun(`${b}/__inspect`, run.runId, (s) => s.status === 'running', 'B to list the run A carries');
  const live = followAll(`${b}/__inspect/runs/${run.runId}`);
  const person = await within(reading, 10_000, 'the person’s run');
  const { frames } = await live;
  const followed = eventsOf(frames);
  assert.deepEqual(
    followed.map((f) => f.recorded.event.type),
    person.map((e) => e.event.type),
    'B shows every event of the run A carried, in order, once',
  );
  assert.deepEqual(
    followed.map((f) => f.seq),
    person.map((_, i) => String(i + 1)),
    'the feed’s own ids, 1..n without gaps',
  );
  assert.deepEqual(
    followed.map((f) => f.recorded.id),
    person.map((e) => e.id ?? null),
    'each recorded line keeps the run’s SSE id',
  );
  const end = frames.at(-1);
  assert.equal(end?.kind, 'end');
  assert.equal((end as { data: Record<string, unknown> }).data.status, 'finished');

  // From a cursor, through either replica: only what comes after it.
  for (const base of [a, b]) {
    const { frames: rest } = await followAll(`${base}/__inspect/runs/${run.runId}`, { 'Last-Event-ID': '3' });
    assert.deepEqual(
      eventsOf(rest).map((f) => f.seq),
      person.slice(3).map((_, i) => String(i + 4)),
    );
  }
  // Both replicas list the same summary.
  const [onA, onB] = await Promise.all([listRuns(`${a}/__inspect`), listRuns(`${b}/__inspect`)]);
  const pick = (list: typeof onA) => list.find((r) => r.runId === run.runId);
  assert.deepEqual(pick(onA), pick(onB));
  assert.equal(pick(onB)?.events, person.length);
  assert.equal(pick(onB)?.dropped, 0);
  const status = await (await inspectGet(`${b}/__inspect/status`)).json();
  assert.deepEqual(status, { store: 'redis', degraded: false, writesDropped: 0, queued: 0 });
});

test('a person who reconnects through another replica, and a second tab through a third from the start: each event recorded once', async () => {
  await setUp();
  const [a, b, c] = await Promise.all([proxyProcess(edge.url, redis.url), proxyProcess(edge.url, redis.url), proxyProcess(edge.url, redis.url)]);
  const run = ids('switch');
  const ac = new AbortController();
  const res = await personRun(a, 'writer', 'chunks=6 pace=60', run, { signal: ac.signal });
  const seen: string[] = [];
  const reader = res.body!.getReader();
  let text = '';
  while (seen.length < 3) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    for (const m of text.matchAll(/^id: (.+)$/gm)) if (!seen.includes(m[1]!)) seen.push(m[1]!);
  }
  ac.abort();
  const rest = await personEvents(await personRun(b, 'writer', 'chunks=6 pace=60', run, { headers: { 'Last-Event-ID': seen.at(-1)! } }));
  // A second tab through C, which has seen nothing of the run: the turn from its start, every event a repeat.
  const again = await personEvents(await personRun(c, 'writer', 'chunks=6 pace=60', run));
  await Promise.all([a, b, c].map((p) => written(p)));
  const { frames } = await followAll(`${a}/__inspect/runs/${run.runId}`);
  const recordedIds = eventsOf(frames).map((f) => f.recorded.id);
  assert.equal(new Set(recordedIds).size, recordedIds.length, `no event twice: ${recordedIds.join(' ')}`);
  assert.deepEqual(
    recordedIds,
    again.map((e) => e.id ?? null),
    'the whole turn, once, in order',
  );
  assert.ok(rest.length > 0 && again.length >= rest.length);
});

/** A follow's frames, with the store's `degraded` / `recovered` events. */
type Frame = { kind: 'event'; seq: string } | { kind: 'end'; data: Record<string, unknown> } | { kind: 'status'; name: string };

/** The feed's status through a proxy. */
async function statusOf(inspectUrl: string): Promise<{ store: string; degraded: boolean; writesDropped: number; queued: number }> {
  return (await (await inspectGet(`${inspectUrl}/status`)).json()) as never;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const poll = async () => {
    for (;;) {
      const got = await probe();
      if (got !== undefined) return got;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return within(poll(), ms, what);
}

test('Redis killed mid-run: the person’s run completes, the feed says it is degraded (writes past maxQueuedBytes dropped and counted), and recovers when Redis returns', async () => {
  const own = await startRedis();
  try {
    const { proxy, inspectUrl } = await startInspected({ store: redisInspectStore({ url: own.url, commandTimeoutMs: 300, maxQueued: 5, maxQueuedBytes: 4096 }) });
    await until('the store to connect', async () => ((await statusOf(inspectUrl)).degraded ? undefined : true));
    const run = ids('fault');
    // Long enough that many more events than maxQueued come after the kill, however late the follow saw its first three.
    const res = await personRun(proxy.url, 'writer', 'chunks=60 pace=40', run);
    const reading = personEvents(res);
    await untilRun(inspectUrl, run.runId, () => true, 'the run listed');
    const follow = await inspectGet(`${inspectUrl}/runs/${run.runId}`);
    assert.equal(follow.status, 200);
    const frames: Frame[] = [];
    const following = (async () => {
      for await (const m of sse(follow)) {
        if (m.event === 'message') frames.push({ kind: 'event', seq: m.id! });
        else if (m.event === 'end') frames.push({ kind: 'end', data: JSON.parse(m.data) });
        else if (m.event !== 'comment') frames.push({ kind: 'status', name: m.event });
      }
    })();
    following.catch(() => undefined); // awaited below; a test that failed before must not leave it unhandled
    await until('a few events followed', async () => (frames.filter((f) => f.kind === 'event').length >= 3 ? true : undefined));
    await own.kill();

    const person = await within(reading, 10_000, 'the person’s run to complete with Redis down');
    assert.equal(person.at(-1)?.event.type, 'RUN_FINISHED', 'the person’s run is whole');
    const down = await until('the status to say degraded', async () => {
      const s = await statusOf(inspectUrl);
      return s.degraded && s.writesDropped > 0 ? s : undefined;
    });
    assert.equal(down.store, 'redis');
    const list = await inspectGet(`${inspectUrl}/runs`);
    assert.equal(list.status, 503);
    assert.equal(((await list.json()) as { code: string }).code, 'unavailable');
    assert.ok(list.headers.get('retry-after'));
    await until('the open follow to say degraded', async () => (frames.some((f) => f.kind === 'status' && f.name === 'degraded') ? true : undefined));

    await own.restart(); // empty: no persistence
    await until('the status to recover', async () => ((await statusOf(inspectUrl)).degraded ? undefined : true));
    await within(following, 10_000, 'the open follow to end after Redis returned');
    const names = frames.flatMap((f) => (f.kind === 'status' ? [f.name] : []));
    assert.deepEqual(names, ['degraded', 'recovered']);
    const end = frames.at(-1) as { kind: string; data: Record<string, unknown> };
    assert.equal(end.kind, 'end');
    // The run is written again from the proxy's record, its lost events counted as dropped.
    const back = (await listRuns(inspectUrl)).find((r) => r.runId === run.runId);
    assert.equal(back?.status, 'finished');
    assert.ok((back?.dropped ?? 0) > 0, `the lost events are counted: ${JSON.stringify(back)}`);
    // A new run is recorded whole again.
    const next = ids('after-fault');
    const again = await personEvents(await personRun(proxy.url, 'writer', 'chunks=3 pace=0', next));
    await until('the new run to be written', async () => ((await statusOf(inspectUrl)).queued === 0 ? true : undefined));
    const { frames: nextFrames } = await followAll(`${inspectUrl}/runs/${next.runId}`);
    assert.equal(eventsOf(nextFrames).length, again.length);
  } finally {
    await own.stop();
  }
});

/** The Redis store's command timeout in the slow-Redis test: long, so a run held up by a write could not pass. */
const SLOW_REDIS_MS = 4000;

test('a Redis too slow to answer: the person’s run is not held up; the slow writes are dropped and counted', async () => {
  const own = await startRedis();
  try {
    const { proxy, inspectUrl } = await startInspected({ store: redisInspectStore({ url: own.url, commandTimeoutMs: SLOW_REDIS_MS }) });
    await until('the store to connect', async () => ((await statusOf(inspectUrl)).degraded ? undefined : true));
    own.pause();
    const started = performance.now();
    const person = await personEvents(await personRun(proxy.url, 'writer', 'chunks=40 pace=0', ids('slow')));
    const took = performance.now() - started;
    assert.equal(person.at(-1)?.event.type, 'RUN_FINISHED');
    // A run that waited for even one write would take the command timeout; a burst of 40 events takes milliseconds.
    assert.ok(took < SLOW_REDIS_MS - 500, `the person's run took ${took.toFixed(0)} ms with Redis not answering`);
    const s = await until('the slow writes to time out', async () => {
      const st = await statusOf(inspectUrl);
      return st.writesDropped > 0 ? st : undefined;
    });
    assert.equal(s.degraded, true);
    own.resume();
  } finally {
    await own.stop();
  }
});

test('bounds in Redis: runs past maxRuns evicted (oldest ended first), events and bytes per run; nothing with a credential or unredacted words is written, and every run key expires', async () => {
  await setUp();
  const { Redis } = await import('ioredis');
  const prefix = `bounds${Date.now()}:`;
  const { proxy, inspectUrl } = await startInspected({
    maxRuns: 2,
    maxEventsPerRun: 5,
    maxBytesPerRun: 1500,
    store: redisInspectStore({ url: redis.url, keyPrefix: prefix, ttlSeconds: 600 }),
  });
  const runs = [ids('bound'), ids('bound'), ids('bound')];
  const people: Array<Awaited<ReturnType<typeof personEvents>>> = [];
  for (const r of runs) people.push(await personEvents(await personRun(proxy.url, 'writer', `chunks=12 pace=0 ${PERSON_TOKEN}`, r)));
  await until('the writes to reach Redis', async () => ((await statusOf(inspectUrl)).queued === 0 ? true : undefined));
  const listed = (await listRuns(inspectUrl)).map((r) => r.runId);
  assert.deepEqual(listed, [runs[2]!.runId, runs[1]!.runId], 'the newest two, newest first');
  assert.equal((await inspectGet(`${inspectUrl}/runs/${runs[0]!.runId}`)).status, 404);

  const { frames, text } = await followAll(`${inspectUrl}/runs/${runs[2]!.runId}`);
  const kept = eventsOf(frames);
  assert.ok(kept.length <= 5 && kept.length > 0, `at most 5 events kept: ${kept.length}`);
  assert.deepEqual(kept.at(-1)?.recorded.id, people[2]!.at(-1)?.id, 'the newest kept');
  const dropped = Number(/: dropped (\d+)/.exec(text)?.[1]);
  assert.equal(dropped + kept.length, people[2]!.length, 'what was pushed out is announced');
  const end = frames.at(-1) as unknown as { data: { events: number; dropped: number } };
  assert.equal(end.data.events, people[2]!.length);
  assert.equal(end.data.dropped, dropped);

  const client = new Redis(redis.url);
  try {
    const keys = await client.keys(`${prefix}*`);
    let everything = '';
    for (const k of keys) {
      const type = await client.type(k);
      if (type === 'hash') everything += JSON.stringify(await client.hgetall(k));
      else if (type === 'stream') {
        const entries = (await client.xrange(k, '-', '+')) as Array<[string, string[]]>;
        const bytes = entries.reduce((n, [, f]) => n + Number(f[f.indexOf('b') + 1]), 0);
        assert.ok(entries.length <= 5 && bytes <= 1500, `${k}: ${entries.length} entries, ${bytes} bytes`);
        everything += JSON.stringify(entries);
      } else if (type === 'set') everything += JSON.stringify(await client.smembers(k));
      else if (type === 'zset') everything += JSON.stringify(await client.zrange(k, 0, -1));
      else everything += String(await client.get(k));
      if (/:(run|events|ids):/.test(k)) {
        const ttl = await client.ttl(k);
        assert.ok(ttl > 0 && ttl <= 600, `${k} expires (ttl ${ttl})`);
      }
    }
    assert.ok(everything.length > 0);
    assert.ok(!everything.includes(PERSON_TOKEN), 'the token is never written');
    assert.ok(!everything.includes(INSPECT_KEY));
    const said = people.flat().flatMap((e) => (e.event.type === 'TEXT_MESSAGE_CONTENT' && String(e.event.delta).length >= 8 ? [String(e.event.delta)] : []));
    assert.ok(said.length > 0, 'the agent said something to redact');
    for (const words of said) assert.ok(!everything.includes(JSON.stringify(words).slice(1, -1)), `the agent's words are redacted before they leave the process: ${words}`);
  } finally {
    client.disconnect();
  }
});
