/**
 * <oz-agent-chat> with a long thread, in headless Chromium from the
 * self-contained bundle (see browser-page.ts):
 * - a page load that restores a thread of 500 turns from session storage (as
 *   a reload does): from adding the element to the first frame painted with
 *   the thread's end (its last answer) in the transcript (target: under
 *   200 ms); then until all 500 turns are in it (the chat adds older turns a
 *   batch per frame, each sized to about 16 ms of work), and the longest long
 *   task over both;
 * - appending one turn to it (the person's message and a short answer, from
 *   a transport that answers at once): the main thread's busy time from
 *   send() to the frame painted with the answer (CDP `TaskDuration`: the
 *   request's history, the reducer, the saves, the render, style, layout,
 *   paint; target under one frame, 16.7 ms), of it the style recalculation
 *   and layout (CDP metrics) and the time in session storage calls (the
 *   saves: the store writes the new turn, its request and the head, not the
 *   thread), the wall time to that frame, and the longest task. The first
 *   append runs code the page has not compiled yet; the median of the next
 *   {@link WARM_APPENDS} is what a person going on in the thread pays.
 *
 * The thread is built in Node with the real reducer and stored as the store
 * keeps it in session storage (webStorage: a head, the last request and one
 * entry per turn): every turn a question and a markdown answer (paragraph,
 * bold, link, list; a code block every fifth turn), a tool call every third.
 * Timings are wall clock in the page (`performance.now()`, a frame
 * resolution: the end is read in a task after the frame's rAF), so a loaded
 * machine inflates them.
 *
 * OZ_BENCH_PROFILE=/tmp/p.cpuprofile writes a CPU profile of each part
 * (p.restore.cpuprofile, p.append.cpuprofile; the bundle unminified);
 * OZ_BENCH_TRACE=/tmp/t.json a Chromium trace of both, with
 * OZ_BENCH_TRACE_CATEGORIES adding categories (comma-separated).
 */
import { writeFileSync } from 'node:fs';
import { EventType } from '../src/protocol/index.js';
import type { AguiEvent, StreamedEvent } from '../src/protocol/index.js';
import { createReducer, createSnapshotEncoder, DEFAULT_MAX_SNAPSHOT_CHARS, initialThreadState, takeSnapshot, webStorage, writeSnapshot, type ThreadInput } from '../src/thread/index.js';
import { benchPage, startBenchSite } from './browser-page.js';
import type { BenchRow } from './types.js';

/** The page's helper (defined below): the turns the transcript shows, and the last one. */
type ShownTurns = (chat: Element) => { count: number; last: Element | undefined };

const TURNS = 500;
const THREAD = 'thread-bench-restore';
/** Appends after the first, timed one by one. */
const WARM_APPENDS = 5;

function answer(t: number): string {
  let md = `Here is what I found about **item ${t}**: the [report](https://example.com/r/${t}) says it is on track, `;
  md += 'with the usual caveats about dates and owners.\n\n- First, check the numbers.\n- Then, ask ana.\n- Finally, close the ticket.\n';
  if (t % 5 === 0) md += '\n```ts\nconst total = items.reduce((a, b) => a + b, 0);\n```\n';
  return md;
}

