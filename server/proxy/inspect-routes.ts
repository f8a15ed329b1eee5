/**
 * The inspection feed's HTTP face, under the proxy's base path (only when
 * `inspect` is given; otherwise these paths are 404 like any other):
 *
 *   GET <base>/__inspect/runs          JSON: InspectRunSummary[], newest first
 *   GET <base>/__inspect/runs/<runId>  SSE: the run's events, then live, then `event: end`
 *   GET <base>/__inspect/status        JSON: the store's health (InspectStoreStatus)
 *
 * A store that cannot be reached (Redis down) answers the list and a new
 * follow with 503 `unavailable` and Retry-After; an open follow says
 * `event: degraded` and reads on (inspect-follow.ts).
 *
 * Every request passes the origin rules, then `inspect.authorize(request)`,
 * before anything is read. Nothing of the inspector's request (its cookie,
 * its Authorization) is recorded or echoed.
 */
import { checkOrigin, corsHeaders, preflight, type OriginPolicy, type PreflightRoute } from './cors.js';
import { ProxyError } from './errors.js';
import type { ProxyLogger } from './forward.js';
import { followStream } from './inspect-follow.js';
import type { InspectRunSummary } from './inspect-run.js';
import { createInspectionTap, type InspectionTap, type InspectOptions } from './inspection-tap.js';

/** The path segment of the feed under the proxy's base path. */
export const INSPECT_SEGMENT = '/__inspect';

/** What an allowed cross-origin inspector may do: GET, with Authorization and Last-Event-ID. */
const INSPECT_ROUTE: PreflightRoute = { method: 'GET', headers: 'Authorization, Last-Event-ID', refusal: 'This page’s origin may not use the inspection feed.' };

/** The feed and its routes. */
export interface InspectRoutes {
  feed: InspectionTap;
  /** The answer to an inspect request, or undefined when the path is not the feed's. */
  handle(request: Request, url: URL, cors: Record<string, string>): Promise<Response | undefined>;
}

/** What the routes take from the proxy. */
export interface InspectContext {
  basePath: string;
  policy: OriginPolicy;
  now: () => number;
  logger: ProxyLogger;
}

function cursorOf(request: Request, url: URL): number {
  const raw = request.headers.get('Last-Event-ID') ?? url.searchParams.get('lastEventId') ?? '';
  if (raw.trim() === '') return 0;
  if (!/^\d{1,15}$/.test(raw.trim())) throw new ProxyError(400, 'invalid_argument', 'Last-Event-ID is not an id of this feed (a whole number).');
  return Number(raw.trim());
}

/** Creates the feed and its routes from the `inspect` option. */
export function createInspectRoutes(inspect: InspectOptions, ctx: InspectContext): InspectRoutes {
  const feed = createInspectionTap(inspect, ctx.now, ctx.logger);
  const prefix = `${ctx.basePath}${INSPECT_SEGMENT}`;

  const authorize = async (request: Request): Promise<void> => {
    let allowed: boolean;
    try {
      allowed = (await inspect.authorize(request)) === true;
    } catch (err) {
      ctx.logger.error(`oz-agui-proxy: inspect.authorize threw (${err instanceof Error ? err.name : 'error'})`);
      throw new ProxyError(500, 'internal', 'The proxy failed.');
    }
    if (allowed) return;
    const credentials = request.headers.has('Authorization') || request.headers.has('Cookie');
    if (!credentials) throw new ProxyError(401, 'unauthenticated', 'Sign in to inspect runs.');
    throw new ProxyError(403, 'permission_denied', 'You may not inspect runs.');
  };

  const filterVisible = async (runs: InspectRunSummary[], request: Request): Promise<InspectRunSummary[]> => {
    try {
      const keep = await Promise.all(runs.map((r) => inspect.visible!(request, r)));
      return runs.filter((_, i) => keep[i] === true);
    } catch (err) {
      ctx.logger.error(`oz-agui-proxy: inspect.visible threw (${err instanceof Error ? err.name : 'error'})`);
      throw new ProxyError(500, 'internal', 'The proxy failed.');
    }
  };

  /** A read of the store; one that cannot be reached is 503. */
  const fromStore = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (err) {
      ctx.logger.warn(`oz-agui-proxy: the inspection feed's store failed (${err instanceof Error ? err.name : 'error'})`);
      throw new ProxyError(503, 'unavailable', 'The inspection feed’s store cannot be reached right now.', { 'Retry-After': '5' });
    }
  };
  const json = (value: unknown, cors: Record<string, string>) =>
    new Response(JSON.stringify(value), { status: 200, headers: { ...cors, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });

  const handle = async (request: Request, url: URL, cors: Record<string, string>): Promise<Response | undefined> => {
    const path = url.pathname;
    if (path !== prefix && !path.startsWith(`${prefix}/`)) return undefined;
    if (request.method === 'OPTIONS') return preflight(request, ctx.policy, INSPECT_ROUTE);
    if (request.method !== 'GET') throw new ProxyError(405, 'invalid_argument', 'The inspection feed is read with GET.', { Allow: 'GET, OPTIONS' });
    Object.assign(cors, corsHeaders(checkOrigin(request, ctx.policy), ctx.policy));
    await authorize(request);

    const rest = path.slice(prefix.length);
    if (rest === '/status') return json(feed.store.status(), cors);
    if (rest === '/runs' || rest === '/runs/') {
      const all = await fromStore(() => feed.store.list());
      return json(inspect.visible ? await filterVisible(all, request) : all, cors);
    }
    const m = /^\/runs\/([^/]+)$/.exec(rest);
    if (!m) throw new ProxyError(404, 'not_found', 'No such route.');
    let runId: string;
    try {
      runId = decodeURIComponent(m[1]!);
    } catch {
      throw new ProxyError(400, 'invalid_argument', 'The run id is not a valid URL component.');
    }
    const run = await fromStore(() => feed.store.get(runId));
    if (!run || (inspect.visible && (await filterVisible([run], request)).length === 0)) {
      throw new ProxyError(404, 'not_found', 'No such run in the inspection feed (it may have been evicted).');
    }
    const after = cursorOf(request, url);
    if (feed.followers >= feed.options.maxFollowers) {
      throw new ProxyError(429, 'resource_exhausted', 'Too many inspectors follow runs right now.', { 'Retry-After': '5' });
    }
    feed.followers += 1;
    const { keepAliveMs, followGraceMs } = feed.options;
    const body = followStream(feed.store.follow(runId), after, { keepAliveMs, followGraceMs, now: ctx.now, onClose: () => (feed.followers -= 1) });
    return new Response(body, {
      status: 200,
      headers: {
        ...cors,
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
      },
    });
  };

  return { feed, handle };
}

export type { InspectOptions } from './inspection-tap.js';
export type { InspectRunSummary, InspectRunStatus } from './inspect-run.js';
export type { InspectStore, InspectStoreStatus } from './inspect-store.js';
