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
import type { AddressInfo } from 'node:net';
import { fakeUpstream, latencies, median, proxyCommand, request, rssMb, startProxyProcess, STREAMS, throughput } from './proxy-harness.js';
import type { BenchRow } from './types.js';

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
      {
        name: 'proxy: throughput inspection feed on/off (CPU-bound)',
        value: feedRatio,
        unit: `(${bestInspected.toFixed(0)} / ${bestProxy.toFixed(0)} MB/s)`,
        target: '>= 0.4',
        pass: feedRatio >= 0.4,
      },
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
