/**
 * Sanitizing marked's HTML in headless Chromium, per call and per node, five
 * ways (and a floor):
 * - `string`: DOMPurify's string API (a new document per call via DOMParser,
 *   then serialized), parsed again into a template to get nodes;
 * - `fragment`: what <oz-markdown> does (elements/markdown/purifier.ts):
 *   DOMPurify with RETURN_DOM_FRAGMENT (a new document per call, the nodes
 *   it kept returned as they are);
 * - `in place`: parsed into a fresh inert document
 *   (`createHTMLDocument`, cheaper than DOMParser), DOMPurify IN_PLACE on it;
 * - `in place, template`: the same in the page's one template document,
 *   where DOMPurify's NodeIterators also pile up until a garbage collection
 *   and slow every removal in that document;
 * - `hand walk`: the allowlist walk <oz-markdown> used before (kept here
 *   only as the baseline);
 * - `parse only`: the template parse alone, sanitizing nothing.
 * Three inputs: a streamed tail (one short paragraph, what each chunk
 * re-renders), a ~4 kB and a ~40 kB answer (a message set whole, restored).
 * Figures: the fastest of 9 rounds (the least disturbed by other load), each
 * timing a loop of calls, the ways interleaved. Also: the cost of creating
 * one purifier (DOMPurify instance, hooks, config), made per <oz-markdown>.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexer, Parser } from 'marked';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { markedOptions } from '../elements/markdown/markdown-blocks.js';
// @ts-expect-error: a plain .mjs helper without types
import { findChromium, CHROMIUM_ARGS } from '../scripts/find-chromium.mjs';
import type { BenchRow } from './types.js';

const root = fileURLToPath(new URL('../', import.meta.url));

const TAIL = 'Some **bold** text with a [link](https://a.example/x) and `code`, then more words in the open paragr';

function answer(size: number): string {
  const parts: string[] = [];
  for (let i = 0; parts.join('').length < size; i++) {
    parts.push(
      `## Section ${i}\n\nA paragraph with *emphasis*, **strong**, a [link](https://example.com/${i}) and \`inline code\`.\n\n` +
        `- item one\n- item two with [a ref](https://example.org/r${i})\n- item three\n\n` +
        '```ts\nconst x = 1;\nconsole.log(x);\n```\n\n' +
        `| a | b |\n|---|:-:|\n| ${i} | two |\n\n> quoted ${i}\n\n`,
    );
  }
  return parts.join('');
}

function html(markdown: string): string {
  return new Parser(markedOptions([])).parse(new Lexer(markedOptions([])).lex(markdown));
}

/** The page's code, plain JavaScript bundled by vite (no tsx helpers inside). */
function entry(): string {
  const purifier = join(root, 'elements/markdown/purifier.ts');
  const blocks = join(root, 'elements/markdown/markdown-blocks.ts');
  const dompurify = join(root, 'node_modules/dompurify/dist/purify.es.mjs');
  return `
import DOMPurify from ${JSON.stringify(dompurify)};
import { createPurifier } from ${JSON.stringify(purifier)};
import { isAllowedImage, isSafeHref } from ${JSON.stringify(blocks)};

const TAGS = ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'];
const ATTR = ['href', 'title', 'alt', 'src', 'start', 'align', 'class'];

const shipped = createPurifier([]);

// DOMPurify in place: the same config and hooks as purifier.ts.
const inPlace = DOMPurify(window);
inPlace.addHook('uponSanitizeAttribute', (_n, a) => { if (a.attrName === 'href' && !isSafeHref(a.attrValue)) a.keepAttr = false; });
inPlace.addHook('afterSanitizeAttributes', (el) => {
  if (el.nodeName === 'A') { el.setAttribute('target', '_blank'); el.setAttribute('rel', 'noopener noreferrer'); }
  else if (el.nodeName === 'IMG' && !isAllowedImage(el.getAttribute('src') || '', [])) el.remove();
});
inPlace.setConfig({ ALLOWED_TAGS: TAGS, ALLOWED_ATTR: ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false, IN_PLACE: true,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))/i });

// The hand-written allowlist walk <oz-markdown> used before DOMPurify came back (the baseline).
const NONE = [];
const ALLOWED = { P: NONE, BR: NONE, HR: NONE, H1: NONE, H2: NONE, H3: NONE, H4: NONE, H5: NONE, H6: NONE,
  STRONG: NONE, EM: NONE, DEL: NONE, PRE: NONE, BLOCKQUOTE: NONE, UL: NONE, LI: NONE, TABLE: NONE, THEAD: NONE, TBODY: NONE, TR: NONE,
  CODE: ['class'], SPAN: ['class'], OL: ['start'], TH: ['align'], TD: ['align'], A: ['href', 'title'], IMG: ['src', 'alt', 'title'] };
const CLASS = /^(?:language-[\\w#+.-]{1,40}|task)$/, START = /^\\d{1,9}$/, ALIGN = /^(?:left|right|center)$/;
function clean(el) {
  const keep = el.namespaceURI === 'http://www.w3.org/1999/xhtml' ? ALLOWED[el.tagName] : undefined;
  if (!keep) return false;
  for (let i = el.attributes.length - 1; i >= 0; i--) {
    const { name, value } = el.attributes[i];
    const ok = keep.includes(name) && (name === 'class' ? CLASS.test(value) : name === 'start' ? START.test(value) : name === 'align' ? ALIGN.test(value) : name === 'href' ? isSafeHref(value) : true);
    if (!ok) el.removeAttribute(name);
  }
  if (el.tagName === 'A') { el.setAttribute('target', '_blank'); el.setAttribute('rel', 'noopener noreferrer'); }
  else if (el.tagName === 'IMG' && !isAllowedImage(el.getAttribute('src') || '', [])) return false;
  return true;
}
function handWalk(html) {
  const t = document.createElement('template');
  t.innerHTML = html;
  const r = t.content;
  for (const el of r.querySelectorAll('*')) { if (r.contains(el) && !clean(el)) el.remove(); }
  return r;
}

const WAYS = {
  string(html) { const t = document.createElement('template'); t.innerHTML = inPlace.sanitize(html); return t.content; },
  fragment(html) { return shipped.fragment(html); },
  'in place'(html) {
    const doc = document.implementation.createHTMLDocument();
    const r = doc.body.appendChild(doc.createElement('blockquote'));
    r.innerHTML = html;
    inPlace.sanitize(r);
    const out = doc.createDocumentFragment();
    out.append(...r.childNodes);
    return out;
  },
  'in place, template'(html) {
    const t = document.createElement('template');
    const r = t.content.appendChild(document.createElement('blockquote'));
    r.innerHTML = html;
    inPlace.sanitize(r);
    r.replaceWith(...r.childNodes);
    return t.content;
  },
  'hand walk': handWalk,
  'parse only'(html) { const t = document.createElement('template'); t.innerHTML = html; return t.content; },
};

function count(node) {
  let n = 0;
  const it = document.createNodeIterator(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  while (it.nextNode()) n++;
  return n - 1;
}

window.__bench = (html, budgetMs) => {
  // Calls per loop so one loop takes about budgetMs; then 9 rounds with the ways interleaved
  // (load and garbage collection hit them alike), the fastest round per way: the least disturbed.
  const calls = {};
  for (const [name, way] of Object.entries(WAYS)) {
    let n = 1;
    for (;;) { const t0 = performance.now(); for (let i = 0; i < n; i++) way(html); if (performance.now() - t0 > budgetMs) break; n *= 2; }
    calls[name] = n;
  }
  const rounds = {};
  for (let r = 0; r < 9; r++) {
    for (const [name, way] of Object.entries(WAYS)) {
      const n = calls[name];
      const t0 = performance.now();
      for (let i = 0; i < n; i++) way(html);
      (rounds[name] ??= []).push(((performance.now() - t0) * 1000) / n);
    }
  }
  const out = {};
  for (const [name, times] of Object.entries(rounds)) out[name] = Math.min(...times);
  out.nodes = count(WAYS['parse only'](html));
  out.keptNodes = count(WAYS.fragment(html));
  let made = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < budgetMs) { createPurifier([]); made++; }
  out.create = ((performance.now() - t0) * 1000) / made;
  return out;
};
`;
}

