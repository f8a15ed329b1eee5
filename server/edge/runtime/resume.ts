/**
 * Resuming: the entries of a resume answer the interrupts of the run before.
 * Every check runs for every entry before any is decided (all or nothing);
 * only a failure while deciding leaves the entries decided before it.
 */
import { Validator } from '@cfworker/json-schema';
import type { AguiEvent, ResumeEntry, OzResumeValue } from '../../../src/protocol/index.js';
import { ERROR_META, EventType, OZ_RESUME } from '../../../src/protocol/index.js';
import type { Caller, Clock } from '../contract.js';
import type { Turn } from './turn.js';
import type { Decider, Decision, Wait } from './waits.js';
import { interruptId, mayDecide, parseInterruptId, partitionWaits } from './waits.js';

/** A RUN_ERROR a resume ends with. */
export interface ResumeError {
  code: string;
  message: string;
  metadata: Record<string, unknown>;
  /** A yes the re-check after a long wait refused: the platform denies this step (the one exception to "none"). */
  deny?: { plan: Plan; reason: string };
}

/** What a resume did: its oz0.resume events, and the error when deciding failed midway. */
export interface ResumeResult {
  events: AguiEvent[];
  error?: ResumeError;
}

/** What a resume needs from its runtime. */
export interface ResumeServices {
  clock: Clock;
  who: Decider & { kind: string };
  caller: Caller;
  /** Whether the job refuses its update for this wait (a fault to simulate the partial case). */
  refusesUpdate(wait: Wait): boolean;
  decided(wait: Wait, decision: Decision): void;
  /** How long a wait may wait before a yes is checked again (undefined: never). */
  recheckAfterMs?: number;
  /** The re-check of a yes after a long wait: the reason it refuses, or undefined. */
  recheck?(wait: Wait): string | undefined;
  /** OZ's own check of an answer beyond its schema: the field and reason it refuses, or undefined. */
  refusesAnswer?(wait: Wait): { field: string; reason: string } | undefined;
}

type Plan = { entry: ResumeEntry; wait: Wait; outcome: 'decide' | 'already' | 'acknowledge'; decision?: Decision };

function failingField(errors: ReadonlyArray<{ instanceLocation: string; error: string }>): string {
  const deep = errors.find((e) => e.instanceLocation !== '#');
  if (deep) return deep.instanceLocation.replace(/^#\//, '');
  const m = /property "([^"]+)"/.exec(errors[0]?.error ?? '');
  return m?.[1] ?? '';
}

function err(code: string, message: string, metadata: Record<string, unknown> = {}): ResumeError {
  return { code, message, metadata };
}

function decisionOf(entry: ResumeEntry, wait: Wait, caller: Caller): Decision {
  const base = { by: caller.person ?? '', via: caller.via };
  if (entry.status === 'cancelled') return { approved: false, ...base };
  const payload = (entry.payload ?? {}) as Record<string, unknown>;
  if (wait.reason === 'input_required') return { approved: true, answer: payload, ...base };
  const d: Decision = { approved: payload.approved === true, ...base };
  if (typeof payload.comment === 'string') d.comment = payload.comment;
  return d;
}

