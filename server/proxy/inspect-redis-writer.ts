/**
 * The Redis store's write side: each run's mirror queues its writes here and
 * returns at once; the queue goes to Redis in pipelines while the connection
 * is ready. Nothing on the person's path waits for Redis or sees its errors:
 *
 * - past `maxQueued` writes (or `maxQueuedBytes`), writes are dropped and
 *   counted, an event's per run;
 * - a write that fails (Redis down, slow past the command timeout) is dropped
 *   and counted the same way;
 * - a run the store evicted (its bounds) is written no more;
 * - a run Redis does not have (it came back empty, the TTL passed) is written
 *   again from this process's record (`rejoin`), followed by how many of its
 *   events were lost, so its followers see a gap counted in `dropped`
 *   instead of a run that vanished.
 */
import type { InspectRun, InspectRunStatus } from './inspect-run.js';
import type { MirroredEvent, RunMirror } from './inspect-mirror.js';

/** The scripts the writer calls (defined on the client from inspect-redis-scripts.ts). */
export type ScriptName = 'ozInspectJoin' | 'ozInspectAppend' | 'ozInspectSkip' | 'ozInspectClose' | 'ozInspectPerson';

/** The part of an ioredis client the writer uses. */
export interface PipelineClient {
  readonly status: string;
  pipeline(): { exec(): Promise<Array<[Error | null, unknown]> | null> } & Record<ScriptName, (...args: Array<string | number>) => unknown>;
}

interface Op {
  mirror: RedisRunMirror;
  script: ScriptName;
  args: Array<string | number>;
  /** Events it writes (counted as lost when it fails). */
  events: number;
  bytes: number;
}

/** The writer's bounds and the record's. */
export interface WriterOptions {
  prefix: string;
  ttlSeconds: number;
  maxQueued: number;
  maxQueuedBytes: number;
  maxRuns: number;
  maxEventsPerRun: number;
  maxBytesPerRun: number;
}

/** Script calls in one pipeline. */
const BATCH = 256;
/** Arguments of an APPEND before its events (runId, maxEvents, maxBytes, ttl, lost). */
const APPEND_HEAD = 5;
/** Events of one run written by one script call at most (a run's events queued together go in one). */
const EVENTS_PER_CALL = 128;

export class RedisWriter {
  readonly #options: WriterOptions;
  #client: PipelineClient | undefined;
  #queue: Op[] = [];
  #queuedBytes = 0;
  #flushing = false;
  #inFlight = 0;
  #gone = false;
  #failing = false;
  /** Mirrors with writes lost or a run Redis lacks, set right on the next flush. */
  readonly #recover = new Set<RedisRunMirror>();
  writesDropped = 0;

  constructor(options: WriterOptions) {
    this.#options = options;
  }

  get options(): WriterOptions {
    return this.#options;
  }

  /** Writes not yet answered by Redis (queued or in flight). */
  get queued(): number {
    return this.#queue.length + this.#inFlight;
  }

  /** Redis cannot be reached, or writes were lost that are not yet counted there. */
  get degraded(): boolean {
    return this.#client?.status !== 'ready' || this.#failing || this.#recover.size > 0;
  }

  /** The connection, once loaded; and each time it is ready again. */
  connected(client: PipelineClient): void {
    this.#client = client;
    this.flush();
  }

