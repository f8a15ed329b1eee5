/** The edge runtime: resuming (all or nothing, the partial case, twice) and the history check. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_META, EventType, META, OZ_RESUME, readRunErrorDetails, type AguiEvent } from '../../src/protocol/index.js';
import { CONFIRM_ACCOUNT } from '../../server/edge/runtime/agents/confirmer.js';
import { callTool, delegate, say, step } from '../../server/edge/runtime/script.js';
import type { Script } from '../../server/edge/runtime/index.js';
import { checkEvents, custom, input, interruptsOf, ofType, outcomeOf, runError, runOk, setup, startOk, user, who } from './edge-runtime-harness.js';

/** Two steps, each with an approval of the caller's. */
const twin: Script = function* () {
  yield* say('Two approvals.');
  yield* delegate(
    step('one', function* () {
      yield* callTool('a.one', { n: 1 }, { approval: 'self' });
    }),
    step('two', function* () {
      yield* callTool('a.two', { n: 2 }, { approval: 'self' });
    }),
  );
  yield* say('Both done.');
};

const resolved = (interruptId: string, payload: unknown) => ({ interruptId, status: 'resolved' as const, payload });

describe('edge runtime: resuming', () => {
  it('only a person resumes: an API key gets 403 with the console link', () => {
    const { rt, clock } = setup();
    const first = runOk(rt, clock, 'acme-key', 'helper', input('p1', [user('hi')]));
    const [i] = interruptsOf(first.events);
    const r = rt.startRun(who(rt, 'acme-key'), 'helper', 'acme', input('p1', [], { resume: [resolved(i!.id, { approved: true })] }));
    assert.ok(!r.ok);
    assert.equal(r.status, 403);
    assert.equal(r.body.code, 'permission_denied');
    assert.equal(r.body.console?.label, 'Decide in OZ');
    assert.match(r.body.console!.url, /\/console\/jobs\/job-/);
    // a person (any member who may decide) resumes the tenant's thread
    const ben = startOk(rt, 'ben-token', 'helper', input('p1', [], { resume: [resolved(i!.id, { approved: true })] }));
    clock.advance(60_000);
    assert.equal(outcomeOf(ben.events), 'success');
  });

  it("interrupts_open: leaving out an open interrupt of the caller's decides nothing and lists them", async () => {
    const { rt, clock } = setup({ agents: { twin } });
    const ints = interruptsOf(runOk(rt, clock, 'ana-token', 'twin', input('o1', [user('go')])).events);
    assert.equal(ints.length, 2);
    const log = startOk(rt, 'ana-token', 'twin', input('o1', [], { resume: [resolved(ints[0]!.id, { approved: true })] }));
    await checkEvents(log.events);
    const e = runError(log.events);
    assert.equal(e.code, 'interrupts_open');
    assert.deepEqual(readRunErrorDetails(e.metadata).open, [ints[1]!.id]);
    assert.equal(rt.findWait(ints[0]!.id)?.status, 'open', 'none decided');
  });

  it('interrupt_changed, not_a_decider, invalid_resume (with the field), failed_precondition (entry and reason): none decided', () => {
    const { rt, clock } = setup({ agents: { twin } });
    const ints = interruptsOf(runOk(rt, clock, 'ana-token', 'twin', input('c1', [user('go')])).events);
    const [a, b] = ints.map((x) => x.id) as [string, string];
    const bad = startOk(rt, 'ana-token', 'twin', input('c1', [], { resume: [resolved(a, { approved: true }), resolved(b, { approved: 'yes' })] }));
    const e = runError(bad.events);
    assert.equal(e.code, 'invalid_resume');
    assert.equal(e.metadata?.[ERROR_META.field], 'approved');
    assert.equal(e.metadata?.[ERROR_META.entry], b);
    assert.equal(rt.findWait(a)?.status, 'open');
    const newB = rt.changeInterrupt(b)!;
    const changed = startOk(rt, 'ana-token', 'twin', input('c1', [], { resume: [resolved(a, { approved: true }), resolved(b, { approved: true })] }));
    assert.equal(runError(changed.events).code, 'interrupt_changed');
    assert.equal(rt.findWait(a)?.status, 'open');
    assert.notEqual(newB, b);
    // cy may not decide on a tenant thread started with a key (she is no approver)
    const t = runOk(rt, clock, 'acme-key', 'helper', input('c2', [user('hi')]));
    const [h] = interruptsOf(t.events);
    const cy = startOk(rt, 'cy-token', 'helper', input('c2', [], { resume: [resolved(h!.id, { approved: true })] }));
    assert.equal(runError(cy.events).code, 'not_a_decider');
    // the typed confirmation must match
    const cf = interruptsOf(runOk(rt, clock, 'ana-token', 'confirmer', input('c3', [user('pay')])).events)[0]!;
    const missing = startOk(rt, 'ana-token', 'confirmer', input('c3', [], { resume: [resolved(cf.id, { approved: true })] }));
    const me = runError(missing.events);
    assert.equal(me.code, 'failed_precondition');
    assert.equal(me.metadata?.[ERROR_META.entry], cf.id);
    assert.ok(me.metadata?.[ERROR_META.reason]);
    const wrong = startOk(rt, 'ana-token', 'confirmer', input('c3', [], { resume: [resolved(cf.id, { approved: true, confirm: 'DE00' })] }));
    assert.equal(runError(wrong.events).code, 'invalid_resume');
    assert.equal(runError(wrong.events).metadata?.[ERROR_META.field], 'confirm');
    const right = startOk(rt, 'ana-token', 'confirmer', input('c3', [], { resume: [resolved(cf.id, { approved: true, confirm: CONFIRM_ACCOUNT })] }));
    clock.advance(60_000);
    assert.equal(outcomeOf(right.events), 'success');
  });

  it('four eyes: the requester approving their own call is not_a_decider', () => {
    const { rt, clock } = setup();
    const first = runOk(rt, clock, 'ana-token', 'delegator', input('n1', [user('go')]));
    const [mine] = interruptsOf(first.events);
    const release = rt.consoleWaits(who(rt, 'ana-token'), mine!.metadata![META.job] as string)!.find((w) => w.what.startsWith('Publish'))!;
    const log = startOk(rt, 'ana-token', 'delegator', input('n1', [], { resume: [resolved(mine!.id, { approved: true }), resolved(release.interruptId, { approved: true })] }));
    assert.equal(runError(log.events).code, 'not_a_decider');
  });

  it('the partial case: a decision the job refuses leaves those decided before it; RUN_ERROR and oz0.resume say which', async () => {
    const { rt, clock } = setup({ agents: { twin } });
    const [a, b] = interruptsOf(runOk(rt, clock, 'ana-token', 'twin', input('pp', [user('go')])).events).map((x) => x.id) as [string, string];
    rt.refuseDecision(b);
    const log = startOk(rt, 'ana-token', 'twin', input('pp', [], { resume: [resolved(a, { approved: true }), resolved(b, { approved: true })] }));
    await checkEvents(log.events);
    const e = runError(log.events);
    const d = readRunErrorDetails(e.metadata);
    assert.deepEqual(d.decided, [a]);
    assert.deepEqual(d.notDecided, [b]);
    assert.deepEqual(custom(log.events, OZ_RESUME), [{ interruptId: a, outcome: 'decided', approved: true }]);
    assert.equal(rt.findWait(a)?.status, 'decided');
    assert.equal(rt.findWait(b)?.status, 'open');
  });

  it('cancelled denies an approval and declines a question', () => {
    const { rt, clock } = setup();
    const [h] = interruptsOf(runOk(rt, clock, 'ana-token', 'helper', input('x1', [user('hi')])).events);
    const log = startOk(rt, 'ana-token', 'helper', input('x1', [], { resume: [{ interruptId: h!.id, status: 'cancelled' }] }));
    clock.advance(60_000);
    assert.deepEqual(custom(log.events, OZ_RESUME), [{ interruptId: h!.id, outcome: 'decided', approved: false }]);
    assert.match(
      ofType(log.events, EventType.TEXT_MESSAGE_CONTENT)
        .map((c) => c.delta)
        .join(''),
      /did not post/,
    );
    const [q] = interruptsOf(runOk(rt, clock, 'ana-token', 'asker', input('x2', [user('plan')])).events);
    const ql = startOk(rt, 'ana-token', 'asker', input('x2', [], { resume: [{ interruptId: q!.id, status: 'cancelled' }] }));
    clock.advance(60_000);
    assert.match(
      ofType(ql.events, EventType.TEXT_MESSAGE_CONTENT)
        .map((c) => c.delta)
        .join(''),
      /declined/,
    );
  });

  it("the same resume twice decides once (already_decided); decisions are the person's, via app:chat-app", () => {
    const { rt, clock } = setup();
    const x = rt.exchangeToken('chat-app-key', 'ana-token');
    assert.ok(x.ok);
    const [h] = interruptsOf(runOk(rt, clock, x.accessToken, 'helper', input('tw', [user('hi')])).events);
    const entry = [resolved(h!.id, { approved: true })];
    startOk(rt, x.accessToken, 'helper', input('tw', [], { resume: entry }));
    clock.advance(60_000);
    const second = startOk(rt, x.accessToken, 'helper', input('tw', [], { resume: entry }));
    clock.advance(60_000);
    assert.deepEqual(custom(second.events, OZ_RESUME), [{ interruptId: h!.id, outcome: 'already_decided' }]);
    const decisions = rt.audit.filter((a) => a.action === 'interrupt.decide');
    assert.equal(decisions.length, 1);
    assert.equal(decisions[0]!.actor, 'ana');
    assert.equal(decisions[0]!.via, 'app:chat-app');
  });
});

