/**
 * What <oz-markdown> inserts: agent markdown as DOM, never as a string.
 * markdown-blocks.ts turns the growing text into marked's tokens block by
 * block; markdown-dom.ts builds their nodes, which the element moves into
 * the page as they are.
 */
import { MarkdownBlocks } from './markdown-blocks.js';
import { MarkdownDom } from './markdown-dom.js';
import { patchNode, patchNodes } from './tail-patch.js';
import type { Token } from 'marked';

/** One update of {@link MarkdownFragments}: what to append, and the tail to show after it. */
export interface MarkdownFragmentStep {
  /** Remove everything shown before (the text started over). */
  reset: boolean;
  /** The DOM of the blocks finished in this update (to append once and keep), or undefined; those the tail shown became are not in it. */
  added: DocumentFragment | undefined;
  /** How many of the finished blocks are the tail that was shown, patched where it stands (counted in the group it is in). */
  finishedInPlace: number;
  /** The DOM of the open tail (to show after `added`, in place of the last one), or undefined when the shown one stands (unchanged, or patched in place). */
  tail: DocumentFragment | undefined;
  /** The tail's nodes as they are (or will be, once `tail` is shown) in the page, in order. */
  tailNodes: readonly ChildNode[];
}

const NO_TOKENS: readonly Token[] = [];

/**
 * Renders one message's markdown as it grows, as DOM: the blocks finished
 * since the last update in one pass (whatever their number), and the tail
 * only when it changed (finished blocks go before it), patched in place
 * where it is shown (tail-patch.ts). The element shows the tail's nodes as
 * they are handed out.
 */
export class MarkdownFragments {
  private readonly blocks = new MarkdownBlocks();
  private readonly dom: MarkdownDom;
  private tailTokens: readonly Token[] = NO_TOKENS;
  /** The nodes of the tail last handed out, as the element shows them. */
  private tailNodes: ChildNode[] = [];

  constructor(options: { imageAllowlist?: readonly string[] } = {}) {
    this.dom = new MarkdownDom(options.imageAllowlist ?? []);
  }

  /**
   * `withTail` false leaves the open tail out (what is shown of it goes):
   * for a text still catching up, whose next update will carry it further.
   */
  update(text: string, withTail = true): MarkdownFragmentStep {
    const step = this.blocks.step(text);
    const added = step.added.length > 0 ? this.dom.blocks(step.added) : undefined;
    const finishedInPlace = added && !step.reset ? this.finishTail(added) : 0;
    const tokens = withTail ? step.tail : NO_TOKENS;
    let tail: DocumentFragment | undefined;
    if (step.reset || tokens !== this.tailTokens) {
      tail = this.dom.blocks(tokens);
      // The same tail, grown or changed: the shown nodes are patched where they differ (the usual case: one text node).
      if (!step.reset && !added && this.tailNodes.length > 0) {
        this.tailNodes = patchNodes(this.tailNodes, [...tail.childNodes]);
        tail = undefined;
      } else this.tailNodes = [...tail.childNodes];
    }
    this.tailTokens = tokens;
    return { reset: step.reset, added, finishedInPlace, tail, tailNodes: this.tailNodes };
  }

  /**
   * The tail shown was the first of the blocks `added` as it was being
   * written: it stays where it is in the page, patched where it differs
   * (usually nowhere), and leaves `added`; what else was shown of it goes.
   * So a block streamed in is styled and laid out once, not once as the tail
   * and again when it is done. Returns how many elements it kept.
   */
  private finishTail(added: DocumentFragment): number {
    const shown = this.tailNodes;
    const done = [...added.childNodes];
    const kept = Math.min(shown.length, done.length);
    let elements = 0;
    for (let i = 0; i < kept; i++) {
      const node = patchNode(shown[i]!, done[i]!);
      if (done[i]!.parentNode === added) done[i]!.remove();
      if (node.nodeType === Node.ELEMENT_NODE) elements++;
    }
    for (let i = kept; i < shown.length; i++) shown[i]!.remove();
    this.tailNodes = [];
    return elements;
  }
}
