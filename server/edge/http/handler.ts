/**
 * The edge's request handler for node:http: routes each request, and turns
 * every failure into one answer (JSON `{code, message}`, or a page on the
 * console's paths). No framework; one handler per edge, no module state.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchAgentRoute } from '../../../src/protocol/index.js';
import { handleAgentRun } from './agent-route.js';
import { handleDecide, handleJobPage, handleSignIn, writeConsoleError } from './console.js';
import type { EdgeContext } from './context.js';
import { answerPreflight } from './cors.js';
import { EdgeHttpError, writeError } from './errors.js';
import { handleHook } from './hooks.js';
import { handleTokenExchange } from './token.js';
import { closeAfterAnswer } from '../../shared/lingering-close.js';

function notAllowed(allow: string): EdgeHttpError {
  return new EdgeHttpError(405, 'method_not_allowed', `Use ${allow}.`, { headers: { Allow: allow } });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new EdgeHttpError(400, 'invalid_argument', 'The path is not valid.');
  }
}

async function route(ctx: EdgeContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname;

  const agent = matchAgentRoute(path);
  if (agent !== undefined) {
    if (method === 'OPTIONS') {
      ctx.stats.request('preflight');
      answerPreflight(ctx.runtime, url.searchParams.get('tenant'), req, res);
      return;
    }
    ctx.stats.request('agent');
    if (method !== 'POST') throw notAllowed('POST, OPTIONS');
    await handleAgentRun(ctx, req, res, url, agent);
    return;
  }

  if (path === '/v1/oauth/token') {
    ctx.stats.request('token');
    if (method !== 'POST') throw notAllowed('POST');
    await handleTokenExchange(ctx, req, res);
    return;
  }

  if (path === '/console' || path.startsWith('/console/')) {
    ctx.stats.request('console');
    if (path === '/console/sign-in') {
      if (method !== 'GET' && method !== 'POST') throw notAllowed('GET, POST');
      await handleSignIn(ctx, req, res, url);
      return;
    }
    const job = /^\/console\/jobs\/([^/]+)(\/decide)?$/.exec(path);
    if (job) {
      const id = decodeSegment(job[1]!);
      if (job[2]) {
        if (method !== 'POST') throw notAllowed('POST');
        await handleDecide(ctx, req, res, id);
      } else {
        if (method !== 'GET') throw notAllowed('GET');
        handleJobPage(ctx, req, res, url, id);
      }
      return;
    }
    if (path === '/console' || path === '/console/') {
      res.writeHead(303, { Location: '/console/sign-in', 'Content-Length': '0' });
      res.end();
      return;
    }
  }

  if (ctx.devHooks && path.startsWith('/__edge/')) {
    ctx.stats.request('hooks');
    await handleHook(ctx, req, res, path.slice('/__edge/'.length));
    return;
  }

  ctx.stats.request('not_found');
  throw new EdgeHttpError(404, 'not_found', 'There is nothing at this path.');
}

/** Creates the edge's `(req, res)` handler. */
export function createEdgeHandler(ctx: EdgeContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://edge.invalid');
    } catch {
      writeError(req, res, new EdgeHttpError(400, 'invalid_argument', 'The request target is not valid.'), ctx.log);
      return;
    }
    route(ctx, req, res, url).catch((error: unknown) => {
      if (error instanceof EdgeHttpError && url.pathname.startsWith('/console') && !res.headersSent) {
        if (!req.complete) closeAfterAnswer(res);
        writeConsoleError(res, error);
        return;
      }
      writeError(req, res, error, ctx.log);
    });
  };
}
