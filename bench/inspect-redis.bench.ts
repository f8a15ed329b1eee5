/**
 * The inspection feed's Redis store (issue 23) against the in-memory one,
 * through the real `oz-agui-proxy` CLI in its own process and a real
 * `redis-server` on loopback: latency added per event to the person's stream
 * (median, Redis store on - memory store), throughput ratio, and Redis's
 * memory for 50 runs x 5,000 events (the default bounds), with how many
 * writes the store dropped on the way.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRedis } from '../test/node/redis-server.js';
import { BENCH_INSPECT_KEY, fakeUpstream, latencies, median, proxyCommand, request, RUN_EVENTS, startProxyProcess, throughput } from './proxy-harness.js';
import type { BenchRow } from './types.js';

const RUNS = 50;

interface FeedStatus {
  degraded: boolean;
  writesDropped: number;
  queued: number;
}

async function status(base: string): Promise<FeedStatus> {
  const res = await fetch(`${base}/__inspect/status`, { headers: { Authorization: `Bearer ${BENCH_INSPECT_KEY}` } });
  return (await res.json()) as FeedStatus;
}

/** Waits until the proxy has written everything to Redis (or dropped it). */
async function settled(base: string): Promise<FeedStatus> {
  for (;;) {
    const s = await status(base);
    if (s.queued === 0) return s;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function usedMemory(url: string): Promise<number> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url);
  try {
    const info = await client.info('memory');
    return Number(/used_memory:(\d+)/.exec(info)?.[1]);
  } finally {
    client.disconnect();
  }
}

async function drain(res: http.IncomingMessage): Promise<void> {
  for await (const chunk of res) void chunk;
}

export default async function inspectRedisBench(): Promise<BenchRow[]> {
  const redis = await startRedis();
  const upstream = fakeUpstream();
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const direct = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const command = await proxyCommand();
  const memory = await startProxyProcess(command, direct, ['--inspect']);
  const inRedis = await startProxyProcess(command, direct, ['--inspect', '--inspect-redis', redis.url]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    await latencies(memory.url, agent); // warm both paths
    await latencies(inRedis.url, agent);
    const m: number[] = [];
    const r: number[] = [];
    for (let round = 0; round < 5; round++) {
      m.push(...(await latencies(memory.url, agent)));
      r.push(...(await latencies(inRedis.url, agent)));
    }
    const added = median(r) - median(m);

    await throughput(memory.url, agent);
    await throughput(inRedis.url, agent);
    await settled(inRedis.url);
    let bestMemory = 0;
    let bestRedis = 0;
    for (let round = 0; round < 3; round++) {
      bestMemory = Math.max(bestMemory, await throughput(memory.url, agent));
      bestRedis = Math.max(bestRedis, await throughput(inRedis.url, agent));
    }
    const ratio = bestRedis / bestMemory;
    const afterThroughput = await settled(inRedis.url);

    // A fresh Redis and proxy for the memory figure: 50 runs of 5,000 events, 5 at a time.
    inRedis.child.kill('SIGTERM');
    await redis.restart();
    const fresh = await startProxyProcess(command, direct, ['--inspect', '--inspect-redis', redis.url]);
    const before = await usedMemory(redis.url);
    const started = performance.now();
    for (let i = 0; i < RUNS; i += 5) await Promise.all(Array.from({ length: 5 }, () => request(fresh.url, 'run5000', agent).then(drain)));
    const personMs = performance.now() - started;
    const end = await settled(fresh.url);
    const writtenMs = performance.now() - started;
    const used = (await usedMemory(redis.url)) - before;
    fresh.child.kill('SIGTERM');

    return [
      {
        name: 'inspect on Redis: latency added per event (median, Redis store - memory store)',
        value: added,
        unit: `ms (${median(r).toFixed(3)} / ${median(m).toFixed(3)} ms)`,
        target: '< 0.5',
        pass: added < 0.5,
      },
      {
        name: 'inspect on Redis: throughput Redis store / memory store',
        value: ratio,
        unit: `(${bestRedis.toFixed(0)} / ${bestMemory.toFixed(0)} MB/s; ${afterThroughput.writesDropped} writes dropped past the queue)`,
      },
      {
        name: `inspect on Redis: Redis memory for ${RUNS} runs x ${RUN_EVENTS} events`,
        value: used / 1024 / 1024,
        unit: `MB (${end.writesDropped} writes dropped; people done in ${personMs.toFixed(0)} ms, Redis in ${writtenMs.toFixed(0)} ms)`,
      },
    ];
  } finally {
    agent.destroy();
    memory.child.kill('SIGTERM');
    inRedis.child.kill('SIGTERM');
    upstream.closeAllConnections();
    upstream.close();
    await redis.stop();
  }
}
