/**
 * Issue #19 through the CLI (`oz-agui-proxy`, spawned on loopback): every
 * cross-site request, path escape and raw NUL of the table refused with its
 * code, the counting upstream never asked; the good request forwarded.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TOKEN, within } from './proxy-helpers.js';
import { APP, CROSS_SITE, GOOD, PATH_ESCAPES, RAW_LINE, assertRefusal, rawRequest, startCountingUpstream } from './proxy-rules.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const up = await startCountingUpstream();
const child = spawn(process.execPath, ['--import', 'tsx', 'server/proxy/cli.ts', '--upstream', up.url, '--port', '0', '--base-path', '/api', '--allow-origin', APP], {
  cwd: root,
  env: { ...process.env, OZ_APP_TOKEN: TOKEN },
  stdio: ['ignore', 'pipe', 'pipe'],
});
after(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await up.close();
});

/** The CLI's URL, from its first line of output. */
function listening(): Promise<string> {
  let out = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the CLI exited (${code})`)));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
  });
}

test('oz-agui-proxy: every cross-site request, path escape and raw NUL is refused with its code, the upstream never asked', async () => {
  const url = await within(listening(), 30_000, 'the CLI to listen');
  for (const c of [...CROSS_SITE, ...PATH_ESCAPES, ...RAW_LINE]) {
    const a = await rawRequest(url, c, '/api');
    assertRefusal({ status: a.status, contentType: a.headers['content-type'] ?? '', body: a.body }, c);
  }
  assert.deepEqual({ requests: up.requests, connections: up.connections }, { requests: 0, connections: 0 }, 'the upstream heard of a refused request');
  const good = await rawRequest(url, GOOD, '/api');
  assert.equal(good.status, 200);
  assert.equal(up.requests, 1);
  assert.equal(up.targets[0], '/v1/agui/agents/helper?tenant=acme');
});
