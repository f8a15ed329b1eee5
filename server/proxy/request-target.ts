/**
 * What the proxy forwards: only `<basePath>/v1/agui/agents/<agent>?tenant=<tenant>`,
 * judged on the request target as the client sent it. Frameworks normalise a
 * URL before a handler sees it (WHATWG URL resolves `..` and `%2e%2e` segments
 * and turns `\` into `/`; Express leaves `originalUrl` raw), so the node and
 * Express adapters hand the raw target over (`rememberRawTarget`) and the
 * proxy checks that one; a Fetch handler alone checks the URL it was given.
 *
 * Everything here is a 400 `invalid_argument` (with a `reason`) or a 404,
 * decided before the upstream hears of the request.
 */
import { ProxyError } from './errors.js';

/** An agent's name: a letter or digit, then letters, digits and `._-`, at most 128 (never `.` or `..`). */
export const AGENT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A tenant's name, the same shape as an agent's. */
export const TENANT_NAME_PATTERN = AGENT_NAME_PATTERN;

const ROUTE_PREFIX = '/v1/agui/agents/';

/** The raw request targets of requests the node adapters built, by request. */
const rawTargets = new WeakMap<Request, string>();

/** Records the target of a request as it came on the request line (the node and Express adapters do). */
export function rememberRawTarget(request: Request, target: string): void {
  rawTargets.set(request, target);
}

/** The target to judge: the raw one when an adapter recorded it, else the URL's path and query. */
export function targetOf(request: Request, url: URL): string {
  return rawTargets.get(request) ?? `${url.pathname}${url.search}`;
}

const badPath = (message: string) => new ProxyError(400, 'invalid_argument', message, {}, 'bad_path');
const badQuery = (message: string) => new ProxyError(400, 'invalid_argument', message, {}, 'bad_query');

/** An escape a separator, a dot, a backslash, NUL or a percent sign would make (double encoding), encoded. */
const ENCODED_ESCAPE = /%(?:2f|5c|2e|00|25)/i;
/** A `%` not followed by two hex digits. */
const BROKEN_ESCAPE = /%(?![0-9a-f]{2})/i;

/** A target split into its path and its query (no `?`), both still encoded. */
export interface Target {
  path: string;
  query: string;
}

/**
 * Checks what every request to the proxy must be, whatever its path: an
 * origin-form target of printable ASCII, no fragment, one `?` at most, and a
 * path with no `.`/`..` or empty segment, no backslash, and none of them
 * percent-encoded (nor `%25`, so nothing decodes twice into one).
 */
export function checkTarget(target: string): Target {
  if (!target.startsWith('/') || target.startsWith('//')) throw badPath('The request target must be a path (origin form).');
  if (!/^[\x21-\x7e]*$/.test(target)) throw badPath('The request target holds a control, space or non-ASCII character.');
  if (target.includes('#')) throw badPath('The request target holds a fragment.');
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  const query = q === -1 ? '' : target.slice(q + 1);
  if (query.includes('?')) throw badQuery('The query holds a second “?”.');
  if (path.includes('\\')) throw badPath('The path holds a backslash.');
  if (ENCODED_ESCAPE.test(path) || BROKEN_ESCAPE.test(path)) throw badPath('The path holds an encoded separator, dot or percent sign.');
  const segments = path.split('/').slice(1);
  segments.forEach((s, i) => {
    if (s === '.' || s === '..') throw badPath('The path holds a “.” or “..” segment.');
    if (s === '' && i < segments.length - 1) throw badPath('The path holds an empty segment.');
  });
  if (BROKEN_ESCAPE.test(query)) throw badQuery('The query holds a broken percent escape.');
  return { path, query };
}

/**
 * The agent a path names: `<basePath>/v1/agui/agents/<agent>`, with the name
 * as sent (no escapes) matching AGENT_NAME_PATTERN. A path elsewhere is 404; a
 * path under the route with another segment or a bad name is 400.
 */
export function agentOfPath(path: string, basePath: string): string {
  const rest = basePath ? (path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined) : path;
  if (rest === undefined || !rest.startsWith(ROUTE_PREFIX)) throw new ProxyError(404, 'not_found', 'No such route.');
  const agent = rest.slice(ROUTE_PREFIX.length);
  if (agent.includes('/')) throw badPath('The route takes one segment after /agents/: the agent.');
  if (!AGENT_NAME_PATTERN.test(agent)) throw badPath('The agent’s name is not one the route takes (letters, digits and ._-).');
  return agent;
}

/** The tenant a query names: exactly `tenant=<tenant>`, nothing else and nothing twice. */
export function tenantOfQuery(query: string): string {
  if (query === '') throw new ProxyError(400, 'invalid_argument', 'The tenant is missing (?tenant=).', {}, 'missing_tenant');
  const pairs = query.split('&');
  if (pairs.length > 1) throw badQuery('The query takes only the tenant.');
  const eq = pairs[0]!.indexOf('=');
  const name = eq === -1 ? pairs[0]! : pairs[0]!.slice(0, eq);
  if (name !== 'tenant') throw badQuery('The query takes only the tenant.');
  const value = eq === -1 ? '' : pairs[0]!.slice(eq + 1);
  if (value === '') throw new ProxyError(400, 'invalid_argument', 'The tenant is missing (?tenant=).', {}, 'missing_tenant');
  if (!TENANT_NAME_PATTERN.test(value)) throw badQuery('The tenant’s name is not one the route takes (letters, digits and ._-).');
  return value;
}

/** Checks a configured base path: empty, or segments a URL path keeps as they are. */
export function checkBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  if (trimmed !== '' && !/^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/.test(trimmed)) {
    throw new TypeError('createAguiProxy: basePath must be a path like /api (letters, digits and ._~- segments)');
  }
  return trimmed;
}
