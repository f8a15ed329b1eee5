/**
 * The core of <oz-markdown>: agent text to safe HTML, incrementally.
 *
 * - marked (GFM) parses; raw HTML in the text is escaped, never passed on
 *   (markdown-blocks.ts).
 * - DOMPurify sanitizes every piece of HTML produced, with an allowlist of
 *   the tags markdown makes; links keep only http(s), mailto and relative
 *   targets and open in a new tab with `rel="noopener noreferrer"`
 *   (purifier.ts).
 * - Images are shown only from the allowlisted origins; any other image is
 *   a plain link to it (an image URL can carry data out of the page).
 * - Streaming: blocks that can no longer change are rendered once and kept;
 *   only the open tail (the last block) is parsed again on each update, so a
 *   long streamed answer costs linear, not quadratic, time. The result is the
 *   same as rendering the whole text at once.
 *
 * These give sanitized strings, for an app that puts them into its own DOM.
 * The element itself takes DOM, never a string: see markdown-fragments.ts.
 */
import { Lexer, Parser } from 'marked';
import { escapeHtml, isAllowedImage, isSafeHref, MarkdownBlocks, markedOptions, normalize } from './markdown-blocks.js';
import { createPurifier, type Purifier } from './purifier.js';

export { escapeHtml, isAllowedImage, isSafeHref };

export interface MarkdownOptions {
  /** Origins (such as `https://images.example.com`) whose images are shown. Default: none. */
  imageAllowlist?: readonly string[];
}

export interface RenderedMarkdown {
  /** Sanitized HTML of the finished blocks, in order; an entry never changes once given. */
  blocks: readonly string[];
  /** Sanitized HTML of the open tail (empty when there is none). */
  tail: string;
}

/**
 * Renders one message's markdown as it grows, as sanitized strings. Feed it
 * the whole text so far on every update; it keeps what cannot change and
 * re-parses only the tail. Text that is not an extension of the last one
 * starts it over.
 */
export class MarkdownStream {
  private readonly blocks: MarkdownBlocks;
  private readonly purifier: Purifier;
  private done: string[] = [];
  private tail = '';

  constructor(options: MarkdownOptions = {}) {
    this.blocks = new MarkdownBlocks(options.imageAllowlist ?? []);
    this.purifier = createPurifier(options.imageAllowlist ?? []);
  }

  /** Characters handed to the lexer so far: the work done, which tests check stays linear. */
  get lexedChars(): number {
    return this.blocks.lexedChars;
  }

  update(text: string): RenderedMarkdown {
    const step = this.blocks.step(text);
    if (step.reset) this.done = [];
    for (const html of step.added) this.done.push(this.purifier.html(html));
    this.tail = step.tail ? this.purifier.html(step.tail) : '';
    return { blocks: this.done, tail: this.tail };
  }
}

/** Renders a whole text in one pass, with no cache (the reference a stream must match). */
export function renderMarkdown(text: string, options: MarkdownOptions = {}): string {
  const allowlist = options.imageAllowlist ?? [];
  const tokens = new Lexer(markedOptions(allowlist)).lex(normalize(text));
  return createPurifier(allowlist).html(new Parser(markedOptions(allowlist)).parse(tokens));
}
