/**
 * What the browser benchmarks share: the self-contained bundle built into a
 * temporary folder and served on loopback beside a development edge (its
 * AG-UI route reached through the page's own origin, with a development
 * token added, so no CORS is involved), and a headless Chromium.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, loadConfigFromFile } from 'vite';
// @ts-expect-error: a plain .mjs helper without types
import { findChromium, CHROMIUM_ARGS } from '../scripts/find-chromium.mjs';
import { startEdge } from '../server/edge/index.js';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * The long-task recorder of a bench page: `__longest` is the longest task
 * since `__since`, read through `__readLongest()`, which first takes the
 * entries the observer has not been told of yet (they are told a while after
 * their task: read without that, a run's last long tasks would be missed).
 */
export const LONG_TASKS = `<script>window.__longest = 0; window.__since = 0;
const __note = (entries) => { for (const e of entries) if (e.startTime >= window.__since) window.__longest = Math.max(window.__longest, e.duration); };
const __lt = new PerformanceObserver((list) => __note(list.getEntries()));
__lt.observe({ type: 'longtask', buffered: true });
window.__readLongest = () => { __note(__lt.takeRecords()); return window.__longest; };</script>`;

/** The page's side of {@link armChatShown}, plain JavaScript (a function Playwright sends would carry tsx's helpers). */
const ARM_SHOWN = `window.__armShown = () => {
  const chat = document.querySelector('oz-agent-chat');
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const markdown = () => {
    const found = [];
    const roots = [document];
    while (roots.length > 0) {
      for (const el of roots.pop().querySelectorAll('*')) {
        if (el.classList.contains('markdown')) found.push(el);
        if (el.shadowRoot) roots.push(el.shadowRoot);
      }
    }
    return found;
  };
  window.__shown = new Promise((resolve) => {
    const ended = async () => {
      chat.removeEventListener('oz-run-finished', ended);
      chat.removeEventListener('oz-run-error', ended);
      await frame(); // the run's end rendered: its markdown views are there
      const views = markdown();
      while (views.some((el) => el.getAttribute('aria-busy') === 'true')) await frame();
      await frame();
      await frame();
      resolve();
    };
    chat.addEventListener('oz-run-finished', ended);
    chat.addEventListener('oz-run-error', ended);
  });
};`;

/** The page: a long-task recorder, the shown-run waiter, the bundle, and `body` (the elements under test). */
export function benchPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bench</title>
${LONG_TASKS}
<script>${ARM_SHOWN}</script>
</head><body>${body}
<script type="module" src="/oz-agent-chat.js"></script></body></html>`;
}

export interface BenchSite {
  browser: Browser;
  /** The page's origin: GET / serves the page, /oz-agent-chat.js the bundle (and /<name>.js each entry's), /v1/agui/* the edge. */
  origin: string;
  /** The folder the bundle was built into (its first file `oz-agent-chat.js`, chunks beside it). */
  dir: string;
  close(): Promise<void>;
}

/**
 * Builds the bundle, starts an edge and a server for `page`, launches Chromium.
 * `entries` (name → module path) are built the same way into modules of their
 * own, served as `/<name>.js` (a bench's own page code); `pages` (path → HTML)
 * are other pages of the same origin.
 */
export async function startBenchSite(page: string, entries: Record<string, string> = {}, pages: Record<string, string> = {}): Promise<BenchSite> {
  const outDir = mkdtempSync(join(tmpdir(), 'oz-agui-bench-'));
  const edge = await startEdge({ port: 0, log: () => {} });
  let server: Server | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await edge.close();
    rmSync(outDir, { recursive: true, force: true });
  };
  try {
    const profile = process.env.OZ_BENCH_PROFILE ? { rolldownOptions: { output: { minify: false } } } : {};
    await build({ root, configFile: join(root, 'vite.config.ts'), mode: 'bundle', logLevel: 'warn', build: { outDir, emptyOutDir: true, ...profile } });
    // The first file and the chunks beside it (loaded on first use, by their path relative to it).
    const scripts = new Map<string, string>();
    const serveDir = (dir: string) => {
      for (const f of readdirSync(dir)) if (f.endsWith('.js') && !scripts.has(`/${f}`)) scripts.set(`/${f}`, readFileSync(join(dir, f), 'utf8'));
    };
    serveDir(outDir);
    for (const [name, entry] of Object.entries(entries)) {
      // The bundle's own configuration with this one entry (an inline lib.entry would be merged with the
      // file's), loaded as vite loads it (under tsx, the plugins' serialized functions would carry its helpers).
      const loaded = await loadConfigFromFile({ mode: 'bundle', command: 'build' }, join(root, 'vite.config.ts'), root, 'warn');
      const own = loaded!.config;
      const dir = join(outDir, name);
      await build({
        ...own,
        root,
        configFile: false,
        mode: 'bundle',
        logLevel: 'warn',
        build: { ...own.build, outDir: dir, emptyOutDir: true, lib: { entry: { [name]: entry }, formats: ['es'] }, ...profile },
      });
      serveDir(dir);
    }
    server = createServer((req, res) => {
      const html = req.method !== 'GET' ? undefined : req.url === '/' ? page : pages[req.url ?? ''];
      if (html !== undefined) return void res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      const script = req.method === 'GET' ? scripts.get(req.url ?? '') : undefined;
      if (script !== undefined) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      if (req.url?.startsWith('/v1/agui/')) {
        const up = request(edge.url + req.url, { method: req.method, headers: { ...req.headers, host: new URL(edge.url).host, authorization: 'Bearer ana-token' } }, (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        });
        req.pipe(up);
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    browser = await chromium.launch({ executablePath: (findChromium as () => string)(), headless: true, args: CHROMIUM_ARGS as string[] });
    return { browser, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, dir: outDir, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Arms a wait, in the page, for the chat on `page` to show its next run
 * whole: the run ends (`oz-run-finished`, `oz-run-error`), then no markdown
 * is still rendering (`aria-busy`: a burst is shown over several frames, so
 * that may come after the run's end), then two frames paint. Arm it before
 * the send; the function it returns resolves when the wait does. Nothing
 * polls while the run streams: the harness's own work stays out of the
 * page's measured time (a poll of the whole tree every 100 ms cost the chat
 * time the floor page never paid).
 */
export async function armChatShown(page: Page, timeout = 120_000): Promise<() => Promise<void>> {
  await page.evaluate(() => (window as unknown as { __armShown(): void }).__armShown());
  return async () => {
    await page.evaluate((ms) => {
      const shown = (window as unknown as { __shown: Promise<void> }).__shown;
      return Promise.race([shown, new Promise((_, reject) => setTimeout(() => reject(new Error(`the chat did not show its run within ${ms} ms`)), ms))]);
    }, timeout);
  };
}
