/**
 * Readies a connected chat for its first answer: the markdown engine loads
 * at once (a chunk), before the first answer streams; then, when the page is
 * idle, its first render and the store's code run once, which a person's
 * first message would otherwise compile in its frame. A reactive controller;
 * leaving the page cancels what has not run.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import { loadMarkdownEngine } from '../markdown/markdown-engine.js';
import { warmUpStore } from '../../src/thread/warm-up.js';

export class WarmUpController implements ReactiveController {
  private cancel: (() => void) | undefined;

  /** `allowlist`: the image origins the chat's markdown may show (its purifier is made for them). */
  constructor(
    private readonly host: ReactiveElement,
    private readonly allowlist: () => readonly string[],
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    void loadMarkdownEngine().then(
      (engine) => {
        if (!this.host.isConnected || this.cancel) return;
        this.cancel = engine.warmUpWhenIdle(this.host.renderRoot, engine.purifierFor(this.allowlist()), [
          () =>
            warmUpStore().then(
              () => undefined,
              () => undefined,
            ),
        ]);
      },
      () => undefined,
    );
  }

  hostDisconnected(): void {
    this.cancel?.();
    this.cancel = undefined;
  }
}
