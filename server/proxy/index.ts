/**
 * `oz-agui/proxy`: the backend token proxy. It holds the app token (or gets
 * one per person by token exchange), so the page never does, and passes runs
 * of `POST <basePath>/v1/agui/agents/<agent>?tenant=<tenant>` through to the
 * edge, streamed unbuffered with Last-Event-ID. A Fetch-API handler: mount it
 * in Hono as is, in node:http with `toNodeHandler` (`oz-agui/proxy/node`), in
 * Express with `aguiExpress`. With `inspect`, it also offers the opt-in
 * inspection feed under `<basePath>/__inspect` (see inspect-routes.ts).
 */
import { MAX_BODY_BYTES, agentRoutePath } from '../../src/protocol/index.js';
import { checkJsonContentType, checkOrigin, corsHeaders, preflight, type OriginPolicy } from './cors.js';
import { ProxyError, bodyOf, jsonError, scrub } from './errors.js';
import { FORWARDED_REQUEST_HEADERS, errorResponse, isEventStream, streamResponse, type ProxyLogger } from './forward.js';
import { createInspectRoutes, type InspectOptions } from './inspect-routes.js';
import { agentOfPath, checkBasePath, checkTarget, targetOf, tenantOfQuery } from './request-target.js';
import { createTokenProvider, type TokenExchangeOptions, type TokenSource } from './token.js';
import { createNodeUpstream, fromFetch, type NodeUpstreamOptions, type UpstreamFetch } from './upstream.js';

export { ProxyError } from './errors.js';
export type { ProxyLogger } from './forward.js';
export type { TokenExchangeOptions, TokenSource } from './token.js';
export type { InspectOptions, InspectRunSummary, InspectRunStatus, InspectStore, InspectStoreStatus } from './inspect-routes.js';
export { memoryInspectStore } from './inspect-store.js';
export { redisInspectStore, type RedisInspectStoreOptions } from './inspect-redis.js';

/** Options of {@link createAguiProxy}. */
export interface AguiProxyOptions {
  /** The edge's base URL, e.g. `https://edge.example.com:7443`. */
  upstream: string;
  /** The path the route is mounted under, e.g. `/api` (default: none). */
  basePath?: string;
  /** The app token or API key, or a callback mapping the app's request (its signed-in user) to one. */
  token?: TokenSource;
  /** Token exchange at the edge instead of `token`: the app key plus the person's token, cached until it expires. */
  tokenExchange?: TokenExchangeOptions;
  /** The agents the proxy runs (default: any). */
  agents?: readonly string[];
  /** The tenants the proxy runs agents of (default: any). */
  tenants?: readonly string[];
  /** Cross-origin pages allowed to use the proxy, e.g. `https://app.example.com` (its own origin always is). */
  allowOrigins?: readonly string[];
  /** The app signs people in by cookie: a request with no Origin must also say it is same-site (Sec-Fetch-Site). */
  cookieAuth?: boolean;
  /** A fetch for upstream requests instead of the built-in node:http client (mind undici's 300 s bodyTimeout). */
  fetch?: typeof fetch;
  /** An undici dispatcher passed to `fetch` (only with `fetch`). */
  dispatcher?: unknown;
  /** Trusted CA certificates (PEM) for an edge with a private certificate (built-in client). */
  ca?: NodeUpstreamOptions['ca'];
  /** The largest body taken (default MAX_BODY_BYTES, 4 MiB). */
  maxBodyBytes?: number;
  /** Where failures are reported (default: console); never with a token. */
  logger?: ProxyLogger;
  /** The clock, in ms (default Date.now): token expiry, the inspection feed's times. */
  now?: () => number;
  /**
   * The opt-in inspection feed (off when absent: its paths are 404): every run
   * passing through is teed, redacted and bounded, for support staff to list
   * (`GET <basePath>/__inspect/runs`) and follow live
   * (`GET <basePath>/__inspect/runs/<runId>`, SSE), each request guarded by
   * `inspect.authorize`. The person's stream never waits for it.
   */
  inspect?: InspectOptions;
}

/** The proxy: a Fetch-API handler, with `close()` for its idle upstream connections and the inspection feed's store. */
export interface AguiProxyHandler {
  (request: Request): Promise<Response>;
  /** Closes idle upstream connections and the feed's store (a Redis store's connections); resolves when they are closed. */
  close(): Promise<void>;
}

