/** One run's record in the inspection feed: its summary, its bounded events, and who waits for them. */
import type { InspectRunStatus, InspectRunSummary } from '../../src/protocol/index.js';
import { Ring } from '../../src/recorder/ring.js';
import type { RunMirror } from './inspect-mirror.js';

export type { InspectRunStatus, InspectRunSummary };

/** A kept event: its feed sequence number and its recorded line `{id, event, t}`. */
export interface StoredEvent {
  readonly seq: number;
  readonly line: string;
  readonly bytes: number;
  /** Its SSE id, when its frame had one (for dropping repeats). */
  readonly id: string | undefined;
}

const TERMINAL: ReadonlySet<InspectRunStatus> = new Set(['finished', 'interrupted', 'error']);

/** One run's record. */
export class InspectRun {
  readonly runId: string;
  readonly threadId: string;
  readonly agent: string;
  readonly tenant: string;
  person: string | undefined;
  readonly startedAt: number;
  endedAt: number | undefined;
  status: InspectRunStatus = 'running';
  events = 0;
  /** Events dropped before they were kept (too large, or lost with an overflowing tap). */
  skipped = 0;
  /** The last sequence number given (kept events are numbered 1, 2, … without gaps). */
  seq = 0;
  /** SSE frames with data seen on its streams, events or not (a stream that follows the turn from its start skips this many). */
  messages = 0;
  /** Streams of this run open through the proxy. */
  open = 0;
  evicted = false;
  /** Where the store mirrors this record (a shared store); undefined when the store reads it here. */
  mirror: RunMirror | undefined;
  readonly ring: Ring<StoredEvent>;
  /** The SSE ids of the kept events, to drop repeats (as many as the ring holds). */
  readonly ids = new Set<string>();
  readonly #waiters = new Set<() => void>();

  constructor(fields: { runId: string; threadId: string; agent: string; tenant: string; startedAt: number }, maxEvents: number, maxBytes: number) {
    this.runId = fields.runId;
    this.threadId = fields.threadId;
    this.agent = fields.agent;
    this.tenant = fields.tenant;
    this.startedAt = fields.startedAt;
    this.ring = new Ring(maxEvents, maxBytes);
    this.ring.onDrop = (e) => {
      if (e.id !== undefined) this.ids.delete(e.id);
    };
  }

  get ended(): boolean {
    return TERMINAL.has(this.status);
  }

  get dropped(): number {
    return this.ring.dropped.entries + this.skipped;
  }

  summary(): InspectRunSummary {
    const s: InspectRunSummary = {
      runId: this.runId,
      threadId: this.threadId,
      agent: this.agent,
      tenant: this.tenant,
      startedAt: this.startedAt,
      status: this.status,
      events: this.events,
      dropped: this.dropped,
    };
    if (this.person !== undefined) s.person = this.person;
    if (this.endedAt !== undefined) s.endedAt = this.endedAt;
    return s;
  }

  /** Resolves at the run's next change (an event, its end, its eviction). */
  changed(): { promise: Promise<void>; cancel(): void } {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    this.#waiters.add(resolve);
    return {
      promise,
      cancel: () => {
        this.#waiters.delete(resolve);
        resolve();
      },
    };
  }

  notify(): void {
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const w of waiters) w();
  }
}
