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
 *   the send and the frame that shows the answer's last character (a burst
 *   is shown over several frames, so that may come after the run's end),
 *   divided by the events received. An upper bound
 *   on the element's cost: it also counts the page's idle housekeeping.
 * And two floors, per event: the same answer rendered once, whole (what
 * showing this text costs at the least), and the same stream through the
 * thread store alone, with no element (what receiving it costs before
 * anything is shown: fetch, SSE parsing, validation, reducer, saves).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { armChatShown, benchPage, startBenchSite } from './browser-page.js';
import type { BenchRow } from './types.js';
import type * as ThreadModule from '../src/thread/index.js';

const CHUNKS = 5000;

const root = fileURLToPath(new URL('../', import.meta.url));

const PAGE = benchPage('<oz-agent-chat endpoint="" agent="writer" tenant="acme" style="height: 700px"></oz-agent-chat>');

export default async function chatBench(): Promise<BenchRow[]> {
  const { browser, origin, close } = await startBenchSite(PAGE, { thread: join(root, 'src/thread/index.ts') });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => customElements.get('oz-agent-chat') !== undefined);
    const metrics = async () => {
      const { metrics: all } = await cdp.send('Performance.getMetrics');
      return new Map(all.map((m) => [m.name, m.value]));
    };
    // A person takes a while to type: the page has been idle before the send (the chat warms up then).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 2000 }), { timeout: 2000 })));
    const box = page.locator('oz-agent-chat textarea');
    await box.fill(`chunks=${CHUNKS} pace=0 size=8`);
    await page.evaluate(() => {
      // Long tasks are reported late: only those that start from here count.
      const w = window as unknown as { __longest: number; __since: number };
      w.__longest = 0;
      w.__since = performance.now();
    });
    if (process.env.OZ_BENCH_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    if (process.env.OZ_BENCH_TRACE)
      await browser.startTracing(page, { path: process.env.OZ_BENCH_TRACE, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'toplevel'] });
    const shown = await armChatShown(page);
    const before = await metrics();
    await box.press('Enter');
    await shown();
    const after = await metrics();
    if (process.env.OZ_BENCH_TRACE) await browser.stopTracing();
    if (process.env.OZ_BENCH_PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      if (process.env.OZ_BENCH_PROFILE.endsWith('.cpuprofile')) writeFileSync(process.env.OZ_BENCH_PROFILE, JSON.stringify(profile));
      const self = new Map<string, number>();
      const dt = new Map<number, number>();
      profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
      for (const n of profile.nodes) {
        const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.lineNumber}`;
        self.set(k, (self.get(k) ?? 0) + (dt.get(n.id) ?? 0));
      }
      console.error(
        [...self]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)
          .map(([k, v]) => `${(v / 1000).toFixed(0)} ms ${k}`)
          .join('\n'),
      );
    }
    const longest = await page.evaluate(() => (window as unknown as { __readLongest(): number }).__readLongest());
    // The floor: the same answer rendered once, whole and at once, in a fresh <oz-markdown> of the
    // chat's width (no transport, no store, no streaming, no frames): what showing this text costs at the least.
    const floorBefore = await metrics();
    await page.evaluate(async () => {
      const run = document.querySelector('oz-agent-chat')!.store!.getState().turns.at(-1)!.runs.at(-1)!;
      const item = run.items.find((i) => i.kind === 'message');
      const box = document.createElement('div');
      box.style.cssText = 'width: 700px; height: 700px; overflow: auto';
      const md = document.createElement('oz-markdown');
      md.frameBudget = Infinity;
      md.text = item?.kind === 'message' ? item.message.body : '';
      box.append(md);
      document.body.append(box);
      await md.updateComplete;
      box.scrollTop = box.scrollHeight;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    const floorAfter = await metrics();
    // The other floor: the same stream through the thread store alone, as the chat makes it (session
    // storage, the same route), with no element listening: the fetch, SSE parsing, each event's
    // validation, the reducer and the saves, which every event costs before anything is shown.
    await page.evaluate(async () => {
      (window as unknown as { __thread: unknown }).__thread = await import('/thread.js' as string);
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
    });
    if (process.env.OZ_BENCH_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const storeBefore = await metrics();
    const storeEvents = await page.evaluate(async (chunks) => {
      const { createThreadStore, webStorage } = (window as unknown as { __thread: typeof ThreadModule }).__thread;
      const store = createThreadStore({ endpoint: '', agent: 'writer', tenant: 'acme', threadId: 'bench-store-alone', storage: webStorage(sessionStorage) });
      await store.send(`chunks=${chunks} pace=0 size=8`);
      const run = store.getState().turns.at(-1)?.runs.at(-1);
      store.dispose();
      return run?.phase === 'finished' ? chunks + 6 : NaN;
    }, CHUNKS);
    const storeAfter = await metrics();
    if (process.env.OZ_BENCH_PROFILE?.endsWith('.cpuprofile'))
      writeFileSync(process.env.OZ_BENCH_PROFILE.replace(/\.cpuprofile$/, '.store.cpuprofile'), JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const events = CHUNKS + 6; // RUN_STARTED, STATE_SNAPSHOT, TEXT_MESSAGE_START/END, RUN_FINISHED and the chunks
    const perEvent = (name: string) => (((after.get(name) ?? NaN) - (before.get(name) ?? NaN)) * 1e6) / events;
    const perEventUs = perEvent('TaskDuration');
    return [
      { name: `chat: longest long task, ${CHUNKS}-chunk writer`, value: longest, unit: 'ms', target: '<= 50 (none over)', pass: longest <= 50 },
      { name: 'chat: main-thread time per event (amortized)', value: perEventUs, unit: 'µs', target: '< 20', pass: perEventUs < 20 },
      // The same, as CPU time (a busy machine stretches wall time, not this), and where it went.
      { name: 'chat: main-thread CPU time per event', value: perEvent('ThreadTime'), unit: 'µs' },
      { name: 'chat: floor, the answer rendered once whole (CPU per event)', value: (((floorAfter.get('ThreadTime') ?? NaN) - (floorBefore.get('ThreadTime') ?? NaN)) * 1e6) / events, unit: 'µs' },
      {
        name: 'chat: floor, the same stream through the thread store alone, no element (main-thread time per event)',
        value: (((storeAfter.get('TaskDuration') ?? NaN) - (storeBefore.get('TaskDuration') ?? NaN)) * 1e6) / storeEvents,
        unit: 'µs',
      },
      { name: 'chat: of which script / layout / style', value: perEvent('ScriptDuration'), unit: `µs / ${perEvent('LayoutDuration').toFixed(0)} / ${perEvent('RecalcStyleDuration').toFixed(0)}` },
    ];
  } finally {
    await close();
  }
}
