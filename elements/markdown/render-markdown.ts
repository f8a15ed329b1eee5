/**
 * The core of <oz-markdown>: agent text to safe HTML, incrementally.
 *
 * - marked (GFM) parses; raw HTML in the text is escaped, never passed on.
 * - DOMPurify sanitizes every piece of HTML produced, with an allowlist of
 *   the tags markdown makes; links keep only http(s), mailto and relative
 *   targets and open in a new tab with `rel="noopener noreferrer"`.
 * - Images are shown only from the allowlisted origins; any other image is
 *   a plain link to it (an image URL can carry data out of the page).
 * - Streaming: blocks that can no longer change are rendered once and kept;
 *   only the open tail (the last block) is parsed again on each update, so a
 *   long streamed answer costs linear, not quadratic, time. The result is the
 *   same as rendering the whole text at once.
 *
 * No DOM rendering and no element here: the element puts the sanitized
 * strings into its shadow root.
 */
import DOMPurify from 'dompurify';
import { Lexer, Parser, Renderer, walkTokens, type Links, type MarkedOptions, type Token, type Tokens, type TokensList } from 'marked';

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

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'start', 'align', 'class'];
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Whether an href is one a link may keep: http(s), mailto, or relative to the page. */
export function isSafeHref(href: string): boolean {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact === '') return false;
  try {
    const url = new URL(compact, 'https://relative.invalid/');
    return SAFE_PROTOCOLS.has(url.protocol);
  } catch {
    return false;
  }
}

/** Whether an image URL is absolute http(s) from one of the allowlisted origins. */
export function isAllowedImage(src: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return false;
  try {
    const url = new URL(src);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    return allowlist.some((origin) => {
      try {
        return new URL(origin).origin === url.origin;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

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

/** The sanitizer, its hooks bound to one allowlist. One per renderer: no shared mutable state. */
function createPurifier(allowlist: readonly string[]): (html: string) => string {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.tagName === 'A') {
      const href = el.getAttribute('href');
      if (href !== null && !isSafeHref(href)) el.removeAttribute('href');
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    } else if (el.tagName === 'IMG') {
      const src = el.getAttribute('src') ?? '';
      if (!isAllowedImage(src, allowlist)) el.remove();
      else {
        el.setAttribute('loading', 'lazy');
        el.setAttribute('referrerpolicy', 'no-referrer');
      }
    }
  });
  const config = {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  };
  // Parsed once here, not on every call (sanitize(html, config) parses the config each time).
  purify.setConfig(config);
  return (html) => purify.sanitize(html) as string;
}

function normalize(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * Renders one message's markdown as it grows. Feed it the whole text so far
 * on every update; it keeps what cannot change and re-parses only the tail.
 * Text that is not an extension of the last one starts it over.
 */
export class MarkdownStream {
  private readonly allowlist: readonly string[];
  private readonly sanitize: (html: string) => string;
  private source = '';
  private stableEnd = 0;
  private blocks: string[] = [];
  private tail = '';
  private links: Links = {};
  private pendingDefs = '[]';
  /** Characters handed to the lexer so far: the work done, which tests check stays linear. */
  lexedChars = 0;

  constructor(options: MarkdownOptions = {}) {
    this.allowlist = [...(options.imageAllowlist ?? [])];
    this.sanitize = createPurifier(this.allowlist);
  }

  update(text: string): RenderedMarkdown {
    const next = normalize(text);
    if (next === this.source) return this.result();
    if (next.length < this.stableEnd || !next.startsWith(this.source.slice(0, this.stableEnd))) this.reset();
    this.source = next;
    this.advance();
    return this.result();
  }

  private result(): RenderedMarkdown {
    return { blocks: this.blocks, tail: this.tail };
  }

  private reset(): void {
    this.stableEnd = 0;
    this.blocks = [];
    this.tail = '';
    this.links = {};
    this.pendingDefs = '[]';
  }

  private options(): MarkedOptions {
    return { gfm: true, breaks: false, pedantic: false, async: false, silent: true, renderer: new SafeRenderer(this.allowlist) };
  }

  /** The link definitions in `links` that are not yet committed, as a comparable string. */
  private uncommitted(links: Links): string {
    return JSON.stringify(Object.entries(links).filter(([k]) => !(k in this.links)));
  }

  private lex(src: string): TokensList {
    this.lexedChars += src.length;
    const lexer = new Lexer(this.options());
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
    if (tokens.length === 0) return '';
    return this.sanitize(new Parser(this.options()).parse(tokens));
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
    for (let i = 0; i < finished; i++) {
      const token = tokens[i]!;
      walkTokens([token], (t) => {
        if (t.type === 'def' && !(t.tag in this.links)) this.links[t.tag] = { href: t.href, title: t.title };
      });
      if (token.type === 'space' || token.type === 'def') continue;
      this.blocks.push(this.render([token]));
    }
    this.stableEnd += consumed;
    this.pendingDefs = this.uncommitted(tokens.links);
    this.tail = this.render(tokens.slice(finished).filter((t) => t.type !== 'def'));
  }
}

/** Renders a whole text in one pass, with no cache (the reference a stream must match). */
export function renderMarkdown(text: string, options: MarkdownOptions = {}): string {
  const allowlist = [...(options.imageAllowlist ?? [])];
  const opts = (): MarkedOptions => ({ gfm: true, breaks: false, pedantic: false, async: false, silent: true, renderer: new SafeRenderer(allowlist) });
  const tokens = new Lexer(opts()).lex(normalize(text));
  return createPurifier(allowlist)(new Parser(opts()).parse(tokens));
}
