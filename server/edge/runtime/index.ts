/**
 * The development edge's runtime: `createEdgeRuntime(options)` gives an
 * in-memory OZ behind `EdgeRuntime`, with scripted agents, development
 * identities, a clock tests can drive, and hooks to revoke, cancel, change an
 * interrupt or make a decision fail midway.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../contract.js';
import { builtInAgents } from './agents/index.js';
import { createRealClock } from './clock.js';
import { runtimeConsole } from './console.js';
import type { IdentityConfig } from './identities.js';
import { devIdentities } from './identities.js';
import type { Script } from './script.js';
import { DevEdgeRuntime } from './runtime.js';

export { createRealClock, createShiftableClock, createVirtualClock } from './clock.js';
export type { ShiftableClock, VirtualClock } from './clock.js';
export { devIdentities } from './identities.js';
export type { IdentityConfig, TenantConfig, PersonConfig, ApiKeyConfig, AppConfig } from './identities.js';
export { DevEdgeRuntime } from './runtime.js';
export { MemoryRunLog } from './run-log.js';
export * as script from './script.js';
export type { Script } from './script.js';
export { builtInAgents } from './agents/index.js';

/** Options of createEdgeRuntime. */
export interface EdgeRuntimeOptions {
  /** Default: the real clock. Tests pass createVirtualClock(). */
  clock?: Clock;
  /** Ids of jobs, tool calls, tokens (default: random hex). */
  generateId?: () => string;
  /** Default: the development identities (see identities.ts). */
  identities?: IdentityConfig;
  /** The console's public base URL, for `oz0/console` links. */
  publicUrl?: string;
  /** How long an interrupt waits before the edge denies it (default 15 minutes). */
  interruptTtlMs?: number;
  /** A yes to a wait older than this is checked again (default 10 minutes); failRecheck() makes the re-check refuse. */
  recheckAfterMs?: number;
  /** Parameters per agent, e.g. `{writer: {chunks, chunkSize, paceMs}}`. */
  agentParams?: { writer?: { chunks?: number; chunkSize?: number; paceMs?: number } } & Record<string, Record<string, unknown> | undefined>;
  /** Extra (or replacement) scripted agents by name. */
  agents?: Record<string, Script>;
}

/** The default interrupt deadline: 15 minutes. */
export const DEFAULT_INTERRUPT_TTL_MS = 15 * 60 * 1000;

/** A yes to a wait older than this is checked again: 10 minutes. */
export const DEFAULT_RECHECK_AFTER_MS = 10 * 60 * 1000;

/** Creates a development edge runtime. */
export function createEdgeRuntime(options: EdgeRuntimeOptions = {}): DevEdgeRuntime {
  const params: Record<string, Record<string, unknown>> = {};
  for (const [k, v] of Object.entries(options.agentParams ?? {})) if (v) params[k] = { ...v };
  const parts = {
    clock: options.clock ?? createRealClock(),
    generateId: options.generateId ?? (() => randomUUID().replace(/-/g, '').slice(0, 16)),
    identities: options.identities ?? devIdentities(),
    interruptTtlMs: options.interruptTtlMs ?? DEFAULT_INTERRUPT_TTL_MS,
    recheckAfterMs: options.recheckAfterMs ?? DEFAULT_RECHECK_AFTER_MS,
    agentParams: params,
    agents: { ...builtInAgents(), ...(options.agents ?? {}) },
    console: runtimeConsole,
  };
  return new DevEdgeRuntime(options.publicUrl ? { ...parts, publicUrl: options.publicUrl } : parts);
}
