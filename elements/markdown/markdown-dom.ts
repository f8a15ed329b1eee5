/**
 * Agent markdown as DOM, built from marked's tokens. Every element is made
 * with `createElement` from a fixed set of tags, and every piece of agent
 * text becomes a text node: nothing the agent wrote is ever parsed as HTML,
 * so there is no markup to sanitize (the way react-markdown renders, rather
 * than HTML strings passed through a sanitizer). Raw HTML in the text shows
 * as the text it is.
 *
 * The only attributes agent text reaches are these, each by this module's
 * policy:
 * - a link's `href` is kept only for http(s), mailto and relative targets
 *   ({@link isSafeHref}); any other link shows as its text. Links open in a
 *   new tab with `rel="noopener noreferrer"`;
 * - an image shows only from the allowlisted origins ({@link isAllowedImage}),
 *   lazily and without a referrer; any other image is a link to it (an image
 *   URL can carry data out of the page);
 * - `title` and `alt` texts, a list's `start` (marked's number), a table cell's
 *   `align` (marked's left, center or right), and a code block's
 *   `language-…` class. Each is set as an attribute's value, never parsed.
 *
 * The DOM is the one marked's own HTML renderer describes (the same tags,
 * the same text once the browser decoded its character references), less
 * the whitespace between tags, and with a task item's mark as a `.task`
 * span instead of a disabled checkbox.
 */
import type { Token, Tokens } from 'marked';
import { isAllowedImage, isSafeHref } from './safe-urls.js';

