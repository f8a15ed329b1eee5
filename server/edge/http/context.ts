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
}

/** A virtual clock's extra ability: tests move it forward. */
export interface AdvanceableClock {
  advance(ms: number): unknown;
}

/** Whether the runtime's clock can be advanced (a virtual clock). */
export function isAdvanceable(clock: unknown): clock is AdvanceableClock {
  return !!clock && typeof (clock as { advance?: unknown }).advance === 'function';
}
