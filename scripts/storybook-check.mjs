/**
 * The Storybook check: builds the static Storybook, serves it on loopback,
 * opens every story of its index.json in Chromium (playwright-core, the
 * browser scripts/find-chromium.mjs finds) and fails a story on any console
 * error, page error, failed request or request that leaves loopback, or axe
 * violation in the story's root. Docs pages are opened too (errors only).
 * Stories tagged `screenshot` are saved to test-results/storybook/<id>.png;
 * stories tagged `mobile` open at 390 × 844.
 *
 *   node scripts/storybook-check.mjs [--dir <built storybook>] [--only <id substring>]
 *                                    [--counts <file>] [--jobs <n>]
 *
 * Prints one line per entry, then `N passed, N failed`; exits non-zero on any
 * failure. `--counts` also writes `{"passed", "failed"}` there as JSON.
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const opt = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const SHOTS = join(root, 'test-results', 'storybook');
const AXE = join(root, 'node_modules', 'axe-core', 'axe.min.js');
const JOBS = Number(opt('--jobs') ?? 3);
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };
/** How long one entry may take to render before it fails (a hang is a failure, not a wait). */
const RENDER_LIMIT_MS = 30_000;
/**
 * axe rules left out: `region` asks that all page content sit in landmarks,
 * which a component shown alone in the story's root cannot (the app's page
 * provides them). Every other rule runs, WCAG 2.x A/AA and best practices.
 */
const AXE_OPTIONS = { rules: { region: { enabled: false } } };

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

function build(out) {
  return new Promise((resolveBuild, reject) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'storybook'), ['build', '--disable-telemetry', '--quiet', '-o', out], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolveBuild() : reject(new Error(`storybook build exited with ${code}:\n${log.slice(-4000)}`))));
  });
}

/** A static file server for the built Storybook, on 127.0.0.1 and a free port. */
function serve(dir) {
  const base = resolve(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(base, path));
    if (!file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolveServe) => server.listen(0, '127.0.0.1', () => resolveServe(server)));
}

/**
 * Shows one entry in the page's preview without reloading it (as Storybook's
 * manager does: `setCurrentStory` on the preview's channel), waits for the
 * preview to say it rendered or failed, then until every Lit element settled.
 * Returns the preview's error, if it reported one.
 */
