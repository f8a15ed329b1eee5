/**
 * The incremental half of <oz-markdown>: agent text to (unsanitized) HTML
 * with marked, block by block, as the text grows. Blocks that can no longer
 * change are rendered once and handed out; only the open tail (the last
 * block) is lexed again on each step, so a long streamed answer costs linear,
 * not quadratic, time. Raw HTML in the text is escaped by the renderer; the
 * caller sanitizes what it is given (render-markdown.ts).
 */
import { Lexer, Parser, Renderer, type Links, type MarkedOptions, type Token, type Tokens, type TokensList } from 'marked';
import { escapeHtml, isAllowedImage, isSafeHref } from './safe-urls.js';

export { escapeHtml, isAllowedImage, isSafeHref };

class SafeRenderer extends Renderer {
  constructor(private readonly allowlist: readonly string[]) {
    super();
  }
  override html(token: Tokens.HTML | Tokens.Tag): string {
    const escaped = escapeHtml(token.text);
    return token.block ? `<p>${escaped}</p>\n` : escaped;
  }
  override image(token: Tokens.Image): string {
    if (isAllowedImage(token.href, this.allowlist)) return super.image(token);
    const label = token.text || token.href;
    return `<a href="${escapeHtml(token.href)}">${escapeHtml(label)}</a>`;
  }
  override checkbox({ checked }: Tokens.Checkbox): string {
    return `<span class="task">${checked ? '☑' : '☐'}</span> `;
  }
}

/** marked's options for one allowlist (a fresh renderer each time: marked binds it to its parser). */
export function markedOptions(allowlist: readonly string[]): MarkedOptions {
  return { gfm: true, breaks: false, pedantic: false, async: false, silent: true, renderer: new SafeRenderer(allowlist) };
}

export function normalize(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Calls `visit` on every link definition in `tokens`, nested ones included (marked's walkTokens, for defs only). */
function eachDef(tokens: readonly Token[], visit: (def: Tokens.Def) => void): void {
  for (const t of tokens) {
    if (t.type === 'def') visit(t as Tokens.Def);
    else if (t.type === 'list') eachDef((t as Tokens.List).items, visit);
    else if ('tokens' in t && Array.isArray(t.tokens)) eachDef(t.tokens, visit);
  }
}

/** What one step added: HTML of newly finished blocks, and the tail's HTML now. */
export interface MarkdownStep {
  /** The blocks rendered so far were dropped: start over from `added`. */
  reset: boolean;
  /** Unsanitized HTML of each block finished in this step, in order. */
  added: string[];
  /** Unsanitized HTML of the open tail (empty when there is none). */
  tail: string;
}

/**
 * Renders one text as it grows. Feed it the whole text so far on every step;
 * it keeps what cannot change and re-lexes only the tail. Text that is not an
 * extension of the last one starts it over (`reset`).
 */
export class MarkdownBlocks {
  private readonly allowlist: readonly string[];
  private source = '';
  private stableEnd = 0;
  private tail = '';
  private links: Links = {};
  private pendingDefs = '[]';
  private didReset = false;
  private added: string[] = [];
  /** Characters handed to the lexer so far: the work done, which tests check stays linear. */
  lexedChars = 0;

  constructor(allowlist: readonly string[] = []) {
    this.allowlist = [...allowlist];
  }

  step(text: string): MarkdownStep {
    const next = normalize(text);
    this.didReset = false;
    this.added = [];
    if (next !== this.source) {
      if (next.length < this.stableEnd || !next.startsWith(this.source.slice(0, this.stableEnd))) this.reset();
      this.source = next;
      this.advance();
    }
    return { reset: this.didReset, added: this.added, tail: this.tail };
  }

  private reset(): void {
    this.stableEnd = 0;
    this.added = [];
    this.tail = '';
    this.links = {};
    this.pendingDefs = '[]';
    this.didReset = true;
  }

  /** The link definitions in `links` that are not yet committed, as a comparable string. */
  private uncommitted(links: Links): string {
    let out = '';
    for (const k in links) if (!(k in this.links)) out += JSON.stringify([k, links[k]]);
    return `[${out}]`;
  }

  private lex(src: string): TokensList {
    this.lexedChars += src.length;
    const lexer = new Lexer(markedOptions(this.allowlist));
    Object.assign(lexer.tokens.links, this.links);
    const tokens = lexer.lex(src);
    const pending = this.uncommitted(tokens.links);
    if (pending !== '[]' && pending !== this.pendingDefs && this.stableEnd > 0) {
      // A link definition arrived (or grew) that earlier blocks may use: render them all again.
      this.reset();
      return this.lex(this.source);
    }
    return tokens;
  }

  private render(tokens: Token[]): string {
    return tokens.length === 0 ? '' : new Parser(markedOptions(this.allowlist)).parse(tokens);
  }

  private advance(): void {
    const src = this.source.slice(this.stableEnd);
    const base = this.stableEnd;
    const tokens = this.lex(src);
    // lex() may have started over from the beginning.
    const from = this.stableEnd === base ? src : this.source.slice(this.stableEnd);
    let last = tokens.length - 1;
    while (last >= 0 && tokens[last]!.type === 'space') last--;
    let consumed = 0;
    let finished = 0;
    for (let i = 0; i < last; i++) {
      const raw = tokens[i]!.raw;
      if (from.startsWith(raw, consumed)) {
        consumed += raw.length;
        finished = i + 1;
      } else break;
    }
    if (finished > 0) {
      const done = tokens.slice(0, finished);
      eachDef(done, (t) => {
        if (!(t.tag in this.links)) this.links[t.tag] = { href: t.href, title: t.title };
      });
      // One parser for all the blocks finished in this step; each block's HTML kept apart.
      const parser = new Parser(markedOptions(this.allowlist));
      for (const token of done) {
        if (token.type === 'space' || token.type === 'def') continue;
        this.added.push(parser.parse([token]));
      }
    }
    this.stableEnd += consumed;
    this.pendingDefs = this.uncommitted(tokens.links);
    this.tail = this.render(tokens.slice(finished).filter((t) => t.type !== 'def'));
  }
}
