/**
 * Watches the page for the chats a panel records: a chat announces each store
 * it renders from (`oz-store-change`: its first, a new thread's, the app's,
 * and again when it enters the page), before that store sends anything, and
 * the panel looks again (`sync`). A chat that has a store already and gets
 * the id the panel names later announces nothing: an observer of `id`
 * attributes alone catches that. A reactive controller: it watches while the
 * panel is connected.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ChatWatchController implements ReactiveController {
  private readonly onStoreChange = () => this.sync();
  private observer?: MutationObserver;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** Looks at the page again. */
    private readonly sync: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // Composed, so it reaches the window from a chat in any shadow root.
    window.addEventListener('oz-store-change', this.onStoreChange);
    const root = this.host.getRootNode() as Document | ShadowRoot;
    this.observer = new MutationObserver(() => this.sync());
    this.observer.observe(root instanceof Document ? root.documentElement : root, { subtree: true, attributes: true, attributeFilter: ['id'] });
    this.sync();
  }

  hostDisconnected(): void {
    window.removeEventListener('oz-store-change', this.onStoreChange);
    this.observer?.disconnect();
  }
}
