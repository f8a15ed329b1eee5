/** What every handler of the edge's HTTP face shares: one per edge, never module-level. */
import type { EdgeRuntime } from '../contract.js';
import type { EdgeLogger } from './errors.js';
import type { FaultOptions } from './faults.js';
import type { EdgeStats } from './stats.js';

/** The edge's HTTP settings and its runtime. */
export interface EdgeContext {
  runtime: EdgeRuntime;
  stats: EdgeStats;
  /** A stream ends after this many ms without a terminal event. */
  streamMaxMs: number;
  /** The keep-alive comment's interval while a turn is silent. */
  keepAliveMs: number;
  /** Faults applied to every stream of this edge. */
  faults: FaultOptions | undefined;
  /** Whether `/__edge/*` and per-request faults are on. */
  devHooks: boolean;
  /** Origins the console takes form posts from, besides the request's own host. */
  consoleOrigins: readonly string[];
  log: EdgeLogger;
}

/** Optional runtime abilities the HTTP face uses when the runtime has them. */
export interface RuntimeExtras {
  /** Revokes a person's access in a tenant (their streams end with RUN_ERROR revoked). */
  revoke?(tenant: string, person: string): unknown;
  /** Stops a turn's job: its run finishes cancelled. False when no such job. */
  cancelJob?(job: string): boolean;
  /** What an interrupt shows changes: its id then fails with interrupt_changed. The new id, or undefined for no such interrupt. */
  changeInterrupt?(interruptId: string): string | undefined;
  /** The job refuses its update when this interrupt is decided (the partial case). False when no such interrupt. */
  refuseDecision?(interruptId: string): boolean;
  /** The re-check after a long wait refuses a yes to this interrupt, with the reason. False when no such interrupt. */
  failRecheck?(interruptId: string, reason?: string): boolean;
  /** OZ's own check of an answer to this interrupt refuses it at `field` (invalid_resume). False when no such interrupt. */
  refuseAnswer?(interruptId: string, field: string, reason?: string): boolean;
  /** The job's stream skips ahead, for a turn named by its job or one of its runs. False when no such running turn. */
  skipAhead?(jobOrRunId: string): boolean;
}

/** A virtual clock's extra ability: tests move it forward. */
export interface AdvanceableClock {
  advance(ms: number): unknown;
}

/** Whether the runtime's clock can be advanced (a virtual clock). */
export function isAdvanceable(clock: unknown): clock is AdvanceableClock {
  return !!clock && typeof (clock as { advance?: unknown }).advance === 'function';
}
