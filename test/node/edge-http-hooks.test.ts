/**
 * The edge's runtime hooks over HTTP (`/__edge/change-interrupt`,
 * `refuse-decision`, `fail-recheck`, `skip-ahead`, `cancel-job`), each reaching
 * what it stands for on a real run, and the shiftable clock: a real clock that
 * `/__edge/clock` moves forward, so turns run in real time and a deadline is
 * reached at once.
 */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { agentRoutePath } from '../../src/protocol/index.js';
import { startEdge, type StartEdgeOptions, type StartedEdge } from '../../server/edge/index.js';
import { createShiftableClock } from '../../server/edge/runtime/index.js';
import { followRun, send, type Received } from './edge-http-client.js';

let edge: StartedEdge | undefined;
afterEach(() => edge?.close());

async function start(options: StartEdgeOptions = {}): Promise<StartedEdge> {
  edge = await startEdge({ log: () => {}, runtimeOptions: { agentParams: { writer: { paceMs: 0 } } }, ...options });
  return edge;
}

const ana = { Authorization: 'Bearer ana-token' };
const user = (content: string) => [{ id: 'u1', role: 'user', content }];
interface Loose {
  type: string;
  code?: string;
  message?: string;
  name?: string;
  value?: { interruptId: string; outcome: string; approved?: boolean };
  metadata?: Record<string, unknown>;
  outcome?: { type: string; interrupts: Array<{ id: string; expiresAt: string }> };
}
const loose = (events: Received[]) => events.map((e) => e.event as unknown as Loose);
const last = (events: Received[]) => loose(events).at(-1)!;
const hook = (e: StartedEdge, name: string, body: unknown) => send(`${e.url}/__edge/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Starts a turn of `agent` and returns its interrupts once the run ends waiting. */
async function interrupted(e: StartedEdge, agent: string, threadId: string, text: string) {
  const route = e.url + agentRoutePath(agent, 'acme');
  const run = await followRun(route, { threadId, runId: `${threadId}-1`, messages: user(text) }, ana);
  const end = last(run.events);
  assert.equal(end.outcome?.type, 'interrupt', `${agent} waits`);
  return { route, interrupts: end.outcome!.interrupts, events: run.events };
}

const resume = (route: string, threadId: string, runId: string, entries: unknown[]) => followRun(route, { threadId, runId, messages: [], resume: entries }, ana);

describe('edge http: runtime hooks', () => {
  test('change-interrupt: the old id ends a resume with interrupt_changed; the new id is answered', async () => {
    const e = await start();
    const { route, interrupts } = await interrupted(e, 'helper', 'h-1', 'Please greet the team');
    const old = interrupts[0]!.id;
    const changed = await hook(e, 'change-interrupt', { interruptId: old });
    assert.equal(changed.status, 200);
    const fresh = changed.json().interruptId as string;
    assert.notEqual(fresh, old);
    const refused = await resume(route, 'h-1', 'h-1-2', [{ interruptId: old, status: 'resolved', payload: { approved: true } }]);
    assert.equal(last(refused.events).code, 'interrupt_changed');
    const taken = await resume(route, 'h-1', 'h-1-3', [{ interruptId: fresh, status: 'resolved', payload: { approved: true } }]);
    assert.equal(last(taken.events).outcome?.type, 'success');
  });

  test('refuse-decision: the partial case over HTTP: the entry before it decided and named, the rest open', async () => {
    const e = await start();
    const { route, interrupts } = await interrupted(e, 'pair', 'p-1', 'Prepare the launch');
    assert.equal(interrupts.length, 2, 'both steps wait at once');
    const deploy = interrupts[0]!;
    const notes = interrupts[1]!;
    assert.equal((await hook(e, 'refuse-decision', { interruptId: notes.id })).status, 200);
    const run = await resume(route, 'p-1', 'p-1-2', [
      { interruptId: deploy.id, status: 'resolved', payload: { approved: true } },
      { interruptId: notes.id, status: 'resolved', payload: { answer: 'blog' } },
    ]);
    const events = loose(run.events);
    const end = events.at(-1)!;
    assert.equal(end.code, 'failed_precondition');
    assert.equal(end.metadata?.['oz0/entry'], notes.id);
    assert.deepEqual(end.metadata?.['oz0/decided'], [deploy.id]);
    assert.deepEqual(end.metadata?.['oz0/not-decided'], [notes.id]);
    assert.deepEqual(
      events.filter((ev) => ev.name === 'oz0.resume').map((ev) => ev.value),
      [{ interruptId: deploy.id, outcome: 'decided', approved: true }],
    );
  });

  test("refuse-answer: OZ's own check refuses the answer at a field (invalid_resume), nothing decided; without it the same answer is taken", async () => {
    const e = await start();
    const { route, interrupts } = await interrupted(e, 'asker', 'q-1', 'Plan the offsite');
    const id = interrupts[0]!.id;
    assert.equal((await hook(e, 'refuse-answer', { interruptId: id, field: 'answer', reason: 'that team is away that month' })).status, 200);
    const run = await resume(route, 'q-1', 'q-1-2', [{ interruptId: id, status: 'resolved', payload: { answer: 'design' } }]);
    const end = last(run.events);
    assert.equal(end.code, 'invalid_resume');
    assert.equal(end.metadata?.['oz0/entry'], id);
    assert.equal(end.metadata?.['oz0/field'], 'answer');
    assert.equal(end.metadata?.['oz0/reason'], 'that team is away that month');
    assert.equal(loose(run.events).filter((ev) => ev.name === 'oz0.resume').length, 0);
    assert.equal((await hook(e, 'refuse-answer', { interruptId: id })).status, 400);
  });

  test('fail-recheck on the shiftable clock: past the re-check age a yes is refused with the reason and the step denied', async () => {
    const clock = createShiftableClock();
    const e = await start({ runtimeOptions: { clock, agentParams: { writer: { paceMs: 0 } } } });
    const { route, interrupts } = await interrupted(e, 'helper', 'r-1', 'Please greet the team');
    const id = interrupts[0]!.id;
    assert.equal((await hook(e, 'fail-recheck', { interruptId: id, reason: 'the channel is now external' })).status, 200);
    const moved = await hook(e, 'clock', { advanceMs: 11 * 60 * 1000 });
    assert.equal(moved.status, 200);
    assert.ok(clock.offsetMs >= 11 * 60 * 1000);
    const run = await resume(route, 'r-1', 'r-1-2', [{ interruptId: id, status: 'resolved', payload: { approved: true } }]);
    const events = loose(run.events);
    const end = events.at(-1)!;
    assert.equal(end.code, 'permission_denied');
    assert.equal(end.metadata?.['oz0/entry'], id);
    assert.equal(end.metadata?.['oz0/reason'], 'the channel is now external');
    const outcome = events.find((ev) => ev.name === 'oz0.resume')!;
    assert.deepEqual(outcome.value, { interruptId: id, outcome: 'decided', approved: false });
  });

  test('the shiftable clock: a turn runs in real time; advancing past the deadline expires the interrupt at once', async () => {
    const clock = createShiftableClock();
    const e = await start({ runtimeOptions: { clock } });
    const { route, interrupts } = await interrupted(e, 'helper', 'x-1', 'Please greet the team');
    const deadline = Date.parse(interrupts[0]!.expiresAt);
    const moved = await hook(e, 'clock', { advanceMs: deadline - clock.now() + 1000 });
    assert.ok((moved.json() as { now: number }).now > deadline);
    const run = await resume(route, 'x-1', 'x-1-2', [{ interruptId: interrupts[0]!.id, status: 'resolved', payload: { approved: true } }]);
    assert.equal(last(run.events).code, 'interrupt_expired');
  });

  test('skip-ahead: the streamed message ends where it is, and the turn ends with its whole answer', async () => {
    const e = await start({ runtimeOptions: { agentParams: { writer: { paceMs: 20 } } } });
    const route = e.url + agentRoutePath('writer', 'acme');
    let skipped: Promise<number> | undefined;
    const run = await followRun(route, { threadId: 's-1', runId: 's-1-1', messages: user('chunks=200 size=8') }, ana, (stream) => {
      skipped ??= stream.until((s) => s.events.some((ev) => ev.event.type === 'TEXT_MESSAGE_CONTENT')).then(async () => (await hook(e, 'skip-ahead', { runId: 's-1-1' })).status);
    });
    assert.equal(await skipped, 200);
    const starts = loose(run.events).filter((ev) => ev.type === 'TEXT_MESSAGE_START');
    assert.equal(starts.length, 2, 'the cut message, then the whole answer');
    assert.equal(last(run.events).outcome?.type, 'success');
  });

  test('cancel-job: the waiting turn ends cancelled; unknown interrupts and jobs are 404, bad bodies 400, GET 405', async () => {
    const e = await start();
    const { route, interrupts } = await interrupted(e, 'helper', 'c-1', 'Please greet the team');
    const audit = (await send(`${e.url}/__edge/audit`)).json().entries as Array<{ action: string; job?: string; details?: { threadId?: string } }>;
    const job = audit.find((a) => a.action === 'run.start' && a.details?.threadId === 'c-1')!.job!;
    assert.equal((await hook(e, 'cancel-job', { job })).status, 200);
    const again = await followRun(route, { threadId: 'c-1', runId: 'c-1-1', messages: user('Please greet the team') }, ana);
    assert.equal(last(again.events).outcome?.type, 'interrupt', 'the run that ended waiting is read again as it was');
    const answered = await resume(route, 'c-1', 'c-1-2', [{ interruptId: interrupts[0]!.id, status: 'resolved', payload: { approved: true } }]);
    // Answering now resumes a turn that was cancelled: it ends cancelled, not with the greeting sent.
    assert.equal(last(answered.events).outcome?.type, 'cancelled');
    assert.equal((await hook(e, 'cancel-job', { job: 'job-nope' })).status, 404);
    assert.equal((await hook(e, 'change-interrupt', { interruptId: 'ozi1.nope' })).status, 404);
    assert.equal((await hook(e, 'refuse-decision', {})).status, 400);
    assert.equal((await hook(e, 'fail-recheck', { interruptId: 'x', reason: 3 })).status, 400);
    assert.equal((await send(`${e.url}/__edge/skip-ahead`)).status, 405);
  });
});
