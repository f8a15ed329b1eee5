/**
 * Tells an element whether it is narrower than a breakpoint, from its own
 * width (a ResizeObserver), not the viewport's: a chat in a 400px side panel
 * of a wide page is narrow too. Updates the host only when the answer changes.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class WidthController implements ReactiveController {
  /** The host's content-box width when last measured (0 before). */
  width = 0;
  private observer: ResizeObserver | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly breakpoint: () => number,
  ) {
    host.addController(this);
  }

  /** Whether the host is narrower than `breakpoint()` (read at render: a new breakpoint applies at once). */
  get narrow(): boolean {
    return this.width > 0 && this.width < this.breakpoint();
  }

  hostConnected(): void {
    this.observer = new ResizeObserver((entries) => {
      const was = this.narrow;
      this.width = entries[entries.length - 1]?.contentRect.width ?? 0;
      if (this.narrow !== was) this.host.requestUpdate();
    });
    this.observer.observe(this.host);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }
}
