import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { TOKEN, frame, jsonErrorOf, post, routeUrl, sseHead, startProxy, within } from './proxy-helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'oz-proxy-ca-'));
let edgeUrl = '';
const seenAuth: string[] = [];
let edge: https.Server;

before(async () => {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'ca.crt'),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  edge = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'ca.crt')) }, (req, res) => {
    seenAuth.push(req.headers.authorization ?? '');
    req.resume();
    req.on('end', () => {
      sseHead(res);
      res.end(frame(1));
    });
  });
  await new Promise<void>((r) => edge.listen(0, '127.0.0.1', r));
  edgeUrl = `https://127.0.0.1:${(edge.address() as AddressInfo).port}`;
});
after(() => {
  edge.closeAllConnections();
  edge.close();
  rmSync(dir, { recursive: true, force: true });
});

test('an edge with a private certificate: trusted with ca, 502 without', async () => {
  const trusted = await startProxy({ upstream: edgeUrl, ca: readFileSync(join(dir, 'ca.crt')) });
  const untrusted = await startProxy({ upstream: edgeUrl });
  try {
    const ok = await post(routeUrl(trusted.url));
    assert.equal(ok.status, 200);
    assert.equal(await ok.text(), frame(1));
    assert.equal(seenAuth.at(-1), `Bearer ${TOKEN}`);
    const bad = await post(routeUrl(untrusted.url));
    assert.equal(bad.status, 502);
    assert.equal((await jsonErrorOf(bad)).code, 'unavailable');
  } finally {
    await Promise.all([trusted.close(), untrusted.close()]);
  }
});

function runCli(args: string[], env: Record<string, string | undefined>): ChildProcess {
  const e: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (env.OZ_APP_TOKEN === undefined) delete e.OZ_APP_TOKEN;
  return spawn(process.execPath, ['--import', 'tsx', 'server/proxy/cli.ts', ...args], { cwd: root, env: e, stdio: ['ignore', 'pipe', 'pipe'] });
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((r) => child.on('exit', (code) => r(code)));

test('oz-agui-proxy: token from OZ_APP_TOKEN only, --cacert, --agents; stops on SIGTERM', async () => {
  const args = ['--upstream', edgeUrl, '--port', '0', '--cacert', join(dir, 'ca.crt'), '--agents', 'helper,asker', '--allow-origin', 'https://app.example.com'];
  const child = runCli(args, { OZ_APP_TOKEN: TOKEN });
  try {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    const url = await within(
      new Promise<string>((resolve) => {
        const check = () => {
          const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) resolve(m[1]!);
          else child.stdout!.once('data', check);
        };
        check();
      }),
      15_000,
      'the CLI to listen',
    );
    assert.ok(!out.includes(TOKEN));
    const ok = await post(routeUrl(url, 'helper'), { headers: { Origin: 'https://app.example.com' } });
    assert.equal(ok.status, 200);
    assert.equal(await ok.text(), frame(1));
    assert.equal(seenAuth.at(-1), `Bearer ${TOKEN}`);
    const refused = await post(routeUrl(url, 'delegator'));
    assert.equal(refused.status, 403);
    await refused.text();
    child.kill('SIGTERM');
    assert.equal(await within(exitOf(child), 5000, 'the CLI to stop'), 0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

test('oz-agui-proxy refuses to start without OZ_APP_TOKEN, and has no token flag', async () => {
  const noToken = runCli(['--upstream', edgeUrl, '--port', '0'], { OZ_APP_TOKEN: undefined });
  let err = '';
  noToken.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  assert.equal(await within(exitOf(noToken), 15_000, 'exit'), 2);
  assert.match(err, /OZ_APP_TOKEN/);
  const flag = runCli(['--upstream', edgeUrl, '--token', TOKEN], { OZ_APP_TOKEN: TOKEN });
  assert.equal(await within(exitOf(flag), 15_000, 'exit'), 2);
});