async function pageScript(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'oz-agui-sanitize-bench-'));
  try {
    writeFileSync(join(dir, 'entry.js'), entry());
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      resolve: { conditions: ['source', 'module', 'browser', 'production'] },
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        outDir: join(dir, 'out'),
        emptyOutDir: true,
        target: 'es2022',
        minify: true,
        lib: { entry: { sanitize: join(dir, 'entry.js') }, formats: ['es'] },
        rolldownOptions: { output: { codeSplitting: false } },
      },
    });
    return readFileSync(join(dir, 'out', 'sanitize.js'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const WAYS = ['string', 'fragment', 'in place', 'in place, template', 'hand walk', 'parse only'] as const;

type Figures = Record<(typeof WAYS)[number] | 'nodes' | 'keptNodes' | 'create', number>;

export default async function sanitizeBench(): Promise<BenchRow[]> {
  const script = await pageScript();
  const browser = await chromium.launch({ executablePath: (findChromium as () => string)(), headless: true, args: CHROMIUM_ARGS as string[] });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html lang="en"><head><title>sanitize bench</title></head><body></body></html>');
    await page.addScriptTag({ content: script, type: 'module' });
    await page.waitForFunction(() => typeof (window as unknown as { __bench?: unknown }).__bench === 'function');
    const run = (input: string, budgetMs: number) =>
      page.evaluate(([h, b]) => (window as unknown as { __bench: (html: string, budget: number) => Figures }).__bench(h as string, b as number), [input, budgetMs] as const);
    const tail = await run(html(TAIL), 20);
    const mid = await run(html(answer(4_000)), 50);
    const long = await run(html(answer(40_000)), 100);
    const rows: BenchRow[] = [];
    for (const way of WAYS) {
      rows.push({ name: `sanitize ${way}: per call, streamed tail (${tail.nodes} nodes)`, value: tail[way], unit: 'µs' });
    }
    rows.push({ name: 'sanitize: creating one purifier (one per <oz-markdown>)', value: tail.create, unit: 'µs' });
    for (const [label, f] of [
      ['4 kB', mid],
      ['40 kB', long],
    ] as const) {
      for (const way of WAYS) {
        rows.push({ name: `sanitize ${way}: per node, ${label} answer (${f.nodes} nodes, ${(f[way] / 1000).toFixed(1)} ms a call)`, value: f[way] / f.nodes, unit: 'µs' });
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}
