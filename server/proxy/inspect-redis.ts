/**
 * `redisInspectStore({ url })`: the inspection feed on Redis Streams, so
 * that support staff following `__inspect` through any replica of the proxy
 * see every run, live and from its start, and keep them across restarts.
 *
 * Each process still records its own streams (parsing, repeats and redaction
 * happen before anything leaves it: nothing with a credential is written);
 * each run's redacted record is mirrored into Redis by queued writes
 * (inspect-redis-writer.ts, scripts in inspect-redis-scripts.ts) and the
 * routes read it back by cursor (XRANGE from the last id, XREAD BLOCK for
 * what comes next). `ioredis` is an optional dependency, loaded only when
 * this store is used.
 */
import type { Redis } from 'ioredis';
import type * as IoRedis from 'ioredis';
import type { InspectRunSummary } from '../../src/protocol/index.js';
import * as scripts from './inspect-redis-scripts.js';
import { RedisRunMirror, RedisWriter, type PipelineClient } from './inspect-redis-writer.js';
import { answers, redisFollow, summaryOf } from './inspect-redis-follow.js';
import type { BoundInspectStore, InspectStore, StoreBinding } from './inspect-store.js';

/** Options of {@link redisInspectStore}. */
export interface RedisInspectStoreOptions {
  /** `redis://[user:password@]host:port[/db]`, or `rediss://` for TLS. Never logged. */
  url: string;
  /** Prefix of every key (default `oz:inspect:`); in Redis Cluster give it a hash tag, e.g. `{oz}:inspect:`. */
  keyPrefix?: string;
  /** A run's record expires this long after its last write (default 86,400 s: a day). */
  ttlSeconds?: number;
  /** Writes waiting for Redis at most (default 10,000); past it they are dropped and counted. */
  maxQueued?: number;
  /** Bytes of writes waiting for Redis at most (default 16 MiB). */
  maxQueuedBytes?: number;
  /** A Redis command slower than this fails, and its write is dropped and counted (default 2,000 ms). */
  commandTimeoutMs?: number;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`redisInspectStore: ${name} must be an integer >= 1`);
  return value;
}

async function connect(url: string, commandTimeout: number): Promise<Redis> {
  let mod: typeof IoRedis;
  try {
    mod = await import('ioredis');
  } catch {
    throw new Error('redisInspectStore needs the ioredis package (npm install ioredis)');
  }
  const client = new mod.Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout,
    connectionName: 'oz-agui-inspect',
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  const define = (name: string, lua: string) => client.defineCommand(name, { numberOfKeys: 1, lua });
  define('ozInspectJoin', scripts.JOIN);
  define('ozInspectAppend', scripts.APPEND);
  define('ozInspectSkip', scripts.SKIP);
  define('ozInspectClose', scripts.CLOSE);
  define('ozInspectPerson', scripts.PERSON);
  return client;
}

/** The Redis store; see the module's comment and server/proxy/README.md. */
export function redisInspectStore(options: RedisInspectStoreOptions): InspectStore {
  if (typeof options?.url !== 'string' || !/^rediss?:\/\//.test(options.url)) throw new TypeError('redisInspectStore: url must be a redis:// or rediss:// URL');
  const prefix = options.keyPrefix ?? 'oz:inspect:';
  if (typeof prefix !== 'string' || prefix === '') throw new TypeError('redisInspectStore: keyPrefix must be a non-empty string');
  const ttlSeconds = positive(options.ttlSeconds, 86_400, 'ttlSeconds');
  const maxQueued = positive(options.maxQueued, 10_000, 'maxQueued');
  const maxQueuedBytes = positive(options.maxQueuedBytes, 16 * 1024 * 1024, 'maxQueuedBytes');
  const commandTimeoutMs = positive(options.commandTimeoutMs, 2000, 'commandTimeoutMs');
  return { kind: 'redis', bind: (binding) => bindRedis(binding, { url: options.url, prefix, ttlSeconds, maxQueued, maxQueuedBytes, commandTimeoutMs }) };
}

interface Settings {
  url: string;
  prefix: string;
  ttlSeconds: number;
  maxQueued: number;
  maxQueuedBytes: number;
  commandTimeoutMs: number;
}

function bindRedis({ bounds, logger }: StoreBinding, settings: Settings): BoundInspectStore {
  const { prefix } = settings;
  const writer = new RedisWriter({ prefix, ttlSeconds: settings.ttlSeconds, maxQueued: settings.maxQueued, maxQueuedBytes: settings.maxQueuedBytes, ...bounds });
  let unreachable = false;
  const loading = connect(settings.url, settings.commandTimeoutMs).then((client) => {
    client.on('error', (err: Error & { code?: string }) => {
      if (unreachable) return;
      unreachable = true;
      logger.warn(`oz-agui-proxy: the inspection feed's Redis cannot be reached (${err.code ?? err.name}); runs go on, their record has gaps`);
    });
    client.on('ready', () => {
      if (unreachable) logger.warn('oz-agui-proxy: the inspection feed’s Redis is reachable again');
      unreachable = false;
      writer.connected(client as unknown as PipelineClient);
    });
    return client;
  });
  loading.catch((err: Error) => {
    logger.error(`oz-agui-proxy: ${err.message}`);
    writer.unavailable();
  });
  const ready = async (): Promise<Redis> => {
    const client = await loading;
    if (client.status !== 'ready') throw new Error('Redis is not connected');
    return client;
  };
  const key = (part: string, runId: string) => `${prefix}${part}:${runId}`;
  const followers = new Set<Redis>();

  const list = async (): Promise<InspectRunSummary[]> => {
    const client = await ready();
    const ids = await client.zrange(`${prefix}runs`, 0, -1, 'REV');
    if (ids.length === 0) return [];
    const p = client.pipeline();
    for (const id of ids) p.hgetall(key('run', id));
    const hashes = (await answers(p)) as Array<Record<string, string>>;
    const out: InspectRunSummary[] = [];
    const gone: string[] = [];
    hashes.forEach((h, i) => {
      const s = summaryOf(h);
      if (s) out.push(s);
      else gone.push(ids[i]!);
    });
    if (gone.length) void client.zrem(`${prefix}runs`, ...gone).catch(() => undefined); // their TTL passed
    return out;
  };

  const get = async (runId: string) => summaryOf(await (await ready()).hgetall(key('run', runId)));

  const follow = (runId: string) => redisFollow({ ready, prefix, commandTimeoutMs: settings.commandTimeoutMs, followers }, runId);

  return {
    mirror: (run) => new RedisRunMirror(writer, run),
    list,
    get,
    follow,
    status: () => ({ store: 'redis', degraded: unreachable || writer.degraded, writesDropped: writer.writesDropped, queued: writer.queued }),
    async close() {
      for (const r of followers) r.disconnect();
      followers.clear();
      const client = await loading.catch(() => undefined);
      if (!client) return;
      const deadline = Date.now() + 1000;
      while (writer.queued > 0 && client.status === 'ready' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      client.disconnect();
    },
  };
}
