/**
 * `npm test`: typecheck, the framework examples (Vue), the bundle size, lint, custom-elements.json current, Node tests (unit and loopback integration),
 * browser tests in real Chromium. Prints each step's output, then one bare
 * line `N passed, N failed` summing all of them, and exits non-zero on any
 * failure. `--only <step>` runs one step (typecheck, frameworks, size, lint, manifest, unit, browser, e2e, stories, pack).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './find-chromium.mjs';
import { findRedis } from './find-redis.mjs';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const work = mkdtempSync(join(tmpdir(), 'oz-agui-test-'));
const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}

function readCounts(file) {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).pop();
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Runs the node:test files of a folder (unit and loopback integration, or e2e) and counts them. */
async function nodeTests(dir, concurrency) {
  const files = readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `${dir}/${f}`);
  if (files.length === 0) return { passed: 0, failed: 1, note: `no tests found in ${dir}` };
  const countFile = join(work, `${dir.replaceAll('/', '-')}-counts.json`);
  const code = await run(process.execPath, [
    // The source condition: a test that imports an example's backend reaches `oz-agui/*` as the sources, built or not.
    '--import',
    'tsx',
    '--conditions=source',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-timeout=180000',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/node-count-reporter.mjs',
    `--test-reporter-destination=${countFile}`,
    ...files,
  ]);
  const counts = readCounts(countFile) ?? { passed: 0, failed: 1 };
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

const steps = {
  async typecheck() {
    const code = await run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  },
  async frameworks() {
    // The Vue example: its templates type-checked against oz-agui/vue (vue-tsc; a refused prop or event
    // type that is accepted fails it), then built by Vite with Vue's compiler told the tags are custom elements.
    // (The React and Svelte typings are checked by the typecheck step, the React example by e2e.)
    const checked = await run(bin('vue-tsc'), ['--noEmit', '-p', 'examples/vue/tsconfig.json']);
    const built = await run(bin('vite'), ['build', 'examples/vue', '--outDir', join(work, 'vue-build'), '--emptyOutDir', '--logLevel', 'warn']);
    const passed = [checked, built].filter((c) => c === 0).length;
    return { passed, failed: 2 - passed };
  },
  async size() {
    // The self-contained <oz-agent-chat> bundle against its gzip budget (bytes, deterministic).
    const code = await run(process.execPath, ['scripts/size-check.mjs']);
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  },
  async lint() {
    const code =
      (await run(bin('eslint'), ['.', '--max-warnings', '0'])) || (await run(bin('prettier'), ['--check', '.', '--log-level', 'warn'])) || (await run(process.execPath, ['scripts/import-cycles.mjs']));
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  },
  async manifest() {
    // custom-elements.json is generated from the elements' JSDoc (`npm run cem`): the committed one must be current.
    // The analyzer joins --outdir to the working directory, so it takes a relative one (git ignores node_modules).
    const out = join('node_modules', '.cache', 'oz-agui-cem');
    const code = await run(bin('cem'), ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', out, '--quiet']);
    const file = join(root, out, 'custom-elements.json');
    const fresh = code === 0 && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    const current = fresh !== undefined && fresh === readFileSync(join(root, 'custom-elements.json'), 'utf8');
    if (!current) console.error('custom-elements.json is not what the JSDoc says: run `npm run cem` and commit it');
    return { passed: current ? 1 : 0, failed: current ? 0 : 1 };
  },
  unit: () => {
    process.env.REDIS_SERVER ||= findRedis(); // the inspection feed's Redis store is tested against a real one
    return nodeTests('test/node', 2);
  },
  async browser() {
    process.env.CHROME_PATH ||= findChromium();
    const countFile = join(work, 'wtr-counts.json');
    // The live tests' plugin (scripts/wtr-live-edge.mjs) imports the edge and proxy sources (TypeScript).
    const nodeOptions = [process.env.NODE_OPTIONS, '--import tsx --conditions=source'].filter(Boolean).join(' ');
    const code = await run(bin('wtr'), ['--config', 'web-test-runner.config.mjs'], { OZ_WTR_COUNT_FILE: countFile, NODE_OPTIONS: nodeOptions });
    const counts = readCounts(countFile) ?? { passed: 0, failed: 1 };
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    return counts;
  },
  // playwright-core in Chromium against `npm start`'s servers; one file at a time (each starts them).
  e2e: () => nodeTests('test/e2e', 1),
  // The static Storybook built, every story opened in Chromium: no console error, zero axe violations (one pass per story).
  async stories() {
    const countFile = join(work, 'storybook-counts.json');
    const code = await run(process.execPath, ['scripts/storybook-check.mjs', '--counts', countFile]);
    const counts = readCounts(countFile) ?? { passed: 0, failed: 1 };
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    return counts;
  },
  // The package as an app developer gets it: packed, installed into a scratch app, every entry imported (scripts/pack-check.mjs).
  async pack() {
    process.env.CHROME_PATH ||= findChromium();
    const countFile = join(work, 'pack-counts.json');
    const code = await run(process.execPath, ['scripts/pack-check.mjs', '--counts', countFile]);
    const counts = readCounts(countFile) ?? { passed: 0, failed: 1 };
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    return counts;
  },
};

const total = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
for (const [name, step] of Object.entries(steps)) {
  if (only && only !== name) continue;
  console.log(`\n== ${name} ==`);
  let counts;
  try {
    counts = await step();
  } catch (err) {
    console.error(`${name}: ${err.message}`);
    counts = { passed: 0, failed: 1 };
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped ?? 0;
  lines.push(`${name}: ${counts.passed} passed, ${counts.failed} failed`);
}
rmSync(work, { recursive: true, force: true });
console.log(`\n${lines.join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