/** A finished 500-turn thread as session storage keeps it (webStorage: a head and one entry per turn), by key. */
function savedThread(): Record<string, string> {
  const reduce = createReducer();
  let state = initialThreadState(THREAD, { aiLabel: 'AI: ' });
  let id = 0;
  const ev = (event: Record<string, unknown>): StreamedEvent => ({ id: String(++id), event: event as AguiEvent });
  for (let t = 0; t < TURNS; t++) {
    const runId = `r${t}`;
    const inputs: ThreadInput[] = [
      { type: 'thread/send', turnId: `u${t}`, text: `What about item ${t}?`, url: 'http://x', runId, body: { threadId: THREAD, runId, messages: [] }, at: t * 1000 },
      ev({ type: EventType.RUN_STARTED, threadId: THREAD, runId }),
      ev({ type: EventType.TEXT_MESSAGE_START, messageId: `m${t}`, role: 'assistant' }),
      ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: `m${t}`, delta: 'AI: ' + answer(t) }),
      ev({ type: EventType.TEXT_MESSAGE_END, messageId: `m${t}` }),
    ];
    if (t % 3 === 0) {
      inputs.push(
        ev({ type: EventType.TOOL_CALL_START, toolCallId: `c${t}`, toolCallName: 'oz.search', parentMessageId: `m${t}` }),
        ev({ type: EventType.TOOL_CALL_ARGS, toolCallId: `c${t}`, delta: `{"q":"item ${t}"}` }),
        ev({ type: EventType.TOOL_CALL_END, toolCallId: `c${t}` }),
        ev({ type: EventType.TOOL_CALL_RESULT, toolCallId: `c${t}`, messageId: `t${t}`, content: 'three results' }),
      );
    }
    inputs.push(ev({ type: EventType.RUN_FINISHED, threadId: THREAD, runId, outcome: { type: 'success' } }));
    for (const input of inputs) state = reduce(state, input);
  }
  const entries: Record<string, string> = {};
  const port = webStorage({ getItem: (k) => entries[k] ?? null, setItem: (k, v) => void (entries[k] = v), removeItem: (k) => void delete entries[k] });
  const written = writeSnapshot(port, `oz-agui:thread:${THREAD}`, takeSnapshot(state, Date.now()), createSnapshotEncoder(), DEFAULT_MAX_SNAPSHOT_CHARS);
  if ('error' in written) throw new Error(`restore bench: the thread does not save (${written.error})`);
  return entries;
}

const PAGE = benchPage('');

interface Timing {
  ms: number;
  storageMs?: number;
  storageWrites?: number;
  allMs?: number;
  longest: number;
  turns: number;
}

