/**
 * Keeps the end of a scrolling box (the chat's transcript) in view while the
 * person has not scrolled up: growing content never unsticks it, only the
 * person scrolling up does, and scrolling back near the end (or sending)
 * sticks it again.
 *
 * Whatever the box holds may grow (an answer shown over several frames,
 * older turns added above, an error below) and the box itself may shrink: a
 * ResizeObserver on the box and its children hears each, after layout and
 * before paint, so following the end costs no layout of its own.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Within this many px of the end, the box sticks to it. */
const NEAR_END_PX = 48;
/** A scroll up by more than this many px (not ours) unsticks it. */
const SCROLLED_UP_PX = 4;

export class FollowEndController implements ReactiveController {
  private stick = true;
  private lastAutoTop = 0;
  private readonly resizes = new ResizeObserver(() => this.follow());
  private readonly watched = new Set<Element>();

  /** `box`: the scrolling element, once rendered. */
  constructor(
    host: ReactiveControllerHost,
    private readonly box: () => HTMLElement | undefined,
  ) {
    host.addController(this);
  }

  /** Follows the end again, whatever the scroll position (the person sent a message). */
  stickToEnd(): void {
    this.stick = true;
  }

  /** The box's `scroll` listener. */
  readonly onScroll = (): void => {
    const el = this.box();
    if (!el) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX) this.stick = true;
    else if (el.scrollTop < this.lastAutoTop - SCROLLED_UP_PX) this.stick = false;
    this.lastAutoTop = el.scrollTop;
  };

  /** Watches the box and its children as they are now. */
  hostUpdated(): void {
    const el = this.box();
    if (!el) return;
    this.watch(el);
    for (const child of el.children) this.watch(child);
    for (const box of this.watched) if (box !== el && box.parentElement !== el) this.unwatch(box);
  }

  private watch(box: Element): void {
    if (this.watched.has(box)) return;
    this.watched.add(box);
    this.resizes.observe(box);
  }

  private unwatch(box: Element): void {
    this.watched.delete(box);
    this.resizes.unobserve(box);
  }

  private follow(): void {
    const el = this.box();
    if (!el) return;
    // The person may have scrolled since the last time (their scroll event can come after this).
    this.onScroll();
    if (!this.stick) return;
    el.scrollTop = el.scrollHeight;
    this.lastAutoTop = el.scrollTop;
  }
}
