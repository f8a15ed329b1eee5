import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** A host with a tick interval (countdowns); it reads its own clock as it renders. */
export interface TickingHost extends ReactiveControllerHost {
  tickMs: number;
}

/**
 * Asks the host to render every `tickMs` while it is connected, for live
 * countdowns (the host reads its clock as it renders, so a deadline that
 * passed between ticks is never shown as open); stops on disconnect, so a
 * removed element leaves no timer behind.
 */
export class TickController implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly host: TickingHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.start();
  }

  hostDisconnected(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Starts again with the host's current `tickMs` (call when it changes). */
  restart(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.start();
  }

  private start(): void {
    this.host.requestUpdate();
    this.timer = setInterval(() => this.host.requestUpdate(), this.host.tickMs);
  }
}
