/**
 * Issue #22: the command-line tools as a person runs them from a checkout,
 * after `npm install` alone (nothing built): `npx oz-agui-edge` and
 * `npx oz-agui-proxy` start, `--help` lists every option the tool takes, an
 * unknown option is refused with the usage, and the edge started this way
 * serves the route, through the proxy started this way.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
/** No built tools to fall back on: these run from the sources. */
const env = { ...process.env, NODE_OPTIONS: '' };

const EDGE_OPTIONS = ['--port', '--host', '--config', '--help', 'OZ_AGUI_EDGE_PORT', 'OZ_AGUI_EDGE_HOST', 'OZ_AGUI_EDGE_PUBLIC_URL'];
const PROXY_OPTIONS = [
  '--upstream',
  '--port',
  '--host',
  '--cacert',
  '--base-path',
  '--allow-origin',
  '--agents',
  '--tenants',
  '--inspect',
  '--inspect-max-runs',
  '--inspect-redis',
  '--help',
  'OZ_APP_TOKEN',
  'OZ_INSPECT_KEY',
  'OZ_INSPECT_REDIS_URL',
];

for (const [tool, options] of [
  ['oz-agui-edge', EDGE_OPTIONS],
  ['oz-agui-proxy', PROXY_OPTIONS],
] as const) {
  test(`npx ${tool} --help lists every option and variable it reads`, async () => {
    const { stdout } = await run(npx, ['--no-install', tool, '--help'], { cwd: root, env });
    for (const option of options) assert.match(stdout, new RegExp(`(^|\\s)${option}\\b`), `${option} is not in ${tool}'s help`);
    assert.match(stdout, /^Usage: /);
  });

  test(`npx ${tool} refuses an unknown option with its usage and exit code 2`, async () => {
    const failed = await run(npx, ['--no-install', tool, '--no-such-option'], { cwd: root, env }).then(
      () => assert.fail('an unknown option was taken'),
      (err: { code: number; stderr: string }) => err,
    );
    assert.equal(failed.code, 2);
    assert.match(failed.stderr, /no-such-option/);
    assert.match(failed.stderr, /Usage: /);
  });
}

test('npx oz-agui-edge refuses a port that is none and a config file it cannot read, naming them', async () => {
  for (const [args, said] of [
    [['--port', '70000'], /not a port: 70000/],
    [['--config', 'no-such-edge.json'], /no-such-edge\.json/],
  ] as const) {
    const failed = await run(npx, ['--no-install', 'oz-agui-edge', ...args], { cwd: root, env }).then(
      () => assert.fail(`${args.join(' ')} was taken`),
      (err: { code: number; stderr: string }) => err,
    );
    assert.equal(failed.code, 2, args.join(' '));
    assert.match(failed.stderr, said);
  }
});

/** Starts `tool` and resolves with the URL the first line matching `pattern` names. */
async function started(tool: string, args: string[], pattern: RegExp, extra: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(npx, ['--no-install', tool, ...args], { cwd: root, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (out += s));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running (it is detached): its whole group goes.
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      reject(new Error(`${tool} did not start: ${out}`));
    }, 30_000);
    child.stdout!.on('data', (s: string) => {
      out += s;
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`${tool} exited ${code}: ${out}`)));
  });
  return { child, url };
}

/** Stops a tool started through npx: its whole process group. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

test('the edge and the proxy started with npx serve a run end to end', async () => {
  const edge = await started('oz-agui-edge', ['--port', '0'], /development edge on (http:\/\/\S+)/);
  try {
    const proxy = await started('oz-agui-proxy', ['--upstream', edge.url, '--port', '0'], /oz-agui-proxy: (http:\/\/\S+) ->/, { OZ_APP_TOKEN: 'ana-token' });
    try {
      const body = { threadId: 't-cli', runId: 'r-cli', messages: [{ id: 'm1', role: 'user', content: 'hello' }], tools: [], context: [], state: {}, forwardedProps: {} };
      const res = await fetch(`${proxy.url}/v1/agui/agents/helper?tenant=acme`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 200);
      const text = await res.text();
      assert.match(text, /"type":"RUN_STARTED"/);
      assert.match(text, /"type":"RUN_FINISHED"/);
    } finally {
      await stop(proxy.child);
    }
  } finally {
    await stop(edge.child);
  }
});