export default async function restoreBench(): Promise<BenchRow[]> {
  const entries = savedThread();
  const { browser, origin, close } = await startBenchSite(PAGE);
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    /** Chromium's cumulative main-thread times, ms: all tasks, style recalculation, layout. */
    const busy = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
      return { task: ms('TaskDuration'), style: ms('RecalcStyleDuration'), layout: ms('LayoutDuration') };
    };
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => customElements.get('oz-agent-chat') !== undefined);
    // The turns shown and the last one, read from the transcript's chunks: every message's DOM is in
    // the chat's own tree, so a querySelectorAll('.turn') per frame would walk all of it (~1.4 ms in
    // 500 turns) and bill the bench's looking to the chat.
    await page.evaluate(`globalThis.__ozShownTurns = (chat) => {
      const chunks = [...(chat.shadowRoot?.querySelector('.transcript')?.children ?? [])].filter((c) => c.classList.contains('turns'));
      return { count: chunks.reduce((n, c) => n + c.childElementCount, 0), last: chunks.at(-1)?.lastElementChild ?? undefined };
    }`);
    const profile = process.env.OZ_BENCH_PROFILE;
    // OZ_BENCH_TRACE=/tmp/t.json: a Chromium trace of the restore and the append (style, layout, paint per task).
    const trace = process.env.OZ_BENCH_TRACE;
    // OZ_BENCH_TRACE_CATEGORIES adds categories (comma-separated), e.g. disabled-by-default-devtools.timeline.invalidationTracking.
    const extra = process.env.OZ_BENCH_TRACE_CATEGORIES?.split(',').filter(Boolean) ?? [];
    if (trace) await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'toplevel', ...extra] });
    if (profile) {
      await cdp.send('Profiler.enable');
      // 100 µs samples (the default, 1 ms, is too coarse for a 30 ms append).
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const restore: Timing = await page.evaluate(
      async ({ entries, thread, turns }) => {
        for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const t0 = performance.now();
        // Long tasks that end after t0, the one running now included (its entry arrives late).
        const seen = { longest: 0 };
        const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => e.startTime + e.duration > t0 && (seen.longest = Math.max(seen.longest, e.duration))));
        observer.observe({ type: 'longtask', buffered: true });
        const chat = document.createElement('oz-agent-chat');
        chat.setAttribute('endpoint', '');
        chat.setAttribute('agent', 'writer');
        chat.setAttribute('tenant', 'acme');
        chat.setAttribute('thread-id', thread);
        chat.style.height = '700px';
        // Answers each append below at once (the restored thread sends nothing), with ids of its own.
        let appended = 0;
        (chat as HTMLElement & { transport?: unknown }).transport = async function* () {
          const n = ++appended;
          const events = [
            { type: 'RUN_STARTED', threadId: 'thread-bench-restore', runId: `r-new${n}` },
            { type: 'TEXT_MESSAGE_START', messageId: `m-new${n}`, role: 'assistant' },
            { type: 'TEXT_MESSAGE_CONTENT', messageId: `m-new${n}`, delta: `AI: One more **answer** (${n}), with a [link](https://example.com).` },
            { type: 'TEXT_MESSAGE_END', messageId: `m-new${n}` },
            { type: 'RUN_FINISHED', threadId: 'thread-bench-restore', runId: `r-new${n}`, outcome: { type: 'success' } },
          ];
          let id = 100_000 * (n + 1);
          for (const event of events) yield { id: String(++id), event };
        };

        document.body.append(chat);
        let shown = 0;
        let ms = NaN;
        while (performance.now() - t0 < 30_000) {
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          const seen = (globalThis as unknown as { __ozShownTurns: ShownTurns }).__ozShownTurns(chat);
          shown = seen.count;
          const messages = seen.last?.querySelectorAll('.message') ?? [];
          const last = messages[messages.length - 1]?.querySelector('.markdown')?.textContent ?? '';
          if (Number.isNaN(ms) && last.includes(`item ${turns - 1}`)) ms = performance.now() - t0;
          if (shown >= turns) break;
        }
        const allMs = performance.now() - t0;
        await new Promise((resolve) => setTimeout(resolve, 200)); // long-task entries arrive late
        observer.disconnect();
        return { ms, allMs, longest: seen.longest, turns: shown };
      },
      { entries, thread: THREAD, turns: TURNS },
    );
    if (profile) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      if (profile.endsWith('.cpuprofile')) writeFileSync(profile.replace(/\.cpuprofile$/, '.restore.cpuprofile'), JSON.stringify(cpu));
    }
    if (restore.turns < TURNS) throw new Error(`restore bench: ${restore.turns} of ${TURNS} turns shown`);

    /** Lets the page settle: two frames, then 50 ms. */
    const settle = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
    await settle();
    // tsx names the functions below (keepNames): give the page the helper it calls.
    await page.evaluate('globalThis.__name = (f) => f');
    /** One append: the person's message and the short answer, timed from send() to the frame painted with it. */
    const appendOnce = async (n: number): Promise<Timing & { busy: number; style: number; layout: number }> => {
      const before = await busy();
      const timing: Timing = await page.evaluate(async (n) => {
        type Chat = HTMLElement & {
          send(text: string): Promise<void>;
          store?: { getState(): { turns: unknown[] } };
        };
        const chat = document.querySelector('oz-agent-chat') as Chat;
        const before = chat.store!.getState().turns.length;
        // The time the saves spend in session storage calls (the store writes the new turn and the head).
        const proto = Storage.prototype;
        const calls = { getItem: proto.getItem, setItem: proto.setItem, removeItem: proto.removeItem };
        const storage = { ms: 0, writes: 0 };
        const timed = <F extends (...args: never[]) => unknown>(f: F, write: boolean) =>
          function (this: Storage, ...args: Parameters<F>) {
            const start = performance.now();
            try {
              return f.apply(this, args);
            } finally {
              storage.ms += performance.now() - start;
              if (write) storage.writes++;
            }
          };
        proto.getItem = timed(calls.getItem, false) as Storage['getItem'];
        proto.setItem = timed(calls.setItem, true) as Storage['setItem'];
        proto.removeItem = timed(calls.removeItem, true) as Storage['removeItem'];
        const seen = { longest: 0 };
        const t0 = performance.now();
        // Long tasks that end after t0: the one running send() now included, the appends before not.
        const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => e.startTime + e.duration > t0 && (seen.longest = Math.max(seen.longest, e.duration))));
        observer.observe({ type: 'longtask', buffered: true });
        const sent = chat.send(`And one more question (${n})?`);
        let shown = 0;
        for (;;) {
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          const seen = (globalThis as unknown as { __ozShownTurns: ShownTurns }).__ozShownTurns(chat);
          shown = seen.count;
          const messages = seen.last?.querySelectorAll('.message') ?? [];
          const answerText = messages[messages.length - 1]?.querySelector('.markdown')?.textContent ?? '';
          if (shown > before && answerText.includes(`One more answer (${n})`)) break;
          if (performance.now() - t0 > 10_000) break;
        }
        const ms = performance.now() - t0;
        await sent;
        await new Promise((resolve) => setTimeout(resolve, 200)); // long-task entries arrive late
        observer.disconnect();
        Object.assign(proto, calls);
        return { ms, longest: seen.longest, turns: shown, storageMs: storage.ms, storageWrites: storage.writes };
      }, n);
      const after = await busy();
      await settle();
      return { ...timing, busy: after.task - before.task, style: after.style - before.style, layout: after.layout - before.layout };
    };
    // The appends' own profile (the restore's was stopped above).
    if (profile) await cdp.send('Profiler.start');
    const append = await appendOnce(1);
    // Then as a person goes on: the code the append runs is compiled and warm by now.
    const warmBusy: number[] = [];
    for (let n = 2; n <= 1 + WARM_APPENDS; n++) warmBusy.push((await appendOnce(n)).busy);
    const warm = warmBusy.sort((a, b) => a - b)[Math.floor(WARM_APPENDS / 2)]!;
    if (trace) await browser.stopTracing();
    if (profile) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      if (profile.endsWith('.cpuprofile')) writeFileSync(profile.replace(/\.cpuprofile$/, '.append.cpuprofile'), JSON.stringify(cpu));
    }
    return [
      { name: `restore: ${TURNS}-turn thread, load to its end painted`, value: restore.ms, unit: 'ms', target: '< 200', pass: restore.ms < 200 },
      { name: `restore: all ${TURNS} turns in the transcript`, value: restore.allMs ?? NaN, unit: 'ms' },
      { name: 'restore: longest long task (until all are in)', value: restore.longest, unit: 'ms', target: '<= 50', pass: restore.longest <= 50 },
      { name: `append: one turn to ${TURNS}, main-thread time (the first)`, value: append.busy, unit: 'ms', target: '< 16.7 (one frame)', pass: append.busy < 16.7 },
      { name: 'append: of it, style recalculation / layout', value: append.style, unit: `ms / ${append.layout.toFixed(1)} ms` },
      { name: `append: the next ${WARM_APPENDS}, main-thread time each (median)`, value: warm, unit: 'ms', target: '< 16.7 (one frame)', pass: warm < 16.7 },
      { name: 'append: send to painted (rendering waits for a frame)', value: append.ms, unit: 'ms' },
      { name: `append: of it, in session storage calls (${append.storageWrites ?? 0} writes: the new turn twice, the request, the head twice)`, value: append.storageMs ?? NaN, unit: 'ms' },
      { name: 'append: longest long task', value: append.longest, unit: 'ms', target: '<= 50', pass: append.longest <= 50 },
    ];
  } finally {
    await close();
  }
}
