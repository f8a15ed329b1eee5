/**
 * `npm test`: typecheck, lint, Node tests (unit and loopback integration),
 * browser tests in real Chromium. Prints each step's output, then one bare
 * line `N passed, N failed` summing all of them, and exits non-zero on any
 * failure. `--only <step>` runs one step (typecheck, lint, unit, browser).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './find-chromium.mjs';

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

const steps = {
  async typecheck() {
    const code = await run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  },
  async lint() {
    const code = await run(bin('eslint'), ['.', '--max-warnings', '0']);
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  },
  async unit() {
    const files = readdirSync(join(root, 'test/node')).filter((f) => f.endsWith('.test.ts')).sort().map((f) => `test/node/${f}`);
    if (files.length === 0) return { passed: 0, failed: 1, note: 'no Node tests found' };
    const countFile = join(work, 'node-counts.json');
    const code = await run(process.execPath, [
      '--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=120000',
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/node-count-reporter.mjs', `--test-reporter-destination=${countFile}`,
      ...files,
    ]);
    const counts = readCounts(countFile) ?? { passed: 0, failed: 1 };
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    return counts;
  },
  async browser() {
    process.env.CHROME_PATH ||= findChromium();
    const countFile = join(work, 'wtr-counts.json');
    const code = await run(bin('wtr'), ['--config', 'web-test-runner.config.mjs'], { OZ_WTR_COUNT_FILE: countFile });
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
