import { LitElement, html, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './markdown.styles.js';
import { MarkdownFragments } from './markdown-fragments.js';
import type { Purifier } from './purifier.js';

/** Finished blocks per group (see OzMarkdown.keep). */
const CHUNK_BLOCKS = 16;

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
 * tail is parsed and replaced again.
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

  /**
   * A sanitizer to share with other renderers (from `createPurifier`), used
   * only when it applies this element's own `imageAllowlist`; otherwise the
   * element makes its own.
   */
  @property({ attribute: false }) purifier?: Purifier;

  @query('.body') private body!: HTMLElement;

  private stream: MarkdownFragments | undefined;
  /** The tail's nodes in the body, after the finished blocks. */
  private tailNodes: ChildNode[] = [];
  /** The group finished blocks go into, and how many it holds. */
  private chunk: HTMLElement | undefined;
  private chunkBlocks = 0;

  protected override render() {
    // The body's children are the sanitized markdown, kept by updated(): Lit renders only the box.
    return html`<div class="body" part="body"></div>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('imageAllowlist') || changed.has('purifier') || !this.stream) {
      this.stream = new MarkdownFragments({ imageAllowlist: this.imageAllowlist, purifier: this.purifier });
      this.clear();
    }
    const step = this.stream.update(this.text ?? '');
    if (step.reset) this.clear();
    if (!step.tail && !step.added) return;
    for (const n of this.tailNodes) n.remove();
    this.tailNodes = [];
    if (step.added) this.keep(step.added);
    if (step.tail) {
      this.tailNodes = [...step.tail.childNodes];
      this.body.append(step.tail);
    }
  }

  private clear(): void {
    this.body.replaceChildren();
    this.tailNodes = [];
    this.chunk = undefined;
  }

  /**
   * Appends finished blocks in groups of {@link CHUNK_BLOCKS}, each skipped by
   * style, layout and paint while off screen (`content-visibility: auto`):
   * a long answer costs each frame what is visible, not its whole length.
   */
  private keep(blocks: DocumentFragment): void {
    for (let node = blocks.firstChild; node; node = blocks.firstChild) {
      if (!this.chunk || (this.chunkBlocks >= CHUNK_BLOCKS && node.nodeType === Node.ELEMENT_NODE)) {
        this.chunk = document.createElement('div');
        this.chunk.className = 'chunk';
        this.chunkBlocks = 0;
        this.body.append(this.chunk);
      }
      if (node.nodeType === Node.ELEMENT_NODE) this.chunkBlocks++;
      this.chunk.append(node);
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-markdown': OzMarkdown;
  }
}
