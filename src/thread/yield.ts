/**
 * Giving the main thread back during a long burst of events, so that one
 * network read full of events does not become one long task.
 */

interface SchedulerLike {
  yield?: () => Promise<void>;
}

/**
 * The default way to give the main thread back: a MessageChannel task, which
 * queues behind a frame that is due, so the page renders between two slices
 * (`scheduler.yield()` resumes before rendering, and Chromium then paints only
 * every ~100 ms of a burst); else `scheduler.yield()`; else a 0 ms timeout.
 */
export function defaultYieldToMain(): Promise<void> {
  if (typeof MessageChannel === 'function') {
    return new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(undefined);
    });
  }
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (scheduler && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** A monotonic clock for measuring slices of work (not the store's `now`, which may be faked). */
export const sliceClock: () => number = typeof performance !== 'undefined' && typeof performance.now === 'function' ? () => performance.now() : () => Date.now();
