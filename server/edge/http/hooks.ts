/**
 * Development hooks under `/__edge/` (on unless `devHooks: false`): a tool for
 * tests and demos on a loopback edge, never for an edge others reach.
 *   POST /__edge/clock  {advanceMs}       advances a virtual clock (409 on a real clock)
 *   GET  /__edge/stats                     the edge's counters
 *   GET  /__edge/audit                     the runtime's audit trail
 *   POST /__edge/revoke {tenant, person}   revokes a person, when the runtime can (501 otherwise)
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
      throw new EdgeHttpError(404, 'not_found', `No hook /__edge/${name}.`);
  }
}