/** Runs every check for every entry; returns the error (nothing decided) or the plan. */
function check(entries: readonly ResumeEntry[], turn: Turn, svc: ResumeServices): ResumeError | Plan[] {
  const plans: Plan[] = [];
  for (const entry of entries) {
    const parsed = parseInterruptId(entry.interruptId);
    const wait = parsed && turn.waits.find((w) => w.id === parsed.w);
    if (!parsed || !wait)
      return err('invalid_resume', "A resume entry answers no interrupt of this thread's turn.", { [ERROR_META.entry]: entry.interruptId, [ERROR_META.reason]: 'unknown interrupt' });
    plans.push({ entry, wait, outcome: 'decide' });
  }
  const answered = new Set(plans.map((p) => p.wait.id));
  const open = partitionWaits(turn.waits, svc.who).mine.filter((w) => !answered.has(w.id));
  if (open.length) {
    return err('interrupts_open', 'Answer every open interrupt of yours together.', { [ERROR_META.open]: open.map((w) => interruptId(w)) });
  }
  const now = svc.clock.now();
  for (const plan of plans) {
    const { entry, wait } = plan;
    const at = { [ERROR_META.entry]: entry.interruptId };
    if (wait.decision?.expired || (wait.status === 'open' && now >= wait.expiresAt)) return err('interrupt_expired', 'The time to answer ran out, and OZ denied it.', at);
    if (wait.status === 'decided') {
      plan.outcome = 'already';
      continue;
    }
    if (parseInterruptId(entry.interruptId)!.v !== wait.version) return err('interrupt_changed', 'What waits changed since it was shown: load the thread again.', at);
    const decision = decisionOf(entry, wait, svc.caller);
    plan.decision = decision;
    if (wait.kind === 'budget' && !mayDecide(svc.who, wait, true)) {
      if (svc.who.person !== wait.requester) return err('not_a_decider', 'Only a tenant admin decides a budget wait.', at);
      plan.outcome = 'acknowledge';
      continue;
    }
    const approving = entry.status === 'resolved' && decision.approved;
    if (!mayDecide(svc.who, wait, approving)) {
      const why = wait.deciders === 'four-eyes' && approving ? 'Under four eyes, someone else must approve your own call.' : 'You may not decide this interrupt.';
      return err('not_a_decider', why, at);
    }
    if (entry.status === 'resolved') {
      const result = new Validator(wait.responseSchema as object, '2020-12', false).validate(entry.payload ?? null);
      if (!result.valid)
        return err('invalid_resume', `The answer does not fit the interrupt's schema: ${result.errors[result.errors.length - 1]?.error ?? ''}`, {
          ...at,
          [ERROR_META.field]: failingField(result.errors),
        });
      const refused = svc.refusesAnswer?.(wait);
      if (refused) return err('invalid_resume', `The answer does not fit: ${refused.reason}.`, { ...at, [ERROR_META.field]: refused.field, [ERROR_META.reason]: refused.reason });
      const payload = (entry.payload ?? {}) as Record<string, unknown>;
      if (wait.confirmValue !== undefined && decision.approved && payload.confirm !== wait.confirmValue) {
        return err('failed_precondition', 'Type the value the call asks for to approve it.', { ...at, [ERROR_META.reason]: 'the typed confirmation does not match' });
      }
      if (wait.reason === 'input_required' && !svc.who.permissions.has('content')) {
        return err('permission_denied', 'Answering needs the content permission.', { ...at, [ERROR_META.reason]: 'no content permission' });
      }
      const waited = now - (wait.createdAt ?? now);
      if (decision.approved && svc.recheckAfterMs !== undefined && waited > svc.recheckAfterMs) {
        const reason = svc.recheck?.(wait);
        if (reason !== undefined) {
          const others = plans.filter((p) => p !== plan).map((p) => p.entry.interruptId);
          return {
            ...err('permission_denied', `The re-check after a long wait refused this yes, and OZ denied the step: ${reason}. None of the other entries was decided.`, {
              ...at,
              [ERROR_META.reason]: reason,
              [ERROR_META.decided]: [],
              [ERROR_META.notDecided]: others,
            }),
            deny: { plan, reason },
          };
        }
      }
    }
  }
  return plans;
}

function resumeEvent(clock: Clock, value: OzResumeValue): AguiEvent {
  return { type: EventType.CUSTOM, timestamp: clock.now(), name: OZ_RESUME, value } as AguiEvent;
}

/** Checks and then decides a resume's entries, in order. */
export function applyResume(entries: readonly ResumeEntry[], turn: Turn, svc: ResumeServices): ResumeResult | ResumeError {
  const checked = check(entries, turn, svc);
  if (!Array.isArray(checked)) {
    if (!checked.deny) return checked;
    // The platform denies the step the re-check refused, with the reason; nothing else is decided.
    const { plan, reason } = checked.deny;
    const denial: Decision = { approved: false, comment: reason, by: 'edge', via: 'recheck' };
    plan.wait.settle(denial);
    svc.decided(plan.wait, denial);
    const { deny: _deny, ...error } = checked;
    return { events: [resumeEvent(svc.clock, { interruptId: plan.entry.interruptId, outcome: 'decided', approved: false })], error };
  }
  const events: AguiEvent[] = [];
  const decided: string[] = [];
  for (const [i, plan] of checked.entries()) {
    const id = plan.entry.interruptId;
    if (plan.outcome === 'already') {
      events.push(resumeEvent(svc.clock, { interruptId: id, outcome: 'already_decided' }));
      continue;
    }
    if (plan.outcome === 'acknowledge') {
      plan.wait.acknowledged.add(svc.who.person ?? '');
      events.push(resumeEvent(svc.clock, { interruptId: id, outcome: 'acknowledged' }));
      continue;
    }
    if (svc.refusesUpdate(plan.wait)) {
      const notDecided = checked
        .slice(i)
        .filter((p) => p.outcome === 'decide')
        .map((p) => p.entry.interruptId);
      return {
        events,
        error: err('failed_precondition', 'The job did not take a decision; the entries decided before it stand. Answer the rest in the next run.', {
          [ERROR_META.entry]: id,
          [ERROR_META.reason]: 'the job did not take its update',
          [ERROR_META.decided]: decided,
          [ERROR_META.notDecided]: notDecided,
        }),
      };
    }
    const decision = plan.decision!;
    plan.wait.settle(decision);
    svc.decided(plan.wait, decision);
    decided.push(id);
    events.push(resumeEvent(svc.clock, { interruptId: id, outcome: 'decided', approved: decision.approved }));
  }
  return { events };
}
