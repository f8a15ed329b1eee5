/**
 * The core of <oz-markdown> as strings: agent text to safe HTML,
 * incrementally, for an app that puts it into its own DOM. The element
 * itself takes DOM, never a string: see markdown-fragments.ts.
 *
 * - marked (GFM) parses (markdown-blocks.ts); the HTML is the serialized
 *   DOM that markdown-dom.ts builds from marked's tokens, with agent text
 *   only ever in text nodes: raw HTML in the text is shown as text.
 * - Links keep only http(s), mailto and relative targets and open in a new
 *   tab with `rel="noopener noreferrer"`; images are shown only from the
 *   allowlisted origins, any other image is a plain link to it (an image URL
 *   can carry data out of the page).
 * - Streaming: blocks that can no longer change are rendered once and kept;
 *   only the open tail (the last block) is parsed again on each update, so a
 *   long streamed answer costs linear, not quadratic, time. The result is the
 *   same as rendering the whole text at once.
 */
import { MarkdownBlocks } from './markdown-blocks.js';
import { MarkdownDom } from './markdown-dom.js';
import { isAllowedImage, isSafeHref } from './safe-urls.js';

export { isAllowedImage, isSafeHref };

export interface MarkdownOptions {
  /** Origins (such as `https://images.example.com`) whose images are shown. Default: none. */
  imageAllowlist?: readonly string[];
}

export interface RenderedMarkdown {
  /** Safe HTML of the finished blocks, in order; an entry never changes once given. */
  blocks: readonly string[];
  /** Safe HTML of the open tail (empty when there is none). */
  tail: string;
}

/** The HTML of a fragment's nodes. */
function serialize(fragment: DocumentFragment): string {
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}

/**
 * Renders one message's markdown as it grows, as safe HTML strings. Feed it
 * the whole text so far on every update; it keeps what cannot change and
 * re-parses only the tail. Text that is not an extension of the last one
 * starts it over.
 */
export class MarkdownStream {
  private readonly blocks = new MarkdownBlocks();
  private readonly dom: MarkdownDom;
  private done: string[] = [];
  private tail = '';

  constructor(options: MarkdownOptions = {}) {
    this.dom = new MarkdownDom(options.imageAllowlist ?? []);
  }

  /** Characters handed to the lexer so far: the work done, which tests check stays linear. */
  get lexedChars(): number {
    return this.blocks.lexedChars;
  }

  update(text: string): RenderedMarkdown {
    const step = this.blocks.step(text);
    if (step.reset) this.done = [];
    for (const token of step.added) this.done.push(serialize(this.dom.blocks([token])));
    this.tail = serialize(this.dom.blocks(step.tail));
    return { blocks: this.done, tail: this.tail };
  }
}

/** Renders a whole text in one pass (the reference a stream must match). */
export function renderMarkdown(text: string, options: MarkdownOptions = {}): string {
  const step = new MarkdownBlocks().step(text);
  return serialize(new MarkdownDom(options.imageAllowlist ?? []).blocks([...step.added, ...step.tail]));
}
