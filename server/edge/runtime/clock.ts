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

/** A real clock tests may move forward (see createShiftableClock). */
export interface ShiftableClock extends Clock {
  /** Moves time forward by `ms` at once: every timer due by then fires now, in order; the others are re-armed. */
  advance(ms: number): void;
  /** How far ahead of the wall clock it runs, in ms. */
  readonly offsetMs: number;
  /** Timers not yet fired. */
  readonly pending: number;
}

interface RealTimer extends Timer {
  handle?: ReturnType<typeof setTimeout>;
}

/**
 * The wall clock plus an offset tests advance: turns run in real time (their
 * scripted steps need no hand on the clock), while a deadline or the re-check
 * after a long wait is reached at once, with no sleep. Advancing fires every
 * timer due by the new time, in order (timers set while firing included, as on
 * the virtual clock), and re-arms the rest for what is left of their delay.
 */
export function createShiftableClock(wallClock: () => number = Date.now): ShiftableClock {
  let offset = 0;
  let seq = 0;
  const timers = new Set<RealTimer>();
  const now = () => wallClock() + offset;
  const fire = (timer: RealTimer) => {
    if (!timers.delete(timer)) return;
    timer.fn();
  };
  const arm = (timer: RealTimer) => {
    if (timer.handle !== undefined) clearTimeout(timer.handle);
    timer.handle = setTimeout(() => fire(timer), Math.max(0, timer.at - now()));
    timer.handle.unref?.();
  };
  const due = (limit: number): RealTimer | undefined => {
    let best: RealTimer | undefined;
    for (const t of timers) if (t.at <= limit && (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq))) best = t;
    return best;
  };
  return {
    now,
    setTimer(fn, ms) {
      const timer: RealTimer = { at: now() + Math.max(0, ms), seq: seq++, fn };
      timers.add(timer);
      arm(timer);
      return () => {
        timers.delete(timer);
        if (timer.handle !== undefined) clearTimeout(timer.handle);
      };
    },
    advance(ms) {
      offset += Math.max(0, ms);
      for (let t = due(now()); t; t = due(now())) {
        if (t.handle !== undefined) clearTimeout(t.handle);
        fire(t);
      }
      for (const t of timers) arm(t);
    },
    get offsetMs() {
      return offset;
    },
    get pending() {
      return timers.size;
    },
  };
}

/** The wall clock: `Date.now()` and `setTimeout` (unref'd: a pending deadline keeps no process alive). */
export function createRealClock(): Clock {
  return {
    now: () => Date.now(),
    setTimer(fn, ms) {
      const handle = setTimeout(fn, Math.max(0, ms));
      // The edge's server keeps the process alive; a pending deadline alone does not.
      handle.unref?.();
      return () => clearTimeout(handle);
    },
  };
}
