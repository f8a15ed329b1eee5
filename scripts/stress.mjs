#!/usr/bin/env node
/**
 * `npm run test:stress`: runs the steps that depend on a browser and on timing
 * (browser, e2e, stories) several times each while busy loops keep every core
 * loaded, and prints how many rounds of each passed. A test that fails here
 * and not on an idle machine waits for time instead of for a state: fix it
 * there, never by raising a timeout. Not part of `npm test`.
 *
 *   node scripts/stress.mjs [--rounds 5] [--steps browser,e2e,stories] [--burners <n>]
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const rounds = Number(arg('rounds', '5'));
const steps = arg('steps', 'browser,e2e,stories').split(',');
const burnerCount = Number(arg('burners', String(availableParallelism())));
const root = fileURLToPath(new URL('..', import.meta.url));

/** A child that spins one core until it is killed. */
const burners = Array.from({ length: burnerCount }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
const stopBurners = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('exit', stopBurners);
process.on('SIGINT', () => process.exit(130));

const results = Object.fromEntries(steps.map((s) => [s, { passed: 0, failures: [] }]));
for (let round = 1; round <= rounds; round++) {
  for (const step of steps) {
    const started = Date.now();
    const run = spawnSync(process.execPath, ['scripts/test.mjs', '--only', step], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const out = `${run.stdout}${run.stderr}`;
    const counts = /(\d+) passed, (\d+) failed\s*$/.exec(out.trimEnd());
    const ok = run.status === 0;
    if (ok) results[step].passed += 1;
    else results[step].failures.push({ round, tail: out.trimEnd().split('\n').slice(-40).join('\n') });
    console.log(`round ${round} ${step}: ${ok ? 'passed' : 'FAILED'} (${counts ? `${counts[1]} passed, ${counts[2]} failed` : 'no count'}) in ${Math.round((Date.now() - started) / 1000)} s`);
  }
}
stopBurners();

let failed = 0;
for (const [step, r] of Object.entries(results)) {
  console.log(`${step}: ${r.passed} of ${rounds} rounds passed`);
  for (const f of r.failures) console.log(`--- ${step}, round ${f.round}:\n${f.tail}`);
  if (r.passed !== rounds) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
