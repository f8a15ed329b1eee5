/**
 * What a store is told of one run as this process records it (the taps call
 * it; a store implements it). Kept apart from the store port so the run and
 * the registry can name it without importing the port that names them.
 */
import type { InspectRunStatus } from '../../src/protocol/index.js';

/** One kept (or counted and skipped) event of a run, as the process recorded it. */
export interface MirroredEvent {
  /** Its SSE id, when its frame had one (the store drops repeats by it). */
  sseId: string | undefined;
  /** Its recorded line `{id, event, t}`; undefined when it was counted but not kept (too large, redaction failed). */
  line: string | undefined;
  bytes: number;
  /** The run's end, when this event ended it. */
  terminal: InspectRunStatus | undefined;
  at: number;
}

/** What a store is told of one run as this process records it; each call only queues, never throws. */
export interface RunMirror {
  /** A stream of the run opened through this process. */
  opened(): void;
  event(e: MirroredEvent): void;
  /** An event lost before it was recorded (an overflowing tap). */
  skipped(): void;
  /** A stream of the run through this process ended. */
  closed(at: number): void;
  person(person: string): void;
}
