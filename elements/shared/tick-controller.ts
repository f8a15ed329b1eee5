import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** A host with an injectable clock and tick interval (countdowns). */
export interface TickingHost extends ReactiveControllerHost {
  clock: () => number;
  tickMs: number;
}

/**
 * Reads the host's clock every `tickMs` while the host is connected and asks
 * it to render, for live countdowns; stops on disconnect, so a removed element
 * leaves no timer behind.
 */
export class TickController implements ReactiveController {
  /** The clock's time at the last tick (undefined before the first). */
  now: number | undefined;
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
    this.tick();
    this.timer = setInterval(() => this.tick(), this.host.tickMs);
  }

  private tick(): void {
    this.now = this.host.clock();
    this.host.requestUpdate();
  }
}
