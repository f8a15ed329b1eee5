/**
 * The reconnect policy's arithmetic: bounded exponential backoff with full
 * jitter, the `Retry-After` header, and a sleep that an AbortSignal ends at once.
 */

/** How openRun reconnects. */
export interface ReconnectOptions {
  /**
   * Failed connections in a row before giving up (default 8): a request that
   * fails, a refusal worth retrying (5xx, 429), or a stream that drops or
   * ends at once with nothing in it. A stream that carried an event or a
   * keep-alive, or stayed open `healthyStreamMs`, resets the count: a turn
   * that waits for hours is followed for hours.
   */
  maxAttempts?: number;
  /** The first backoff ceiling in ms (default 250); a server's `retry:` field replaces it. */
  baseDelayMs?: number;
  /** The largest wait in ms, Retry-After included (default 8000). */
  maxDelayMs?: number;
  /**
   * A stream that ends cleanly after being open this long (ms), even with
   * nothing in it, ended as the server ends its streams (the route's
   * half-hour maximum): no failure, so it never counts against `maxAttempts`
   * (default 5000). A stream that carried an event or a keep-alive never
   * counts either, however short.
   */
  healthyStreamMs?: number;
}

/** The defaults of {@link ReconnectOptions}. */
export const DEFAULT_RECONNECT: Readonly<Required<ReconnectOptions>> = Object.freeze({
  maxAttempts: 8,
  baseDelayMs: 250,
  maxDelayMs: 8000,
  healthyStreamMs: 5000,
});

/**
 * Full jitter: a uniformly random wait between 0 and
 * `min(maxDelayMs, baseDelayMs * 2^(attempt-1))`, attempt counted from 1.
 */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}

/** `Retry-After` as delta-seconds, in ms; undefined when absent or not a number of seconds. */
export function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (!/^[0-9]+(\.[0-9]+)?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 1000);
}

/** Waits `ms`, or less when `signal` aborts; never rejects. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
