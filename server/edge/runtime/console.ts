/**
 * The console's side of the runtime: what waits in a job's tree, and a
 * decision another person makes there (how "other people" decide in tests
 * and demos, four eyes and budget waits included). The console is a view of
 * the runtime: it reads the runtime, and createEdgeRuntime attaches it
 * (RuntimeParts.console), so the runtime never imports it.
 */
import { Validator } from '@cfworker/json-schema';
import type { Caller, ConsoleWait, EdgeRuntime } from '../contract.js';
import type { DevEdgeRuntime, RuntimeConsole } from './runtime.js';
import { maySeeThread } from './threads.js';
import type { Decision } from './waits.js';
import { decidersInWords, interruptId, mayDecide, parseInterruptId } from './waits.js';

function who(rt: DevEdgeRuntime, caller: Caller) {
  return { kind: caller.kind, person: caller.person, permissions: rt.permissionsOf(caller) };
}

/** The open waits of the tree a job belongs to, and which this viewer may decide. */
function consoleWaits(rt: DevEdgeRuntime, caller: Caller, job: string): ConsoleWait[] | undefined {
  const found = rt.threads.findJob(job);
  if (!found || !maySeeThread(caller, found.thread, rt.permissionsOf(caller))) return undefined;
  return found.record.turn.waits
    .filter((w) => w.status === 'open' && !w.unreadable)
    .sort((a, b) => a.seq - b.seq)
    .map((w) => ({
      interruptId: interruptId(w),
      job: w.job,
      what: w.what,
      reason: w.reason,
      deciders: decidersInWords(w),
      expiresAt: new Date(w.expiresAt).toISOString(),
      decidable: mayDecide(who(rt, caller), w, true),
    }));
}

/** A decision made in the console; the turn goes on at once (its run, if waiting, streams on). */
function decideInConsole(rt: DevEdgeRuntime, caller: Caller, id: string, payload: unknown): ReturnType<EdgeRuntime['decideInConsole']> {
  const fail = (status: number, code: string, message: string) => ({ ok: false as const, status, body: { code, message } });
  if (caller.kind !== 'person' || !caller.person) return fail(403, 'permission_denied', 'Only a person decides.');
  const wait = rt.findWait(id);
  const found = wait && rt.threads.findJob(wait.job);
  if (!wait || !found || !maySeeThread(caller, found.thread, rt.permissionsOf(caller))) return fail(404, 'not_found', 'No such interrupt.');
  if (wait.decision?.expired || rt.clock.now() >= wait.expiresAt) return fail(409, 'interrupt_expired', 'The time to answer ran out, and OZ denied it.');
  if (wait.status !== 'open') return fail(409, 'failed_precondition', 'It was already decided.');
  if (parseInterruptId(id)?.v !== wait.version) return fail(409, 'interrupt_changed', 'What waits changed since it was shown.');
  const p = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const result = new Validator(wait.responseSchema as object, '2020-12', false).validate(payload ?? {});
  if (!result.valid) return fail(400, 'invalid_resume', `The answer does not fit: ${result.errors[result.errors.length - 1]?.error ?? ''}`);
  const decision: Decision =
    wait.reason === 'input_required'
      ? { approved: true, answer: p, by: caller.person, via: caller.via }
      : { approved: wait.kind === 'budget' ? p.approved !== false : p.approved === true, by: caller.person, via: caller.via };
  if (typeof p.comment === 'string') decision.comment = p.comment;
  if (!mayDecide(who(rt, caller), wait, decision.approved)) return fail(403, 'not_a_decider', 'You may not decide this one; someone else must.');
  if (wait.confirmValue !== undefined && decision.approved && p.confirm !== wait.confirmValue) return fail(409, 'failed_precondition', 'Type the value the call asks for to approve it.');
  wait.settle(decision);
  rt.decided(wait, decision, found.thread.tenant, 'console');
  return { ok: true };
}

/** The console of `rt`, for RuntimeParts.console. */
export function runtimeConsole(rt: DevEdgeRuntime): RuntimeConsole {
  return {
    consoleWaits: (caller, job) => consoleWaits(rt, caller, job),
    decideInConsole: (caller, id, payload) => decideInConsole(rt, caller, id, payload),
  };
}
