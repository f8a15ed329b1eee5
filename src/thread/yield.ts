/**
 * Giving the main thread back during a long burst of events, so that one
 * network read full of events does not become one long task.
 */

interface SchedulerLike {
  yield?: () => Promise<void>;
}

/**
 * The default way to give the main thread back: `scheduler.yield()` where the
 * platform has it, else a MessageChannel task (no 4 ms timer clamping), else a
 * 0 ms timeout.
 */
export function defaultYieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (scheduler && typeof scheduler.yield === 'function') return scheduler.yield();
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
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** A monotonic clock for measuring slices of work (not the store's `now`, which may be faked). */
export const sliceClock: () => number =
  typeof performance !== 'undefined' && typeof performance.now === 'function' ? () => performance.now() : () => Date.now();
