/**
 * Development hooks under `/__edge/` (on unless `devHooks: false`): a tool for
 * tests and demos on a loopback edge, never for an edge others reach.
 *   POST /__edge/clock  {advanceMs}       advances a virtual clock (409 on a real clock)
 *   GET  /__edge/stats                     the edge's counters
 *   GET  /__edge/audit                     the runtime's audit trail
 *   POST /__edge/revoke {tenant, person}   revokes a person, when the runtime can (501 otherwise)
 *   POST /__edge/change-interrupt {interruptId}           its call changed: the old id fails with interrupt_changed; {interruptId: the new id}
 *   POST /__edge/refuse-decision {interruptId}            the job refuses the update deciding it (the partial case)
 *   POST /__edge/fail-recheck {interruptId, reason?}      the re-check after a long wait refuses a yes to it
 *   POST /__edge/refuse-answer {interruptId, field, reason?}  OZ's own check refuses an answer to it at field (invalid_resume)
 *   POST /__edge/skip-ahead {job} or {runId}              the job's stream skips ahead
 *   POST /__edge/cancel-job {job}                         stops a turn's job (its run finishes cancelled)
 * These answer 404 for an interrupt or job the runtime does not know, 501 when the runtime lacks the hook.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAdvanceable, type EdgeContext, type RuntimeExtras } from './context.js';
import { EdgeHttpError, writeJson } from './errors.js';
import { parseJson, readBody, requireMediaType } from './request.js';

async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  requireMediaType(req, 'application/json');
  const value = parseJson(await readBody(req, 64 * 1024));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new EdgeHttpError(400, 'invalid_argument', 'The body must be a JSON object.');
  return value as Record<string, unknown>;
}

function notAllowed(allow: string): EdgeHttpError {
  return new EdgeHttpError(405, 'method_not_allowed', `Use ${allow}.`, { headers: { Allow: allow } });
}

/** The runtime's hook, or 501 when it has none. */
function extra<K extends keyof RuntimeExtras>(ctx: EdgeContext, name: K): NonNullable<RuntimeExtras[K]> {
  const extras = ctx.runtime as unknown as RuntimeExtras;
  const fn = extras[name];
  if (typeof fn !== 'function') throw new EdgeHttpError(501, 'unimplemented', `This runtime has no ${name} hook.`);
  return (fn as (...args: never[]) => unknown).bind(extras) as NonNullable<RuntimeExtras[K]>;
}

function requireString(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (typeof v !== 'string' || v === '') throw new EdgeHttpError(400, 'invalid_argument', `${key} is required.`);
  return v;
}

function found(ok: boolean, what: string): void {
  if (!ok) throw new EdgeHttpError(404, 'not_found', `No such ${what}.`);
}

/** The hooks that act on one interrupt or job of the runtime. */
async function runtimeHook(ctx: EdgeContext, req: IncomingMessage, res: ServerResponse, name: string): Promise<boolean> {
  switch (name) {
    case 'change-interrupt': {
      const changeInterrupt = extra(ctx, 'changeInterrupt');
      const body = await readJsonObject(req);
      const id = changeInterrupt(requireString(body, 'interruptId'));
      found(id !== undefined, 'interrupt');
      writeJson(res, 200, { interruptId: id });
      return true;
    }
    case 'refuse-decision': {
      const refuseDecision = extra(ctx, 'refuseDecision');
      const body = await readJsonObject(req);
      found(refuseDecision(requireString(body, 'interruptId')), 'interrupt');
      writeJson(res, 200, { ok: true });
      return true;
    }
    case 'fail-recheck': {
      const failRecheck = extra(ctx, 'failRecheck');
      const body = await readJsonObject(req);
      const reason = body.reason;
      if (reason !== undefined && typeof reason !== 'string') throw new EdgeHttpError(400, 'invalid_argument', 'reason must be a string.');
      found(failRecheck(requireString(body, 'interruptId'), reason), 'interrupt');
      writeJson(res, 200, { ok: true });
      return true;
    }
    case 'refuse-answer': {
      const refuseAnswer = extra(ctx, 'refuseAnswer');
      const body = await readJsonObject(req);
      const reason = body.reason;
      if (reason !== undefined && typeof reason !== 'string') throw new EdgeHttpError(400, 'invalid_argument', 'reason must be a string.');
      found(refuseAnswer(requireString(body, 'interruptId'), requireString(body, 'field'), reason), 'interrupt');
      writeJson(res, 200, { ok: true });
      return true;
    }
    case 'skip-ahead': {
      const skipAhead = extra(ctx, 'skipAhead');
      const body = await readJsonObject(req);
      const target = typeof body.job === 'string' && body.job ? body.job : requireString(body, 'runId');
      found(skipAhead(target), 'running turn');
      writeJson(res, 200, { ok: true });
      return true;
    }
    case 'cancel-job': {
      const cancelJob = extra(ctx, 'cancelJob');
      const body = await readJsonObject(req);
      found(cancelJob(requireString(body, 'job')), 'job');
      writeJson(res, 200, { ok: true });
      return true;
    }
    default:
      return false;
  }
}

/** Handles `/__edge/<name>`. */
export async function handleHook(ctx: EdgeContext, req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
  const { runtime } = ctx;
  switch (name) {
    case 'clock': {
      if (req.method !== 'POST') throw notAllowed('POST');
      const body = await readJsonObject(req);
      const ms = body.advanceMs;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new EdgeHttpError(400, 'invalid_argument', 'advanceMs must be a number of ms, 0 or more.');
      const clock = runtime.clock;
      if (!isAdvanceable(clock)) throw new EdgeHttpError(409, 'failed_precondition', 'This edge runs on a real clock; start it with a virtual one to advance time.');
      clock.advance(ms);
      writeJson(res, 200, { now: clock.now(), iso: new Date(clock.now()).toISOString() });
      return;
    }
    case 'stats':
      if (req.method !== 'GET') throw notAllowed('GET');
      writeJson(res, 200, ctx.stats.snapshot());
      return;
    case 'audit':
      if (req.method !== 'GET') throw notAllowed('GET');
      writeJson(res, 200, { entries: runtime.audit });
      return;
    case 'revoke': {
      if (req.method !== 'POST') throw notAllowed('POST');
      const body = await readJsonObject(req);
      if (typeof body.tenant !== 'string' || typeof body.person !== 'string') throw new EdgeHttpError(400, 'invalid_argument', 'tenant and person are required.');
      const extras = runtime as unknown as RuntimeExtras;
      if (typeof extras.revoke !== 'function') throw new EdgeHttpError(501, 'unimplemented', 'This runtime cannot revoke a person.');
      const result = extras.revoke(body.tenant, body.person);
      writeJson(res, 200, { revoked: result === undefined ? true : result });
      return;
    }
    default:
      if (req.method !== 'POST' && ['change-interrupt', 'refuse-decision', 'refuse-answer', 'fail-recheck', 'skip-ahead', 'cancel-job'].includes(name)) throw notAllowed('POST');
      if (await runtimeHook(ctx, req, res, name)) return;
      throw new EdgeHttpError(404, 'not_found', `No hook /__edge/${name}.`);
  }
}
