/**
 * How oz-agui spends a frame: the one scheduling policy of the store and the
 * elements.
 *
 * - **A slice of script takes at most {@link SLICE_MS} (8 ms)** before the
 *   page may render: the thread store gives the main thread back after that
 *   much of a burst of events (`yieldToMain`, then on with the rest; only
 *   busy time counts: a wait for the network longer than {@link IDLE_GAP_MS}
 *   starts a new slice, so a paced stream never yields), and a
 *   markdown answer shows at most that much more of its text per frame. The
 *   other half of a frame is the browser's: style, layout and paint of what
 *   the slice changed.
 * - **A batch whose measured cost includes its rendering aims at a whole
 *   frame, {@link FRAME_MS}** (16 ms): the chat's older turns, added above a
 *   restored thread's end one batch per frame, are timed from the render to
 *   the task after the frame.
 * - **Sizes come from what the work cost so far** ({@link AdaptiveBatch}): the
 *   next batch is as many units (characters, turns) as the budget buys at the
 *   cost measured, so a fast machine takes big steps and a slow one small
 *   ones, and no frame grows long on either.
 * - **What is finished and off screen costs nothing per frame**: finished
 *   markdown blocks go into groups of {@link CHUNK_BLOCKS}, turns into chunks
 *   of {@link CHUNK_TURNS}, each box styled `content-visibility: auto`, so
 *   style, layout and paint skip what is not in view, and a growing answer's
 *   frame touches only its tail (see elements/markdown/markdown-view.ts,
 *   elements/chat/turn-window.ts).
 * - **Nothing is scheduled when nothing changed**: an element asks for at
 *   most one render per animation frame (StoreController), and a markdown
 *   view takes a frame only while it catches up.
 *
 * Framework-free (no DOM needed): the store runs in Node too.
 */

/** A frame at 60 Hz, in ms: what a batch measured with its rendering aims at. */
export const FRAME_MS = 16;
/** The script one slice may take before the page may render, in ms (half a frame). */
export const SLICE_MS = 8;
/**
 * A pause between two events longer than this (ms) was spent waiting, not
 * working: the slice it interrupted ends there, and the next starts afresh.
 * A stream paced slower than the page works is never sliced.
 */
export const IDLE_GAP_MS = 1;
/** Finished markdown blocks per off-screen-skippable group. */
export const CHUNK_BLOCKS = 16;
/** Turns per off-screen-skippable chunk of the transcript. */
export const CHUNK_TURNS = 10;

/** How an {@link AdaptiveBatch} sizes its batches. */
export interface BatchPolicy {
  /** Units the first batch takes, before any cost is measured. */
  first: number;
  /** The fewest units a batch takes, whatever the cost. */
  min: number;
  /** The most (default: no limit). */
  max?: number;
  /** A batch takes at most this many times the units of the one before (default: no limit): one cheap batch proves little. */
  growth?: number;
  /** The weight of each new measurement in the running cost (default 1: the last alone). */
  smoothing?: number;
  /** Batches of fewer units measure mostly their fixed cost and leave the estimate alone (default 0). */
  measuredFrom?: number;
}

/**
 * Sizes batches of work from what they cost: `size(budget)` is how many
 * units the budget buys at the cost measured so far (`measured(units, ms)`),
 * within the policy's bounds. Given how long the last frame took and the
 * frame it aimed at, it takes less in proportion when that frame ran long
 * (the style, layout and paint the per-unit cost does not see).
 */
export class AdaptiveBatch {
  private msPerUnit = 0;
  private last: number;

  constructor(private readonly policy: BatchPolicy) {
    this.last = policy.growth ? policy.first / policy.growth : policy.first;
  }

  /** Units the next batch takes, for `budgetMs` of work; `frame` is the last frame's length and the one aimed at, when known. */
  size(budgetMs: number, frame?: { tookMs: number; targetMs: number }): number {
    const p = this.policy;
    let affordable = this.msPerUnit > 0 ? budgetMs / this.msPerUnit : p.first;
    if (frame && frame.tookMs > frame.targetMs) affordable = Math.min(affordable, (this.last * frame.targetMs) / frame.tookMs);
    if (p.growth) affordable = Math.min(affordable, this.last * p.growth);
    return Math.floor(Math.min(p.max ?? Infinity, Math.max(p.min, affordable)));
  }

  /** A batch of `units` was taken (the next grows from it). */
  took(units: number): void {
    this.last = units;
  }

  /** A batch of `units` cost `ms`. */
  measured(units: number, ms: number): void {
    if (units <= 0 || units < (this.policy.measuredFrom ?? 0)) return;
    const cost = Math.max(ms, 0) / units;
    const s = this.policy.smoothing ?? 1;
    this.msPerUnit = this.msPerUnit === 0 ? cost : (1 - s) * this.msPerUnit + s * cost;
  }
}

interface SchedulerLike {
  yield?: () => Promise<void>;
}

/** The one channel {@link yieldToMain} posts to (a new MessageChannel per yield costs more than the yield), and who waits on it. */
let yieldChannel: YieldChannel | undefined;

interface YieldChannel {
  post(resolve: () => void): void;
}

/** Node's ports have ref/unref: the channel keeps a process alive only while someone waits on it. */
type NodePort = MessagePort & { ref?: () => void; unref?: () => void };

function openYieldChannel(): YieldChannel {
  const channel = new MessageChannel();
  const port1 = channel.port1 as NodePort;
  const waiting: (() => void)[] = [];
  // One message, one waiter, in order.
  port1.onmessage = () => {
    waiting.shift()?.();
    if (waiting.length === 0) port1.unref?.();
  };
  port1.unref?.();
  return {
    post(resolve) {
      waiting.push(resolve);
      port1.ref?.();
      channel.port2.postMessage(undefined);
    },
  };
}

/**
 * Gives the main thread back: a MessageChannel task, which queues behind a
 * frame that is due, so the page renders between two slices
 * (`scheduler.yield()` resumes before rendering, and Chromium then paints only
 * every ~100 ms of a burst); else `scheduler.yield()`; else a 0 ms timeout.
 */
export function yieldToMain(): Promise<void> {
  if (typeof MessageChannel === 'function') {
    return new Promise<void>((resolve) => (yieldChannel ??= openYieldChannel()).post(resolve));
  }
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (scheduler && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** A monotonic clock for measuring slices of work (not the store's `now`, which may be faked). */
export const sliceClock: () => number = typeof performance !== 'undefined' && typeof performance.now === 'function' ? () => performance.now() : () => Date.now();
