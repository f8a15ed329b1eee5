/**
 * Which turns the chat renders: all of them, except when many appear at once
 * (a restored thread). Then the last {@link FIRST_TURNS} at once, and the
 * older ones {@link BACKFILL_TURNS} per frame, each batch keyed, so the page
 * shows the end of the thread at once, no task grows long, and a batch added
 * above leaves the others' DOM alone.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { repeat } from 'lit/directives/repeat.js';

const FIRST_TURNS = 20;
const BACKFILL_TURNS = 10;

export class TurnWindowController implements ReactiveController {
  /** The first turn rendered. */
  private windowStart = 0;
  /** Where the turns shown at once begin: older ones come in batches above them. */
  private recentFrom = 0;
  private rendered = 0;
  private backfill = 0;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.backfill);
    this.backfill = 0;
  }

  /** The turns to render now, in order, each through `one(turn, index)`; call once per render. */
  render<T>(turns: readonly T[], one: (turn: T, i: number) => unknown): unknown[] {
    const count = turns.length;
    if (this.windowStart > count || this.recentFrom > count) this.windowStart = this.recentFrom = 0;
    if (this.rendered === 0 && count > FIRST_TURNS) this.windowStart = this.recentFrom = count - FIRST_TURNS;
    if (this.windowStart > 0 && !this.backfill) {
      this.backfill = requestAnimationFrame(() => {
        this.backfill = 0;
        this.windowStart = Math.max(0, this.windowStart - BACKFILL_TURNS);
        this.host.requestUpdate();
      });
    }
    const from = this.windowStart;
    this.rendered = count - from;
    const batches: Array<{ start: number; end: number }> = [];
    for (let end = this.recentFrom; end > from; end -= BACKFILL_TURNS) batches.unshift({ start: Math.max(from, end - BACKFILL_TURNS), end });
    const older = repeat(
      batches,
      (b) => b.end,
      (b) => turns.slice(b.start, b.end).map((turn, j) => one(turn, b.start + j)),
    );
    return [older, turns.slice(this.recentFrom).map((turn, i) => one(turn, this.recentFrom + i))];
  }
}
