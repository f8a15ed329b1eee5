/**
 * Where the proxy's bearer token comes from: a static value, the app's own
 * per-request callback, or RFC 8693 token exchange (the registered app's key
 * plus the person's token), cached per person until it expires.
 */
import { createHash } from 'node:crypto';
import { ProxyError } from './errors.js';
import type { UpstreamFetch } from './upstream.js';

/** A value that may come synchronously or as a promise. */
type MaybePromise<T> = T | Promise<T>;

/** The token itself, or a callback mapping the app's request (its signed-in user) to one. */
export type TokenSource = string | ((request: Request) => MaybePromise<string | undefined>);

/** RFC 8693 token exchange at the edge: the app's key exchanges a person's token for one acting as them. */
export interface TokenExchangeOptions {
  /** The registered app's key, sent as `Authorization: Bearer` to the token endpoint only. */
  appKey: string;
  /** The person's token for this request (undefined: nobody is signed in, 401). */
  subjectToken: (request: Request) => MaybePromise<string | undefined>;
  /** The token endpoint; default `<upstream>/v1/oauth/token`. */
  endpoint?: string;
}

/** A token for one request, with the secrets to scrub from anything upstream echoes. */
export interface ResolvedToken {
  token: string;
  secrets: string[];
  /** Forgets a cached exchanged token (upstream said it is no longer valid). */
  invalidate(): void;
}

/** Resolves the bearer token of each request. */
export interface TokenProvider {
  resolve(request: Request): Promise<ResolvedToken | undefined>;
}

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN = 'urn:ietf:params:oauth:token-type:access_token';
const MAX_CACHED = 10_000;
const EXCHANGE_TIMEOUT_MS = 30_000;

interface Cached {
  token: string;
  expiresAt: number;
}

/** How long before its expiry an exchanged token stops being reused: a tenth of its life, at most 60 s. */
export function expiryMargin(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs / 10);
}

/** Creates the token provider for the proxy's options. */
export function createTokenProvider(options: { token?: TokenSource; tokenExchange?: TokenExchangeOptions; upstream: string; fetch: UpstreamFetch; now: () => number }): TokenProvider {
  const { token, tokenExchange } = options;
  if (tokenExchange) return exchangeProvider(tokenExchange, options);
  return {
    async resolve(request) {
      const value = typeof token === 'function' ? await token(request) : token;
      return value ? { token: value, secrets: [value], invalidate() {} } : undefined;
    },
  };
}

function exchangeProvider(ex: TokenExchangeOptions, options: { upstream: string; fetch: UpstreamFetch; now: () => number }): TokenProvider {
  const endpoint = ex.endpoint ?? `${options.upstream.replace(/\/+$/, '')}/v1/oauth/token`;
  const cache = new Map<string, Cached>();
  const inflight = new Map<string, Promise<Cached>>();

  const remember = (key: string, entry: Cached) => {
    if (cache.size >= MAX_CACHED) {
      const now = options.now();
      for (const [k, v] of cache) if (v.expiresAt <= now) cache.delete(k);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, entry);
  };

  const exchange = async (subject: string): Promise<Cached> => {
    const body = new URLSearchParams({ grant_type: GRANT, subject_token: subject, subject_token_type: ACCESS_TOKEN });
    let res: Response;
    try {
      res = await options.fetch(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          Authorization: `Bearer ${ex.appKey}`,
        },
        body: new TextEncoder().encode(body.toString()),
        signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
      });
    } catch {
      throw new ProxyError(502, 'unavailable', 'The token exchange could not be reached.');
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      if (res.status >= 400 && res.status < 500 && res.status !== 429) {
        throw new ProxyError(401, 'unauthenticated', 'The sign-in was not accepted by OZ.');
      }
      throw new ProxyError(502, 'unavailable', `The token exchange failed (${res.status}).`);
    }
    const json = (await res.json().catch(() => undefined)) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (!json || typeof json.access_token !== 'string' || !json.access_token) {
      throw new ProxyError(502, 'unavailable', 'The token exchange answered without a token.');
    }
    const lifetime = typeof json.expires_in === 'number' && json.expires_in > 0 ? json.expires_in * 1000 : 0;
    return { token: json.access_token, expiresAt: options.now() + lifetime - expiryMargin(lifetime) };
  };

  return {
    async resolve(request) {
      const subject = await ex.subjectToken(request);
      if (!subject) return undefined;
      const key = createHash('sha256').update(subject).digest('base64url');
      const secrets = [ex.appKey, subject];
      let entry = cache.get(key);
      if (!entry || entry.expiresAt <= options.now()) {
        cache.delete(key);
        let pending = inflight.get(key);
        if (!pending) {
          pending = exchange(subject).finally(() => inflight.delete(key));
          inflight.set(key, pending);
        }
        entry = await pending;
        if (entry.expiresAt > options.now()) remember(key, entry);
      }
      const current = entry;
      return {
        token: current.token,
        secrets: [current.token, ...secrets],
        invalidate: () => {
          if (cache.get(key) === current) cache.delete(key);
        },
      };
    },
  };
}