  /** The store cannot work at all (ioredis missing): what is queued and all that comes is dropped and counted. */
  unavailable(): void {
    this.#gone = true;
    for (const op of this.#queue.splice(0)) this.#lose(op);
    this.#queuedBytes = 0;
  }

  push(op: Op): void {
    if (op.mirror.evicted) return;
    if (this.#gone) {
      this.writesDropped += 1;
      return;
    }
    if (this.#queuedBytes + op.bytes > this.#options.maxQueuedBytes) {
      this.#lose(op);
      return;
    }
    const open = op.mirror.openAppend;
    if (op.script === 'ozInspectAppend' && open && open.events < EVENTS_PER_CALL) {
      open.args.push(...op.args.slice(APPEND_HEAD));
      open.events += op.events;
      open.bytes += op.bytes;
      this.#queuedBytes += op.bytes;
      return;
    }
    if (this.#queue.length >= this.#options.maxQueued) {
      this.#lose(op);
      return;
    }
    op.mirror.openAppend = op.script === 'ozInspectAppend' && op.events > 0 ? op : undefined;
    this.#queue.push(op);
    this.#queuedBytes += op.bytes;
    if (!this.#flushing) queueMicrotask(() => this.flush());
  }

  #lose(op: Op): void {
    this.writesDropped += Math.max(1, op.events);
    op.mirror.lost += op.events;
    this.#recover.add(op.mirror);
  }

  /** Sends what is queued, a pipeline at a time, while the connection is ready. */
  flush(): void {
    if (this.#flushing) return;
    this.#flushing = true;
    void this.#drain().finally(() => {
      this.#flushing = false;
      if (this.#queue.length > 0 && this.#client?.status === 'ready' && !this.#failing) this.flush();
    });
  }

  async #drain(): Promise<void> {
    while (this.#client?.status === 'ready' && (this.#queue.length > 0 || this.#recover.size > 0)) {
      const taken = this.#queue.splice(0, BATCH);
      for (const op of taken) {
        this.#queuedBytes -= op.bytes;
        if (op.mirror.openAppend === op) op.mirror.openAppend = undefined;
      }
      const batch = [...this.#recoveryOps(), ...taken];
      let results: Array<[Error | null, unknown]> | null;
      const pipeline = this.#client.pipeline();
      for (const op of batch) pipeline[op.script](`${this.#options.prefix}run:${op.mirror.runId}`, this.#options.prefix, ...op.args);
      this.#inFlight = batch.length;
      try {
        results = await pipeline.exec();
      } catch {
        results = null;
      }
      this.#inFlight = 0;
      this.#failing = false;
      batch.forEach((op, i) => {
        const [err, value] = results?.[i] ?? [new Error('no answer'), undefined];
        if (err) {
          this.#failing = true;
          this.#lose(op);
        } else if (value === -2) {
          op.mirror.evicted = true; // evicted from the store's bounds: nothing more of it is written
        } else if (typeof value === 'number' && value > op.mirror.seq) {
          op.mirror.seq = value;
        } else if (value === -1) {
          // Redis does not have the run (it came back empty, or its TTL passed): write it again from here.
          op.mirror.lost += op.events;
          this.#recover.add(op.mirror);
        }
      });
      if (this.#failing) return; // the connection's next ready starts again
    }
  }

  /** For each mirror to set right: its run written again (open as here), then its lost events counted. */
  #recoveryOps(): Op[] {
    const ops: Op[] = [];
    for (const mirror of this.#recover) {
      this.#recover.delete(mirror);
      if (mirror.evicted) continue;
      const join = mirror.joinOp(0);
      const lost = mirror.lost;
      mirror.lost = 0;
      ops.push(join);
      if (lost > 0) ops.push(mirror.lostOp(lost));
    }
    return ops;
  }
}

/** One run's mirror: what this process records of it, as queued writes. */
export class RedisRunMirror implements RunMirror {
  readonly #writer: RedisWriter;
  readonly #run: InspectRun;
  /** Events this process could not write; counted into the run's `dropped` when it can. */
  lost = 0;
  /** Its APPEND still in the queue, which the next events join (one script call for many). */
  openAppend: Op | undefined;
  /** The highest sequence number the store gave this run's events from here (a run written again goes on from it). */
  seq = 0;
  /** The store evicted the run (its bounds): nothing more of it is written. */
  evicted = false;

  constructor(writer: RedisWriter, run: InspectRun) {
    this.#writer = writer;
    this.#run = run;
  }

  get runId(): string {
    return this.#run.runId;
  }

  /** The run's JOIN: `delta` 1 for a stream opening, 0 to write it again (with its status and streams as here). */
  joinOp(delta: 0 | 1): Op {
    const r = this.#run;
    const o = this.#writer.options;
    const status: InspectRunStatus = delta === 1 ? 'running' : r.status;
    const seq = delta === 1 ? 0 : this.seq + this.lost; // lost events leave a gap its followers are told of
    const args = [r.runId, r.threadId, r.agent, r.tenant, r.startedAt, o.maxRuns, o.ttlSeconds, delta, status, delta === 1 ? 1 : r.open, seq];
    return { mirror: this, script: 'ozInspectJoin', args, events: 0, bytes: 64 };
  }

  /** An APPEND's first arguments: the run, the bounds, the TTL and how many events were lost. */
  #appendHead(lost: number): Array<string | number> {
    const o = this.#writer.options;
    return [this.#run.runId, o.maxEventsPerRun, o.maxBytesPerRun, o.ttlSeconds, lost];
  }

  appendOp(e: MirroredEvent): Op {
    const args = [...this.#appendHead(0), e.sseId ?? '', e.line ?? '', e.bytes, e.terminal ?? '', e.at];
    return { mirror: this, script: 'ozInspectAppend', args, events: 1, bytes: 64 + (e.line?.length ?? 0) };
  }

  /** Counts `lost` events in the run (as events and as dropped). */
  lostOp(lost: number): Op {
    return { mirror: this, script: 'ozInspectAppend', args: this.#appendHead(lost), events: 0, bytes: 64 };
  }

  opened(): void {
    this.#writer.push(this.joinOp(1));
  }

  event(e: MirroredEvent): void {
    this.#writer.push(this.appendOp(e));
  }

  skipped(): void {
    this.#writer.push({ mirror: this, script: 'ozInspectSkip', args: [this.#run.runId, this.#writer.options.ttlSeconds], events: 1, bytes: 64 });
  }

  closed(at: number): void {
    this.#writer.push({ mirror: this, script: 'ozInspectClose', args: [this.#run.runId, at, this.#writer.options.ttlSeconds], events: 0, bytes: 64 });
  }

  person(person: string): void {
    this.#writer.push({ mirror: this, script: 'ozInspectPerson', args: [this.#run.runId, person], events: 0, bytes: 64 + person.length });
  }
}
