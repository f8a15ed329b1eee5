/**
 * The runs the inspection tap keeps, at most `maxRuns`. A stream joins its
 * run by what its request body names (runId, threadId) and where it runs
 * (agent, tenant), so a reconnect or a second tab adds to the same record; a
 * new run past the bound evicts the oldest ended one (the oldest of all when
 * every run still streams), and an evicted run tells its followers, which end.
 */
import { scrub } from './errors.js';
import { InspectRun, type InspectRunSummary } from './inspect-run.js';
import type { RunMirror } from './inspect-mirror.js';

/** What names a stream's run. */
export interface RunKey {
  body: Uint8Array;
  agent: string;
  tenant: string;
  /** Secrets scrubbed from everything recorded (the token and the like). */
  secrets: readonly string[];
}

/** How much is kept: runs, and events and bytes per run. */
export interface RunBounds {
  maxRuns: number;
  maxEventsPerRun: number;
  maxBytesPerRun: number;
}

function readRun(body: Uint8Array): { threadId?: string; runId?: string } {
  try {
    const v = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>;
    return {
      ...(typeof v?.threadId === 'string' ? { threadId: v.threadId } : {}),
      ...(typeof v?.runId === 'string' ? { runId: v.runId } : {}),
    };
  } catch {
    return {};
  }
}

/** The kept runs, in the order they were first seen. */
export class RunRegistry {
  readonly #runs = new Map<string, InspectRun>();
  readonly #bounds: RunBounds;
  readonly #now: () => number;
  #unnamed = 0;
  /** The store's mirror for a new run (set by the feed; none: the registry is the record). */
  mirrorOf: (run: InspectRun) => RunMirror | undefined = () => undefined;

  constructor(bounds: RunBounds, now: () => number) {
    this.#bounds = bounds;
    this.#now = now;
  }

  /** The run a stream belongs to: the known one it continues, or a new one (evicting past `maxRuns`). */
  join(key: RunKey): InspectRun {
    const named = readRun(key.body);
    const runId = scrub(named.runId ?? `unnamed-${++this.#unnamed}`, key.secrets);
    const threadId = scrub(named.threadId ?? '', key.secrets);
    const existing = this.#runs.get(runId);
    if (existing && existing.threadId === threadId && existing.agent === key.agent && existing.tenant === key.tenant) return existing;
    if (existing) this.#evict(existing); // the same runId in another thread: a new run
    while (this.#runs.size >= this.#bounds.maxRuns) {
      let oldest: InspectRun | undefined;
      for (const r of this.#runs.values()) {
        if (r.status !== 'running') {
          oldest = r;
          break;
        }
      }
      this.#evict(oldest ?? this.#runs.values().next().value!);
    }
    const { maxEventsPerRun, maxBytesPerRun } = this.#bounds;
    const run = new InspectRun({ runId, threadId, agent: key.agent, tenant: key.tenant, startedAt: this.#now() }, maxEventsPerRun, maxBytesPerRun);
    run.mirror = this.mirrorOf(run);
    this.#runs.set(runId, run);
    return run;
  }

  /** The runs' summaries, newest first. */
  list(): InspectRunSummary[] {
    return [...this.#runs.values()].reverse().map((r) => r.summary());
  }

  get(runId: string): InspectRun | undefined {
    return this.#runs.get(runId);
  }

  #evict(run: InspectRun): void {
    this.#runs.delete(run.runId);
    run.evicted = true;
    run.notify();
  }
}
