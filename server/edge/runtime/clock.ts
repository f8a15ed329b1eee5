/**
 * Clocks for the development edge: a real one (setTimeout) and a virtual one
 * that tests advance, firing due timers in order, so deadlines and scripted
 * delays never need sleeps.
 */
import type { Clock } from '../contract.js';

/** A clock tests drive by hand. */
export interface VirtualClock extends Clock {
  /** Moves time forward by `ms`, firing every timer due on the way, in order (timers set while firing included). */
  advance(ms: number): void;
  /** Timers not yet fired. */
  readonly pending: number;
}

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

/** A virtual clock starting at `startMs` (ms since the epoch). */
export function createVirtualClock(startMs = Date.UTC(2026, 0, 1)): VirtualClock {
  let now = startMs;
  let seq = 0;
  let timers: Timer[] = [];
  const next = (limit: number): Timer | undefined => {
    let best: Timer | undefined;
    for (const t of timers) if (t.at <= limit && (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq))) best = t;
    return best;
  };
  return {
    now: () => now,
    setTimer(fn, ms) {
      const timer: Timer = { at: now + Math.max(0, ms), seq: seq++, fn };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
    advance(ms) {
      const target = now + Math.max(0, ms);
      for (let t = next(target); t; t = next(target)) {
        timers = timers.filter((x) => x !== t);
        now = Math.max(now, t.at);
        t.fn();
      }
      now = target;
    },
    get pending() {
      return timers.length;
    },
  };
}

/** The wall clock: `Date.now()` and `setTimeout`. */
export function createRealClock(): Clock {
  return {
    now: () => Date.now(),
    setTimer(fn, ms) {
      const handle = setTimeout(fn, Math.max(0, ms));
      return () => clearTimeout(handle);
    },
  };
}
