/**
 * The proxy's cost over a direct connection to the edge, through the real
 * `oz-agui-proxy` CLI in its own process: latency added per event (median),
 * throughput ratio, and the proxy's RSS with 1,000 concurrent open streams.
 * The upstream is a fake loopback SSE server in this process (so send and
 * receive times share one clock), and the client is node:http. The same
 * figures again with the inspection feed on (`--inspect`: every run teed,
 * parsed, redacted and kept, bounded), against the proxy with it off.
 */
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { BenchRow } from './types.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const LATENCY_EVENTS = 400;
const THROUGHPUT_BYTES = 64 * 1024 * 1024;
const STREAMS = 1000;

const now = () => Number(process.hrtime.bigint());

function fakeUpstream(): http.Server {
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
      } else {
        res.write(': open\n\n'); // held open until the client goes
      }
    });
  });
}

function request(base: string, mode: string, agent: http.Agent): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/v1/agui/agents/${mode}?tenant=acme`, { method: 'POST', agent, headers: { 'Content-Type': 'application/json' } });
    req.on('response', resolve);
    req.on('error', reject);
    // A run of its own each time, so the feed records every one (the same runId would be deduplicated).
    req.end(JSON.stringify({ threadId: 't', runId: `r-${process.hrtime.bigint()}`, messages: [] }));
  });
}

async function latencies(base: string, agent: http.Agent): Promise<number[]> {
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

async function throughput(base: string, agent: http.Agent): Promise<number> {
  const start = now();
  const res = await request(base, 'throughput', agent);
  let bytes = 0;
  for await (const chunk of res) bytes += (chunk as Buffer).length;
  return bytes / 1024 / 1024 / ((now() - start) / 1e9);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * The CLI as the package ships it: bundled to plain JavaScript (esbuild, which
 * tsx brings), so the figures are the proxy's and not a TypeScript loader's.
 * Falls back to tsx when esbuild is not there.
 */
async function proxyCommand(): Promise<string[]> {
  try {
    const esbuild = await import('esbuild');
    const outfile = join(mkdtempSync(join(tmpdir(), 'oz-proxy-bench-')), 'cli.mjs');
    await esbuild.build({ entryPoints: [join(root, 'server/proxy/cli.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'silent' });
    return [outfile];
  } catch {
    return ['--import', 'tsx', 'server/proxy/cli.ts'];
  }
}

function startProxyProcess(command: string[], upstream: string, inspect = false): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...command, '--upstream', upstream, '--port', '0', ...(inspect ? ['--inspect'] : [])], {
    cwd: root,
    env: { ...process.env, OZ_APP_TOKEN: 'bench-token', OZ_INSPECT_KEY: 'bench-inspect-key-0123456789' },
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

export default async function proxyBench(): Promise<BenchRow[]> {
  const upstream = fakeUpstream();
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const direct = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const command = await proxyCommand();
  const first = await startProxyProcess(command, direct);
  const proxied = first.url;
  let child = first.child;
  const watched = await startProxyProcess(command, direct, true);
  const inspected = watched.url;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    await latencies(direct, agent);
    await latencies(proxied, agent); // warm every path
    await latencies(inspected, agent);
    const d: number[] = [];
    const p: number[] = [];
    const w: number[] = [];
    for (let round = 0; round < 3; round++) {
      d.push(...(await latencies(direct, agent)));
      p.push(...(await latencies(proxied, agent)));
      w.push(...(await latencies(inspected, agent)));
    }
    const added = median(p) - median(d);
    const feedAdded = median(w) - median(p);

    await throughput(direct, agent);
    await throughput(proxied, agent);
    await throughput(inspected, agent);
    let bestDirect = 0;
    let bestProxy = 0;
    let bestInspected = 0;
    for (let round = 0; round < 5; round++) {
      bestDirect = Math.max(bestDirect, await throughput(direct, agent));
      bestProxy = Math.max(bestProxy, await throughput(proxied, agent));
      bestInspected = Math.max(bestInspected, await throughput(inspected, agent));
    }
    const ratio = bestProxy / bestDirect;
    const feedRatio = bestInspected / bestProxy;
    const feedRss = rssMb(watched.child.pid!);
    const offRss = rssMb(first.child.pid!);
    watched.child.kill('SIGTERM');

    // A fresh proxy process for the memory figure, so the throughput runs' garbage is not counted.
    first.child.kill('SIGTERM');
    const second = await startProxyProcess(command, direct);
    child = second.child;
    const fresh = second.url;
    await latencies(fresh, agent);
    const idle = rssMb(child.pid!);
    const many = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const open = await Promise.all(Array.from({ length: STREAMS }, () => request(fresh, 'hold', many)));
    await Promise.all(open.map((res) => new Promise((r) => res.once('data', r))));
    await new Promise((r) => setTimeout(r, 500));
    const loaded = rssMb(child.pid!);
    for (const res of open) res.destroy();
    many.destroy();

    return [
      { name: 'proxy: latency added per event (median)', value: added, unit: 'ms', target: '< 1', pass: added < 1 },
      { name: 'proxy: event latency direct / proxied (median)', value: median(d), unit: `ms / ${median(p).toFixed(3)} ms` },
      { name: 'proxy: throughput proxy/direct', value: ratio, unit: `(${bestProxy.toFixed(0)} / ${bestDirect.toFixed(0)} MB/s)`, target: '>= 0.9', pass: ratio >= 0.9 },
      { name: `proxy: RSS with ${STREAMS} open streams`, value: loaded, unit: `MB (idle ${idle.toFixed(0)} MB)`, target: '< 150', pass: loaded < 150 },
      { name: 'proxy: latency the inspection feed adds per event (median, on - off)', value: feedAdded, unit: `ms (${median(w).toFixed(3)} ms on)`, target: '< 0.5', pass: feedAdded < 0.5 },
      // Saturated, CPU-bound: every event is parsed, redacted and serialized on the proxy's one thread (the person's latency above is the promise).
      { name: 'proxy: throughput inspection feed on/off (CPU-bound)', value: feedRatio, unit: `(${bestInspected.toFixed(0)} / ${bestProxy.toFixed(0)} MB/s)`, target: '>= 0.4', pass: feedRatio >= 0.4 },
      // Informative: RSS counts garbage not yet collected as well as the record (19 runs of at most 2 MiB of JSON each).
      { name: 'proxy: RSS after the same 19 runs, inspection feed on', value: feedRss, unit: `MB (feed off ${offRss.toFixed(0)} MB)` },
    ];
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
    watched.child.kill('SIGTERM');
    upstream.closeAllConnections();
    upstream.close();
  }
}