describe('edge runtime: the history', () => {
  it("a new turn needs one more user message and the latest turn's last assistant message", async () => {
    const { rt, clock } = setup();
    const first = runOk(rt, clock, 'ana-token', 'failing', input('hs', [user('go', 'u1')]));
    const lastMsg = ofType(first.events, EventType.TEXT_MESSAGE_START).pop()!.messageId;
    const ok = runOk(rt, clock, 'ana-token', 'failing', input('hs', [user('go', 'u1'), { id: lastMsg, role: 'assistant', content: 'x' }, user('again')]));
    assert.equal(runError(ok.events).code, 'failed', 'a second turn ran');
    const foreign = runOk(rt, clock, 'ana-token', 'failing', input('hs', [user('go'), user('again'), { id: 'made-up', role: 'assistant', content: 'x' }, user('third')]));
    await checkEvents(foreign.events);
    assert.deepEqual(
      foreign.events.map((e) => e.type),
      [EventType.RUN_STARTED, EventType.RUN_ERROR],
    );
    assert.equal(runError(foreign.events).code, 'history_mismatch');
    const old = runOk(
      rt,
      clock,
      'ana-token',
      'failing',
      input('hs', [user('go'), { id: lastMsg, role: 'assistant', content: 'x' }, user('again'), { id: lastMsg, role: 'assistant', content: 'x' }, user('third')]),
    );
    assert.equal(runError(old.events).code, 'history_mismatch', 'an assistant message of an older turn');
    const lost = runOk(rt, clock, 'ana-token', 'failing', input('hs', [user('a new question')]));
    assert.equal(runError(lost.events).code, 'history_mismatch', 'a client that lost a turn');
    assert.equal(rt.threads.get('acme', 'hs')!.turns.length, 2);
  });

  it('a page reload follows the latest turn from its start (by <job>:in or by its words): a run of its own, ending with what waits now', () => {
    const { rt, clock } = setup();
    const first = runOk(rt, clock, 'ana-token', 'helper', input('rl', [user('Please greet the team')]));
    const strip = (events: readonly AguiEvent[]) => events.map((e) => JSON.stringify({ ...e, timestamp: 0, runId: 'x' }));
    const byWords = startOk(rt, 'ana-token', 'helper', input('rl', [user('Please  greet the team ')], { runId: 'rl-words' }));
    assert.notEqual(byWords, first.log);
    assert.equal((byWords.events[0] as { runId?: string }).runId, 'rl-words');
    assert.deepEqual(strip(byWords.events), strip(first.events), 'the same turn, from its start, under its own runId');
    const byId = startOk(rt, 'ana-token', 'helper', input('rl', [{ id: `${first.log.jobId}:in`, role: 'user', content: 'whatever' }], { runId: 'rl-id' }));
    assert.deepEqual(strip(byId.events), strip(first.events));
    // After a refused resume, following the turn ends with the interrupt under its current id, never with the refusal.
    const [shown] = interruptsOf(first.events);
    const changed = rt.changeInterrupt(shown!.id)!;
    const refused = startOk(rt, 'ana-token', 'helper', input('rl', [], { runId: 'rl-r', resume: [resolved(shown!.id, { approved: true })] }));
    assert.equal(runError(refused.events).code, 'interrupt_changed');
    const again = startOk(rt, 'ana-token', 'helper', input('rl', [user('Please greet the team')], { runId: 'rl-again' }));
    assert.deepEqual(
      interruptsOf(again.events).map((i) => i.id),
      [changed],
    );
    assert.ok(
      ofType(again.events, EventType.TEXT_MESSAGE_CONTENT)
        .map((c) => c.delta)
        .join('')
        .includes('I will greet the team'),
    );
    const other = runOk(rt, clock, 'ana-token', 'helper', input('rl', [user('Something else')]));
    assert.equal(runError(other.events).code, 'history_mismatch');
  });

  it('two runs follow one turn at once (a tab still open, a page loaded afresh): both stream on and end when ben decides', () => {
    const { rt, clock } = setup();
    const first = runOk(rt, clock, 'ana-token', 'delegator', input('two', [user('Run the release')]));
    const [check] = interruptsOf(first.events);
    const resumed = startOk(rt, 'ana-token', 'delegator', input('two', [], { runId: 'two-r', resume: [resolved(check!.id, { approved: true })] }));
    clock.advance(60_000);
    assert.ok(custom(resumed.events, 'oz0.waiting').length > 0, 'the resumed run waits for ben');
    const fresh = startOk(rt, 'ana-token', 'delegator', input('two', [user('Run the release')], { runId: 'two-f' }));
    assert.ok(custom(fresh.events, 'oz0.waiting').length > 0, 'the page loaded afresh says the same');
    const ben = who(rt, 'ben-token');
    const release = rt.consoleWaits(ben, check!.metadata![META.job] as string)!.find((w) => w.decidable)!;
    assert.ok(rt.decideInConsole(ben, release.interruptId, { approved: true }).ok);
    clock.advance(60_000);
    assert.equal(outcomeOf(resumed.events), 'success');
    assert.equal(outcomeOf(fresh.events), 'success');
  });

  it('interrupts_pending when the turn waits for the caller; turn_waiting naming who decides when it waits for others; and for a partial turn', () => {
    const { rt, clock } = setup();
    const h = runOk(rt, clock, 'ana-token', 'helper', input('iw', [user('hi')]));
    const msg = ofType(h.events, EventType.TEXT_MESSAGE_START)[0]!.messageId;
    const next = [user('hi'), { id: msg, role: 'assistant' as const, content: 'x' }, user('and more')];
    const pending = runOk(rt, clock, 'ana-token', 'helper', input('iw', next));
    assert.equal(runError(pending.events).code, 'interrupts_pending');
    const d = runOk(rt, clock, 'ana-token', 'delegator', input('tw', [user('go')]));
    const [mine] = interruptsOf(d.events);
    startOk(rt, 'ana-token', 'delegator', input('tw', [], { resume: [resolved(mine!.id, { approved: true })] }));
    clock.advance(60_000);
    const dm = ofType(d.events, EventType.TEXT_MESSAGE_START)[0]!.messageId;
    const waiting = runOk(rt, clock, 'ana-token', 'delegator', input('tw', [user('go'), { id: dm, role: 'assistant', content: 'x' }, user('more')]));
    const e = runError(waiting.events);
    assert.equal(e.code, 'turn_waiting');
    assert.match(e.message, /other than ana/);
    assert.equal((e.metadata?.[META.waitingForOthers] as unknown[]).length, 1);
    const p = runOk(rt, clock, 'ana-token', 'partial', input('pt', [user('go')]));
    assert.equal((custom(p.events, 'oz0.waiting')[0] as { waiting: unknown[] }).waiting.length, 0);
    const pm = ofType(p.events, EventType.TEXT_MESSAGE_START)[0]!.messageId;
    const pw = runOk(rt, clock, 'ana-token', 'partial', input('pt', [user('go'), { id: pm, role: 'assistant', content: 'x' }, user('more')]));
    assert.equal(runError(pw.events).code, 'turn_waiting');
  });

  it('the re-check after a long wait refuses a yes: OZ denies that step with the reason, and decides none of the others', async () => {
    const { rt, clock } = setup({ agents: { twin }, recheckAfterMs: 5 * 60_000 });
    const [a, b] = interruptsOf(runOk(rt, clock, 'ana-token', 'twin', input('rc', [user('go')])).events).map((x) => x.id) as [string, string];
    rt.failRecheck(a, 'ana may no longer approve calls to a.one');
    clock.advance(5 * 60_000); // six minutes after the interrupts were shown
    const log = startOk(rt, 'ana-token', 'twin', input('rc', [], { resume: [resolved(a, { approved: true }), resolved(b, { approved: true })] }));
    await checkEvents(log.events);
    const e = runError(log.events);
    assert.equal(e.code, 'permission_denied');
    const d = readRunErrorDetails(e.metadata);
    assert.equal(d.entry, a);
    assert.equal(d.reason, 'ana may no longer approve calls to a.one');
    assert.deepEqual(d.decided, []);
    assert.deepEqual(d.notDecided, [b]);
    assert.match(e.message, /re-check/);
    // that step is denied (its oz0.resume says so), the other is not decided
    assert.deepEqual(custom(log.events, OZ_RESUME), [{ interruptId: a, outcome: 'decided', approved: false }]);
    assert.equal(rt.findWait(a)?.status, 'decided');
    assert.equal(rt.findWait(a)?.decision?.approved, false);
    assert.equal(rt.findWait(b)?.status, 'open');
    // the next run answers the rest; the denied step's result carries the reason
    const next = startOk(rt, 'ana-token', 'twin', input('rc', [], { resume: [resolved(b, { approved: true })] }));
    clock.advance(60_000);
    await checkEvents(next.events);
    assert.equal(outcomeOf(next.events), 'success');
    const denied = rt.threads.get('acme', 'rc')!.turns[0]!.turn.waits.find((w) => w.id === rt.findWait(a)!.id)!;
    assert.equal(denied.decision?.comment, 'ana may no longer approve calls to a.one');
    assert.ok(rt.audit.some((x) => x.action === 'interrupt.decide' && x.actor === 'edge' && x.details?.approved === false));
  });

  it('the re-check runs only after a long wait: a yes within recheckAfterMs is decided', () => {
    const { rt, clock } = setup({ agents: { twin }, recheckAfterMs: 5 * 60_000 });
    const [a, b] = interruptsOf(runOk(rt, clock, 'ana-token', 'twin', input('rq', [user('go')])).events).map((x) => x.id) as [string, string];
    rt.failRecheck(a, 'never asked');
    const log = startOk(rt, 'ana-token', 'twin', input('rq', [], { resume: [resolved(a, { approved: true }), resolved(b, { approved: true })] }));
    clock.advance(60_000);
    assert.equal(outcomeOf(log.events), 'success');
    assert.equal(rt.findWait(a)?.decision?.approved, true);
  });
});
