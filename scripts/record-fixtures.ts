/**
 * `npm run fixtures`: records each built-in scenario's streams from a real
 * development edge over HTTP, as NDJSON lines `{"id", "event", "t"}` (t: ms
 * on the virtual clock since the run's request), into
 * test/fixtures/runs/<scenario>[-<n>].ndjson (n: the scenario's run, when it
 * has several). Deterministic: a virtual clock advanced 1 ms at a time, a
 * counting id generator and a fixed public URL give identical files each time.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentRoutePath } from '../src/protocol/index.js';
import { startEdge, type StartedEdge } from '../server/edge/index.js';
import { createVirtualClock, type VirtualClock } from '../server/edge/runtime/index.js';
import { openStream, send, type Received, type Stream } from '../test/node/edge-http-client.js';

const OUT = fileURLToPath(new URL('../test/fixtures/runs/', import.meta.url));
const START = Date.UTC(2026, 0, 1, 9, 0, 0);
const PUBLIC_URL = 'https://edge.example.com:7443';

/** An interrupt as the recorder needs it. */
interface Interrupt {
  id: string;
  metadata?: Record<string, unknown>;
  reason?: string;
}

/** What a scenario's next run sends, from the run before. */
/**
 * `whenStuck` runs once nothing is left on the clock; `whenWaiting` once the run's last event is
 * oz0.waiting and the clock moved without a new event (before a wait's own deadline could pass).
 */
type Step = {
  agent: string;
  token?: string;
  body: (runs: Received[][]) => Record<string, unknown>;
  whenStuck?: (edge: StartedEdge, events: Received[]) => Promise<void>;
  whenWaiting?: (edge: StartedEdge, events: Received[]) => Promise<void>;
};

const user = (content: string, id = 'u1') => [{ id, role: 'user', content }];
/** The interrupts of the latest run before that ended with some (a refused resume leaves them open). */
function interrupts(runs: Received[][]): Interrupt[] {
  for (const events of [...runs].reverse()) {
    const last = events.at(-1)?.event as { outcome?: { interrupts?: Interrupt[] } } | undefined;
    if (last?.outcome?.interrupts?.length) return last.outcome.interrupts;
  }
  return [];
}
const resume = (runId: string, payload: (i: Interrupt) => unknown) => (runs: Received[][]) => ({
  threadId: '',
  runId,
  messages: [],
  resume: interrupts(runs).map((i) => ({ interruptId: i.id, status: 'resolved', payload: payload(i) })),
});
const first = (runId: string, text: string) => () => ({ threadId: '', runId, messages: user(text) });

/** Ben signs in to the console and approves what the oz0.waiting event lists. */
async function benApproves(edge: StartedEdge, events: Received[]): Promise<void> {
  const waiting = events.find((e) => e.event.type === 'CUSTOM' && (e.event as { name?: string }).name === 'oz0.waiting');
  const job = (waiting?.event as { value?: { waiting?: Array<{ job: string }> } } | undefined)?.value?.waiting?.[0]?.job;
  if (!job) throw new Error('stuck without an oz0.waiting event');
  const signIn = await send(`${edge.url}/console/sign-in?token=ben-token`);
  const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
  const page = await send(`${edge.url}/console/jobs/${job}`, { headers: { Cookie: cookie } });
  const interruptId = /name="interruptId" value="([^"]+)"/.exec(page.text)?.[1];
  if (!interruptId) throw new Error(`ben may decide nothing in ${job}`);
  const res = await send(`${edge.url}/console/jobs/${job}/decide`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: edge.url },
    body: new URLSearchParams({ interruptId, decision: 'approve' }).toString(),
  });
  if (res.status !== 303) throw new Error(`ben's decision was refused: ${res.status}`);
}

