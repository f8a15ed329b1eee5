/** The edge runtime: interrupts, their metadata, deciders, four eyes, deadlines and the console. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventType, META, OZ_CARD, OZ_RESUME, OZ_WAITING, readInterruptMeta, readWaitingForOthers } from '../../src/protocol/index.js';
import { CONFIRM_ACCOUNT } from '../../server/edge/runtime/agents/confirmer.js';
import { RESTART_WHAT } from '../../server/edge/runtime/agents/restarter.js';
import { PUBLIC_URL, checkEvents, custom, input, interruptsOf, ofType, outcomeOf, runOk, setup, startOk, user, who } from './edge-runtime-harness.js';

describe('edge runtime: interrupts', () => {
  it('tool_call: toolCallId, message, approval schema, expiresAt, opaque id, and every metadata key', () => {
    const { rt, clock } = setup();
    const { events } = runOk(rt, clock, 'ana-token', 'helper', input('i1', [user('hi')]));
    const [i] = interruptsOf(events);
    assert.match(i!.id, /^ozi1\.[A-Za-z0-9_-]+$/);
    assert.ok(i!.message);
    assert.deepEqual(i!.responseSchema, {
      type: 'object',
      properties: { approved: { type: 'boolean', title: 'Approve' }, comment: { type: 'string', title: 'Comment' } },
      required: ['approved'],
      additionalProperties: false,
    });
    assert.equal(Date.parse(i!.expiresAt!) - clock.now(), 15 * 60 * 1000 - 60_000);
    const m = readInterruptMeta(i!);
    assert.equal(m.kind, 'approval');
    assert.equal(m.what, 'Post a message to #team');
    assert.equal(m.job, rt.threads.get('acme', 'i1')!.turns[0]!.turn.root.id);
    assert.deepEqual(m.details, { tool: 'team.post_message', arguments: { channel: '#team', text: 'Hello team, have a great day!', credential: '{{secret:slack}}' } });
    assert.match(m.deciders!, /ana/);
    assert.equal(m.aiLabel, 'AI: ');
    assert.deepEqual(m.console, { label: 'Decide in OZ', url: `${PUBLIC_URL}/console/jobs/${m.job}` });
    assert.ok(!('subagentRunId' in i!));
  });

  it('no oz0/console without a public URL', () => {
    const { rt, clock } = setup({ publicUrl: undefined });
    const [i] = interruptsOf(runOk(rt, clock, 'ana-token', 'helper', input('i1b', [user('hi')])).events);
    assert.equal(i!.metadata?.[META.console], undefined);
  });

  it("input_required: the question with the AI label, choices as an enum, then a typed question's fields", async () => {
    const { rt, clock } = setup();
    const first = runOk(rt, clock, 'ana-token', 'asker', input('a1', [user('plan')]));
    await checkEvents(first.events);
    const [q] = interruptsOf(first.events);
    assert.equal(q!.reason, 'input_required');
    assert.ok(q!.message!.startsWith('AI: '));
    assert.deepEqual((q!.responseSchema as { properties: { answer: { enum: string[] } } }).properties.answer.enum, ['design', 'platform', 'sales']);
    assert.deepEqual(q!.metadata?.[META.choices], ['design', 'platform', 'sales']);
    const second = startOk(rt, 'ana-token', 'asker', input('a1', [], { resume: [{ interruptId: q!.id, status: 'resolved', payload: { answer: 'design' } }] }));
    clock.advance(60_000);
    await checkEvents(second.events);
    const [typed] = interruptsOf(second.events);
    assert.equal(typed!.metadata?.[META.typed], true);
    const props = (typed!.responseSchema as { properties: Record<string, Record<string, unknown>> }).properties;
    assert.equal(props.date!.format, 'date');
    assert.equal(props.people!.minimum, 1);
    assert.equal(props.people!.maximum, 20);
    const third = startOk(rt, 'ana-token', 'asker', input('a1', [], { resume: [{ interruptId: typed!.id, status: 'resolved', payload: { date: '2026-03-01', people: 8 } }] }));
    clock.advance(60_000);
    await checkEvents(third.events);
    const text = ofType(third.events, EventType.TEXT_MESSAGE_CONTENT)
      .map((c) => c.delta)
      .join('');
    assert.match(text, /design offsite on 2026-03-01 for 8 people/);
    assert.equal((custom(third.events, OZ_CARD)[0] as { card: { type: string } }).card.type, 'plan');
  });

  it("confirm: a call that asks the person to type an argument's value", () => {
    const { rt, clock } = setup();
    const [i] = interruptsOf(runOk(rt, clock, 'ana-token', 'confirmer', input('cf1', [user('pay')])).events);
    const confirm = (i!.responseSchema as { properties: Record<string, { const?: string }> }).properties.confirm;
    assert.equal(confirm?.const, CONFIRM_ACCOUNT);
  });

  it("confirmation: a hook's escalation with the approval's schema; a budget wait with an empty schema", async () => {
    const { rt, clock } = setup();
    const [c] = interruptsOf(runOk(rt, clock, 'ana-token', 'escalator', input('e1', [user('go')])).events);
    assert.equal(c!.reason, 'confirmation');
    assert.equal(c!.metadata?.[META.kind], 'changeset');
    assert.deepEqual((c!.responseSchema as { required: string[] }).required, ['approved']);
    const b = runOk(rt, clock, 'ana-token', 'budget', input('e2', [user('go')]));
    const [bw] = interruptsOf(b.events);
    assert.equal(bw!.reason, 'confirmation');
    assert.equal(bw!.metadata?.[META.kind], 'budget');
    assert.deepEqual(bw!.responseSchema, {});
    // ana acknowledges; the admin (ben) decides in the console; the run streams on
    const ack = startOk(rt, 'ana-token', 'budget', input('e2', [], { resume: [{ interruptId: bw!.id, status: 'resolved', payload: {} }] }));
    clock.advance(1000);
    assert.deepEqual(custom(ack.events, OZ_RESUME), [{ interruptId: bw!.id, outcome: 'acknowledged' }]);
    assert.equal(custom(ack.events, OZ_WAITING).length, 1);
    assert.ok(ack.silent);
    const ben = rt.authenticate({ session: rt.signIn('ben-token')!.session })!;
    assert.ok(rt.decideInConsole(ben, bw!.id, {}).ok);
    clock.advance(1000);
    await checkEvents(ack.events);
    assert.equal(outcomeOf(ack.events), 'success');
    assert.match(
      ofType(ack.events, EventType.TEXT_MESSAGE_CONTENT)
        .map((x) => x.delta)
        .join(''),
      /raised/,
    );
  });

  it('expiresAt: nobody answers by then, the edge denies it on the clock and the turn goes on', () => {
    const { rt, clock } = setup({ interruptTtlMs: 5 * 60_000 });
    const first = runOk(rt, clock, 'ana-token', 'helper', input('x1', [user('hi')]), 1000);
    const [i] = interruptsOf(first.events);
    clock.advance(5 * 60_000);
    const turn = rt.threads.get('acme', 'x1')!.turns[0]!.turn;
    assert.equal(turn.status, 'ended');
    assert.equal(rt.findWait(i!.id)?.decision?.expired, true);
    const late = startOk(rt, 'ana-token', 'helper', input('x1', [], { resume: [{ interruptId: i!.id, status: 'resolved', payload: { approved: true } }] }));
    assert.equal((late.events[late.events.length - 1] as { code?: string }).code, 'interrupt_expired');
  });

  it('a caller that is no person gets every wait as an interrupt', () => {
    const { rt, clock } = setup();
    const { events } = runOk(rt, clock, 'acme-key', 'delegator', input('k1', [user('go')]));
    const i = interruptsOf(events);
    assert.equal(i.length, 2);
    assert.deepEqual(
      i.map((x) => x.metadata?.[META.what]),
      ['Run the billing deploy check', 'Publish release 2.1.0'],
    );
    assert.equal(events[events.length - 1]!.metadata?.[META.waitingForOthers], undefined);
  });
});

describe('edge runtime: four eyes and the console', () => {
  it("delegator: the four-eyes wait is listed as waiting-for-others; after the caller's resume the run says oz0.waiting until ben decides in the console", async () => {
    const { rt, clock } = setup();
    const first = runOk(rt, clock, 'ana-token', 'delegator', input('fe1', [user('go')]));
    await checkEvents(first.events);
    const fin = first.events[first.events.length - 1]!;
    const others = readWaitingForOthers(fin.metadata?.[META.waitingForOthers]);
    assert.equal(others.length, 1);
    assert.equal(others[0]!.what, 'Publish release 2.1.0');
    assert.match(others[0]!.deciders, /other than ana/);
    assert.equal(others[0]!.console?.label, 'Decide in OZ');
    const [mine] = interruptsOf(first.events);
    // open steps closed before RUN_FINISHED; they start again in the next run
    const resumed = startOk(rt, 'ana-token', 'delegator', input('fe1', [], { resume: [{ interruptId: mine!.id, status: 'resolved', payload: { approved: true } }] }));
    const restarted = ofType(resumed.events, EventType.STEP_STARTED).map((s) => s.stepName);
    assert.equal(restarted.length, 2, 'check and release start again');
    clock.advance(60_000);
    const waiting = custom(resumed.events, OZ_WAITING) as Array<{ waiting: unknown[] }>;
    assert.equal(waiting.length, 1);
    assert.equal(readWaitingForOthers(waiting[0]!.waiting)[0]!.what, 'Publish release 2.1.0');
    assert.ok(resumed.silent, 'keep-alives flow while it waits for others');
    assert.ok(!resumed.ended);
    const checkCard = custom(resumed.events, OZ_CARD) as Array<{ job: string }>;
    assert.deepEqual(
      checkCard.map((c) => c.job),
      [mine!.metadata?.[META.job]],
      'the check step finishes with its card in the run where it ends',
    );
    // ben signs in to the console, sees the wait, and approves
    const ben = rt.authenticate({ session: rt.signIn('ben-token')!.session })!;
    const job = others[0]!.job;
    const waits = rt.consoleWaits(ben, job)!;
    assert.equal(waits.length, 1);
    assert.equal(waits[0]!.decidable, true);
    const ana = who(rt, 'ana-token');
    assert.equal(rt.consoleWaits(ana, job)![0]!.decidable, false, 'four eyes: not the requester');
    const anaTry = rt.decideInConsole(ana, waits[0]!.interruptId, { approved: true });
    assert.ok(!anaTry.ok && anaTry.body.code === 'not_a_decider');
    assert.ok(rt.decideInConsole(ben, waits[0]!.interruptId, { approved: true }).ok);
    clock.advance(60_000);
    await checkEvents(resumed.events);
    assert.equal(outcomeOf(resumed.events), 'success');
    const cards = custom(resumed.events, OZ_CARD) as Array<{ job: string; card: { type: string } }>;
    assert.deepEqual(
      cards.map((c) => c.card.type),
      ['check', 'release', 'summary'],
    );
    const decide = rt.audit.filter((a) => a.action === 'interrupt.decide');
    assert.deepEqual(
      decide.map((d) => [d.actor, d.door]),
      [
        ['ana', 'agui'],
        ['ben', 'console'],
      ],
    );
    // cy may not see ana's thread in the console
    assert.equal(rt.consoleWaits(who(rt, 'cy-token'), job), undefined);
  });

  it("ben, inside the finance wall, gets the vault step's card; ana never does", () => {
    const { rt, clock } = setup();
    const { events } = runOk(rt, clock, 'ben-token', 'delegator', input('fe2', [user('go')]));
    const cards = custom(events, OZ_CARD) as Array<{ card: { type: string } }>;
    assert.ok(cards.some((c) => c.card.type === 'finding'));
  });

  it('restart: a confirmation with oz0/kind restart, the approval schema, expiresAt, and the run streams on once approved', async () => {
    const { rt, clock } = setup();
    const first = runOk(rt, clock, 'ana-token', 'restarter', input('rs', [user('apply the config')]));
    await checkEvents(first.events);
    const [i, ...more] = interruptsOf(first.events);
    assert.equal(more.length, 0);
    assert.equal(i!.reason, 'confirmation');
    assert.equal(i!.toolCallId, undefined);
    assert.equal(i!.message, RESTART_WHAT);
    assert.deepEqual(i!.responseSchema, {
      type: 'object',
      properties: { approved: { type: 'boolean', title: 'Approve' }, comment: { type: 'string', title: 'Comment' } },
      required: ['approved'],
      additionalProperties: false,
    });
    assert.ok(Date.parse(i!.expiresAt!) > clock.now());
    const m = readInterruptMeta(i!);
    assert.equal(m.kind, 'restart');
    assert.equal(m.what, RESTART_WHAT);
    assert.equal(m.job, rt.threads.get('acme', 'rs')!.turns[0]!.turn.root.id);
    assert.match(m.deciders!, /ana/);
    assert.deepEqual(m.console, { label: 'Decide in OZ', url: `${PUBLIC_URL}/console/jobs/${m.job}` });
    const next = startOk(rt, 'ana-token', 'restarter', input('rs', [], { resume: [{ interruptId: i!.id, status: 'resolved', payload: { approved: true } }] }));
    clock.advance(60_000);
    await checkEvents(next.events);
    assert.equal(outcomeOf(next.events), 'success');
    assert.match(
      ofType(next.events, EventType.TEXT_MESSAGE_CONTENT)
        .map((c) => c.delta)
        .join(''),
      /Restarted the billing service/,
    );
  });
});
