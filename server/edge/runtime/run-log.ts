/** A run's append-only event log, read from the start or after an event id. */
import type { AguiEvent } from '../../../src/protocol/index.js';
import { isTerminalEvent } from '../../../src/protocol/index.js';
import type { LogEntry, RunLog } from '../contract.js';

/**
 * The runtime's side of a RunLog: it appends events (one call = one burst)
 * and marks the log silent while the turn makes no events. Ids are
 * `<run-seq>.<n>`, n counting from 1, so they increase strictly.
 */
export class MemoryRunLog implements RunLog {
  readonly #entries: LogEntry[] = [];
  readonly #listeners = new Set<() => void>();
  #silent = false;
  #ended = false;

  constructor(
    readonly runId: string,
    readonly jobId: string,
    /** The log's number in this runtime; the prefix of its event ids. */
    readonly seq: number,
  ) {}

  get ended(): boolean {
    return this.#ended;
  }

  get silent(): boolean {
    return this.#silent && !this.#ended;
  }

  /** Every event so far (for tests and fixtures). */
  get events(): AguiEvent[] {
    return this.#entries.map((e) => e.event);
  }

  after(lastEventId: string | undefined): readonly LogEntry[] | 'unknown' {
    if (lastEventId === undefined) return this.#entries.slice();
    const m = /^(\d+)\.(\d+)$/.exec(lastEventId);
    if (!m || Number(m[1]) !== this.seq) return 'unknown';
    const n = Number(m[2]);
    if (n < 1 || n > this.#entries.length) return 'unknown';
    return this.#entries.slice(n);
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Appends a burst; nothing is appended after a terminal event. */
  append(events: readonly AguiEvent[]): void {
    if (this.#ended || events.length === 0) return;
    for (const event of events) {
      if (this.#ended) break;
      this.#entries.push({ id: `${this.seq}.${this.#entries.length + 1}`, event });
      if (isTerminalEvent(event)) this.#ended = true;
    }
    this.#silent = false;
    this.#notify();
  }

  /** Marks the turn silent (keep-alives due) or not. */
  setSilent(silent: boolean): void {
    if (this.#silent === silent) return;
    this.#silent = silent;
    this.#notify();
  }

  #notify(): void {
    for (const l of [...this.#listeners]) l();
  }
}
