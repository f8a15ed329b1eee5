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
import { closeAll, eventsOf, followAll, ids, INSPECT_KEY, inspectGet, listRuns, PERSON_TOKEN, personEvents, personRun, untilRun } from './proxy-inspect-harness.js';
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
  assert.deepEqual(followed.map((f) => f.seq), person.map((_, i) => String(i + 1)), 'the feed’s own ids, 1..n without gaps');
  assert.deepEqual(followed.map((f) => f.recorded.id), person.map((e) => e.id ?? null), 'each recorded line keeps the run’s SSE id');
  const end = frames.at(-1);
  assert.equal(end?.kind, 'end');
  assert.equal((end as { data: Record<string, unknown> }).data.status, 'finished');

  // From a cursor, through either replica: only what comes after it.
  for (const base of [a, b]) {
    const { frames: rest } = await followAll(`${base}/__inspect/runs/${run.runId}`, { 'Last-Event-ID': '3' });
    assert.deepEqual(eventsOf(rest).map((f) => f.seq), person.slice(3).map((_, i) => String(i + 4)));
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
  assert.deepEqual(recordedIds, again.map((e) => e.id ?? null), 'the whole turn, once, in order');
  assert.ok(rest.length > 0 && again.length >= rest.length);
});
