/**
 * <oz-inspector> in headless Chromium (the inspector, the thread store and
 * the recorder bundled with esbuild, served on loopback):
 * - heap used with 100,000 recorded events: a thread store streams a
 *   100,000-event run (a replay transport, as fast as possible) with a
 *   recorder attached; the heap after a full GC, less the heap before the
 *   run, with and without the recorder (its share is the difference);
 * - time to filter 100,000 events: the recording's filter by text, by type
 *   and by job, and the Events tab's filter-and-render (the worst of each);
 * - scrolling the Events tab's list over 100,000 events: 60 jumps to rows
 *   spread over the list; the frames until each step's rows are in the DOM
 *   (target 1: the step's own frame), the script time from the scroll event
 *   to the rows rendered, the time to the frame after (style, layout and
 *   paint included: in headless Chromium's software rendering this does not
 *   depend on the list's length — a 2,000-row list measures the same), and
 *   the longest long task meanwhile.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
// @ts-expect-error: a plain .mjs helper without types
import { findChromium, CHROMIUM_ARGS } from '../scripts/find-chromium.mjs';
import type { BenchRow } from './types.js';

const N = 100_000;
const root = fileURLToPath(new URL('../', import.meta.url));

const ENTRY = `
import './inspector/define.ts';
import { createThreadStore } from './src/thread/index.ts';
import { createRecorder } from './src/recorder/index.ts';
import { createReplayTransport } from './src/transport/index.ts';
window.__oz = { createThreadStore, createRecorder, createReplayTransport };
`;

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bench</title>
<script>window.__tasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });</script>
</head><body><script type="module" src="/inspector.js"></script></body></html>`;

/** Streams N events through a store (with a recorder when `record`), and returns the heap delta in bytes. */
async function heapDelta(page: Page, record: boolean): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await page.evaluate(
    ({ n }) => {
      const w = window as unknown as Record<string, unknown> & { __oz: Record<'createThreadStore' | 'createRecorder' | 'createReplayTransport', (...a: unknown[]) => unknown> };
      const records: unknown[] = [];
      records.push({ id: '1', event: { type: 'RUN_STARTED', threadId: 'bench', runId: 'r1' }, t: 0 });
      records.push({ id: '2', event: { type: 'STATE_SNAPSHOT', snapshot: { board: { notes: [] } } }, t: 0 });
      for (let i = 3; i < n; i++) {
        const job = `job-${Math.floor(i / 1000)}`;
        const k = i % 50;
        const event =
          k === 0
            ? { type: 'TEXT_MESSAGE_START', messageId: `${job}:m${i}`, role: 'assistant' }
            : k === 49
              ? { type: 'TEXT_MESSAGE_END', messageId: `${job}:m${i - 49}` }
              : k === 40
                ? { type: 'TOOL_CALL_START', toolCallId: `c${i}`, toolCallName: 'oz.search', parentMessageId: `${job}:m${i - 40}` }
                : k === 41
                  ? { type: 'TOOL_CALL_ARGS', toolCallId: `c${i - 1}`, delta: `{"query":"weekly report ${i}"}` }
                  : k === 42
                    ? { type: 'TOOL_CALL_END', toolCallId: `c${i - 2}` }
                    : k === 45
                      ? {
                          type: 'STATE_DELTA',
                          delta: [
                            {
                              op: 'add',
                              path: '/board/notes/-',
                              value: { id: String(i), kind: 'fact', tags: ['t'], text: `note ${i}`, job, agent: 'helper', createdAt: '2026-01-01T00:00:00Z', tainted: false, labels: [] },
                            },
                          ],
                        }
                      : { type: 'TEXT_MESSAGE_CONTENT', messageId: `${job}:m${i - k}`, delta: ` token${i} and more` };
        records.push({ id: String(i), event, t: 0 });
      }
      records.push({ id: String(n), event: { type: 'RUN_FINISHED', threadId: 'bench', runId: 'r1', outcome: { type: 'success' } }, t: 0 });
      // The events go into the transport as JSON text, parsed per run: as the SSE parser makes fresh objects.
      w.__json = JSON.stringify(records);
      w.__store = w.__oz.createThreadStore({
        url: 'http://bench.invalid/v1/agui/agents/a?tenant=t',
        threadId: 'bench',
        generateId: () => 'r1',
        transport: w.__oz.createReplayTransport(() => JSON.parse(w.__json as string), { speed: Infinity }),
      });
    },
    { n: N },
  );
  await cdp.send('HeapProfiler.collectGarbage');
  const before = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  await page.evaluate(
    async ({ record }) => {
      const w = window as unknown as Record<string, unknown> & { __oz: Record<'createThreadStore' | 'createRecorder' | 'createReplayTransport', (...a: unknown[]) => unknown> };
      if (record) w.__recorder = w.__oz.createRecorder(w.__store);
      await (w.__store as { send(t: string): Promise<void> }).send('go');
      if (record && (w.__recorder as { size: number }).size < 100_000) throw new Error(`recorded ${(w.__recorder as { size: number }).size}`);
    },
    { record },
  );
  await cdp.send('HeapProfiler.collectGarbage');
  const after = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  return after - before;
}

