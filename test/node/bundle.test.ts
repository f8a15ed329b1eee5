/**
 * The self-contained bundle (`vite build --mode bundle`) works from a plain
 * HTML page with one `<script type="module">`: built into a temporary folder,
 * served on 127.0.0.1 beside a route that answers a run with the recorded
 * `writer` fixture as SSE, loaded in headless Chromium. The page defines every
 * tag (the interrupt forms from their chunk, once a run starts) and renders
 * the streamed, safe markdown answer. Behaviour only, no
 * durations (figures are in bench/chat.bench.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
// @ts-expect-error: a plain .mjs helper without types
import { findChromium, CHROMIUM_ARGS } from '../../scripts/find-chromium.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = readFileSync(join(root, 'test/fixtures/runs/writer.ndjson'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { id: string; event: Record<string, unknown> });

const PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><link rel="icon" href="data:,"><title>oz-agui bundle</title></head>
  <body>
    <oz-agent-chat endpoint="" agent="writer" tenant="acme" storage="memory" style="height: 600px"></oz-agent-chat>
    <script type="module" src="/oz-agent-chat.js"></script>
  </body>
</html>`;

/** A page, the bundle (its first file and the chunks beside it), and the AG-UI route answering every run with the recorded writer run. */
function serve(dir: string, served: string[]): Server {
  const scripts = new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [`/${f}`, readFileSync(join(dir, f), 'utf8')]),
  );
  return createServer((req, res) => {
    const script = req.method === 'GET' ? scripts.get(req.url ?? '') : undefined;
    if (req.method === 'GET' && (req.url === '/' || req.url === '/index.html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (script !== undefined) {
      served.push(req.url!);
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    } else if (req.method === 'POST' && req.url?.startsWith('/v1/agui/agents/writer')) {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const input = JSON.parse(body) as { threadId: string; runId: string };
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
        for (const { id, event } of fixture) {
          const own = 'threadId' in event ? { ...event, threadId: input.threadId, runId: input.runId } : event;
          res.write(`id: ${id}\ndata: ${JSON.stringify(own)}\n\n`);
        }
        res.end();
      });
    } else {
      res.writeHead(404).end();
    }
  });
}

describe('the self-contained bundle in a plain HTML page', () => {
  let outDir = '';
  let server: Server;
  let origin = '';
  let browser: Browser;
  /** The scripts the pages asked for, in order. */
  const served: string[] = [];

  before(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'oz-agui-bundle-'));
    await build({ root, configFile: join(root, 'vite.config.ts'), mode: 'bundle', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    server = serve(outDir, served);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: (findChromium as () => string)(), headless: true, args: CHROMIUM_ARGS as string[] });
  });

  after(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('is one ES module with no imports left to resolve and no Node globals; the interrupt forms and the markdown engine are chunks beside it, imported by a relative path', () => {
    const code = readFileSync(join(outDir, 'oz-agent-chat.js'), 'utf8');
    assert.doesNotMatch(code, /^\s*import\s[^(]/m, 'a static import is left in the first file');
    assert.doesNotMatch(code, /process\.env/, 'process.env is left in the bundle');
    const chunks = readdirSync(outDir)
      .filter((f) => f.endsWith('.js') && f !== 'oz-agent-chat.js')
      .sort();
    assert.equal(chunks.length, 2, chunks.join());
    assert.match(chunks[0]!, /^oz-agent-chat-define-forms-[\w-]+\.js$/);
    assert.match(chunks[1]!, /^oz-agent-chat-markdown-engine-parts-[\w-]+\.js$/);
    for (const name of chunks) {
      assert.ok(code.includes(`import(\`./${name}\`)`) || code.includes(`import("./${name}")`), `the first file imports ${name} relative to itself`);
      const chunk = readFileSync(join(outDir, name), 'utf8');
      assert.doesNotMatch(chunk, /process\.env/);
      assert.match(chunk, /from\s*"\.\/oz-agent-chat\.js"/, "the chunk shares the first file's modules (lit, the store): one copy of each");
    }
    // marked and the DOM built from its tokens are in the engine's chunk only.
    assert.ok(!code.includes('Infinite loop on byte') && !code.includes('language-'), 'the first file holds no markdown engine (marked, markdown-dom.ts)');
  });

  it('names its third-party licenses, which travel beside it with each package it holds code of', () => {
    const code = readFileSync(join(outDir, 'oz-agent-chat.js'), 'utf8');
    assert.match(code.split('\n')[0]!, /third-party licenses: THIRD-PARTY-LICENSES\.txt/);
    const licenses = readFileSync(join(outDir, 'THIRD-PARTY-LICENSES.txt'), 'utf8');
    for (const name of ['lit-html', 'lit-element', '@lit/reactive-element', 'marked', 'immer', 'fast-json-patch', '@cfworker/json-schema', '@ag-ui/core']) {
      assert.match(licenses, new RegExp(`^${name.replace(/[/.]/g, '\\$&')}@\\d`, 'm'), `${name} is listed`);
    }
    assert.match(licenses, /Permission is hereby granted/);
  });

  it('defines the tags and renders a streamed run from one <script type="module">', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => customElements.get('oz-agent-chat') !== undefined);
    const defined = await page.evaluate(() => ['oz-agent-chat', 'oz-message', 'oz-markdown', 'oz-composer', 'oz-board', 'oz-tool-call'].filter((tag) => customElements.get(tag) === undefined));
    assert.deepEqual(defined, [], 'tags left undefined');

    const box = page.locator('oz-agent-chat textarea');
    await box.fill('Write the plan.');
    await box.press('Enter');

    // The recorded answer is markdown: a heading, a table, a list and code, rendered as HTML.
    const heading = page.locator('oz-agent-chat').getByRole('heading', { name: 'Plan' }).first();
    await heading.waitFor();
    const link = page.locator('oz-agent-chat').getByRole('link', { name: 'spec' }).first();
    assert.equal(await link.getAttribute('href'), 'https://example.com/spec');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    assert.ok((await page.locator('oz-agent-chat table').count()) >= 1, 'the markdown table is rendered');
    // The tenant's AI label is a badge, not the answer's first word.
    assert.ok(!(await page.locator('oz-agent-chat').getByRole('heading', { name: /^AI:/ }).count()), 'the AI label leaked into the heading');
    const state = await page.evaluate(() => {
      const chat = document.querySelector('oz-agent-chat') as HTMLElement & { store?: { getState(): { turns: Array<{ runs: Array<{ phase: string }> }> } } };
      return chat.store?.getState().turns.at(-1)?.runs.at(-1)?.phase;
    });
    assert.ok(state && state !== 'requested', `the run's phase: ${String(state)}`);
    // The run started: the interrupt forms' chunk loaded from beside the first file, and defined their tags.
    await page.waitForFunction(() => customElements.get('oz-interrupts') !== undefined && customElements.get('oz-interrupt') !== undefined);
    assert.equal(served[0], '/oz-agent-chat.js');
    assert.ok(
      served.some((u) => /^\/oz-agent-chat-define-forms-[\w-]+\.js$/.test(u)),
      served.join(),
    );
    assert.ok(
      served.some((u) => /^\/oz-agent-chat-markdown-engine-parts-[\w-]+\.js$/.test(u)),
      served.join(),
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
