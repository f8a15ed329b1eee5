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

  constructor(private readonly host: ReactiveElement) {
    host.addController(this);
  }

  hostConnected(): void {
    void loadMarkdownEngine().then(
      (engine) => {
        if (!this.host.isConnected || this.cancel) return;
        this.cancel = engine.warmUpWhenIdle(this.host.renderRoot, [
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
