/**
 * Watches the page for the chats a panel records: a chat announces each store
 * it renders from (`oz-store-change`: its first, a new thread's, the app's,
 * and again when it enters the page), before that store sends anything, and
 * the panel looks again (`sync`). A reactive controller: it listens while the
 * panel is connected.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ChatWatchController implements ReactiveController {
  private readonly onStoreChange = () => this.sync();

  constructor(
    host: ReactiveControllerHost,
    /** Looks at the page again. */
    private readonly sync: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // Composed, so it reaches the window from a chat in any shadow root.
    window.addEventListener('oz-store-change', this.onStoreChange);
    this.sync();
  }

  hostDisconnected(): void {
    window.removeEventListener('oz-store-change', this.onStoreChange);
  }
}
