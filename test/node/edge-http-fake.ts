/**
 * A small fake EdgeRuntime for the HTTP face's tests: logs the test appends to
 * by hand (bursts included), a few credentials, one tenant's origins. It
 * decides nothing the spec decides; it only lets a test drive the HTTP layer.
 */
import { EventType, isTerminalEvent, type AguiEvent, type RunAgentRequest } from '../../src/protocol/index.js';
import type { Caller, Clock, EdgeRuntime, LogEntry, RunLog, RunStart } from '../../server/edge/contract.js';

/** A run log a test appends to. */
export class FakeLog implements RunLog {
  readonly entries: LogEntry[] = [];
  silent = false;
  private readonly listeners = new Set<() => void>();
  private next = 1;
  constructor(
    readonly runId: string,
    readonly jobId: string,
  ) {}

  get ended(): boolean {
    return this.entries.some((e) => isTerminalEvent(e.event));
  }

  /** Appends events at once (one burst: one notification). */
  append(...events: AguiEvent[]): void {
    for (const event of events) this.entries.push({ id: `ev-${String(this.next++).padStart(4, '0')}`, event });
    for (const l of [...this.listeners]) l();
  }

  after(lastEventId: string | undefined): readonly LogEntry[] | 'unknown' {
    if (lastEventId === undefined) return this.entries.slice();
    const i = this.entries.findIndex((e) => e.id === lastEventId);
    return i < 0 ? 'unknown' : this.entries.slice(i + 1);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }
}

/** Text events a test can append: `n` content chunks of one message. */
export function textEvents(n: number, messageId = 'm1'): AguiEvent[] {
  const out: AguiEvent[] = [{ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' } as AguiEvent];
  for (let i = 0; i < n; i++) out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: `chunk ${i} ` } as AguiEvent);
  out.push({ type: EventType.TEXT_MESSAGE_END, messageId } as AguiEvent);
  return out;
}

export function runStarted(log: FakeLog): AguiEvent {
  return { type: EventType.RUN_STARTED, threadId: 't', runId: log.runId } as AguiEvent;
}

export function runFinished(log: FakeLog): AguiEvent {
  return { type: EventType.RUN_FINISHED, threadId: 't', runId: log.runId, outcome: { type: 'success' } } as unknown as AguiEvent;
}

/** The fake runtime, and what the test sees of it. */
export interface FakeRuntime extends EdgeRuntime {
  /** The log of each runId, created on the first start. */
  readonly logs: Map<string, FakeLog>;
  /** Inputs startRun received. */
  readonly started: RunAgentRequest[];
  /** Called when a log is created, to script it (default: RUN_STARTED only). */
  onNewLog: (log: FakeLog, agent: string) => void;
}

const PERMS: ReadonlySet<string> = new Set(['feeds.read', 'content', 'jobs.start.granted']);

/** A real-time clock for the fake. */
function realClock(): Clock {
  return {
    now: () => Date.now(),
    setTimer(fn, ms) {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    },
  };
}

/** Creates a fake runtime: token `ana-token` (person ana), key `acme-key`, origin https://app.example. */
export function createFakeRuntime(): FakeRuntime {
  const logs = new Map<string, FakeLog>();
  const started: RunAgentRequest[] = [];
  const callers: Record<string, Caller> = {
    'ana-token': { kind: 'person', tenant: 'acme', person: 'ana', via: 'token', permissions: PERMS },
    'acme-key': { kind: 'api_key', tenant: 'acme', keyId: 'acme-key', via: 'api_key', permissions: PERMS },
  };
  const runtime: FakeRuntime = {
    clock: realClock(),
    logs,
    started,
    onNewLog: (log) => log.append(runStarted(log)),
    authenticate: (c) => (c.bearer ? callers[c.bearer] : c.session === 'ana-session' ? { ...callers['ana-token']!, via: 'session' } : undefined),
    allowedOrigins: (tenant) => (tenant === 'acme' ? ['https://app.example'] : []),
    startRun(_caller, agent, _tenant, input): RunStart {
      started.push(input);
      if (agent === 'nobody') return { ok: false, status: 404, body: { code: 'not_found', message: 'No agent nobody.' } };
      let log = logs.get(input.runId);
      if (!log) {
        log = new FakeLog(input.runId, `job-${input.runId}`);
        logs.set(input.runId, log);
        runtime.onNewLog(log, agent);
      }
      return { ok: true, log };
    },
    exchangeToken: () => ({ ok: false, status: 401, body: { code: 'unauthenticated', message: 'no' } }),
    signIn: (token) => (token === 'ana-token' ? { session: 'ana-session', person: 'ana' } : undefined),
    consoleWaits: () => [],
    decideInConsole: () => ({ ok: true }),
    consoleLink: () => undefined,
    audit: [],
  };
  return runtime;
}
