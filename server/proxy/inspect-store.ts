/**
 * Where the inspection feed keeps its runs: the store port. Every process
 * records the streams passing through it into its own bounded registry
 * (inspect-runs.ts: parsing, repeats, redaction happen there, in-process);
 * a store decides what the feed's routes read:
 *
 * - `memoryInspectStore()` (the default) reads that registry: one process,
 *   nothing leaves it.
 * - `redisInspectStore({ url })` (inspect-redis.ts) mirrors each run's
 *   redacted record into Redis Streams as it is made, and reads from there,
 *   so any replica lists and follows any run.
 *
 * A store's writes are never awaited by the person's stream: a run's
 * {@link RunMirror} only queues.
 */
import type { InspectRunSummary } from '../../src/protocol/index.js';
import type { ProxyLogger } from './forward.js';
import type { InspectRun } from './inspect-run.js';
import type { RunMirror } from './inspect-mirror.js';
import type { RunBounds, RunRegistry } from './inspect-runs.js';

export type { MirroredEvent, RunMirror } from './inspect-mirror.js';

/** One read of a followed run: its kept events after a cursor and its state now. */
export interface FollowRead {
  frames: ReadonlyArray<{ seq: number; line: string }>;
  /** The oldest kept event's sequence number (`lastSeq + 1` when none is kept). */
  firstKept: number;
  /** The last sequence number given. */
  lastSeq: number;
  summary: InspectRunSummary;
  evicted: boolean;
}

/** A followed run, read by cursor. `read` rejects when the store cannot be reached. */
export interface FollowSource {
  /** The kept events after sequence number `after` (up to about `maxChars` of lines). */
  read(after: number, maxChars: number): Promise<FollowRead>;
  /** Resolves true when the run may have changed since `after`, false after `ms` without change. */
  wait(after: number, ms: number): Promise<boolean>;
  /** Ends the follow's waits and connections. */
  close(): void;
}

/** The store's health, for `GET <base>/__inspect/status`. */
export interface InspectStoreStatus {
  store: string;
  /** The store cannot be reached, or writes were dropped since it last could. */
  degraded: boolean;
  /** Writes dropped since the process started (the store slow or down). */
  writesDropped: number;
  /** Writes waiting for the store. */
  queued: number;
}

/** A store bound to one feed: what the routes read and the taps write. */
export interface BoundInspectStore {
  /** The run's mirror, or undefined when the store reads the registry itself. */
  mirror(run: InspectRun): RunMirror | undefined;
  /** The runs' summaries, newest first; rejects when the store cannot be reached. */
  list(): Promise<InspectRunSummary[]>;
  get(runId: string): Promise<InspectRunSummary | undefined>;
  follow(runId: string): FollowSource;
  status(): InspectStoreStatus;
  close(): Promise<void>;
}

/** What a store is bound to: the process's registry, the feed's bounds, the proxy's logger. */
export interface StoreBinding {
  runs: RunRegistry;
  bounds: RunBounds;
  now: () => number;
  logger: ProxyLogger;
}

/** The `inspect.store` option: `memoryInspectStore()` (the default) or `redisInspectStore({ url })`. */
export interface InspectStore {
  /** Its name in the status route (`memory`, `redis`). */
  readonly kind: string;
  bind(binding: StoreBinding): BoundInspectStore;
}

/** Follows a run of the registry, waking at its changes. */
function registryFollow(runs: RunRegistry, runId: string): FollowSource {
  const known = runs.get(runId);
  let waiting: { cancel(): void } | undefined;
  return {
    read(after, maxChars) {
      const run = known; // an evicted run keeps its last state, flagged `evicted`
      if (!run) return Promise.reject(new Error('the run is not in the registry'));
      const frames: Array<{ seq: number; line: string }> = [];
      const first = run.ring.at(0);
      if (first) {
        let chars = 0;
        for (let i = Math.max(0, after + 1 - first.seq); i < run.ring.size && chars < maxChars; i++) {
          const e = run.ring.at(i)!;
          frames.push({ seq: e.seq, line: e.line });
          chars += e.line.length;
        }
      }
      return Promise.resolve({ frames, firstKept: first ? first.seq : run.seq + 1, lastSeq: run.seq, summary: run.summary(), evicted: run.evicted });
    },
    async wait(_after, ms) {
      if (!known) return true;
      const change = known.changed();
      waiting = change;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let timedOut = false;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          timedOut = true;
          resolve();
        }, ms);
        timer.unref?.();
      });
      await Promise.race([change.promise, timeout]);
      clearTimeout(timer);
      change.cancel();
      waiting = undefined;
      return !timedOut;
    },
    close() {
      waiting?.cancel();
    },
  };
}

/** The default store: the process's own registry (one process; nothing leaves it). */
export function memoryInspectStore(): InspectStore {
  return {
    kind: 'memory',
    bind: ({ runs }) => ({
      mirror: () => undefined,
      list: () => Promise.resolve(runs.list()),
      get: (runId) => Promise.resolve(runs.get(runId)?.summary()),
      follow: (runId) => registryFollow(runs, runId),
      status: () => ({ store: 'memory', degraded: false, writesDropped: 0, queued: 0 }),
      close: () => Promise.resolve(),
    }),
  };
}
