import { LitElement, html, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { hostedStyles, isHosted } from '../shared/hosted.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './markdown.styles.js';
import type { MarkdownFragments } from './markdown-fragments.js';
import { loadedMarkdownEngine, loadMarkdownEngine } from './markdown-engine.js';
import type { Purifier } from './purifier.js';

/** Finished blocks per group (see OzMarkdown.keep). */
const CHUNK_BLOCKS = 16;
/** Milliseconds of markdown work (lex, render, sanitize, insert) one frame may take, by default. */
const FRAME_BUDGET_MS = 8;
/** Characters an update takes before any cost is measured. */
const FIRST_CHARS = 800;
/** The fewest characters an update takes, whatever the measured cost. */
const MIN_CHARS = 300;
/** Updates smaller than this measure mostly their fixed cost: they leave the estimate alone. */
const MEASURED_CHARS = 300;
/** An update takes at most this many times the characters of the one before (one cheap update proves little). */
const GROWTH = 2;
/**
 * How long a frame that catches up may take, from its start to the next
 * frame's: the style, layout and paint of what it added and the page's other
 * work included, which the per-character cost does not see.
 */
const FRAME_TARGET_MS = 32;

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
 * Inside `<oz-agent-chat>` it renders in the chat's tree, without a shadow
 * root of its own, and its parts are the chat's (see shared/hosted.ts).
 *
 * @summary Safe, streaming markdown.
 *
 * @csspart body - The rendered markdown.
 *
 * @cssproperty --oz-markdown-code-background - Background of code spans and blocks.
 */
export class OzMarkdown extends LitElement {
  static override styles = [tokens, base, styles];
  /** Its rules for a host that renders it in its tree (see hosted.ts): the tokens too, read again at its own box as alone. */
  static readonly hostedStyles = hostedStyles('oz-markdown', [tokens, styles]);

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

  /**
   * Milliseconds of markdown work one frame may take (default 8): more text
   * than that is shown over several frames. `Infinity` shows any text at once.
   */
  @property({ attribute: 'frame-budget', type: Number }) frameBudget = FRAME_BUDGET_MS;

  @query('.body') private body!: HTMLElement;

  private stream: MarkdownFragments | undefined;
  /** The tail's nodes in the body, after the finished blocks. */
  private tailNodes: ChildNode[] = [];
  /** The group finished blocks go into, and how many it holds. */
  private chunk: HTMLElement | undefined;
  private chunkBlocks = 0;
  /** The part of `text` shown (a prefix of it, or all of it). */
  private shownText = '';
  /** What one character costs to show, in ms (measured; 0 until then). */
  private msPerChar = 0;
  /** Characters the last update that caught up part of a text took. */
  private lastChars = FIRST_CHARS / GROWTH;
  private frameRequested = false;
  /** When the last frame that caught up started, and how long the one before it took (ms, rAF time). */
  private frameStart = 0;
  private frameTook = 0;
  private caughtUp: { promise: Promise<void>; resolve: () => void } | undefined;

  /** Whether part of `text` is still to be shown. */
  get rendering(): boolean {
    return this.isUpdatePending || this.shownText !== (this.text ?? '');
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    if (!this.rendering) return done;
    if (!this.caughtUp) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.caughtUp = { promise, resolve };
    }
    await this.caughtUp.promise;
    return this.getUpdateComplete();
  }

  /** Its own shadow root, unless a host renders it in its tree (see hosted.ts). */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    return isHosted(this) ? this : super.createRenderRoot();
  }

  protected override render() {
    // The body's children are the sanitized markdown, kept by updated(): Lit renders only the box.
    return html`<div class="body" part="body"></div>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    const engine = loadedMarkdownEngine();
    if (!engine) return this.showPlain();
    if (changed.has('imageAllowlist') || changed.has('purifier') || !this.stream) {
      this.stream = new engine.MarkdownFragments({ imageAllowlist: this.imageAllowlist, purifier: this.purifier });
      this.clear();
      this.shownText = '';
    }
    const text = this.text ?? '';
    const started = performance.now();
    const from = text.startsWith(this.shownText) ? this.shownText.length : 0;
    const part = this.prefixToShow(text, from);
    // While catching up, whole blocks only: the open tail waits for the frame that shows the rest.
    const step = this.stream.update(part, part === text);
    this.shownText = part;
    if (step.reset) this.clear();
    if (step.added) this.keep(step.added);
    if (step.tail) {
      for (const n of this.tailNodes) n.remove();
      this.tailNodes = [...step.tail.childNodes];
      this.body.append(step.tail);
    }
    const chars = part.length - from;
    if (chars >= MEASURED_CHARS) {
      const cost = (performance.now() - started) / chars;
      this.msPerChar = this.msPerChar === 0 ? cost : 0.7 * this.msPerChar + 0.3 * cost;
    }
    if (part !== text) this.nextFrame();
    else {
      this.frameStart = this.frameTook = 0;
      this.caughtUp?.resolve();
      this.caughtUp = undefined;
    }
  }

  /** The prefix of `text` this update shows: all of it, or as much more than `from` as a frame allows. */
  private prefixToShow(text: string, from: number): string {
    const budget = Number.isNaN(this.frameBudget) ? FRAME_BUDGET_MS : Math.max(0, this.frameBudget);
    if (budget === Infinity) return text;
    let affordable = this.msPerChar > 0 ? budget / this.msPerChar : FIRST_CHARS;
    // The last frame ran long: take less, in proportion.
    if (this.frameTook > FRAME_TARGET_MS) affordable = Math.min(affordable, (this.lastChars * FRAME_TARGET_MS) / this.frameTook);
    const chars = Math.floor(Math.max(MIN_CHARS, Math.min(affordable, this.lastChars * GROWTH)));
    let end = from + chars;
    if (end >= text.length) return text;
    this.lastChars = chars;
    // Never between the halves of a surrogate pair.
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end--;
    return text.slice(0, end);
  }

  /** Shows more of the text in the next frame. */
  private nextFrame(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame((now) => {
      this.frameRequested = false;
      this.frameTook = this.frameStart ? now - this.frameStart : 0;
      this.frameStart = now;
      this.requestUpdate();
    });
  }

  /**
   * Until the markdown engine is loaded (see markdown-engine.ts): the text as
   * plain text, set as a text node (never parsed), and `rendering` stays true;
   * the markdown replaces it when the engine arrives. If it cannot load (the
   * network), the plain text stands and the next change of text tries again.
   */
  private showPlain(): void {
    const text = this.text ?? '';
    this.body.classList.toggle('plain', text !== '');
    this.body.textContent = text;
    void loadMarkdownEngine().then(
      () => this.requestUpdate(),
      () => {
        this.shownText = this.text ?? '';
        this.caughtUp?.resolve();
        this.caughtUp = undefined;
      },
    );
  }

  private clear(): void {
    this.body.classList.remove('plain');
    this.body.replaceChildren();
    this.tailNodes = [];
    this.chunk = undefined;
  }

  /**
   * Adds finished blocks (before the tail) in groups of {@link CHUNK_BLOCKS}, each skipped by
   * style, layout and paint while off screen (`content-visibility: auto`):
   * a long answer costs each frame what is visible, not its whole length.
   */
  private keep(blocks: DocumentFragment): void {
    for (let node = blocks.firstChild; node; node = blocks.firstChild) {
      if (!this.chunk || (this.chunkBlocks >= CHUNK_BLOCKS && node.nodeType === Node.ELEMENT_NODE)) {
        this.chunk = document.createElement('div');
        this.chunk.className = 'chunk';
        this.chunkBlocks = 0;
        this.body.insertBefore(this.chunk, this.tailNodes[0] ?? null);
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