function parseUpstream(upstream: string): string {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new TypeError('createAguiProxy: upstream must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('createAguiProxy: upstream must be an http(s) URL');
  return url.href.replace(/\/+$/, '');
}

function contentLength(request: Request): number | undefined {
  const v = request.headers.get('Content-Length');
  if (v === null) return undefined;
  if (!/^\d+$/.test(v.trim())) throw new ProxyError(400, 'invalid_argument', 'The Content-Length is not a number.');
  return Number(v);
}

/** Reads the body, refusing it with 413 as soon as it passes `max` bytes (nothing past that chunk is read). */
async function readBody(request: Request, max: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const tooLarge = (max: number) => new ProxyError(413, 'payload_too_large', `The body is larger than ${max} bytes.`);

/**
 * Creates the proxy. It refuses before contacting the edge: a request target
 * that escapes or bends the route (400, see request-target.ts), unknown paths
 * (404), methods other than POST/OPTIONS (405), pages from origins not allowed
 * and cross-site requests (403), anything but JSON (415), a query other than
 * the tenant (400), agents and tenants not in its lists (403), bodies over the
 * limit (413), and requests with no token (401). The edge unreachable is 502
 * `unavailable`; the edge's own JSON errors pass through scrubbed, with their status.
 */
export function createAguiProxy(options: AguiProxyOptions): AguiProxyHandler {
  const upstream = parseUpstream(options.upstream);
  if (options.token === undefined && !options.tokenExchange) throw new TypeError('createAguiProxy: give token or tokenExchange');
  const basePath = checkBasePath(options.basePath ?? '');
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const logger: ProxyLogger = options.logger ?? console;
  const agents = options.agents ? new Set(options.agents) : undefined;
  const tenants = options.tenants ? new Set(options.tenants) : undefined;
  const policy: OriginPolicy = { allowOrigins: new Set(options.allowOrigins ?? []), cookieAuth: options.cookieAuth === true };
  const node = options.fetch ? undefined : createNodeUpstream(options.ca ? { ca: options.ca } : {});
  const send: UpstreamFetch = node ? node.fetch : fromFetch(options.fetch!, options.dispatcher);
  const now = options.now ?? Date.now;
  const tokens = createTokenProvider({ token: options.token, tokenExchange: options.tokenExchange, upstream, fetch: send, now });
  const inspect = options.inspect ? createInspectRoutes(options.inspect, { basePath, policy, now, logger }) : undefined;

  const run = async (request: Request, cors: Record<string, string>): Promise<Response> => {
    const url = new URL(request.url);
    const target = checkTarget(targetOf(request, url));
    const inspected = inspect ? await inspect.handle(request, url, cors) : undefined;
    if (inspected) return inspected;
    const agent = agentOfPath(target.path, basePath);
    if (request.method === 'OPTIONS') return preflight(request, policy);
    if (request.method !== 'POST') throw new ProxyError(405, 'invalid_argument', 'Only POST runs an agent.', { Allow: 'POST, OPTIONS' });
    const origin = checkOrigin(request, policy);
    Object.assign(cors, corsHeaders(origin, policy));
    checkJsonContentType(request);
    const tenant = tenantOfQuery(target.query);
    if (agents && !agents.has(agent)) throw new ProxyError(403, 'permission_denied', 'This agent is not available here.', {}, 'agent_not_allowed');
    if (tenants && !tenants.has(tenant)) throw new ProxyError(403, 'permission_denied', 'This tenant is not available here.', {}, 'tenant_not_allowed');
    const length = contentLength(request);
    if (length !== undefined && length > maxBody) throw tooLarge(maxBody);

    const resolved = await tokens.resolve(request);
    if (!resolved) throw new ProxyError(401, 'unauthenticated', 'You are not signed in.');
    const body = await readBody(request, maxBody);

    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const v = request.headers.get(name);
      if (v !== null) headers[name] = v;
    }
    headers['Content-Type'] ??= 'application/json';
    headers['Accept'] ??= 'text/event-stream';
    headers['Authorization'] = `Bearer ${resolved.token}`;

    let res: Response;
    try {
      res = await send(`${upstream}${agentRoutePath(agent, tenant)}`, { method: 'POST', headers, body, signal: request.signal });
    } catch (err) {
      if (request.signal.aborted) return new Response(null, { status: 499 });
      logger.warn(`oz-agui-proxy: the edge could not be reached: ${scrub(String((err as Error)?.message ?? err), resolved.secrets)}`);
      throw new ProxyError(502, 'unavailable', 'OZ cannot be reached right now.');
    }
    if (res.status === 401) resolved.invalidate();
    if (!res.ok) return errorResponse(res, resolved.secrets, cors);
    const tap = inspect && isEventStream(res) ? inspect.feed.tap({ body, agent, tenant, request, secrets: resolved.secrets }) : undefined;
    return streamResponse(res, resolved.secrets, cors, logger, tap);
  };

  const handler = async (request: Request): Promise<Response> => {
    const cors: Record<string, string> = { Vary: 'Origin' };
    try {
      return await run(request, cors);
    } catch (err) {
      if (err instanceof ProxyError) return jsonError(err.status, bodyOf(err), { ...cors, ...err.headers });
      logger.error(`oz-agui-proxy: ${err instanceof Error ? err.name : 'error'} while handling a run`);
      return jsonError(500, { code: 'internal', message: 'The proxy failed.' }, cors);
    }
  };
  return Object.assign(handler, {
    close: async () => {
      node?.close();
      await inspect?.feed.store.close();
    },
  });
}
