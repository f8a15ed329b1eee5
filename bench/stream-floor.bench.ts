/**
 * `<oz-agent-chat>` against the bare floor (issue 20), in the same Chromium,
 * in the same run, alternating: a 5,000-delta, 20 KB markdown answer from the
 * development edge's `writer`, at full speed (one burst) and paced at about
 * 500 events/s.
 *
 * The floor page is the least a page can do to show the stream: fetch, split
 * the SSE on blank lines, and append each paragraph's text to its own `<p>`
 * (markdown never parsed, nothing validated, nothing kept). Each run opens a
 * fresh browser context (no storage, no warm caches of the other page), waits
 * until the page is idle, then measures the renderer main thread's busy time
 * (CDP `Performance.getMetrics` `TaskDuration`) from the send to two frames
 * after the last character is shown. Either page is given its text before
 * the measurement and tells the harness when it is done (nothing polls it). Figures: medians of RUNS per page, the
 * ratio chat / floor (target ≤ 1.5× at either pace), where the chat's time
 * goes (script, style, layout), the longest long task (target none over
 * 50 ms) and the JS heap growth of a chat run after garbage collection
 * (target ≤ 1 MB). And the bundle's sizes, first file and total (gzip).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
// @ts-expect-error: a plain .mjs helper without types
import { measure, TARGETS } from '../scripts/size-check.mjs';
import { armChatShown, benchPage, LONG_TASKS, startBenchSite } from './browser-page.js';
import type { BenchRow } from './types.js';

const CHUNKS = 5000;
const SIZE = 4; // 5,000 × 4 characters: the 20 KB answer
const RUNS = Number(process.env.OZ_BENCH_RUNS ?? 5);
/** `pace=0` is one burst; `pace=2` is one event every 2 ms, about 500 events/s. `OZ_BENCH_PACE=n` measures one alone. */
const PACES = [
  { name: 'full speed', pace: 0 },
  { name: '500 events/s', pace: 2 },
].filter(({ pace }) => process.env.OZ_BENCH_PACE === undefined || Number(process.env.OZ_BENCH_PACE) === pace);
if (PACES.length === 0) throw new Error(`OZ_BENCH_PACE=${process.env.OZ_BENCH_PACE}: the paces are 0 (full speed) and 2 (500 events/s)`);

const CHAT = benchPage('<oz-agent-chat endpoint="" agent="writer" tenant="acme" style="height: 700px"></oz-agent-chat>');