async function show(page, entry) {
  const outcome = await page.evaluate(
    ({ storyId, viewMode, limit }) =>
      new Promise((resolveShow) => {
        const channel = globalThis.__STORYBOOK_ADDONS_CHANNEL__;
        const done = ['storyRendered', 'docsRendered'];
        const failed = ['storyErrored', 'storyThrewException', 'storyMissing', 'playFunctionThrewException'];
        const listeners = [];
        const finish = (value) => {
          for (const [name, fn] of listeners) channel.off(name, fn);
          clearTimeout(timer);
          resolveShow(value);
        };
        const timer = setTimeout(() => finish(`not rendered within ${limit} ms`), limit);
        for (const name of done) listeners.push([name, () => finish(undefined)]);
        for (const name of failed) listeners.push([name, (e) => finish(`${name}: ${e?.description ?? e?.message ?? e?.title ?? JSON.stringify(e ?? null)}`)]);
        for (const [name, fn] of listeners) channel.on(name, fn);
        channel.emit('setCurrentStory', { storyId, viewMode });
      }),
    { storyId: entry.id, viewMode: entry.type === 'story' ? 'story' : 'docs', limit: RENDER_LIMIT_MS },
  );
  // Each Lit element's pending update, through every shadow root, until none is left (a few rounds).
  await page.evaluate(async () => {
    for (let round = 0; round < 5; round++) {
      const pending = [];
      const walk = (node) => {
        for (const el of node.querySelectorAll('*')) {
          if (el.updateComplete && typeof el.updateComplete.then === 'function') pending.push(el.updateComplete);
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      walk(document);
      const settled = await Promise.all(pending);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      if (settled.every(Boolean)) break;
    }
    await document.fonts.ready;
  });
  return outcome;
}

/** A page with the preview loaded, axe in it, and a sink for what goes wrong while an entry shows. */
async function openPreview(context, origin) {
  const page = await context.newPage();
  const sink = { problems: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') sink.problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => sink.problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // A module preload Chromium dropped (the module loads anyway) is ERR_ABORTED; a missing file is a 404 and a console error.
    if (req.url().startsWith(origin) && req.failure()?.errorText !== 'net::ERR_ABORTED') sink.problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
  });
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    sink.problems.push(`network call outside loopback: ${url}`);
    return route.abort('blockedbyclient');
  });
  await page.goto(`${origin}/iframe.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => globalThis.__STORYBOOK_ADDONS_CHANNEL__ && globalThis.__STORYBOOK_PREVIEW__?.storyStoreValue, undefined, { timeout: RENDER_LIMIT_MS });
  await page.addScriptTag({ path: AXE });
  const startup = sink.problems.splice(0);
  if (startup.length) throw new Error(`the preview did not start cleanly:\n${startup.join('\n')}`);
  return { page, sink };
}

async function checkEntry(preview, entry) {
  const { page, sink } = preview;
  sink.problems = [];
  const tags = entry.tags ?? [];
  const story = entry.type === 'story';
  await page.setViewportSize(tags.includes('mobile') ? MOBILE : DESKTOP);
  try {
    const shown = await show(page, entry);
    if (shown) sink.problems.push(`render error: ${shown.trim().slice(0, 800)}`);
    if (story && !shown) {
      const violations = await page.evaluate(async (options) => {
        const result = await globalThis.axe.run(document.querySelector('#storybook-root'), options);
        return result.violations.map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s): ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        );
      }, AXE_OPTIONS);
      for (const v of violations) sink.problems.push(`axe: ${v}`);
    }
    if (story && tags.includes('screenshot')) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `${entry.id}.png`), fullPage: true });
    }
  } catch (err) {
    sink.problems.push(`could not check: ${err.message.split('\n')[0]}`);
  }
  return sink.problems.splice(0);
}

async function main() {
  let dir = opt('--dir');
  let temp;
  if (!dir) {
    temp = mkdtempSync(join(tmpdir(), 'oz-agui-storybook-'));
    dir = temp;
    console.log('building Storybook…');
    await build(dir);
  }
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
  const only = opt('--only');
  const entries = Object.values(index.entries).filter((e) => !only || e.id.includes(only));
  const server = await serve(dir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', serviceWorkers: 'block' });
  const counts = { passed: 0, failed: 0, stories: 0, docs: 0 };
  const queue = [...entries];
  const worker = async () => {
    const preview = await openPreview(context, origin);
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const started = Date.now();
      const problems = await checkEntry(preview, entry);
      const took = `${Date.now() - started} ms`;
      counts[entry.type === 'story' ? 'stories' : 'docs'] += 1;
      if (problems.length === 0) {
        counts.passed += 1;
        console.log(`  ok ${entry.id} (${took})`);
      } else {
        counts.failed += 1;
        console.log(`  FAIL ${entry.id} (${took})\n${problems.map((p) => `      ${p}`).join('\n')}`);
      }
    }
    await preview.page.close();
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, JOBS) }, worker));
  } finally {
    await browser.close();
    server.close();
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
  if (entries.length === 0) counts.failed += 1;
  console.log(`storybook: ${counts.stories} stories, ${counts.docs} docs pages; screenshots in test-results/storybook/`);
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  const countsFile = opt('--counts');
  if (countsFile) writeFileSync(countsFile, `${JSON.stringify({ passed: counts.passed, failed: counts.failed })}\n`);
  return counts;
}

main().then(
  (counts) => process.exit(counts.failed > 0 ? 1 : 0),
  (err) => {
    console.error(err.message);
    const countsFile = opt('--counts');
    if (countsFile) writeFileSync(countsFile, `${JSON.stringify({ passed: 0, failed: 1 })}\n`);
    process.exit(1);
  },
);
