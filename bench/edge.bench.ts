/**
 * The development edge over loopback: how many events per second one edge
 * streams to 100 concurrent clients (the writer agent, pace 0: every chunk in
 * one burst), and how long a resume request waits for its first event
 * (median): a reconnect with Last-Event-ID, and a resume answering an
 * interrupt (helper, approved). Clients are node:http in the same process
 * (they count frames, they do not parse them), so the figures are conservative.
 */
import { request } from 'node:http';
import { agentRoutePath } from '../src/protocol/index.js';
import { startEdge, type StartedEdge } from '../server/edge/index.js';
import type { BenchRow } from './types.js';

const CLIENTS = 100;
const CHUNKS = 2000;
const SAMPLES = 40;

const now = () => performance.now();

interface Read {
  events: number;
  lastId: string | undefined;
  firstEventMs: number;
  body: string;
}

/** Posts a run and reads its stream, counting frames; `keep` keeps the text (to read interrupts). */
function run(edge: StartedEdge, agent: string, body: unknown, headers: Record<string, string> = {}, keep = false): Promise<Read> {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const out: Read = { events: 0, lastId: undefined, firstEventMs: NaN, body: '' };
    const req = request(edge.url + agentRoutePath(agent, 'acme'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ana-token', ...headers },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      res.setEncoding('utf8');
      let tail = '';
      res.on('data', (chunk: string) => {
        const text = tail + chunk;
        let at = text.indexOf('\n\n');
        let from = 0;
        while (at >= 0) {
          if (text.startsWith('id: ', from)) {
            if (out.events === 0) out.firstEventMs = now() - t0;
            out.events += 1;
            out.lastId = text.slice(from + 4, text.indexOf('\n', from));
          }
          from = at + 2;
          at = text.indexOf('\n\n', from);
        }
        tail = text.slice(from);
        if (keep) out.body += chunk;
      });
      res.on('end', () => resolve(out));
    });
    req.end(JSON.stringify(body));
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const user = (content: string) => [{ id: 'u1', role: 'user', content }];

async function throughput(edge: StartedEdge): Promise<number> {
  const t0 = now();
  const reads = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => run(edge, 'writer', { threadId: `bench-${i}`, runId: 'r1', messages: user(`chunks=${CHUNKS} pace=0`) })));
  const seconds = (now() - t0) / 1000;
  return reads.reduce((n, r) => n + r.events, 0) / seconds;
}

async function reconnectLatency(edge: StartedEdge): Promise<number> {
  const times: number[] = [];
  const body = { threadId: 'bench-reconnect', runId: 'r1', messages: user('chunks=400 pace=0') };
  const whole = await run(edge, 'writer', body);
  const ids = Array.from({ length: whole.events }, (_, i) => i);
  for (let i = 0; i < SAMPLES; i++) {
    const middle = `${whole.lastId!.split('.')[0]}.${1 + ids[(i * 7) % (whole.events - 2)]!}`;
    const r = await run(edge, 'writer', body, { 'Last-Event-ID': middle });
    times.push(r.firstEventMs);
  }
  return median(times);
}

async function interruptResumeLatency(edge: StartedEdge): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const threadId = `bench-resume-${i}`;
    const first = await run(edge, 'helper', { threadId, runId: 'r1', messages: user('Please greet the team') }, {}, true);
    const id = /"interrupts":\[\{"id":"([^"]+)"/.exec(first.body)?.[1];
    if (!id) throw new Error('helper did not interrupt');
    const r = await run(edge, 'helper', { threadId, runId: 'r2', messages: [], resume: [{ interruptId: id, status: 'resolved', payload: { approved: true } }] });
    times.push(r.firstEventMs);
  }
  return median(times);
}

/** The edge's rows. */
export default async function edgeBench(): Promise<BenchRow[]> {
  const edge = await startEdge({ log: () => {} });
  try {
    await throughput(edge); // warm-up
    const eventsPerSecond = await throughput(edge);
    const reconnect = await reconnectLatency(edge);
    const resume = await interruptResumeLatency(edge);
    return [
      { name: `edge: events/s to ${CLIENTS} concurrent clients (writer, pace 0, loopback)`, value: eventsPerSecond, unit: 'events/s' },
      { name: 'edge: reconnect with Last-Event-ID -> first event (median)', value: reconnect, unit: 'ms' },
      { name: 'edge: interrupt resume -> first event (median)', value: resume, unit: 'ms' },
    ];
  } finally {
    await edge.close();
  }
}
