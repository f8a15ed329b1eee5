/**
 * What <oz-markdown> inserts: agent markdown as sanitized DOM, never as a
 * string. markdown-blocks.ts turns the growing text into HTML block by block;
 * purifier.ts (DOMPurify, returning DOM) turns that HTML into nodes the
 * element moves into the page as they are.
 */
import { MarkdownBlocks } from './markdown-blocks.js';
import { purifierFits, purifierFor, type Purifier } from './purifier.js';
import { growTail } from './tail-growth.js';

/** One update of {@link MarkdownFragments}: what to append, and the tail to show after it. */
export interface MarkdownFragmentStep {
  /** Remove everything shown before (the text started over). */
  reset: boolean;
  /** Sanitized DOM of the blocks finished in this update (to append once and keep), or undefined. */
  added: DocumentFragment | undefined;
  /** Sanitized DOM of the open tail (to show after `added`, in place of the last one), or undefined when the shown one stands (unchanged, or grown in place). */
  tail: DocumentFragment | undefined;
}

/**
 * Renders one message's markdown as it grows, as sanitized DOM: the blocks
 * finished since the last update in one pass (whatever their number), and
 * the tail only when its HTML changed (finished blocks go before it), and
 * grown in place when only text was added at its end (tail-growth.ts).
 * The element shows the tail's nodes as they are handed out.
 */
export class MarkdownFragments {
  private readonly blocks: MarkdownBlocks;
  private readonly purifier: Purifier;
  private tailHtml = '';
  /** The nodes of the tail last handed out, as the element shows them. */
  private tailNodes: ChildNode[] = [];

  /** `purifier`: one to share, used only when it applies this same allowlist (else the page's for it). */
  constructor(options: { imageAllowlist?: readonly string[]; purifier?: Purifier | undefined } = {}) {
    const allowlist = options.imageAllowlist ?? [];
    this.blocks = new MarkdownBlocks(allowlist);
    this.purifier = purifierFits(options.purifier, allowlist) ? options.purifier : purifierFor(allowlist);
  }

  /** Characters handed to the lexer so far. */
  get lexedChars(): number {
    return this.blocks.lexedChars;
  }

  /**
   * `withTail` false leaves the open tail out (what is shown of it goes):
   * for a text still catching up, whose next update will carry it further.
   */
  update(text: string, withTail = true): MarkdownFragmentStep {
    const step = this.blocks.step(text);
    const added = step.added.length > 0 ? this.purifier.fragment(step.added.join('')) : undefined;
    const tailHtml = withTail ? step.tail : '';
    const before = this.tailHtml;
    this.tailHtml = tailHtml;
    if (!step.reset && tailHtml === before) return { reset: false, added, tail: undefined };
    // Words added to the end of the shown tail: appended to its last text node, nothing rendered again.
    if (!step.reset && !added && growTail(this.tailNodes, before, tailHtml)) return { reset: false, added, tail: undefined };
    const tail = this.purifier.fragment(tailHtml);
    this.tailNodes = [...tail.childNodes];
    return { reset: step.reset, added, tail };
  }
}
