/**
 * Watches the page for the chats a panel records: a chat named by `for` that
 * appears later, gets another id, or makes a new store (a new `thread-id`,
 * or just before the request it is about to send: `oz-send`) makes the panel
 * look again (`sync`). A reactive controller: it watches while the panel is
 * connected.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface ChatWatchOptions {
  /** The ids the panel records (its `for`). */
  ids(): string[];
  lookup(id: string): (HTMLElement & { updateComplete?: Promise<unknown> }) | null;
  /** Looks at the page again. */
  sync(): void;
}

export class ChatWatchController implements ReactiveController {
  private observer?: MutationObserver;
  /** Catches a chat's new store before the request it is about to send. */
  private readonly onSend = () => this.o.sync();

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly o: ChatWatchOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('oz-send', this.onSend, true);
    const root = this.host.getRootNode() as Document | ShadowRoot;
    this.observer = new MutationObserver(() => {
      this.o.sync();
      // A chat makes its new store in its next update (a new thread-id): look again once it ran.
      for (const id of this.o.ids()) void this.o.lookup(id)?.updateComplete?.then(() => this.o.sync());
    });
    this.observer.observe(root instanceof Document ? root.documentElement : root, { childList: true, subtree: true, attributes: true, attributeFilter: ['id', 'thread-id'] });
    this.o.sync();
  }

  hostDisconnected(): void {
    window.removeEventListener('oz-send', this.onSend, true);
    this.observer?.disconnect();
  }
}
