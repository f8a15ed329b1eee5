/**
 * What the proxy benches share: a fake loopback SSE upstream (the agent in
 * the path names its mode: `latency`, `throughput`, `hold`, `run5000`), a
 * node:http client measuring per-event latency and throughput, and the
 * `oz-agui-proxy` CLI bundled to plain JavaScript in its own process.
 */
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The inspector's key every bench proxy takes. */
export const BENCH_INSPECT_KEY = 'bench-inspect-key-0123456789';
/** Events of a `run5000` run: a 5,000-event answer of token-sized deltas. */
export const RUN_EVENTS = 5000;

export const root = fileURLToPath(new URL('..', import.meta.url));
export const LATENCY_EVENTS = 400;
export const THROUGHPUT_BYTES = 64 * 1024 * 1024;
export const STREAMS = 1000;

export const now = () => Number(process.hrtime.bigint());

export function fakeUpstream(): http.Server {
  const payload = `data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"${'x'.repeat(900)}"}\n\n`;
  return http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const mode = /\/agents\/(\w+)/.exec(req.url ?? '')?.[1]; // the agent names the mode (only the route goes upstream)
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.flushHeaders();
      if (mode === 'latency') {
        for (let i = 1; i <= LATENCY_EVENTS && !res.destroyed; i++) {
          res.write(`id: ${i}\ndata: {"type":"CUSTOM","name":"bench","value":{"t":${now()}}}\n\n`);
          await new Promise((r) => setTimeout(r, 2));
        }
        res.end();
      } else if (mode === 'throughput') {
        let sent = 0;
        let id = 0;
        while (sent < THROUGHPUT_BYTES && !res.destroyed) {
          const frame = `id: ${++id}\n${payload}`;
          sent += frame.length;
          if (!res.write(frame)) await new Promise((r) => res.once('drain', r));
        }
        res.end();
      } else if (mode === 'run5000') {
        for (let i = 1; i <= RUN_EVENTS && !res.destroyed; i++) {
          const frame = `id: ${i}\ndata: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":" token${i} of the answer"}\n\n`;
          if (!res.write(frame)) await new Promise((r) => res.once('drain', r));
        }
        res.end(`id: ${RUN_EVENTS + 1}\ndata: {"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n\n`);
      } else {
        res.write(': open\n\n'); // held open until the client goes
      }
    });
  });
}

export function request(base: string, mode: string, agent: http.Agent): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/v1/agui/agents/${mode}?tenant=acme`, { method: 'POST', agent, headers: { 'Content-Type': 'application/json' } });
    req.on('response', resolve);
    req.on('error', reject);
    // A run of its own each time, so the feed records every one (the same runId would be deduplicated).
    req.end(JSON.stringify({ threadId: 't', runId: `r-${process.hrtime.bigint()}`, messages: [] }));
  });
}

export async function latencies(base: string, agent: http.Agent): Promise<number[]> {
  const res = await request(base, 'latency', agent);
  const out: number[] = [];
  let buf = '';
  for await (const chunk of res) {
    const at = now();
    buf += chunk.toString();
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const m = /"t":(\d+)/.exec(buf.slice(0, i));
      if (m) out.push((at - Number(m[1])) / 1e6);
      buf = buf.slice(i + 2);
    }
  }
  return out.slice(20); // warm-up
}

export async function throughput(base: string, agent: http.Agent): Promise<number> {
  const start = now();
  const res = await request(base, 'throughput', agent);
  let bytes = 0;
  for await (const chunk of res) bytes += (chunk as Buffer).length;
  return bytes / 1024 / 1024 / ((now() - start) / 1e9);
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * The CLI as the package ships it: bundled to plain JavaScript (esbuild, which
 * tsx brings), so the figures are the proxy's and not a TypeScript loader's.
 * Falls back to tsx when esbuild is not there.
 */
export async function proxyCommand(): Promise<string[]> {
  try {
    const esbuild = await import('esbuild');
    // Beside node_modules, so that the optional ioredis (left out of the bundle, as the package leaves it) resolves.
    const outDir = join(root, 'node_modules', '.cache');
    mkdirSync(outDir, { recursive: true });
    const outfile = join(mkdtempSync(join(outDir, 'oz-proxy-bench-')), 'cli.mjs');
    await esbuild.build({ entryPoints: [join(root, 'server/proxy/cli.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, external: ['ioredis'], logLevel: 'silent' });
    return [outfile];
  } catch {
    return ['--import', 'tsx', 'server/proxy/cli.ts'];
  }
}

export function startProxyProcess(command: string[], upstream: string, inspect: boolean | string[] = false): Promise<{ child: ChildProcess; url: string }> {
  const extra = inspect === true ? ['--inspect'] : inspect === false ? [] : inspect;
  const child = spawn(process.execPath, [...command, '--upstream', upstream, '--port', '0', ...extra], {
    cwd: root,
    env: { ...process.env, OZ_APP_TOKEN: 'bench-token', OZ_INSPECT_KEY: BENCH_INSPECT_KEY },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.on('exit', (code) => reject(new Error(`the proxy exited (${code})`)));
  });
}
