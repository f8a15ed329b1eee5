/**
 * Agent markdown to DOM in headless Chromium (elements/markdown/), per call
 * and per node:
 * - `lex`: marked's lexer alone (markdown-blocks.ts's options);
 * - `build`: the DOM built from those tokens (markdown-dom.ts), the lexing
 *   done beforehand;
 * - `lex + build`: both, what a finished block or a whole answer costs.
 * Three inputs: a streamed tail (one short paragraph, what each chunk
 * lexes and builds again), a ~4 kB and a ~40 kB answer (a message set whole,
 * restored). Also the streamed tail's whole update as the element runs it
 * (`MarkdownFragments.update`, 4 characters more each time: lex, build,
 * compare with what is shown and grow it in place). Figures: the fastest of
 * 9 rounds (the least disturbed by other load), each timing a loop of calls,
 * the ways interleaved.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
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

/** The page's code, plain JavaScript bundled by vite (no tsx helpers inside). */
function entry(): string {
  const blocks = join(root, 'elements/markdown/markdown-blocks.ts');
  const dom = join(root, 'elements/markdown/markdown-dom.ts');
  const fragments = join(root, 'elements/markdown/markdown-fragments.ts');
  const marked = join(root, 'node_modules/marked/lib/marked.esm.js');
  return `
import { Lexer } from ${JSON.stringify(marked)};
import { markedOptions } from ${JSON.stringify(blocks)};
import { MarkdownDom } from ${JSON.stringify(dom)};
import { MarkdownFragments } from ${JSON.stringify(fragments)};

const builder = new MarkdownDom([]);
const lex = (text) => new Lexer(markedOptions()).lex(text);

function count(node) {
  let n = 0;
  const it = document.createNodeIterator(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  while (it.nextNode()) n++;
  return n - 1;
}

function fastest(ways, budgetMs) {
  // Calls per loop so one loop takes about budgetMs; then 9 rounds with the ways interleaved
  // (load and garbage collection hit them alike), the fastest round per way: the least disturbed.
  const calls = {};
  for (const [name, way] of Object.entries(ways)) {
    let n = 1;
    for (;;) { const t0 = performance.now(); for (let i = 0; i < n; i++) way(); if (performance.now() - t0 > budgetMs) break; n *= 2; }
    calls[name] = n;
  }
  const rounds = {};
  for (let r = 0; r < 9; r++) {
    for (const [name, way] of Object.entries(ways)) {
      const n = calls[name];
      const t0 = performance.now();
      for (let i = 0; i < n; i++) way();
      (rounds[name] ??= []).push(((performance.now() - t0) * 1000) / n);
    }
  }
  const out = {};
  for (const [name, times] of Object.entries(rounds)) out[name] = Math.min(...times);
  return out;
}

window.__bench = (text, budgetMs) => {
  const tokens = lex(text);
  const out = fastest({ lex: () => lex(text), build: () => builder.blocks(tokens), 'lex + build': () => builder.blocks(lex(text)) }, budgetMs);
  out.nodes = count(builder.blocks(tokens));
  return out;
};

window.__tailBench = (text) => {
  // One update per 4 characters of a paragraph, shown in a box as the element shows it.
  const box = document.body.appendChild(document.createElement('div'));
  const best = [];
  for (let r = 0; r < 9; r++) {
    const stream = new MarkdownFragments();
    box.replaceChildren();
    let updates = 0;
    const t0 = performance.now();
    for (let end = 4; end <= text.length; end += 4, updates++) {
      const step = stream.update(text.slice(0, end));
      if (step.tail) { box.replaceChildren(step.tail); }
    }
    best.push(((performance.now() - t0) * 1000) / updates);
  }
  box.remove();
  return Math.min(...best);
};
`;
}

async function pageScript(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'oz-agui-markdown-bench-'));
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
        lib: { entry: { markdown: join(dir, 'entry.js') }, formats: ['es'] },
        rolldownOptions: { output: { codeSplitting: false } },
      },
    });
    return readFileSync(join(dir, 'out', 'markdown.js'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const WAYS = ['lex', 'build', 'lex + build'] as const;

type Figures = Record<(typeof WAYS)[number] | 'nodes', number>;

export default async function markdownDomBench(): Promise<BenchRow[]> {
  const script = await pageScript();
  const browser = await chromium.launch({ executablePath: (findChromium as () => string)(), headless: true, args: CHROMIUM_ARGS as string[] });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html lang="en"><head><title>markdown bench</title></head><body></body></html>');
    await page.addScriptTag({ content: script, type: 'module' });
    await page.waitForFunction(() => typeof (window as unknown as { __bench?: unknown }).__bench === 'function');
    const run = (input: string, budgetMs: number) =>
      page.evaluate(([t, b]) => (window as unknown as { __bench: (text: string, budget: number) => Figures }).__bench(t as string, b as number), [input, budgetMs] as const);
    const tail = await run(TAIL, 20);
    const mid = await run(answer(4_000), 50);
    const long = await run(answer(40_000), 100);
    const perUpdate = await page.evaluate((t) => (window as unknown as { __tailBench: (text: string) => number }).__tailBench(t), TAIL.repeat(4));
    const rows: BenchRow[] = [];
    for (const way of WAYS) rows.push({ name: `markdown ${way}: per call, streamed tail (${tail.nodes} nodes)`, value: tail[way], unit: 'µs' });
    rows.push({ name: 'markdown: one update of a streamed tail (4 more characters; lex, build, grow in place)', value: perUpdate, unit: 'µs' });
    for (const [label, f] of [
      ['4 kB', mid],
      ['40 kB', long],
    ] as const) {
      for (const way of WAYS) rows.push({ name: `markdown ${way}: per node, ${label} answer (${f.nodes} nodes, ${(f[way] / 1000).toFixed(1)} ms a call)`, value: f[way] / f.nodes, unit: 'µs' });
    }
    return rows;
  } finally {
    await browser.close();
  }
}
