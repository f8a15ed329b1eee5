import { LitElement, html, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './markdown.styles.js';
import { MarkdownStream, type RenderedMarkdown } from './render-markdown.js';

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
 * Finished blocks are rendered once; only the growing tail is parsed again.
 *
 * @summary Safe, streaming markdown.
 *
 * @csspart body - The rendered markdown.
 *
 * @cssproperty --oz-markdown-code-background - Background of code spans and blocks.
 */
export class OzMarkdown extends LitElement {
  static override styles = [tokens, base, styles];

  /** The markdown source: set the whole text so far on every update. */
  @property() text = '';

  /** Origins whose images are shown (default none). Attribute: space-separated. */
  @property({ attribute: 'image-allowlist', converter: listConverter }) imageAllowlist: string[] = [];

  private stream: MarkdownStream | undefined;
  private rendered: RenderedMarkdown = { blocks: [], tail: '' };

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('imageAllowlist') || !this.stream) {
      this.stream = new MarkdownStream({ imageAllowlist: this.imageAllowlist });
    }
    this.rendered = this.stream.update(this.text ?? '');
  }

  protected override render() {
    const { blocks, tail } = this.rendered;
    return html`<div class="body" part="body">${blocks.map((b) => unsafeHTML(b))}${unsafeHTML(tail)}</div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-markdown': OzMarkdown;
  }
}