const SCENARIOS: Record<string, Step[]> = {
  'helper-approved': [
    { agent: 'helper', body: first('run-1', 'Please greet the team') },
    { agent: 'helper', body: resume('run-2', () => ({ approved: true, comment: 'go ahead' })) },
  ],
  'helper-denied': [
    { agent: 'helper', body: first('run-1', 'Please greet the team') },
    { agent: 'helper', body: resume('run-2', () => ({ approved: false, comment: 'not today' })) },
  ],
  asker: [
    { agent: 'asker', body: first('run-1', 'Plan the offsite') },
    { agent: 'asker', body: resume('run-2', () => ({ answer: 'design' })) },
    { agent: 'asker', body: resume('run-3', () => ({ date: '2026-03-12', people: 8 })) },
  ],
  delegator: [
    { agent: 'delegator', body: first('run-1', 'Release 2.1.0') },
    { agent: 'delegator', body: resume('run-2', () => ({ approved: true })), whenWaiting: benApproves },
  ],
  confirmer: [
    { agent: 'confirmer', body: first('run-1', 'Pay the invoice') },
    { agent: 'confirmer', body: resume('run-2', () => ({ approved: true, confirm: 'DE00000000000000000000' })) },
    { agent: 'confirmer', body: resume('run-3', () => ({ approved: true, confirm: 'DE89370400440532013000' })) },
  ],
  writer: [{ agent: 'writer', body: first('run-1', 'Write the plan. chunks=40 pace=5') }],
  board: [{ agent: 'board', body: first('run-1', 'Tidy the board') }],
  failing: [{ agent: 'failing', body: first('run-1', 'Try it') }],
  'failing-timeout': [{ agent: 'failing', body: first('run-1', 'Try it until timeout') }],
  quota: [{ agent: 'quota', body: first('run-1', 'Summarise everything') }],
  stepper: [{ agent: 'stepper', body: first('run-1', 'Open the steps') }],
  budget: [{ agent: 'budget', body: first('run-1', 'Run the big report') }],
  restarter: [
    { agent: 'restarter', body: first('run-1', 'Apply the new configuration') },
    { agent: 'restarter', body: resume('run-2', () => ({ approved: true })) },
  ],
  // Two interrupts at once (a step's approval and a step's question), answered in one resume; ben then
  // approves the four-eyes release in the console, and its step asks one more question.
  pair: [
    { agent: 'pair', body: first('run-1', 'Prepare the launch') },
    { agent: 'pair', body: resume('run-2', (i) => (i.reason === 'tool_call' ? { approved: true } : { answer: 'blog' })), whenWaiting: benApproves },
    { agent: 'pair', body: resume('run-3', () => ({ answer: 'yes' })) },
  ],
};

/** Reads one stream to its end, advancing the virtual clock 1 ms whenever every event written so far has arrived. */
async function drive(edge: StartedEdge, clock: VirtualClock, stream: Stream, step: Step, written0: number): Promise<void> {
  let ended = false;
  void stream.done.then(() => (ended = true));
  let idle = 0;
  while (!ended) {
    const written = edge.stats.snapshot().eventsWritten - written0;
    await stream.until((s) => s.events.length >= written);
    if (ended) break;
    const before = edge.stats.snapshot().eventsWritten;
    clock.advance(1);
    const quiet = edge.stats.snapshot().eventsWritten === before;
    const last = stream.events.at(-1)?.event as { type?: string; name?: string } | undefined;
    if (quiet && step.whenWaiting && last?.type === 'CUSTOM' && last.name === 'oz0.waiting') {
      const waiting = step.whenWaiting;
      step = { ...step, whenWaiting: undefined };
      await waiting(edge, stream.events);
      continue;
    }
    idle = quiet && clock.pending === 0 ? idle + 1 : 0;
    if (idle > 2) {
      if (!step.whenStuck) throw new Error('the run waits with nothing left on the clock');
      const stuck = step.whenStuck;
      step = { ...step, whenStuck: undefined };
      await stuck(edge, stream.events);
      idle = 0;
    }
    await new Promise((r) => setImmediate(r));
  }
}

function line(e: Received, t0: number): string {
  const ts = (e.event as { timestamp?: unknown }).timestamp;
  return JSON.stringify({ id: e.id, event: e.event, t: typeof ts === 'number' ? ts - t0 : 0 });
}

async function record(name: string, steps: Step[]): Promise<string[]> {
  const clock = createVirtualClock(START);
  let n = 0;
  const generateId = () => (++n).toString(16).padStart(16, '0');
  const edge = await startEdge({ runtimeOptions: { clock, generateId, publicUrl: PUBLIC_URL }, log: (m, e) => console.error(m, e) });
  const files: string[] = [];
  try {
    const runs: Received[][] = [];
    for (const [i, step] of steps.entries()) {
      const body = { ...step.body(runs), threadId: `${name}-thread` };
      const t0 = clock.now();
      const written0 = edge.stats.snapshot().eventsWritten;
      const stream = await openStream(edge.url + agentRoutePath(step.agent, 'acme'), body, { Authorization: `Bearer ${step.token ?? 'ana-token'}` });
      await drive(edge, clock, stream, step, written0);
      const prev = stream.events;
      runs.push(prev);
      const file = steps.length > 1 ? `${name}-${i + 1}.ndjson` : `${name}.ndjson`;
      writeFileSync(join(OUT, file), prev.map((e) => line(e, t0)).join('\n') + '\n');
      files.push(`${file} (${prev.length} events, ends ${prev.at(-1)?.event.type ?? 'nothing'})`);
    }
  } finally {
    await edge.close();
  }
  return files;
}

mkdirSync(OUT, { recursive: true });
for (const f of readdirSync(OUT)) if (f.endsWith('.ndjson')) rmSync(join(OUT, f));
for (const [name, steps] of Object.entries(SCENARIOS)) {
  for (const f of await record(name, steps)) console.log(`test/fixtures/runs/${f}`);
}