/** A character reference as marked leaves it for the browser to decode (its escape() keeps these). */
const CHARACTER_REFERENCE = /&(?:#\d{1,7}|#[Xx][\da-fA-F]{1,6}|\w+);/g;
let decoder: HTMLTextAreaElement | undefined;

/**
 * `text` with its character references (`&copy;`, `&#169;`) decoded, as
 * the browser shows them in marked's HTML. Each reference is decoded by
 * itself, in a textarea (whose content is text, never elements), and is
 * only `&`, `#`, word characters and `;`: there is nothing else to parse.
 */
function decodeReferences(text: string): string {
  return text.replace(CHARACTER_REFERENCE, (ref) => {
    decoder ??= document.createElement('textarea');
    decoder.innerHTML = ref;
    return decoder.value;
  });
}

/**
 * A link's or an image's address as marked's renderer writes it (its
 * cleanUrl: percent-encoded), with its character references decoded unless
 * `literal` (an autolink's); null when it cannot be encoded.
 */
function address(href: string, literal?: boolean): string | null {
  try {
    const url = encodeURI(href).replace(/%25/g, '%');
    return literal ? url : decodeReferences(url);
  } catch {
    return null;
  }
}

/** Appends `text` to `parent`, to its last text node when it ends with one (as parsed HTML would be). */
function appendText(parent: Node, text: string): void {
  if (text === '') return;
  const last = parent.lastChild;
  if (last && last.nodeType === Node.TEXT_NODE) (last as Text).appendData(text);
  else parent.appendChild(document.createTextNode(text));
}

/** A `tag` element holding `text`. */
function textElement(tag: string, text: string): HTMLElement {
  const el = document.createElement(tag);
  appendText(el, text);
  return el;
}

/** The plain text of inline tokens (an image's alt text), as marked's text renderer gives it. */
function plainText(tokens: readonly Token[]): string {
  let out = '';
  for (const t of tokens) {
    if (t.type === 'br') out += '\n';
    else if ('tokens' in t && t.tokens) out += plainText(t.tokens);
    else if ('text' in t) out += String(t.text);
  }
  return out;
}

/** Builds the DOM of marked's tokens for one image allowlist. */
export class MarkdownDom {
  constructor(private readonly allowlist: readonly string[] = []) {}

  /** The nodes of block tokens, in a fragment. */
  blocks(tokens: readonly Token[]): DocumentFragment {
    const fragment = document.createDocumentFragment();
    this.append(fragment, tokens);
    return fragment;
  }

  /** Appends the nodes of `tokens`, block or inline ones (marked names no kind of both with two meanings). */
  private append(parent: Node, tokens: readonly Token[]): void {
    for (const token of tokens) {
      const t = token as Tokens.Generic;
      switch (token.type) {
        case 'paragraph':
        case 'strong':
        case 'em':
        case 'del':
          parent.appendChild(this.inline(token.type === 'paragraph' ? 'p' : token.type, t.tokens ?? []));
          break;
        case 'heading': {
          const depth = Math.min(6, Math.max(1, (token as Tokens.Heading).depth | 0));
          parent.appendChild(this.inline(`h${depth}`, (token as Tokens.Heading).tokens));
          break;
        }
        case 'code':
          parent.appendChild(this.code(token as Tokens.Code));
          break;
        case 'blockquote':
          parent.appendChild(this.inline('blockquote', (token as Tokens.Blockquote).tokens));
          break;
        case 'list':
          parent.appendChild(this.list(token as Tokens.List));
          break;
        case 'table':
          parent.appendChild(this.table(token as Tokens.Table));
          break;
        case 'hr':
        case 'br':
          parent.appendChild(document.createElement(token.type));
          break;
        case 'html':
          // Raw HTML is text: a block of it is a paragraph of that text.
          if ((token as Tokens.HTML).block) parent.appendChild(textElement('p', t.text as string));
          else appendText(parent, t.text as string);
          break;
        case 'escape':
          appendText(parent, t.text as string);
          break;
        case 'text':
          if (t.tokens) this.append(parent, t.tokens);
          else appendText(parent, decodeReferences(String(t.text)));
          break;
        case 'codespan':
          parent.appendChild(textElement('code', t.text as string));
          break;
        case 'link':
          this.link(parent, token as Tokens.Link);
          break;
        case 'image':
          this.image(parent, token as Tokens.Image);
          break;
        case 'checkbox':
          this.task(parent, (token as Tokens.Checkbox).checked);
          break;
        case 'space':
        case 'def':
          break;
        default: {
          // Text too costly to parse ('plain', markdown-blocks.ts), or a kind of token this renderer
          // does not know: its source as it is, line breaks kept.
          const p = textElement('p', t.raw ?? '');
          p.style.whiteSpace = 'pre-wrap';
          parent.appendChild(p);
        }
      }
    }
  }

  /** A `tag` element holding the nodes of `tokens`. */
  private inline(tag: string, tokens: readonly Token[]): HTMLElement {
    const el = document.createElement(tag);
    this.append(el, tokens);
    return el;
  }

  private code(token: Tokens.Code): HTMLElement {
    const pre = document.createElement('pre');
    const code = textElement('code', token.text ? `${token.text.replace(/\n$/, '')}\n` : '');
    const lang = /^\S*/.exec(token.lang ?? '')![0];
    if (lang) code.className = `language-${lang}`;
    pre.appendChild(code);
    return pre;
  }

  private list(token: Tokens.List): HTMLElement {
    const list = document.createElement(token.ordered ? 'ol' : 'ul');
    if (token.ordered && token.start !== 1) list.setAttribute('start', String(token.start));
    for (const item of token.items) list.appendChild(this.inline('li', item.tokens));
    return list;
  }

  private table(token: Tokens.Table): HTMLElement {
    const table = document.createElement('table');
    const head = document.createElement('thead');
    head.appendChild(this.row('th', token.header));
    table.appendChild(head);
    if (token.rows.length > 0) {
      const body = document.createElement('tbody');
      for (const row of token.rows) body.appendChild(this.row('td', row));
      table.appendChild(body);
    }
    return table;
  }

  private row(tag: 'th' | 'td', cells: readonly Tokens.TableCell[]): HTMLElement {
    const tr = document.createElement('tr');
    for (const cell of cells) {
      const el = this.inline(tag, cell.tokens);
      if (cell.align) el.setAttribute('align', cell.align);
      tr.appendChild(el);
    }
    return tr;
  }

  /** A task item's mark: ☑ or ☐, then a space. */
  private task(parent: Node, checked: boolean): void {
    const mark = document.createElement('span');
    mark.className = 'task';
    mark.textContent = checked ? '☑' : '☐';
    parent.appendChild(mark);
    appendText(parent, ' ');
  }

  private link(parent: Node, token: Tokens.Link): void {
    const href = address(token.href, token.autolink);
    const into = href !== null && isSafeHref(href) ? newTabLink(href) : undefined;
    const target = into ?? parent;
    if (token.autolink) appendText(target, token.text);
    else this.append(target, token.tokens);
    if (!into) return;
    if (token.title) into.title = decodeReferences(token.title);
    parent.appendChild(into);
  }

  private image(parent: Node, token: Tokens.Image): void {
    const alt = decodeReferences(token.tokens ? plainText(token.tokens) : token.text);
    const src = address(token.href);
    if (src !== null && isAllowedImage(src, this.allowlist)) {
      const img = document.createElement('img');
      // Lazy and without a referrer before it has a source: an image made here loads nothing until shown.
      img.loading = 'lazy';
      img.referrerPolicy = 'no-referrer';
      img.alt = alt;
      if (token.title) img.title = decodeReferences(token.title);
      img.src = src;
      parent.appendChild(img);
      return;
    }
    // Any other image: a link to it, labelled with its text (or its address).
    const label = alt || (src ?? token.href);
    if (src === null || !isSafeHref(src)) return appendText(parent, label);
    const a = newTabLink(src);
    appendText(a, label);
    parent.appendChild(a);
  }
}

function newTabLink(href: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.setAttribute('href', href);
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  return a;
}
