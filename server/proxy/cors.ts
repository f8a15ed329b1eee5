/**
 * Which pages may use the proxy: its own origin, and the origins listed in
 * `allowOrigins` (with a CORS preflight that allows POST, Content-Type and
 * Last-Event-ID). A browser's cross-site request is refused unless its origin
 * is listed; with cookie auth, a request must also prove it comes from an
 * allowed page (Origin, or Sec-Fetch-Site when no Origin is sent).
 */
import { ProxyError } from './errors.js';

/** The origin rules of one proxy. */
export interface OriginPolicy {
  allowOrigins: ReadonlySet<string>;
  cookieAuth: boolean;
}

/** Request headers a cross-origin page may send (Accept and Accept-Language need no preflight). */
export const ALLOWED_REQUEST_HEADERS = 'Content-Type, Last-Event-ID';
const PREFLIGHT_MAX_AGE = '600';

/** CORS headers of a response to a page on `origin` (undefined: same origin or no browser). */
export function corsHeaders(origin: string | undefined, policy: OriginPolicy): Record<string, string> {
  const h: Record<string, string> = { Vary: 'Origin' };
  if (origin) {
    h['Access-Control-Allow-Origin'] = origin;
    if (policy.cookieAuth) h['Access-Control-Allow-Credentials'] = 'true';
  }
  return h;
}

/**
 * Checks the page a request comes from. Returns the origin to answer with CORS
 * headers (a listed cross-origin page), undefined for a same-origin page or a
 * non-browser client; throws 403 permission_denied for anything else:
 * - an `Origin` that is neither listed nor the proxy's own (`origin_not_allowed`;
 *   `null`, sandboxed frames and `file:` pages, is never the proxy's own, and
 *   neither is any origin the browser calls `Sec-Fetch-Site: cross-site`);
 * - no `Origin` but `Sec-Fetch-Site: cross-site` (`cross_site`);
 * - with cookie auth, no `Origin` and no `Sec-Fetch-Site` of `same-origin` or
 *   `same-site` (`origin_missing`): a cookie proves nothing about the page.
 */
export function checkOrigin(request: Request, policy: OriginPolicy): string | undefined {
  const origin = request.headers.get('Origin');
  const site = request.headers.get('Sec-Fetch-Site')?.toLowerCase();
  if (origin !== null) {
    if (policy.allowOrigins.has(origin)) return origin;
    const own = origin !== 'null' && site !== 'cross-site' && (origin === new URL(request.url).origin || site === 'same-origin');
    if (own) return undefined;
    throw new ProxyError(403, 'permission_denied', 'This page’s origin may not use the proxy.', {}, 'origin_not_allowed');
  }
  if (site === 'cross-site') {
    throw new ProxyError(403, 'permission_denied', 'A request from another site needs an allowed Origin.', {}, 'cross_site');
  }
  if (policy.cookieAuth && site !== 'same-origin' && site !== 'same-site') {
    throw new ProxyError(403, 'permission_denied', 'A request signed in by cookie must come from an allowed page.', {}, 'origin_missing');
  }
  return undefined;
}

/**
 * Only `application/json` is forwarded: `text/plain`, form types and no type
 * at all are what a page on another site may post without a preflight, with
 * the person's cookies, and the proxy would add the app token to it.
 */
export function checkJsonContentType(request: Request): void {
  const type = request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ProxyError(415, 'invalid_argument', 'The body must be sent as Content-Type: application/json.', {}, 'content_type');
  }
}

/** What one route allows a listed cross-origin page: its one method, the headers it may send, and the refusal's words. */
export interface PreflightRoute {
  method: 'GET' | 'POST';
  headers: string;
  refusal: string;
}

/** The run route's preflight: POST with Content-Type and Last-Event-ID. */
export const RUN_ROUTE: PreflightRoute = { method: 'POST', headers: ALLOWED_REQUEST_HEADERS, refusal: 'This page’s origin may not use the proxy.' };

/** Answers an OPTIONS request: a CORS preflight from a listed origin, or the methods the route takes. */
export function preflight(request: Request, policy: OriginPolicy, route: PreflightRoute = RUN_ROUTE): Response {
  const origin = request.headers.get('Origin');
  const method = request.headers.get('Access-Control-Request-Method');
  if (origin === null || method === null) {
    return new Response(null, { status: 204, headers: { Allow: `${route.method}, OPTIONS` } });
  }
  if (!policy.allowOrigins.has(origin) || method.toUpperCase() !== route.method) {
    throw new ProxyError(403, 'permission_denied', route.refusal, {}, 'origin_not_allowed');
  }
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin, policy),
      'Access-Control-Allow-Methods': route.method,
      'Access-Control-Allow-Headers': route.headers,
      'Access-Control-Max-Age': PREFLIGHT_MAX_AGE,
    },
  });
}
