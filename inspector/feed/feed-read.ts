/**
 * What the inspection feed answers, checked before the inspector trusts it:
 * a run's summary in the list, and one recorded event of a follow. A
 * malformed one is an {@link InspectFeedError} naming what is wrong.
 */
import { validateEvent, type InspectRunSummary } from '../../src/protocol/index.js';
import type { RecordedEvent } from '../../src/transport/index.js';
import { InspectFeedError } from './errors.js';

const STATUSES = new Set(['running', 'finished', 'interrupted', 'error', 'dropped']);

export function readSummary(value: unknown, i: number): InspectRunSummary {
  const bad = (why: string) => new InspectFeedError('bad_response', `The feed's run ${i} is malformed: ${why}.`);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad('not an object');
  const v = value as Record<string, unknown>;
  for (const k of ['runId', 'threadId', 'agent', 'tenant'] as const) if (typeof v[k] !== 'string') throw bad(`"${k}" is not a string`);
  if (typeof v.startedAt !== 'number') throw bad('"startedAt" is not a number');
  if (typeof v.events !== 'number') throw bad('"events" is not a number');
  if (typeof v.status !== 'string' || !STATUSES.has(v.status)) throw bad('"status" is unknown');
  const out: InspectRunSummary = {
    runId: v.runId as string,
    threadId: v.threadId as string,
    agent: v.agent as string,
    tenant: v.tenant as string,
    startedAt: v.startedAt,
    status: v.status as InspectRunSummary['status'],
    events: v.events,
  };
  if (typeof v.person === 'string') out.person = v.person;
  if (typeof v.endedAt === 'number') out.endedAt = v.endedAt;
  if (typeof v.dropped === 'number') out.dropped = v.dropped;
  return out;
}

export function readRecorded(data: string, id: string | undefined): RecordedEvent {
  const bad = (why: string) => new InspectFeedError('malformed', `The feed's event ${id ?? '(no id)'} is malformed: ${why}.`);
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw bad('not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad('expected {id, event, t}');
  const r = value as Record<string, unknown>;
  if (r.id !== null && typeof r.id !== 'string') throw bad('"id" must be a string or null');
  if (typeof r.t !== 'number' || !Number.isFinite(r.t) || r.t < 0) throw bad('"t" must be a number of milliseconds >= 0');
  const checked = validateEvent(r.event);
  if (!checked.ok) throw bad(`"event" is not an AG-UI event (${checked.error})`);
  return { id: r.id, event: checked.value, t: r.t };
}