export default async function inspectorBench(): Promise<BenchRow[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'oz-agui-inspector-bench-'));
  let server: Server | undefined;
  const browser = await chromium.launch({ executablePath: (findChromium as () => string)(), headless: true, args: CHROMIUM_ARGS as string[] });
  try {
    await build({
      stdin: { contents: ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'inspector-bench-entry.ts' },
      bundle: true,
      format: 'esm',
      target: 'es2022',
      minify: true,
      conditions: ['source', 'browser'],
      define: { 'process.env.NODE_ENV': '"production"' },
      tsconfig: join(root, 'tsconfig.json'),
      outfile: join(outDir, 'inspector.js'),
      logLevel: 'warning',
    });
    const bundle = readFileSync(join(outDir, 'inspector.js'), 'utf8');
    server = createServer((req, res) => {
      if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      if (req.url === '/inspector.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const open = async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      // tsx keeps function names with a __name helper the page lacks: the evaluated functions below use it.
      await page.addInitScript('globalThis.__name = (target) => target');
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => customElements.get('oz-inspector-events') !== undefined);
      return page;
    };

    // Heap: the store alone, then the store and its recorder, each in a fresh page.
    const bare = await open();
    const storeOnly = await heapDelta(bare, false);
    await bare.close();
    const page = await open();
    const withRecorder = await heapDelta(page, true);
    const mb = (b: number) => b / (1024 * 1024);

    // Filter: the recording's own filter, then the Events tab's filter and render.
    const filter = await page.evaluate(async () => {
      const w = window as unknown as Record<string, unknown>;
      const rec = w.__recorder as { filter(q: unknown): unknown[] };
      const time = (q: unknown) => {
        const samples: number[] = [];
        for (let i = 0; i < 7; i++) {
          const t0 = performance.now();
          rec.filter(q);
          samples.push(performance.now() - t0);
        }
        samples.sort((a, b) => a - b);
        return { median: samples[3]!, worst: samples[6]! };
      };
      const byText = time({ text: 'weekly report 5' });
      const byType = time({ types: ['TOOL_CALL_START'] });
      const byJob = time({ job: 'job-42' });
      const el = document.createElement('oz-inspector-events') as HTMLElement & { recording: unknown; text: string; job: string; updateComplete: Promise<unknown> };
      el.style.setProperty('--oz-inspector-list-height', '600px');
      el.recording = w.__recorder;
      document.body.append(el);
      await el.updateComplete;
      let tab = 0;
      for (const text of ['weekly', 'token5', 'nothing-like-this', '']) {
        const t0 = performance.now();
        el.text = text;
        await el.updateComplete;
        tab = Math.max(tab, performance.now() - t0);
      }
      return { byText, byType, byJob, tab };
    });

    // Scroll, from a quiet heap (the filters above left 100,000-entry arrays behind): 60 steps of 20 rows; frames until the step's rows are in the DOM, and the script time of each step.
    const gc = await page.context().newCDPSession(page);
    await gc.send('HeapProfiler.collectGarbage');
    const scroll = await page.evaluate(async () => {
      const el = document.querySelector('oz-inspector-events')!;
      const list = el.shadowRoot!.querySelector('[role="listbox"]') as HTMLElement;
      const rowH = 24;
      let worstFrames = 0;
      const stepMs: number[] = [];
      const frameMs: number[] = [];
      let started = 0;
      list.addEventListener('scroll', () => (started = performance.now()), { capture: true });
      await new Promise((r) => setTimeout(r, 100));
      const idleFrom = performance.now();
      await new Promise((r) => setTimeout(r, 1500));
      const tasks = (window as unknown as { __tasks: [number, number][] }).__tasks;
      const idleLongest = Math.max(0, ...tasks.filter((t) => t[0] >= idleFrom).map((t) => t[1]));
      const since = performance.now();
      for (let step = 1; step <= 60; step++) {
        const top = (step * 20 * 997) % 99_000;
        list.scrollTop = top * rowH;
        let frames = 0;
        const want = String(top + 1);
        for (;;) {
          const at = await new Promise<number>((r) => requestAnimationFrame(r));
          frames++;
          if (el.shadowRoot!.querySelector(`[aria-posinset="${want}"]`)) {
            stepMs.push(performance.now() - started);
            await new Promise<number>((r) => requestAnimationFrame(r));
            frameMs.push(performance.now() - started);
            void at;
            break;
          }
          if (frames > 30) break;
        }
        worstFrames = Math.max(worstFrames, frames);
      }
      const rows = el.shadowRoot!.querySelectorAll('[role="option"]').length;
      stepMs.sort((a, b) => a - b);
      frameMs.sort((a, b) => a - b);
      return {
        frameMedian: frameMs[frameMs.length >> 1]!,
        idleLongest,
        worstFrames,
        medianMs: stepMs[stepMs.length >> 1]!,
        worstMs: stepMs.at(-1)!,
        rows,
        longest: Math.max(0, ...(window as unknown as { __tasks: [number, number][] }).__tasks.filter((t) => t[0] >= since).map((t) => t[1])),
      };
    });
    await page.close();

    const medianFilter = Math.max(filter.byText.median, filter.byType.median, filter.byJob.median);
    const worstFilter = Math.max(filter.byText.worst, filter.byType.worst, filter.byJob.worst);
    return [
      { name: 'inspector: heap, 100,000 events streamed and recorded (store + recorder)', value: mb(withRecorder), unit: 'MB' },
      { name: "inspector: heap, the recorder's share (less the store alone)", value: mb(withRecorder - storeOnly), unit: 'MB', target: '< 60', pass: mb(withRecorder - storeOnly) < 60 },
      {
        name: `inspector: filter 100,000 events, median of 7 (text ${filter.byText.median.toFixed(1)}, type ${filter.byType.median.toFixed(1)}, job ${filter.byJob.median.toFixed(1)} ms)`,
        value: medianFilter,
        unit: 'ms',
        target: '< 100',
        pass: medianFilter < 100,
      },
      { name: 'inspector: filter 100,000 events, worst of 7 (GC pauses included)', value: worstFilter, unit: 'ms' },
      { name: 'inspector: Events tab filter and render, 100,000 events', value: filter.tab, unit: 'ms', target: '< 100', pass: filter.tab < 100 },
      { name: 'inspector: frames until a scroll step shows its rows (worst of 60)', value: scroll.worstFrames, unit: 'frames', target: '1', pass: scroll.worstFrames === 1 },
      {
        name: `inspector: scroll step, scroll event to rows rendered (median of 60; ${scroll.rows} rows in the DOM)`,
        value: scroll.medianMs,
        unit: 'ms',
        target: '< 16.7',
        pass: scroll.medianMs < 16.7,
      },
      { name: 'inspector: scroll step, worst of 60', value: scroll.worstMs, unit: 'ms' },
      { name: 'inspector: scroll step, scroll event to the next frame (script, style, layout, paint; median of 60)', value: scroll.frameMedian, unit: 'ms' },
      { name: `inspector: longest long task while scrolling (idle before: ${Math.round(scroll.idleLongest)} ms)`, value: scroll.longest, unit: 'ms' },
    ];
  } finally {
    await browser.close();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    rmSync(outDir, { recursive: true, force: true });
  }
}
