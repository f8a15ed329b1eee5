/**
 * The incremental half of <oz-markdown>: agent text to marked's tokens,
 * block by block, as the text grows. Blocks that can no longer change are
 * lexed once and handed out; only the open tail (the last block) is lexed
 * again on each step, so a long streamed answer costs linear, not quadratic,
 * time. The caller builds their DOM (markdown-dom.ts).
 */
import { Lexer, type Links, type MarkedOptions, type Token, type Tokens, type TokensList } from 'marked';

/** marked's lexer options, fresh each time (a lexer keeps its tokenizer in them): GitHub-flavoured, nothing thrown on a bad token. */
export function markedOptions(): MarkedOptions {
  return { gfm: true, breaks: false, pedantic: false, async: false, silent: true };
}

function normalize(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * Lexing one step's text may take at most this long (ms). marked has inputs
 * it takes seconds on, or overflows the stack for, that an agent (or a page
 * it quotes) can send: a few thousand nested `>` or list levels, long runs of
 * `*`. A step that throws, or takes longer twice in a row (the first lex of a
 * page is slow while marked's rules compile), shows the rest of the text as
 * plain text, never lexed again: nothing is lost, and no later update pays
 * it again.
 */
export const LEX_LIMIT_MS = 100;

/** Text shown as it is, in a paragraph that keeps its line breaks (markdown-dom.ts). */
function plain(text: string): Token {
  return { type: 'plain', raw: text };
}

/** Calls `visit` on every link definition in `tokens`, nested ones included (marked's walkTokens, for defs only). */
function eachDef(tokens: readonly Token[], visit: (def: Tokens.Def) => void): void {
  for (const t of tokens) {
    if (t.type === 'def') visit(t as Tokens.Def);
    else if (t.type === 'list') eachDef((t as Tokens.List).items, visit);
    else if ('tokens' in t && Array.isArray(t.tokens)) eachDef(t.tokens, visit);
  }
}

/** What one step added: the newly finished blocks, and the tail now. */
export interface MarkdownStep {
  /** The blocks handed out so far were dropped: start over from `added`. */
  reset: boolean;
  /** The token of each block finished in this step, in order (no spaces, no link definitions). */
  added: Token[];
  /** The open tail's tokens (none when there is none): the same array until the tail changes. */
  tail: readonly Token[];
}

/**
 * Renders one text as it grows. Feed it the whole text so far on every step;
 * it keeps what cannot change and re-lexes only the tail. Text that is not an
 * extension of the last one starts it over (`reset`).
 */
export class MarkdownBlocks {
  /** Where the text shown plain starts (see LEX_LIMIT_MS), or -1. */
  private plainFrom = -1;
  private source = '';
  private stableEnd = 0;
  private tail: readonly Token[] = [];
  private links: Links = {};
  private pendingDefs = '[]';
  private didReset = false;
  private added: Token[] = [];
  /** Characters handed to the lexer so far: the work done, which tests check stays linear. */
  lexedChars = 0;

  /** `lexLimitMs` and `clock`: see LEX_LIMIT_MS (tests give their own). */
  constructor(private readonly limits: { lexLimitMs?: number; clock?: () => number } = {}) {}

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
    this.tail = [];
    this.links = {};
    this.pendingDefs = '[]';
    this.didReset = true;
    this.plainFrom = -1;
  }

  /** The link definitions in `links` that are not yet committed, as a comparable string. */
  private uncommitted(links: Links): string {
    let out = '';
    for (const k in links) if (!(k in this.links)) out += JSON.stringify([k, links[k]]);
    return `[${out}]`;
  }

  private lex(src: string): TokensList {
    this.lexedChars += src.length;
    const clock = this.limits.clock ?? (() => performance.now());
    const limit = this.limits.lexLimitMs ?? LEX_LIMIT_MS;
    let tokens: TokensList | undefined;
    // Slow once may be the page's first lex (marked's rules compile on first use) or a pause: so twice.
    for (let tries = 0; !tokens && tries < 2; tries++) {
      const lexer = new Lexer(markedOptions());
      Object.assign(lexer.tokens.links, this.links);
      const started = clock();
      try {
        tokens = lexer.lex(src);
      } catch {
        break; // marked's own RangeError on deep nesting, or any other: the text stays, as it is
      }
      if (clock() - started > limit) tokens = undefined;
    }
    if (!tokens) {
      console.warn('oz-agui: markdown too costly to parse, shown as text');
      this.plainFrom = this.stableEnd;
      return Object.assign([plain(src)], { links: {} });
    }
    const pending = this.uncommitted(tokens.links);
    if (pending !== '[]' && pending !== this.pendingDefs && this.stableEnd > 0) {
      // A link definition arrived (or grew) that earlier blocks may use: render them all again.
      this.reset();
      return this.lex(this.source);
    }
    return tokens;
  }

  private advance(): void {
    if (this.plainFrom >= 0) {
      this.tail = [plain(this.source.slice(this.plainFrom))];
      return;
    }
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
      for (const token of done) if (token.type !== 'space' && token.type !== 'def') this.added.push(token);
    }
    this.stableEnd += consumed;
    this.pendingDefs = this.uncommitted(tokens.links);
    this.tail = tokens.slice(finished).filter((t) => t.type !== 'def' && t.type !== 'space');
  }
}
