/**
 * The elements' templates, smaller: the JS minifier keeps template text as
 * written, so `cssTemplates()` minifies the css`` ones, `htmlTemplates()`
 * collapses the html`` ones' indentation, and `shortPrivateProperties()`
 * shortens the private `--_*` custom properties across the bundle.
 */
import { parseAst, type Plugin } from 'vite';

/**
 * Minifies the CSS in the elements' css`` templates (the JS minifier keeps
 * template text as it is): drops comments, collapses whitespace, and drops
 * the spaces CSS never needs (around braces and semicolons, after commas and
 * colons, around child combinators), outside quoted strings. Templates with
 * `${}` are left alone.
 */
export function minifyCss(text: string): string {
  const squeeze = (css: string) =>
    css
      .replace(/\s+/g, ' ')
      .replace(/ ?([{};>,]) ?/g, '$1')
      .replace(/: /g, ':');
  let out = '';
  let plain = '';
  // Comments and quoted strings are found together, whichever starts first: an apostrophe in a
  // comment starts no string, and a comment's delimiters in a string are text. A comment
  // separates what is around it, as a space does.
  for (const part of text.split(/(\/\*[\s\S]*?\*\/|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/)) {
    if (part.startsWith('/*')) plain += ' ';
    else if (part.startsWith('"') || part.startsWith("'")) {
      out += squeeze(plain) + part;
      plain = '';
    } else plain += part;
  }
  return (out + squeeze(plain)).replace(/;}/g, '}').trim();
}

export function cssTemplates(): Plugin {
  return {
    name: 'oz-agui:css-templates',
    transform(code, id) {
      if (!/[\\/]elements[\\/].*\.styles\.ts$/.test(id)) return undefined;
      return { code: code.replace(/\bcss`([^`$]*)`/g, (_all, text: string) => `css\`${minifyCss(text)}\``), map: null };
    },
  };
}

/**
 * Collapses the indentation in the elements' html`` templates: each run of
 * whitespace that holds a line break becomes one space, which renders the
 * same (whitespace collapses in HTML), outside `<pre>` and `<textarea>`,
 * whose templates are left as written. The JS minifier keeps template text
 * as it is.
 */
export function htmlTemplates(): Plugin {
  const visit = (node: unknown, found: Array<{ start: number; end: number; raw: string }>): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, found);
      return;
    }
    const n = node as { type?: string; tag?: { type: string; name?: string }; quasi?: { quasis: Array<{ start: number; end: number; value: { raw: string } }> } };
    if (n.type === 'TaggedTemplateExpression' && n.tag?.type === 'Identifier' && n.tag.name === 'html' && n.quasi) {
      const quasis = n.quasi.quasis;
      if (!quasis.some((q) => /<(pre|textarea)\b/i.test(q.value.raw))) found.push(...quasis.map((q) => ({ start: q.start, end: q.end, raw: q.value.raw })));
    }
    for (const value of Object.values(node)) visit(value, found);
  };
  return {
    name: 'oz-agui:html-templates',
    transform(code, id) {
      if (!/[\\/]elements[\\/].*\.ts$/.test(id) || !code.includes('html`')) return undefined;
      const found: Array<{ start: number; end: number; raw: string }> = [];
      visit(parseAst(code).body, found);
      if (found.length === 0) return undefined;
      found.sort((a, b) => a.start - b.start);
      let out = '';
      let at = 0;
      for (const q of found) {
        out += code.slice(at, q.start) + q.raw.replace(/[ \t\r\n]*\n[ \t\r\n]*/g, ' ');
        at = q.end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}

/**
 * Shortens the elements' private custom properties (`--_c-muted`,
 * `--_s-2`...: each public `--oz-*` token is read into one) to `--_0`,
 * `--_1`... across the whole bundle, the CSS and the scripts that set them
 * alike. Public `--oz-*` names are untouched. Skipped when a name could be
 * built at run time (a quote or `${` right after `--_` or after a name
 * ending in `-`).
 */
export function shortPrivateProperties(): Plugin {
  return {
    name: 'oz-agui:short-private-properties',
    renderChunk(code) {
      if (/--_(?![A-Za-z0-9_-])|--_[A-Za-z0-9_-]*-['"`]|--_[A-Za-z0-9_-]*\$\{/.test(code.replace(/\/\*[\s\S]*?\*\//g, ''))) {
        this.warn('shortPrivateProperties: a private custom property may be built at run time; names left as they are');
        return null;
      }
      const counts = new Map<string, number>();
      for (const name of code.match(/--_[A-Za-z0-9_-]+/g) ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
      const short = new Map([...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!).map((name, i) => [name, `--_${i.toString(36)}`]));
      return { code: code.replace(/--_[A-Za-z0-9_-]+/g, (name) => short.get(name)!), map: null };
    },
  };
}
