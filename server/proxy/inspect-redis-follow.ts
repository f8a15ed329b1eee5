/**
 * The Redis store's read side: a run's summary from its hash, and a follow
 * by cursor: XRANGE from the last id for what is kept, XREAD BLOCK (on a
 * connection of the follow's own, closed with it) for what comes next,
 * looking at the run's status at least every second.
 */
import type { Redis } from 'ioredis';
import type { InspectRunStatus, InspectRunSummary } from '../../src/protocol/index.js';
import type { FollowRead, FollowSource } from './inspect-store.js';

const STATUSES: ReadonlySet<string> = new Set(['running', 'finished', 'interrupted', 'error', 'dropped']);
/** How long one blocking read of a follow waits before it looks at the run's status again. */
const BLOCK_SLICE_MS = 1000;

/** A run's summary from its hash, or undefined when it has none (expired, evicted). */
export function summaryOf(h: Record<string, string>): InspectRunSummary | undefined {
  if (!h.runId || h.evicted === '1') return undefined;
  const s: InspectRunSummary = {
    runId: h.runId,
    threadId: h.threadId ?? '',
    agent: h.agent ?? '',
    tenant: h.tenant ?? '',
    startedAt: Number(h.startedAt),
    status: (STATUSES.has(h.status ?? '') ? h.status : 'running') as InspectRunStatus,
    events: Number(h.events ?? 0),
    dropped: Number(h.dropped ?? 0),
  };
  if (h.person !== undefined) s.person = h.person;
  if (h.endedAt !== undefined) s.endedAt = Number(h.endedAt);
  return s;
}

/** The answers of a pipeline, or its first error thrown. */
export async function answers(p: { exec(): Promise<Array<[Error | null, unknown]> | null> }): Promise<unknown[]> {
  const out = await p.exec();
  if (!out) throw new Error('the pipeline was discarded');
  return out.map(([err, value]) => {
    if (err) throw err;
    return value;
  });
}

/** What a follow takes from its store. */
export interface FollowContext {
  /** The connection, when it is ready (rejects otherwise). */
  ready(): Promise<Redis>;
  prefix: string;
  commandTimeoutMs: number;
  /** The follows' own connections, closed with the store. */
  followers: Set<Redis>;
}

/** Follows one run in Redis. */
export function redisFollow({ ready, prefix, commandTimeoutMs, followers }: FollowContext, runId: string): FollowSource {
  const key = (part: string, id: string) => `${prefix}${part}:${id}`;
  let last: InspectRunSummary | undefined;
  let reader: Redis | undefined;
  let closed = false;
  const events = key('events', runId);
  return {
    async read(after, maxChars): Promise<FollowRead> {
      const client = await ready();
      const [h, entries, first] = (await answers(client.pipeline().hgetall(key('run', runId)).xrange(events, `${after}-1`, '+', 'COUNT', 512).xrange(events, '-', '+', 'COUNT', 1))) as [
        Record<string, string>,
        Array<[string, string[]]>,
        Array<[string, string[]]>,
      ];
      const now = summaryOf(h);
      const replaced = last !== undefined && now !== undefined && now.threadId !== last.threadId;
      if (!now || replaced)
        return { frames: [], firstKept: 1, lastSeq: 0, summary: last ?? { runId, threadId: '', agent: '', tenant: '', startedAt: 0, status: 'running', events: 0, dropped: 0 }, evicted: true };
      last = now;
      const frames: Array<{ seq: number; line: string }> = [];
      let chars = 0;
      for (const [id, fields] of entries) {
        if (chars >= maxChars) break;
        let line = '';
        for (let k = 0; k < fields.length; k += 2) if (fields[k] === 'l') line = fields[k + 1] ?? '';
        frames.push({ seq: Number(id.split('-')[0]), line });
        chars += line.length;
      }
      const lastSeq = Number(h.seq ?? 0);
      return { frames, firstKept: first[0] ? Number(first[0][0].split('-')[0]) : lastSeq + 1, lastSeq, summary: now, evicted: false };
    },
    async wait(after, ms) {
      const client = await ready().catch(() => undefined);
      if (!client || closed) return true;
      if (!reader) {
        reader = client.duplicate({ enableOfflineQueue: true, commandTimeout: BLOCK_SLICE_MS + commandTimeoutMs, connectionName: 'oz-agui-inspect-follow' });
        reader.on('error', () => undefined);
        followers.add(reader);
      }
      const status = last?.status;
      const until = Date.now() + ms;
      try {
        for (;;) {
          const slice = Math.max(1, Math.min(BLOCK_SLICE_MS, until - Date.now()));
          const got = await reader.xread('BLOCK', slice, 'STREAMS', events, `${after}-0`);
          if (closed || got) return true;
          const h = await client.hmget(key('run', runId), 'status', 'evicted');
          if (h[0] !== status || h[1] === '1') return true;
          if (Date.now() >= until) return false;
        }
      } catch {
        return true; // the next read says whether Redis is gone
      }
    },
    close() {
      closed = true;
      if (reader) {
        followers.delete(reader);
        reader.disconnect();
      }
    },
  };
}
