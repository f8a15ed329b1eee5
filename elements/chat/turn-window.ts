/**
 * Which turns the chat renders, and in which boxes.
 *
 * All of them, except when many (over {@link CHUNK_TURNS}) appear at once
 * (a restored thread): then the
 * last few at once (about what the host's height shows, see
 * {@link firstTurns}), and
 * the older ones in batches above them, one batch per frame, each as large
 * as the cost of the one before says fits in a frame (FRAME_MS; from 1 to
 * {@link MAX_BATCH} turns), so the page shows the end of the thread at once
 * and no frame grows long, on a fast machine or a slow one.
 *
 * Turns are rendered in chunks of {@link CHUNK_TURNS} (`<div class="turns">`,
 * keyed, and each turn in it keyed by its index), counted from where the
 * window began: up for newer turns, down for older ones. The chat styles a chunk with
 * `content-visibility: auto`, so a long thread has a few dozen boxes off
 * screen (skipped by style, layout and paint, and checked for visibility
 * each frame), not one per turn; and a batch added above, or a turn
 * appended, leaves the other chunks' DOM alone.
 */
import { html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { AdaptiveBatch, CHUNK_TURNS, FRAME_MS, yieldToMain } from '../../src/schedule.js';

/** The height a turn is taken to have at least, in px, when deciding how many fill the view (16rem, as the chat's placeholders). */
export const TURN_HEIGHT = 256;

/** Turns shown at once when a long thread appears in a host `height` px tall: about what it shows (2 to 8). */
export function firstTurns(height: number): number {
  return Math.min(8, Math.max(2, Math.ceil(height / TURN_HEIGHT)));
}

/** The most turns a backfill frame adds. */
export const MAX_BATCH = 20;

export class TurnWindowController implements ReactiveController {
  /** The first turn rendered. */
  private windowStart = 0;
  /** Where the turns shown at once begin: older ones come in batches above them. */
  private recentFrom = 0;
  private rendered = 0;
  private backfill = 0;
  /** Turns per backfill frame: 2 first, then what a frame (its render, style, layout and paint) buys, 1 to MAX_BATCH. */
  private readonly batch = new AdaptiveBatch({ first: 2, min: 1, max: MAX_BATCH });

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.backfill);
    this.backfill = 0;
  }

  /** Adds the next batch above, then sizes the one after from what this one cost (its render, style, layout and paint). */
  private addBatch(): void {
    const start = performance.now();
    const size = this.batch.size(FRAME_MS);
    this.windowStart = Math.max(0, this.windowStart - size);
    this.host.requestUpdate();
    // The store's yield (a message task) runs once this frame is rendered: the batch's whole cost is known then.
    void yieldToMain().then(() => this.batch.measured(size, Math.max(1, performance.now() - start)));
  }

  /**
   * The turns to render now, in order and in chunks, each turn through
   * `one(turn, index)`; call once per render. `deps` is what `one` reads
   * besides its turn, for every turn but the last: a chunk whose turns and
   * deps are the same as last time, and which does not hold the last turn, is
   * not rendered again (in a long thread, that is every chunk but one).
   */
  render<T>(turns: readonly T[], one: (turn: T, i: number) => unknown, deps: readonly unknown[] = []): unknown {
    const count = turns.length;
    if (this.windowStart > count || this.recentFrom > count) this.windowStart = this.recentFrom = 0;
    if (this.rendered === 0 && count > CHUNK_TURNS) {
      // Many turns at once (a restore): about what the host shows first.
      this.windowStart = this.recentFrom = count - firstTurns(this.host instanceof Element ? this.host.clientHeight : 0);
    }
    if (this.windowStart > 0 && !this.backfill) {
      this.backfill = requestAnimationFrame(() => {
        this.backfill = 0;
        this.addBatch();
      });
    }
    this.rendered = count - this.windowStart;
    // Older turns in chunks counted down from recentFrom (the top one fills as batches come), newer ones counted up.
    const chunks: Chunk[] = [];
    for (let end = this.recentFrom; end > this.windowStart; end -= CHUNK_TURNS) chunks.unshift({ key: `o${end}`, start: Math.max(this.windowStart, end - CHUNK_TURNS), end });
    for (let start = this.recentFrom; start < count; start += CHUNK_TURNS) chunks.push({ key: `n${start}`, start, end: Math.min(count, start + CHUNK_TURNS) });
    return repeat(
      chunks,
      (c) => c.key,
      (c) => {
        const chunk = turns.slice(c.start, c.end);
        // The chunk with the last turn always renders (its deps are more: see the chat's renderOne).
        return guard(
          [...chunk, c.end === count ? {} : c.end, ...deps],
          () =>
            html`<div class="turns">${repeat(
              chunk,
              (_, j) => c.start + j,
              (turn, j) => one(turn, c.start + j),
            )}</div>`,
        );
      },
    );
  }
}

interface Chunk {
  key: string;
  start: number;
  end: number;
}
