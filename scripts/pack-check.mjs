/**
 * The package as an app developer gets it (issue 22; `npm test`'s `pack`
 * step, `npm run test:pack` alone): `npm pack` (which builds), then
 * - the tarball holds only what a user runs or reads (bin, dist, the
 *   manifest, README, LICENSE), no TypeScript source but declarations, and
 *   every source map carries its sources;
 * - its package.json: every export target and bin is in it, no `source`
 *   condition is left, every `sideEffects` entry names files that are there;
 * - installed into a scratch app (with Node's, React's, Vue's and Svelte's types): every
 *   entry imports in Node (core, agent, proxy, edge) and `npx oz-agui-edge
 *   --help` runs the built command; tsc accepts a file that imports every
 *   entry, uses the JSX, Vue and Svelte typings and refuses a wrong prop;
 * - in Chromium: every browser entry bundled by Vite from the scratch app
 *   (its `sideEffects` honoured) loads, the tags are defined, the answer check
 *   is found (with the elements, and from the core alone),
 *   and the plain-page bundle defines the chat and loads its lazy forms.
 * Prints each check, writes `{passed, failed}` to `--counts <file>`.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'oz-agui-pack-'));
const counts = { passed: 0, failed: 0 };
const countsFile = process.argv.includes('--counts') ? process.argv[process.argv.indexOf('--counts') + 1] : undefined;

async function check(name, fn) {
  try {
    await fn();
    counts.passed++;
    console.log(`ok   ${name}`);
  } catch (err) {
    counts.failed++;
    console.log(
      `FAIL ${name}\n     ${String([err?.stdout, err?.stderr].filter(Boolean).join('\n') || err?.message || err)
        .trim()
        .split('\n')
        .slice(0, 12)
        .join('\n     ')}`,
    );
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const versionOf = (name) => own.devDependencies[name] ?? own.dependencies[name];

// Whatever fails below, the checkout's package.json is put back (npm skips postpack when a pack
// fails) and the scratch folders go.
process.on('exit', () => {
  try {
    execFileSync(process.execPath, [join(root, 'scripts/pack-manifest.mjs'), 'restore']);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

// 1. Pack (prepack builds and leaves the `source` conditions out).
const { stdout: packed } = await run('npm', ['pack', '--pack-destination', work, '--json', '--foreground-scripts=false', '--loglevel=error'], { cwd: root, maxBuffer: 64 << 20 });
const info = JSON.parse(packed.slice(packed.indexOf('[')))[0];
const tarball = join(work, info.filename);
const files = new Set(info.files.map((f) => f.path));
console.log(`packed ${info.filename}: ${(info.size / 1e6).toFixed(2)} MB, ${(info.unpackedSize / 1e6).toFixed(2)} MB unpacked, ${info.entryCount} files`);
const unpacked = join(work, 'unpacked');
mkdirSync(unpacked);
await run('tar', ['xzf', tarball, '-C', unpacked]);
const pkgDir = join(unpacked, 'package');
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));

await check('the tarball holds only bin, dist, the manifest, README and LICENSE; no TypeScript source', () => {
  const top = new Set(['package.json', 'README.md', 'LICENSE', 'custom-elements.json']);
  const stray = [...files].filter((f) => !top.has(f) && !f.startsWith('bin/') && !f.startsWith('dist/'));
  assert(stray.length === 0, `not for users: ${stray.slice(0, 10).join(', ')}`);
  const sources = [...files].filter((f) => /\.(ts|tsx|vue|svelte)$/.test(f) && !f.endsWith('.d.ts'));
  assert(sources.length === 0, `sources: ${sources.slice(0, 10).join(', ')}`);
});

await check('every source map carries its sources', () => {
  const maps = [...files].filter((f) => f.endsWith('.map'));
  assert(maps.length > 0, 'no source maps');
  for (const f of maps) {
    const map = JSON.parse(readFileSync(join(pkgDir, f), 'utf8'));
    // A module of types only maps nothing: its mappings are empty.
    assert(map.version === 3 && typeof map.mappings === 'string' && Array.isArray(map.sources), `${f}: not a source map`);
    assert(Array.isArray(map.sourcesContent) && map.sourcesContent.length === map.sources.length && map.sourcesContent.every((s) => typeof s === 'string'), `${f}: sources not inlined`);
  }
});

await check('every export target and bin is in the tarball; no `source` condition is left', () => {
  const targets = [];
  const walk = (value, at) => {
    if (typeof value === 'string') targets.push([at, value]);
    else
      for (const [k, v] of Object.entries(value)) {
        assert(k !== 'source', `${at} keeps a source condition`);
        walk(v, `${at} ${k}`);
      }
  };
  walk(manifest.exports, 'exports');
  for (const [name, path] of Object.entries(manifest.bin)) targets.push([`bin ${name}`, path]);
  const missing = targets.filter(([, path]) => !files.has(normalize(path)));
  assert(missing.length === 0, `missing: ${missing.map(([at, p]) => `${at} -> ${p}`).join(', ')}`);
});

await check('every sideEffects entry names files in the tarball', () => {
  for (const entry of manifest.sideEffects) {
    const pattern = new RegExp(`^${normalize(entry).replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);
    assert(
      [...files].some((f) => pattern.test(f)),
      `${entry} matches nothing`,
    );
  }
});

// 2. A scratch app that installs the tarball, with the frameworks' types beside it.
const app = join(work, 'app');
mkdirSync(app);
const deps = { 'oz-agui': `file:${tarball}` };
for (const name of ['typescript', '@types/node', 'react', 'react-dom', '@types/react', 'vue', 'svelte']) deps[name] = versionOf(name);
writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module', dependencies: deps }, null, 2));
await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, maxBuffer: 64 << 20 });

await check('every Node entry imports from the installed package', async () => {
  for (const entry of ['oz-agui', 'oz-agui/agent', 'oz-agui/proxy', 'oz-agui/proxy/node', 'oz-agui/proxy/express', 'oz-agui/edge']) {
    await run(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(entry)}); if (Object.keys(m).length === 0) throw new Error('no exports');`], { cwd: app });
  }
});

await check('npx oz-agui-edge --help and npx oz-agui-proxy --help run the built commands', async () => {
  for (const tool of ['oz-agui-edge', 'oz-agui-proxy']) {
    const { stdout } = await run('npx', ['--no-install', tool, '--help'], { cwd: app });
    assert(stdout.startsWith('Usage: '), `${tool}: ${stdout.slice(0, 80)}`);
  }
});

await check('tsc accepts every entry and the JSX, Vue and Svelte typings, and refuses a wrong prop', async () => {
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: ['node'],
      },
      include: ['check.tsx'],
    }),
  );
  writeFileSync(
    join(app, 'check.tsx'),
    `
import { createThreadStore, loadAnswerCheck } from 'oz-agui';
import { OzAgent } from 'oz-agui/agent';
import { OzAgentChat as ChatElement } from 'oz-agui/elements';
import 'oz-agui/define';
import { OzInspector as InspectorElement } from 'oz-agui/inspector';
import 'oz-agui/inspector/define';
import { OzAgentChat, type OzSendEvent } from 'oz-agui/react';
import { OzInspector } from 'oz-agui/react/inspector';
import type {} from 'oz-agui/react/jsx';
import type {} from 'oz-agui/vue';
import type {} from 'oz-agui/svelte';
import type { GlobalComponents } from 'vue';
import type { SvelteHTMLElements } from 'svelte/elements';
import { createAguiProxy } from 'oz-agui/proxy';
import { toNodeHandler } from 'oz-agui/proxy/node';
import { startEdge } from 'oz-agui/edge';
export const values = [createThreadStore, loadAnswerCheck, OzAgent, ChatElement, InspectorElement, createAguiProxy, toNodeHandler, startEdge];
export const jsx = [
  <OzAgentChat endpoint="/agui" agent="helper" onOzSend={(e: OzSendEvent) => e.text} />,
  <OzInspector docked />,
  <oz-agent-chat agent="helper" onoz-send={(e) => e.text} />,
  // @ts-expect-error: agent is a string
  <OzAgentChat agent={1} />,
];
export type VueChat = GlobalComponents['oz-agent-chat'];
export const svelte: SvelteHTMLElements['oz-agent-chat'] = { agent: 'helper', 'onoz-send': (e) => e.text };
`,
  );
  await run(join(app, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: app });
});

// 3. In Chromium: the elements bundled from the installed package, and the plain-page bundle.
const www = join(work, 'www');
mkdirSync(www);
writeFileSync(
  join(app, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>scratch</title></head><body><script type="module" src="./main.js"></script></body></html>',
);
writeFileSync(
  join(app, 'main.js'),
  `
import 'oz-agui/define';
import 'oz-agui/inspector/define';
import { loadAnswerCheck } from 'oz-agui';
import * as elements from 'oz-agui/elements';
import * as inspector from 'oz-agui/inspector';
import * as agent from 'oz-agui/agent';
import * as react from 'oz-agui/react';
import * as reactInspector from 'oz-agui/react/inspector';
const check = await loadAnswerCheck().then((c) => typeof c, (e) => String(e));
const entries = { elements: elements.OzAgentChat, inspector: inspector.OzInspector, agent: agent.OzAgent, react: react.OzAgentChat, reactInspector: reactInspector.OzInspector };
const empty = Object.entries(entries).filter(([, v]) => !v).map(([k]) => k);
window.__result = { chat: !!customElements.get('oz-agent-chat'), inspector: !!customElements.get('oz-inspector'), check, empty };
`,
);
// The core alone (no elements, whose define also sets where the check loads from): a resume needs it.
writeFileSync(
  join(app, 'core.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>core</title></head><body><script type="module" src="./core.js"></script></body></html>',
);
writeFileSync(
  join(app, 'core.js'),
  `
import { loadAnswerCheck } from 'oz-agui';
window.__result = await loadAnswerCheck().then((c) => typeof c, (e) => String(e));
`,
);
const { build } = await import('vite');
const input = { index: join(app, 'index.html'), core: join(app, 'core.html') };
await build({ root: app, base: './', configFile: false, logLevel: 'warn', build: { outDir: join(www, 'app'), emptyOutDir: true, target: 'es2022', rolldownOptions: { input } } });
mkdirSync(join(www, 'plain'));
for (const f of ['oz-agent-chat.js', ...[...files].filter((f) => f.startsWith('dist/bundle/oz-agent-chat-')).map((f) => f.slice('dist/bundle/'.length))]) {
  writeFileSync(join(www, 'plain', f), readFileSync(join(app, 'node_modules/oz-agui/dist/bundle', f)));
}
writeFileSync(
  join(www, 'plain', 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>plain</title></head><body><oz-agent-chat endpoint="/agui" agent="helper" tenant="acme"></oz-agent-chat><script type="module" src="./oz-agent-chat.js"></script></body></html>',
);

const types = { '.html': 'text/html', '.js': 'text/javascript' };
const server = createServer((req, res) => {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    return void res.writeHead(400).end();
  }
  const path = join(www, normalize(pathname).replace(/\/$/, '/index.html'));
  if (!path.startsWith(www) || !existsSync(path)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
  createReadStream(path).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
try {
  await check('Chromium: every browser entry bundled by Vite from the package loads; the tags are defined and the answer check found', async () => {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${origin}/app/`);
    await page.waitForFunction(() => window.__result !== undefined, undefined, { timeout: 30_000 }).catch(() => assert(false, `no result: ${errors.join('; ')}`));
    const result = await page.evaluate(() => window.__result);
    assert(result.chat && result.inspector && result.check === 'function' && result.empty.length === 0 && errors.length === 0, JSON.stringify({ result, errors }));
  });
  await check('Chromium: the core alone, bundled by Vite from the package, finds the answer check a resume needs', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/app/core.html`);
    await page.waitForFunction(() => window.__result !== undefined, undefined, { timeout: 30_000 });
    const result = await page.evaluate(() => window.__result);
    assert(result === 'function', String(result));
  });
  await check('Chromium: the plain-page bundle defines the chat and loads its lazy forms from beside it', async () => {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}/plain/`);
    await page.evaluate(() => Promise.race([customElements.whenDefined('oz-interrupts'), new Promise((_, reject) => setTimeout(() => reject(new Error('the forms did not load')), 20_000))]));
    assert((await page.locator('oz-agent-chat textarea').count()) === 1 && errors.length === 0, JSON.stringify({ errors }));
  });
} finally {
  await browser.close();
  server.close();
}

console.log(`\npack: ${counts.passed} passed, ${counts.failed} failed`);
if (countsFile) writeFileSync(countsFile, `${JSON.stringify(counts)}\n`);
process.exit(counts.failed > 0 ? 1 : 0);
