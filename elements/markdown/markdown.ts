import { LitElement, html } from 'lit';
import { property } from 'lit/decorators.js';
import { base, block, tokens } from '../shared/tokens.styles.js';
import { styles } from './markdown.styles.js';
import { markdown } from './markdown-directive.js';
import { FRAME_BUDGET_MS, MarkdownView, updatedAndShown } from './markdown-view.js';

/** Space- or comma-separated origins from the attribute. */
export const listConverter = {
  fromAttribute: (value: string | null): string[] => (value ? value.split(/[\s,]+/).filter(Boolean) : []),
  toAttribute: (value: string[]): string => value.join(' '),
};

/**
 * Renders untrusted markdown (an agent's text) safely, and cheaply while it
 * streams: raw HTML is shown as text, links open in a new tab with
 * `rel="noopener noreferrer"` and lose `javascript:`/`data:` targets, and
 * images appear only from `image-allowlist` origins (others become links).
 * Finished blocks are rendered once and their DOM kept; only the growing
 * tail is parsed and replaced again. More text than one frame can take
 * (about 8 ms of work at the cost measured so far) is shown over several
 * frames, so a long answer arriving at once never blocks the page:
 * `rendering` is true meanwhile, and `updateComplete` resolves once the
 * whole text is shown.
 *
 * A thin element over the `markdown()` directive (markdown-directive.ts),
 * which `<oz-agent-chat>` uses in its own tree: the same code and styles.
 *
 * @summary Safe, streaming markdown.
 *
 * @csspart body - The rendered markdown.
 *
 * @cssproperty --oz-markdown-code-background - Background of code spans and blocks.
 */
export class OzMarkdown extends LitElement {
  static override styles = [tokens, base, block, styles];

  /** The markdown source: set the whole text so far on every update. */
  @property() text = '';

  /** Origins whose images are shown (default none). Attribute: space-separated. */
  @property({ attribute: 'image-allowlist', converter: listConverter }) imageAllowlist: string[] = [];

  /**
   * Milliseconds of markdown work one frame may take (default 8): more text
   * than that is shown over several frames. `Infinity` shows any text at once.
   */
  @property({ attribute: 'frame-budget', type: Number }) frameBudget = FRAME_BUDGET_MS;

  private readonly view = new MarkdownView();

  /** Whether part of `text` is still to be shown. */
  get rendering(): boolean {
    return this.isUpdatePending || this.view.rendering;
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return updatedAndShown(this.view, () => super.getUpdateComplete());
  }

  protected override render() {
    return html`<div
      class="markdown"
      part="body"
      ${markdown(this.text ?? '', { imageAllowlist: this.imageAllowlist, frameBudget: this.frameBudget, view: this.view })}
    ></div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-markdown': OzMarkdown;
  }
}
