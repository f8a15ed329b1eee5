/**
 * The reconnect policy's arithmetic: bounded exponential backoff with full
 * jitter, the `Retry-After` header, and a sleep that an AbortSignal ends at once.
 */

/** How openRun reconnects. */
export interface ReconnectOptions {
  /** Reconnects in a row without a new event before giving up (default 8). */
  maxAttempts?: number;
  /** The first backoff ceiling in ms (default 250); a server's `retry:` field replaces it. */
  baseDelayMs?: number;
  /** The largest wait in ms, Retry-After included (default 8000). */
  maxDelayMs?: number;
}

/** The defaults of {@link ReconnectOptions}. */
export const DEFAULT_RECONNECT: Readonly<Required<ReconnectOptions>> = Object.freeze({
  maxAttempts: 8,
  baseDelayMs: 250,
  maxDelayMs: 8000,
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
