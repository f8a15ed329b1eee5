import type { MarkdownFragments } from './markdown-fragments.js';
import { loadedMarkdownEngine, loadMarkdownEngine } from './markdown-engine.js';
import { AdaptiveBatch, CHUNK_BLOCKS, FRAME_MS, SLICE_MS, type BatchPolicy } from '../../src/schedule.js';

/** Milliseconds of markdown work (lex, build, insert) one frame may take, by default: a slice (see src/schedule.ts). */
export const FRAME_BUDGET_MS = SLICE_MS;
/**
 * How much more of a text one frame shows: 800 characters before any cost is
 * measured, then what the budget buys (updates under 300 characters measure
 * mostly their fixed cost and leave the estimate alone), at least 300, at
 * most twice the last.
 */
const CHARS: BatchPolicy = { first: 800, min: 300, growth: 2, smoothing: 0.3, measuredFrom: 300 };
/**
 * How long a frame that catches up may take, from its start to the next
 * frame's: the style, layout and paint of what it added and the page's other
 * work included, which the per-character cost does not see.
 */
const FRAME_TARGET_MS = 2 * FRAME_MS;

export interface MarkdownViewOptions {
  /** Origins whose images are shown (default none). */
  imageAllowlist?: readonly string[] | undefined;
  /** Milliseconds of markdown work one frame may take (default 8); `Infinity` shows any text at once. */
  frameBudget?: number | undefined;
}

/**
 * Untrusted markdown shown safely in one element it fills (the body), and
 * cheaply while it streams: finished blocks are rendered once and their DOM
 * kept; only the growing tail is parsed again, and patched where it changed,
 * at the end of the last group of blocks, where it stays as the block it
 * becomes once finished. More text than
 * one frame can take (about 8 ms of work at the cost measured so far) is
 * shown over several frames, so a long answer arriving at once never blocks
 * the page: `rendering` is true meanwhile (and the body `aria-busy`), and
 * `whenShown()` resolves once the whole text is shown. Until the markdown
 * engine's chunk is loaded the text is shown as plain text.
 *
 * The one renderer of markdown: the `markdown()` directive (in the chat's
 * tree) and `<oz-markdown>` (alone) both drive one of these.
 */
export class MarkdownView {
  private body: HTMLElement | undefined;
  private text = '';
  private options: MarkdownViewOptions = {};
  private stream: MarkdownFragments | undefined;
  /** The tail's nodes in the body, after the finished blocks. */
  private tailNodes: readonly ChildNode[] = [];
  /** The group finished blocks go into, and how many it holds. */
  private chunk: HTMLElement | undefined;
  private chunkBlocks = 0;
  /** The part of `text` shown (a prefix of it, or all of it). */
  private shownText = '';
  /** How many characters a frame shows, from what they cost so far. */
  private readonly chars = new AdaptiveBatch(CHARS);
  private frame = 0;
  /** When the last frame that caught up started, and how long the one before it took (ms, rAF time). */
  private frameStart = 0;
  private frameTook = 0;
  private caughtUp: { promise: Promise<void>; resolve: () => void } | undefined;

  /** Whether part of the text is still to be shown. */
  get rendering(): boolean {
    return this.shownText !== this.text;
  }