/** The floor: fetch, split on blank lines, each paragraph's text appended to its own <p>. */
const FLOOR = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>floor</title>
${LONG_TASKS}
</head><body><div id="out" style="height: 700px; overflow: auto"></div>
<script>
window.runFloor = async (text) => {
  const out = document.getElementById('out');
  const id = () => crypto.randomUUID();
  const input = { threadId: 'floor-' + id(), runId: 'run-' + id(), messages: [{ id: 'm-' + id(), role: 'user', content: text }], tools: [], context: [], state: {}, forwardedProps: {} };
  const res = await fetch('/v1/agui/agents/writer?tenant=acme', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(input) });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let p = null;
  let carry = '';
  const add = (t) => {
    if (!p) { p = document.createElement('p'); p.append(''); out.append(p); }
    p.firstChild.appendData(t);
  };
  // A blank line ends a paragraph; one newline at a delta's end may be the first half of one.
  const append = (delta) => {
    const parts = (carry + delta).split('\\n\\n');
    let last = parts.pop();
    carry = last.endsWith('\\n') ? '\\n' : '';
    if (carry) last = last.slice(0, -1);
    for (const part of parts) { if (part) add(part); p = null; }
    if (last) add(last);
  };
  let buffer = '';
  let events = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let at;
    while ((at = buffer.indexOf('\\n\\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const data = block.split('\\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\\n');
      if (!data) continue;
      const event = JSON.parse(data);
      events++;
      if (event.type === 'TEXT_MESSAGE_CONTENT') append(event.delta);
    }
  }
  out.scrollTop = out.scrollHeight;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return events;
};
</script></body></html>`;

interface RunFigures {
  busy: number;
  script: number;
  style: number;
  layout: number;
  layouts: number;
  longest: number;
  heap: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function metrics(cdp: CDPSession): Promise<Map<string, number>> {
  const { metrics: all } = await cdp.send('Performance.getMetrics');
  return new Map(all.map((m) => [m.name, m.value]));
}

/** Opens `path` in a fresh context, waits until idle, runs `show`, and measures it. */
async function measured(browser: Browser, url: string, ready: (page: Page) => Promise<void>, show: (page: Page) => Promise<void>): Promise<RunFigures> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url);
    await ready(page);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 2000 }), { timeout: 2000 })));
    await page.evaluate(() => {
      const w = window as unknown as { __longest: number; __since: number };
      w.__longest = 0;
      w.__since = performance.now();
    });
    await cdp.send('HeapProfiler.collectGarbage');
    const before = await metrics(cdp);
    await show(page);
    const after = await metrics(cdp);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await metrics(cdp)).get('JSHeapUsedSize')! - before.get('JSHeapUsedSize')!;
    const ms = (name: string) => (after.get(name)! - before.get(name)!) * 1000;
    const longest = await page.evaluate(() => (window as unknown as { __readLongest(): number }).__readLongest());
    const layouts = after.get('LayoutCount')! - before.get('LayoutCount')!;
    return { busy: ms('TaskDuration'), script: ms('ScriptDuration'), style: ms('RecalcStyleDuration'), layout: ms('LayoutDuration'), layouts, longest, heap };
  } finally {
    await context.close();
  }
}

export default async function streamFloorBench(): Promise<BenchRow[]> {
  const { browser, origin, dir, close } = await startBenchSite(CHAT, {}, { '/floor': FLOOR });
  try {
    const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
    const first = (measure(join(dir, 'oz-agent-chat.js')) as { gzip: number }).gzip;
    const total = files.reduce((sum, f) => sum + (measure(join(dir, f)) as { gzip: number }).gzip, 0);
    const rows: BenchRow[] = [
      { name: 'bundle: first file (gzip)', value: first / 1000, unit: 'kB', target: `<= ${TARGETS.first / 1000}`, pass: first <= TARGETS.first },
      { name: `bundle: total, first file and ${files.length - 1} chunks (gzip)`, value: total / 1000, unit: 'kB', target: `<= ${TARGETS.total / 1000}`, pass: total <= TARGETS.total },
    ];
    for (const { name, pace } of PACES) {
      const message = `chunks=${CHUNKS} pace=${pace} size=${SIZE}`;
      const floor: RunFigures[] = [];
      const chat: RunFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        let shown = async () => {};
        floor.push(
          await measured(
            browser,
            `${origin}/floor`,
            async () => {},
            async (page) => {
              const events = await page.evaluate((text) => (window as unknown as { runFloor(t: string): Promise<number> }).runFloor(text), message);
              if (events < CHUNKS) throw new Error(`the floor page got ${events} events`);
            },
          ),
        );
        chat.push(
          await measured(
            browser,
            `${origin}/`,
            async (page) => {
              await page.waitForFunction(() => customElements.get('oz-agent-chat') !== undefined);
              // Typed before the measurement, as the floor page is given its text: the measured
              // time is the send and the stream, not Playwright's typing (~35-40 ms of input events).
              await page.locator('oz-agent-chat textarea').fill(message);
              shown = await armChatShown(page);
            },
            async (page) => {
              await page.locator('oz-agent-chat textarea').press('Enter');
              await shown();
            },
          ),
        );
      }
      const f = (pick: (r: RunFigures) => number, runs: RunFigures[]) => median(runs.map(pick));
      const ratio = f((r) => r.busy, chat) / f((r) => r.busy, floor);
      const longest = Math.max(...chat.map((r) => r.longest));
      const heap = f((r) => r.heap, chat) / 1e6;
      rows.push(
        {
          name: `stream ${name}: floor page, main-thread busy (median of ${RUNS})`,
          value: f((r) => r.busy, floor),
          unit: `ms (script ${f((r) => r.script, floor).toFixed(0)} / style ${f((r) => r.style, floor).toFixed(0)} / layout ${f((r) => r.layout, floor).toFixed(0)} in ${f((r) => r.layouts, floor)} layouts)`,
        },
        {
          name: `stream ${name}: <oz-agent-chat>, main-thread busy (median of ${RUNS})`,
          value: f((r) => r.busy, chat),
          unit: `ms (script ${f((r) => r.script, chat).toFixed(0)} / style ${f((r) => r.style, chat).toFixed(0)} / layout ${f((r) => r.layout, chat).toFixed(0)} in ${f((r) => r.layouts, chat)} layouts)`,
        },
        { name: `stream ${name}: chat / floor`, value: ratio, unit: '×', target: '<= 1.5', pass: ratio <= 1.5 },
        { name: `stream ${name}: chat's longest long task`, value: longest, unit: 'ms', target: '<= 50', pass: longest <= 50 },
        { name: `stream ${name}: chat's JS heap growth (median, after GC)`, value: heap, unit: 'MB', target: '<= 1', pass: heap <= 1 },
      );
    }
    return rows;
  } finally {
    await close();
  }
}
