/** The proxy's one error type, and the JSON bodies it answers with. */
import type { HttpErrorBody } from '../../src/protocol/index.js';

/**
 * A refusal or failure the proxy answers before a stream starts: an HTTP
 * status and a stable `code`, sent as `{code, message}`. The message is the
 * proxy's own wording, never a raw exception's text or a token.
 */
export class ProxyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra response headers, such as `Allow` or `Retry-After`. */
    readonly headers: Record<string, string> = {},
    /** Which of the proxy's rules refused, stable for a program to test (`bad_path`, `cross_site`...). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ProxyError';
  }
}

/** A proxy's refusal body: the route's `{code, message}`, and the rule that refused. */
export interface ProxyErrorBody extends HttpErrorBody {
  reason?: string;
}

/** A ProxyError's body: its code, its own words, and its rule when it names one. */
export function bodyOf(err: ProxyError): ProxyErrorBody {
  return { code: err.code, message: err.message, ...(err.reason ? { reason: err.reason } : {}) };
}

/** A JSON error response: `{code, message}` (plus the console link an upstream error named, or the proxy's rule). */
export function jsonError(status: number, body: ProxyErrorBody, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set('Content-Type', 'application/json; charset=utf-8');
  h.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers: h });
}

/**
 * Replaces every occurrence of each secret in `text` with `[redacted]`, so
 * nothing an upstream echoes (an error body, a header) carries a token on.
 */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s.length >= 4 && out.includes(s)) out = out.split(s).join('[redacted]');
  }
  return out;
}

/** Scrubs every string inside a parsed JSON value. */
export function scrubJson(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return scrub(value, secrets);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, secrets));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[scrub(k, secrets)] = scrubJson(v, secrets);
    return out;
  }
  return value;
}