  /** Resolves once the whole text (as of when it resolves) is shown. */
  async whenShown(): Promise<void> {
    while (this.rendering) {
      if (!this.caughtUp) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        this.caughtUp = { promise, resolve };
      }
      await this.caughtUp.promise;
    }
  }

  /** Shows `text` (the whole text so far) in `body`, with `options`. */
  show(body: HTMLElement, text: string, options: MarkdownViewOptions): void {
    const same = body === this.body && options.imageAllowlist === this.options.imageAllowlist;
    // A render that changed nothing here (another message's update) costs nothing.
    if (same && text === this.text && options.frameBudget === this.options.frameBudget) return;
    if (!same) this.stream = undefined;
    this.body = body;
    this.options = options;
    this.text = text;
    this.step();
  }

  private step(): void {
    const body = this.body;
    if (!body) return;
    const engine = loadedMarkdownEngine();
    if (!engine) return this.showPlain(body);
    if (!this.stream) {
      this.stream = new engine.MarkdownFragments({ imageAllowlist: this.options.imageAllowlist ?? [] });
      this.clear(body);
      this.shownText = '';
    }
    const text = this.text;
    const started = performance.now();
    const from = text.startsWith(this.shownText) ? this.shownText.length : 0;
    const part = this.prefixToShow(text, from);
    // While catching up, whole blocks only: the open tail waits for the frame that shows the rest.
    const step = this.stream.update(part, part === text);
    this.shownText = part;
    if (step.reset) this.clear(body);
    // The tail shown became the first finished blocks where it stands (the group it is in holds them now).
    this.chunkBlocks += step.finishedInPlace;
    if (step.added) this.keep(body, step.added);
    else if (step.tail) for (const n of this.tailNodes) n.remove();
    if (step.tail?.firstChild) this.tailChunk(body).append(step.tail);
    // A group started for a tail that then went leaves no empty box behind.
    else if (this.chunk && !this.chunk.firstChild) {
      this.chunk.remove();
      this.chunk = undefined;
    }
    this.tailNodes = step.tailNodes;
    this.chars.measured(part.length - from, performance.now() - started);
    if (part !== text) this.nextFrame(body);
    else this.done(body);
  }

  private done(body: HTMLElement): void {
    this.frameStart = this.frameTook = 0;
    body.removeAttribute('aria-busy');
    this.caughtUp?.resolve();
    this.caughtUp = undefined;
  }

  /** The prefix of `text` this update shows: all of it, or as much more than `from` as a frame allows. */
  private prefixToShow(text: string, from: number): string {
    const given = this.options.frameBudget ?? FRAME_BUDGET_MS;
    const budget = Number.isNaN(given) ? FRAME_BUDGET_MS : Math.max(0, given);
    if (budget === Infinity) return text;
    const chars = this.chars.size(budget, { tookMs: this.frameTook, targetMs: FRAME_TARGET_MS });
    let end = from + chars;
    if (end >= text.length) return text;
    this.chars.took(chars);
    // Never between the halves of a surrogate pair.
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end--;
    return text.slice(0, end);
  }

  /** Shows more of the text in the next frame. */
  private nextFrame(body: HTMLElement): void {
    body.setAttribute('aria-busy', 'true');
    if (this.frame) return;
    this.frame = requestAnimationFrame((now) => {
      this.frame = 0;
      this.frameTook = this.frameStart ? now - this.frameStart : 0;
      this.frameStart = now;
      this.step();
    });
  }

  /**
   * Until the markdown engine is loaded (see markdown-engine.ts): the text as
   * plain text, set as a text node (never parsed), and `rendering` stays true;
   * the markdown replaces it when the engine arrives. If it cannot load (the
   * network), the plain text stands and the next change of text tries again.
   */
  private showPlain(body: HTMLElement): void {
    const text = this.text;
    body.classList.toggle('plain', text !== '');
    body.textContent = text;
    this.tailNodes = [];
    this.chunk = undefined;
    if (this.rendering) body.setAttribute('aria-busy', 'true');
    void loadMarkdownEngine().then(
      () => {
        if (this.body === body) this.step();
      },
      () => {
        if (this.body !== body) return;
        this.shownText = this.text;
        this.done(body);
      },
    );
  }

  private clear(body: HTMLElement): void {
    body.classList.remove('plain');
    body.replaceChildren();
    this.tailNodes = [];
    this.chunk = undefined;
  }

  /**
   * Adds finished blocks (at the end, where no tail is now) in groups of
   * CHUNK_BLOCKS, each skipped by style, layout and paint while off screen
   * (`content-visibility: auto`): a long answer costs each frame what is
   * visible, not its whole length. The tail goes at the end of the last
   * group, so that it is finished where it is.
   */
  private keep(body: HTMLElement, blocks: DocumentFragment): void {
    for (let node = blocks.firstChild; node; node = blocks.firstChild) {
      const element = node.nodeType === Node.ELEMENT_NODE;
      const chunk = element ? this.tailChunk(body) : (this.chunk ?? this.tailChunk(body));
      if (element) this.chunkBlocks++;
      chunk.append(node);
    }
  }

  /** The group a new block goes into: the last one, or a new one once that holds CHUNK_BLOCKS. */
  private tailChunk(body: HTMLElement): HTMLElement {
    if (!this.chunk || this.chunkBlocks >= CHUNK_BLOCKS) {
      this.chunk = document.createElement('div');
      this.chunk.className = 'chunk';
      this.chunkBlocks = 0;
      body.append(this.chunk);
    }
    return this.chunk;
  }
}

/**
 * An element's `updateComplete` that also waits until `view` shows its whole
 * text, and for any update that brings: what `<oz-markdown>` and
 * `<oz-message>` resolve with.
 */
export async function updatedAndShown(view: MarkdownView, updated: () => Promise<boolean>): Promise<boolean> {
  let done = await updated();
  while (view.rendering) {
    await view.whenShown();
    done = await updated();
  }
  return done;
}
