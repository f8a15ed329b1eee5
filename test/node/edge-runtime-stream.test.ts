/** The edge runtime: what a run streams, row by row of the spec's table. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AguiEvent } from '../../src/protocol/index.js';
import { EventType, MAX_OPEN_STEPS, OZ_CARD, readSpendRefusal } from '../../src/protocol/index.js';
import { checkEvents, custom, input, interruptsOf, ofType, outcomeOf, runError, runOk, setup, startOk, user, who } from './edge-runtime-harness.js';

type Patch = { op: string; path: string; value: Record<string, unknown> };

function approve(rt: ReturnType<typeof setup>['rt'], token: string, agent: string, threadId: string, events: AguiEvent[], payload: unknown = { approved: true }) {
  const ids = interruptsOf(events).map((i) => i.id);
  return startOk(rt, token, agent, input(threadId, [], { resume: ids.map((interruptId) => ({ interruptId, status: 'resolved' as const, payload })) }));
}

describe("edge runtime: a turn's stream", () => {
  it('helper: RUN_STARTED, the board, labelled text, a call with its placeholder, an interrupt naming the call', async () => {
    const { rt, clock } = setup();
    const { events } = runOk(rt, clock, 'ana-token', 'helper', input('h1', [user('Please greet the team')]));
    await checkEvents(events);
    assert.deepEqual(
      events.slice(0, 2).map((e) => e.type),
      [EventType.RUN_STARTED, EventType.STATE_SNAPSHOT],
    );
    const started = events[0] as { threadId: string; runId: string };
    assert.equal(started.threadId, 'h1');
    const firstText = ofType(events, EventType.TEXT_MESSAGE_CONTENT)[0]!;
    assert.ok(firstText.delta.startsWith('AI: '));
    const msgStart = ofType(events, EventType.TEXT_MESSAGE_START)[0]!;
    assert.equal(msgStart.role, 'assistant');
    assert.match(msgStart.messageId, /^job-[0-9a-f]+:m\d+$/);
    const call = ofType(events, EventType.TOOL_CALL_START)[0]!;
    assert.equal(call.toolCallName, 'team.post_message');
    assert.equal(call.parentMessageId, msgStart.messageId);
    assert.match(call.toolCallId, /^call_/);
    const args = JSON.parse(
      ofType(events, EventType.TOOL_CALL_ARGS)
        .map((a) => a.delta)
        .join(''),
    );
    assert.deepEqual(args, { channel: '#team', text: 'Hello team, have a great day!', credential: '{{secret:slack}}' });
    const [intr] = interruptsOf(events);
    assert.equal(intr!.toolCallId, call.toolCallId);
    assert.equal(intr!.reason, 'tool_call');
  });

  it("helper approved: the result, STATE_DELTA right after oz.board_write's result, a new message, the card, success", async () => {
    const { rt, clock } = setup();
    const first = runOk(rt, clock, 'ana-token', 'helper', input('h2', [user('Please greet the team')]));
    const log = approve(rt, 'ana-token', 'helper', 'h2', first.events);
    clock.advance(60_000);
    const ev = log.events;
    await checkEvents(ev);
    const results = ofType(ev, EventType.TOOL_CALL_RESULT);
    assert.equal(results.length, 2);
    const boardCall = ofType(ev, EventType.TOOL_CALL_START).find((c) => c.toolCallName === 'oz.board_write')!;
    const iResult = ev.findIndex((e) => e.type === EventType.TOOL_CALL_RESULT && e.toolCallId === boardCall.toolCallId);
    const delta = ev[iResult + 1] as Extract<AguiEvent, { type: EventType.STATE_DELTA }>;
    assert.equal(delta.type, EventType.STATE_DELTA);
    const op = delta.delta[0] as Patch;
    assert.equal(op.op, 'add');
    assert.equal(op.path, '/board/notes/-');
    assert.deepEqual(Object.keys(op.value).sort(), ['agent', 'createdAt', 'id', 'job', 'kind', 'labels', 'tags', 'tainted', 'text'].sort());
    assert.equal(op.value.tainted, true);
    const msgIds = ofType(ev, EventType.TEXT_MESSAGE_START).map((m) => m.messageId);
    const firstIds = ofType(first.events, EventType.TEXT_MESSAGE_START).map((m) => m.messageId);
    assert.ok(
      msgIds.every((id) => !firstIds.includes(id)),
      'new message ids after the resume',
    );
    assert.ok(ofType(ev, EventType.TEXT_MESSAGE_CONTENT)[0]!.delta.startsWith('AI: '));
    const cards = custom(ev, OZ_CARD) as Array<{ job: string; card: { type: string } }>;
    assert.equal(cards.length, 1);
    assert.equal(cards[0]!.card.type, 'message_posted');
    assert.equal(cards[0]!.job, log.jobId);
    const iCard = ev.findIndex((e) => e.type === EventType.CUSTOM && e.name === OZ_CARD);
    assert.equal(iCard, ev.length - 2, 'the card comes right before the run ends');
    assert.equal(outcomeOf(ev), 'success');
  });

  it('helper denied: says it did not post, no card', async () => {
    const { rt, clock } = setup();
    const first = runOk(rt, clock, 'ana-token', 'helper', input('h3', [user('hi')]));
    const log = approve(rt, 'ana-token', 'helper', 'h3', first.events, { approved: false, comment: 'not now' });
    clock.advance(60_000);
    await checkEvents(log.events);
    const text = ofType(log.events, EventType.TEXT_MESSAGE_CONTENT)
      .map((c) => c.delta)
      .join('');
    assert.match(text, /did not post/);
    assert.deepEqual(custom(log.events, OZ_CARD), []);
    assert.equal(outcomeOf(log.events), 'success');
  });

  it('writer: a long markdown answer in many small chunks, labelled once, paced on the clock', async () => {
    const { rt, clock } = setup({ agentParams: { writer: { chunks: 300, chunkSize: 6, paceMs: 2 } } });
    const log = startOk(rt, 'ana-token', 'writer', input('w1', [user('write')]));
    clock.advance(100);
    assert.ok(!log.ended, 'still streaming at 100 ms');
    clock.advance(10_000);
    await checkEvents(log.events);
    const contents = ofType(log.events, EventType.TEXT_MESSAGE_CONTENT);
    assert.equal(contents.length, 300);
    assert.ok(contents[0]!.delta.startsWith('AI: '));
    assert.ok(!contents[1]!.delta.startsWith('AI: '));
    const text = contents.map((c) => c.delta).join('');
    for (const md of ['# ', '- ', '```', '](https://', '| --- |']) assert.ok(text.includes(md), md);
    const fast = runOk(rt, clock, 'ana-token', 'writer', input('w2', [user('chunks=1000 pace=0')]));
    assert.equal(ofType(fast.events, EventType.TEXT_MESSAGE_CONTENT).length, 1000);
  });

  it('reads a log from the start or after any id, even from the middle of a burst; the same runId follows the same turn', () => {
    const { rt, clock } = setup();
    const req = input('r1', [user('chunks=20 pace=0')]);
    const { log } = runOk(rt, clock, 'ana-token', 'writer', req);
    const all = log.after(undefined);
    assert.ok(Array.isArray(all));
    const mid = all[7]!;
    const rest = log.after(mid.id);
    assert.ok(Array.isArray(rest));
    assert.deepEqual(rest, all.slice(8));
    assert.equal(log.after('999.1'), 'unknown');
    const ids = all.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length);
    const again = startOk(rt, 'ana-token', 'writer', { ...req });
    assert.equal(again, log);
    assert.equal(rt.threads.get('acme', 'r1')?.turns.length, 1, 'a retry never starts a second turn');
  });

  it('the job runs on with nobody reading, and a subscriber hears every burst', () => {
    const { rt, clock } = setup();
    const log = startOk(rt, 'ana-token', 'writer', input('r2', [user('chunks=10 pace=5')]));
    let calls = 0;
    const off = log.subscribe(() => calls++);
    clock.advance(20);
    off();
    clock.advance(1000);
    assert.ok(calls > 0);
    assert.ok(log.ended);
  });

  it('failing: RUN_ERROR failed, or timed_out', async () => {
    const { rt, clock } = setup();
    const a = runOk(rt, clock, 'ana-token', 'failing', input('f1', [user('go')]));
    await checkEvents(a.events);
    assert.equal(runError(a.events).code, 'failed');
    assert.ok(runError(a.events).message.length > 0);
    const b = runOk(rt, clock, 'ana-token', 'failing', input('f2', [user('timeout please')]));
    assert.equal(runError(b.events).code, 'timed_out');
  });

  it("quota and tree: the refusal's own code and its numbers in rawEvent.oz0", async () => {
    const { rt, clock } = setup();
    const q = runOk(rt, clock, 'ana-token', 'quota', input('q1', [user('go')]));
    await checkEvents(q.events);
    const e = runError(q.events);
    assert.equal(e.code, 'oz0_quota_exceeded');
    const r = readSpendRefusal(e.rawEvent);
    assert.deepEqual(r, {
      type: 'oz0_quota_exceeded',
      scope: 'your monthly model tokens',
      resetsAt: '2026-02-01T00:00:00.000Z',
      couldWait: false,
      raisableBy: 'a tenant admin',
      limit: 100000,
      used: 100250,
      unit: 'tokens',
    });
    const t = runOk(rt, clock, 'ana-token', 'tree', input('q2', [user('go')]));
    assert.equal(runError(t.events).code, 'oz0_tree_limit');
    assert.equal(readSpendRefusal(runError(t.events).rawEvent)?.unit, 'jobs');
  });

  it("spend refusals: another person's or team's figures only for a caller who may read them; the rest for everyone", async () => {
    const { rt, clock } = setup();
    const rawOf = (token: string, thread: string) => {
      const run = runOk(rt, clock, token, 'teamquota', input(thread, [user('go')]));
      const e = runError(run.events);
      assert.equal(e.code, 'oz0_budget_exceeded');
      return { raw: (e.rawEvent as { oz0: Record<string, unknown> }).oz0, events: run.events };
    };
    const ana = rawOf('ana-token', 'tq1');
    await checkEvents(ana.events);
    assert.deepEqual(
      ana.raw,
      { type: 'oz0_budget_exceeded', scope: "the platform team's monthly budget", resetsAt: '2026-02-01T00:00:00.000Z', couldWait: true, raisableBy: 'a tenant admin' },
      "no figures for ana, who may not read the team's",
    );
    assert.ok(!JSON.stringify(ana.events).includes('512.4'));
    const ben = rawOf('ben-token', 'tq2');
    assert.deepEqual([ben.raw.limit, ben.raw.used, ben.raw.unit], [500, 512.4, 'EUR'], 'ben (an admin) reads them');
    assert.equal('figuresOf' in ben.raw, false, "whose figures they are is the edge's own note");
    // the caller's own figures are always shown (quota above); a key without budget.read gets none of the team's
    const key = rawOf('acme-key', 'tq3');
    assert.equal(key.raw.limit, undefined);
  });

  it('a stopped job ends its run with outcome cancelled', async () => {
    const { rt, clock } = setup();
    const log = startOk(rt, 'ana-token', 'writer', input('c1', [user('chunks=100 pace=10')]));
    clock.advance(50);
    assert.ok(rt.cancelJob(log.jobId));
    clock.advance(10_000);
    await checkEvents(log.events);
    assert.equal(outcomeOf(log.events), 'cancelled');
  });

  it('stepper: at most 32 steps open at once; a step past that is not shown', async () => {
    const { rt, clock } = setup();
    const { events } = runOk(rt, clock, 'ana-token', 'stepper', input('s1', [user('go')]));
    await checkEvents(events);
    let open = 0;
    let most = 0;
    for (const e of events) {
      if (e.type === EventType.STEP_STARTED) most = Math.max(most, ++open);
      if (e.type === EventType.STEP_FINISHED) open--;
    }
    assert.equal(most, MAX_OPEN_STEPS);
    assert.equal(ofType(events, EventType.STEP_STARTED).length, 32);
    assert.equal(custom(events, OZ_CARD).length, 32);
    assert.ok(ofType(events, EventType.STEP_STARTED).every((s) => /^job-/.test(s.stepName)));
    assert.equal(outcomeOf(events), 'success');
  });

  it('board: add and replace patches, walls redacted, untainted notes of another job shown with the next write, audit of reads', async () => {
    const { rt, clock } = setup();
    const { events } = runOk(rt, clock, 'ana-token', 'board', input('b1', [user('go')]));
    await checkEvents(events);
    const deltas = ofType(events, EventType.STATE_DELTA).map((d) => d.delta as Patch[]);
    assert.deepEqual(
      deltas.map((d) => d.map((o) => `${o.op} ${o.path}`)),
      [['add /board/notes/-'], ['add /board/notes/-'], ['replace /board/notes/0', 'add /board/notes/-', 'add /board/notes/-'], ['add /board/notes/-'], ['replace /board/notes/1']],
    );
    const walled = deltas[1]![0]!.value;
    assert.deepEqual(Object.keys(walled).sort(), ['agent', 'createdAt', 'id', 'job', 'kind', 'label', 'redacted']);
    assert.equal(walled.redacted, true);
    const archived = deltas[2]![1]!.value;
    assert.equal(archived.tainted, false);
    assert.notEqual(archived.job, deltas[0]![0]!.value.job, 'written by another job of the tree');
    const replaced = deltas[2]![0]!.value;
    assert.equal(replaced.supersedes, '1');
    // the wall's text never reaches ana, not even in oz.board_write's arguments
    assert.ok(!JSON.stringify(events).includes('40k'));
    assert.ok(!JSON.stringify(events).includes('45k'));
    // ben is inside the finance wall: he sees the text in a fresh snapshot
    // (a page of his following the turn from its start: a run of his own, rendered for him, his reads his own)
    const ben = startOk(rt, 'ben-token', 'board', input('b1', [user('go')]));
    assert.ok(ben.events.length > 0);
    assert.ok(JSON.stringify(ben.events).includes('45k'));
    const reads = rt.audit.filter((a) => a.action === 'job.board.read');
    assert.ok(reads.filter((r) => r.actor === 'ana').length >= 5);
    assert.ok(reads.some((r) => r.actor === 'ben'));
  });
});

describe('edge runtime: steps and cards (delegator)', () => {
  it("steps named by job id; a step's card when it finishes; none for the step behind a wall; the approval names its step", async () => {
    const { rt, clock } = setup();
    const { events } = runOk(rt, clock, 'ana-token', 'delegator', input('d1', [user('go')]));
    await checkEvents(events);
    const steps = ofType(events, EventType.STEP_STARTED).map((s) => s.stepName);
    assert.equal(steps.length, 4);
    const turn = rt.threads.get('acme', 'd1')!.turns[0]!.turn;
    const byName = (n: string) => [...turn.jobs.values()].find((j) => j.agent === `delegator/${n}`)!.id;
    const cards = custom(events, OZ_CARD) as Array<{ job: string }>;
    assert.deepEqual(cards.map((c) => c.job).sort(), [byName('summary')].sort(), 'only summary finished visibly (vault is walled)');
    const i = interruptsOf(events);
    assert.equal(i.length, 1);
    assert.equal(i[0]!.metadata?.['oz0/job'], byName('check'));
    assert.ok(!JSON.stringify(events).includes('Three of four steps are routine.') || cards.length === 1, 'step text stays in its step');
    assert.equal(ofType(events, EventType.TEXT_MESSAGE_CONTENT).filter((c) => c.delta.includes('routine')).length, 0);
    assert.ok(!JSON.stringify(events).includes('Q3 margin'));
    assert.ok(i.every((x) => !('subagentRunId' in x)));
    void who;
  });

  it("the job's stream skips ahead: the message ends where it was, the rest is left out, the whole answer comes as its own message before RUN_FINISHED", async () => {
    const { rt, clock } = setup({ agentParams: { writer: { chunks: 20, chunkSize: 10, paceMs: 10 } } });
    const log = startOk(rt, 'ana-token', 'writer', input('sk', [user('write')]));
    clock.advance(45); // a few chunks streamed
    assert.ok(rt.skipAhead(log.runId));
    clock.advance(60_000);
    const events = log.events;
    await checkEvents(events);
    assert.equal(outcomeOf(events), 'success');
    const starts = ofType(events, EventType.TEXT_MESSAGE_START);
    assert.equal(starts.length, 2);
    const [cut, whole] = starts.map((s) => s.messageId) as [string, string];
    assert.notEqual(cut, whole);
    const text = (id: string) =>
      ofType(events, EventType.TEXT_MESSAGE_CONTENT)
        .filter((c) => c.messageId === id)
        .map((c) => c.delta)
        .join('');
    const cutText = text(cut);
    const wholeText = text(whole);
    assert.equal(wholeText.length, 'AI: '.length + 200, 'the whole answer');
    assert.ok(wholeText.startsWith(cutText) && cutText.length < wholeText.length, 'the cut message is a prefix: the rest of it was left out');
    assert.ok(ofType(events, EventType.TEXT_MESSAGE_CONTENT).filter((c) => c.messageId === cut).length < 20);
    // the cut message ends where it was; the whole answer is a message of its own, right before RUN_FINISHED
    const i = events.findIndex((e) => e.type === EventType.TEXT_MESSAGE_END && (e as { messageId: string }).messageId === cut);
    assert.ok(i > 0 && i < events.findIndex((e) => e.type === EventType.TEXT_MESSAGE_START && (e as { messageId: string }).messageId === whole));
    const tail = events.slice(-4).map((e) => e.type);
    assert.deepEqual(tail, [EventType.TEXT_MESSAGE_START, EventType.TEXT_MESSAGE_CONTENT, EventType.TEXT_MESSAGE_END, EventType.RUN_FINISHED]);
    // the history knows the whole answer's message as the turn's
    assert.ok(rt.threads.get('acme', 'sk')!.turns[0]!.turn.messageIds.has(whole));
  });
});
