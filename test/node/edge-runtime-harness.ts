/** Shared helpers of the edge runtime's tests: a runtime on a virtual clock, callers, runs, and event checks. */
import assert from 'node:assert/strict';
import { verifyEvents } from '@ag-ui/client';
import { EventSchema } from '@ag-ui/core/schemas';
import { from, lastValueFrom, toArray } from 'rxjs';
import type { AguiEvent, Interrupt, RunAgentRequest } from '../../src/protocol/index.js';
import { EventType } from '../../src/protocol/index.js';
import type { Caller, RunStart } from '../../server/edge/contract.js';
import type { DevEdgeRuntime, EdgeRuntimeOptions, MemoryRunLog, VirtualClock } from '../../server/edge/runtime/index.js';
import { createEdgeRuntime, createVirtualClock } from '../../server/edge/runtime/index.js';

export const PUBLIC_URL = 'https://oz.example.com';

/** A runtime on a virtual clock with counting ids. */
export function setup(options: EdgeRuntimeOptions = {}): { rt: DevEdgeRuntime; clock: VirtualClock } {
  const clock = createVirtualClock(Date.UTC(2026, 0, 1));
  let n = 0;
  const rt = createEdgeRuntime({ clock, generateId: () => (++n).toString(16).padStart(6, '0'), publicUrl: PUBLIC_URL, ...options });
  return { rt, clock };
}

/** The caller a token (or key) is. */
export function who(rt: DevEdgeRuntime, bearer: string): Caller {
  const c = rt.authenticate({ bearer });
  assert.ok(c, `unknown credential ${bearer}`);
  return c;
}

let runCounter = 0;

/** A request: a thread, a fresh runId, and messages. */
export function input(threadId: string, messages: RunAgentRequest['messages'], extra: Partial<RunAgentRequest> = {}): RunAgentRequest {
  return { threadId, runId: `run-${++runCounter}`, messages, ...extra };
}

/** A user message. */
export function user(content: string, id = `u${++runCounter}`): RunAgentRequest['messages'][number] {
  return { id, role: 'user', content };
}

/** Starts a run; asserts it started. */
export function startOk(rt: DevEdgeRuntime, bearer: string | Caller, agent: string, req: RunAgentRequest): MemoryRunLog {
  const caller = typeof bearer === 'string' ? who(rt, bearer) : bearer;
  const r: RunStart = rt.startRun(caller, agent, caller.tenant, req);
  assert.ok(r.ok, `refused: ${JSON.stringify(!r.ok && r.body)}`);
  return r.log as MemoryRunLog;
}

/** Starts a run and advances the clock (default one minute); returns its events. */
export function runOk(rt: DevEdgeRuntime, clock: VirtualClock, bearer: string | Caller, agent: string, req: RunAgentRequest, ms = 60_000): { log: MemoryRunLog; events: AguiEvent[] } {
  const log = startOk(rt, bearer, agent, req);
  clock.advance(ms);
  return { log, events: log.events };
}

/** Every event passes EventSchema and the sequence passes verifyEvents. */
export async function checkEvents(events: readonly AguiEvent[]): Promise<void> {
  for (const e of events) {
    const parsed = EventSchema.safeParse(e);
    assert.ok(parsed.success, `schema: ${JSON.stringify(e)} ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`);
  }
  const verify = verifyEvents(false as never) as unknown as (s: ReturnType<typeof from<AguiEvent[]>>) => ReturnType<typeof from<AguiEvent[]>>;
  await lastValueFrom(verify(from(events as AguiEvent[])).pipe(toArray()));
}

/** Events of one type. */
export function ofType<T extends AguiEvent['type']>(events: readonly AguiEvent[], type: T): Extract<AguiEvent, { type: T }>[] {
  return events.filter((e) => e.type === type) as Extract<AguiEvent, { type: T }>[];
}

/** CUSTOM events' values by name. */
export function custom(events: readonly AguiEvent[], name: string): unknown[] {
  return ofType(events, EventType.CUSTOM)
    .filter((e) => e.name === name)
    .map((e) => e.value);
}

/** The last event. */
export function last(events: readonly AguiEvent[]): AguiEvent {
  const e = events[events.length - 1];
  assert.ok(e, 'no events');
  return e;
}

/** The interrupts of a RUN_FINISHED with outcome interrupt. */
export function interruptsOf(events: readonly AguiEvent[]): Interrupt[] {
  const fin = last(events);
  assert.equal(fin.type, EventType.RUN_FINISHED, `expected RUN_FINISHED, got ${JSON.stringify(fin)}`);
  const outcome = (fin as Extract<AguiEvent, { type: EventType.RUN_FINISHED }>).outcome;
  assert.equal(outcome?.type, 'interrupt', JSON.stringify(outcome));
  return (outcome as { interrupts: Interrupt[] }).interrupts;
}

/** The RUN_ERROR ending a run. */
export function runError(events: readonly AguiEvent[]): Extract<AguiEvent, { type: EventType.RUN_ERROR }> {
  const e = last(events);
  assert.equal(e.type, EventType.RUN_ERROR, `expected RUN_ERROR, got ${JSON.stringify(e)}`);
  return e as Extract<AguiEvent, { type: EventType.RUN_ERROR }>;
}

/** The outcome type of the RUN_FINISHED ending a run. */
export function outcomeOf(events: readonly AguiEvent[]): string | undefined {
  const e = last(events);
  assert.equal(e.type, EventType.RUN_FINISHED, `expected RUN_FINISHED, got ${JSON.stringify(e)}`);
  return (e as Extract<AguiEvent, { type: EventType.RUN_FINISHED }>).outcome?.type;
}
