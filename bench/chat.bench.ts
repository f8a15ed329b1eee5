/**
 * <oz-agent-chat> in headless Chromium, from the self-contained bundle served
 * on loopback beside a development edge (its AG-UI route reached through this
 * page's own origin, with a development token added, so no CORS is involved).
 *
 * A 5,000-chunk `writer` answer (pace 0: the edge sends it in one burst):
 * - the longest long task while it streams (PerformanceObserver 'longtask',
 *   buffered; target: none over 50 ms);
 * - the main thread's time per event, amortized: Chromium's own accounting of
 *   the renderer main thread (CDP `Performance.getMetrics`, `TaskDuration`,
 *   which sums every task: network delivery, SSE parsing, validation, the
 *   reducer, the store's notify, Lit's render, style, layout, paint) between
 *   the send and the run's end, divided by the events received. An upper bound
 *   on the element's cost: it also counts the page's idle housekeeping.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
// @ts-expect-error: a plain .mjs helper without types
import { findChromium, CHROMIUM_ARGS } from '../scripts/find-chromium.mjs';
import { startEdge } from '../server/edge/index.js';
import type { BenchRow } from './types.js';

const CHUNKS = 5000;
const root = fileURLToPath(new URL('../', import.meta.url));

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bench</title>
<script>window.__longest = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration); }).observe({ type: 'longtask', buffered: true });</script>
</head><body><oz-agent-chat endpoint="" agent="writer" tenant="acme" storage="memory" style="height: 700px"></oz-agent-chat>
<script type="module" src="/oz-agent-chat.js"></script></body></html>`;

function serve(bundle: string, edgeUrl: string): Server {
  return createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    if (req.method === 'GET' && req.url === '/oz-agent-chat.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    if (req.url?.startsWith('/v1/agui/')) {
      const up = request(edgeUrl + req.url, { method: req.method, headers: { ...req.headers, host: new URL(edgeUrl).host, authorization: 'Bearer ana-token' } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      req.pipe(up);
      return;
    }
    res.writeHead(404).end();
  });
}

export default async function chatBench(): Promise<BenchRow[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'oz-agui-bench-'));
  const edge = await startEdge({ port: 0, log: () => {} });
  let server: Server | undefined;
  const browser = await chromium.launch({ executablePath: (findChromium as () => string)(), headless: true, args: CHROMIUM_ARGS as string[] });
  try {
    await build({ root, configFile: join(root, 'vite.config.ts'), mode: 'bundle', logLevel: 'warn', build: { outDir, emptyOutDir: true, ...(process.env.OZ_BENCH_PROFILE ? { rolldownOptions: { output: { minify: false } } } : {}) } });
    server = serve(readFileSync(join(outDir, 'oz-agent-chat.js'), 'utf8'), edge.url);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => customElements.get('oz-agent-chat') !== undefined);
    const taskSeconds = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
    };
    const box = page.locator('oz-agent-chat textarea');
    await box.fill(`chunks=${CHUNKS} pace=0 size=8`);
    await page.evaluate(() => ((window as unknown as { __longest: number }).__longest = 0));
    if (process.env.OZ_BENCH_PROFILE) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.start'); }
    const before = await taskSeconds();
    await box.press('Enter');
    await page.waitForFunction(
      () => {
        const chat = document.querySelector('oz-agent-chat') as (HTMLElement & { store?: { getState(): { turns: Array<{ runs: Array<{ phase: string }> }> } } }) | null;
        const run = chat?.store?.getState().turns.at(-1)?.runs.at(-1);
        return run !== undefined && run.phase !== 'requested' && run.phase !== 'streaming';
      },
      undefined,
      { timeout: 120_000, polling: 100 },
    );
    // Let the last frame render before reading the counters.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const after = await taskSeconds();
    if (process.env.OZ_BENCH_PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      const self = new Map<string, number>();
      const dt = new Map<number, number>();
      profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
      for (const n of profile.nodes) { const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt.get(n.id) ?? 0)); }
      console.error([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / 1000).toFixed(0)} ms ${k}`).join('\n'));
    }
    const longest = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
    const events = CHUNKS + 6; // RUN_STARTED, STATE_SNAPSHOT, TEXT_MESSAGE_START/END, RUN_FINISHED and the chunks
    const perEventUs = ((after - before) * 1e6) / events;
    return [
      { name: `chat: longest long task, ${CHUNKS}-chunk writer`, value: longest, unit: 'ms', target: '<= 50 (none over)', pass: longest <= 50 },
      { name: 'chat: main-thread time per event (amortized)', value: perEventUs, unit: 'µs', target: '< 20', pass: perEventUs < 20 },
    ];
  } finally {
    await browser.close();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await edge.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
