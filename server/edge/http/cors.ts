/**
 * CORS per tenant: a page on another origin reads the route only when the
 * tenant lists that origin. The preflight allows POST with Content-Type,
 * Last-Event-ID and Authorization; nothing is exposed beyond the CORS-safe
 * response headers, and credentials (cookies) are never allowed across origins.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ROUTE_REQUEST_HEADERS } from '../../../src/protocol/index.js';
import type { EdgeRuntime } from '../contract.js';
import { EdgeHttpError } from './errors.js';
import { header } from './request.js';

const ALLOWED_HEADERS = ROUTE_REQUEST_HEADERS.map((h) => h.toLowerCase());

/** Whether `origin` is one the tenant lists (exact match, as browsers send it). */
export function originAllowed(runtime: EdgeRuntime, tenant: string | null, origin: string | undefined): origin is string {
  if (!tenant || !origin || origin === 'null') return false;
  return runtime.allowedOrigins(tenant).includes(origin);
}

/** The CORS headers of an actual (non-preflight) route answer: none for an origin the tenant does not list. */
export function corsHeaders(runtime: EdgeRuntime, tenant: string | null, req: IncomingMessage): Record<string, string> {
  const origin = header(req, 'origin');
  if (!originAllowed(runtime, tenant, origin)) return origin ? { Vary: 'Origin' } : {};
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
}

/**
 * Answers a preflight (`OPTIONS`) of the agent route: 204 with the allowed
 * method and headers for a listed origin asking for POST and allowed headers
 * only; 403 without any CORS header otherwise.
 */
export function answerPreflight(runtime: EdgeRuntime, tenant: string | null, req: IncomingMessage, res: ServerResponse): void {
  const origin = header(req, 'origin');
  if (!origin) {
    // Not a CORS preflight: say what the route takes.
    res.writeHead(204, { Allow: 'POST, OPTIONS' });
    res.end();
    return;
  }
  const method = (header(req, 'access-control-request-method') ?? '').toUpperCase();
  const asked = (header(req, 'access-control-request-headers') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (!originAllowed(runtime, tenant, origin)) {
    throw new EdgeHttpError(403, 'permission_denied', 'This origin is not allowed for the tenant.', { headers: { Vary: 'Origin' } });
  }
  const refused = asked.filter((h) => !ALLOWED_HEADERS.includes(h));
  if (method !== 'POST' || refused.length > 0) {
    throw new EdgeHttpError(403, 'permission_denied', `The route allows POST with ${ROUTE_REQUEST_HEADERS.join(', ')} only.`, { headers: { Vary: 'Origin' } });
  }
  res.writeHead(204, {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'POST',
    'Access-Control-Allow-Headers': ROUTE_REQUEST_HEADERS.join(', '),
    'Access-Control-Max-Age': '600',
    Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  });
  res.end();
}
