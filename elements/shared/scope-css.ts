/**
 * An element's shadow-root CSS, rewritten for the same element rendered
 * without a shadow root, inside a host's shadow tree (see hosted.ts): `:host`
 * becomes the element's tag and every other selector is prefixed with it, so
 * the rules still reach only the element and what it renders. `@media`,
 * `@supports`, `@container` and `@layer` blocks are rewritten inside;
 * `@keyframes`, `@font-face`, `@property` and `@counter-style` are kept as
 * they are; any other at-rule, `:host-context()` and `::slotted()` are
 * refused (thrown at load) rather than let through unscoped. Pure text, no DOM.
 */

/** The index of the `}` that closes the `{` at `open`, skipping quoted strings. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      i = end < 0 ? text.length : end;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  throw new Error(`scopeCss: an unclosed block at ${open}`);
}

/** A selector list split at its top-level commas (not those inside `:is(...)`, `[...]` or quotes). */
function selectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '"' || c === "'") {
      const end = list.indexOf(c, i + 1);
      i = end < 0 ? list.length : end;
    } else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(list.slice(from).trim());
  return out.filter(Boolean);
}

/** One selector for `tag`'s light DOM: `:host(x)` is `tagx`, `:host` is `tag`, anything else is under `tag`. */
function scopeSelector(tag: string, selector: string): string {
  // Both need a shadow root: there is no light-DOM rule that means the same.
  if (/:host-context\b|::slotted\b/.test(selector)) throw new Error(`scopeCss: ${tag}'s "${selector}" needs a shadow root`);
  if (!selector.startsWith(':host')) return `${tag} ${selector}`;
  let rest = selector.slice(':host'.length);
  let compound = '';
  if (rest.startsWith('(')) {
    let depth = 0;
    let end = 0;
    for (; end < rest.length; end++) {
      if (rest[end] === '(') depth++;
      else if (rest[end] === ')' && --depth === 0) break;
    }
    compound = rest.slice(1, end);
    rest = rest.slice(end + 1);
  }
  return `${tag}${compound}${rest}`;
}

const REWRITTEN_AT_RULES = /^@(media|supports|container|layer)\b/;
/** At-rules that hold no selectors of the element's: kept as written (keyframe names are the host's too). */
const KEPT_AT_RULES = /^@(-webkit-)?(keyframes|font-face|property|counter-style)\b/;

/** `css` (a shadow root's stylesheet text) scoped to `tag` rendered in its host's tree. */
export function scopeCss(tag: string, css: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('{', at);
    if (open < 0) break;
    const prelude = text.slice(at, open).trim();
    const close = closing(text, open);
    const block = text.slice(open + 1, close);
    if (REWRITTEN_AT_RULES.test(prelude)) out += `${prelude}{${scopeCss(tag, block)}}`;
    else if (KEPT_AT_RULES.test(prelude)) out += `${prelude}{${block}}`;
    else if (prelude.startsWith('@')) throw new Error(`scopeCss: ${tag}'s ${prelude.split(/[\s{(]/)[0]} is not scoped`);
    else
      out += `${selectors(prelude)
        .map((s) => scopeSelector(tag, s))
        .join(',')}{${block.trim()}}`;
    at = close + 1;
  }
  if (text.slice(at).trim()) throw new Error(`scopeCss: text after the last rule of ${tag}'s styles`);
  return out;
}
