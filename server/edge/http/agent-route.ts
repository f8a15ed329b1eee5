/**
 * `POST /v1/agui/agents/<agent>?tenant=<tenant>`: checks the caller (who, and
 * what they may do with the agent) before a byte of the body is read, reads the body within 4 MiB, checks its media type,
 * JSON and schema, asks the runtime to start (or follow) the run, and streams
 * the run's log from the client's Last-Event-ID.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_BYTES, validateRunAgentInput } from '../../../src/protocol/index.js';
import { corsHeaders } from './cors.js';
import { EdgeHttpError } from './errors.js';
import { requestFaults } from './faults.js';
import type { EdgeContext } from './context.js';
import { header, parseJson, readBody, readCredential, requireMediaType } from './request.js';
import { streamLog } from './sse.js';

/**
 * The Last-Event-ID a client sent: the header (as EventSource and our
 * transport send it), else the `lastEventId` query parameter. Empty means none.
 */
export function readLastEventId(req: IncomingMessage, url: URL): string | undefined {
  const value = header(req, 'last-event-id') ?? url.searchParams.get('lastEventId') ?? undefined;
  return value ? value.trim() || undefined : undefined;
}

/** Handles a POST to the agent route. */
export async function handleAgentRun(ctx: EdgeContext, req: IncomingMessage, res: ServerResponse, url: URL, agent: string): Promise<void> {
  const { runtime, stats } = ctx;
  const tenant = url.searchParams.get('tenant');
  stats.agent(agent);
  const cors = corsHeaders(runtime, tenant, req);
  for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);

  // 1. The caller, from headers only: the body stays unread until the caller is known.
  const caller = runtime.authenticate(readCredential(req));
  if (!caller) {
    throw new EdgeHttpError(401, 'unauthenticated', 'A Bearer token, an API key or a console session is required.', {
      headers: { 'WWW-Authenticate': 'Bearer realm="oz-agui-edge"' },
    });
  }
  if (!tenant) throw new EdgeHttpError(400, 'invalid_argument', 'The tenant query parameter is required.');
  // The caller's permissions for this agent and tenant, still before the body (answered with Connection: close).
  const allowed = runtime.authorize?.(caller, agent, tenant);
  if (allowed && !allowed.ok) throw EdgeHttpError.fromRefusal(allowed.status, allowed.body);

  // 2. What the body is, then the body itself within the limit.
  requireMediaType(req, 'application/json');
  const faults = ctx.devHooks ? requestFaults(req, url, ctx.faults) : { ...(ctx.faults ?? {}) };
  const body = await readBody(req, MAX_BODY_BYTES);
  const checked = validateRunAgentInput(parseJson(body));
  if (!checked.ok) throw new EdgeHttpError(400, 'invalid_argument', `The body is not a RunAgentInput: ${checked.error}`);
  const input = checked.value;

  const lastEventId = readLastEventId(req, url);
  if (lastEventId !== undefined) stats.add('resumeRequests');
  if (input.resume && input.resume.length > 0) stats.add('interruptResumes');

  // 3. The runtime decides everything the spec decides.
  const start = runtime.startRun(caller, agent, tenant, input);
  if (!start.ok) throw EdgeHttpError.fromRefusal(start.status, start.body);
  if (lastEventId !== undefined && start.log.after(lastEventId) === 'unknown') {
    throw new EdgeHttpError(400, 'invalid_argument', 'Last-Event-ID is not an event of this run: send the request again without it to follow the turn from its start.');
  }

  streamLog(res, {
    log: start.log,
    lastEventId,
    streamMaxMs: ctx.streamMaxMs,
    keepAliveMs: ctx.keepAliveMs,
    faults,
    stats,
    headers: cors,
  });
}
