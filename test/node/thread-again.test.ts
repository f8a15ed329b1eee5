/**
 * The store after something went wrong: drafts that survive a refused resume,
 * loading the thread again (a fresh run that follows the latest turn from its
 * start), who decides when a new message finds the turn waiting for others,
 * one validator path for resume answers, and sending again the way that helps.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StreamedEvent } from '../../src/protocol/index.js';
import { approve, buildResume, buildTurnRequest, createThreadStore, currentRun, isThreadError, openInterrupts, retryMode } from '../../src/thread/index.js';
import type { ErrorView } from '../../src/thread/index.js';
import { TransportError } from '../../src/transport/index.js';
import { fakeTransport, options } from './store-fixtures.js';
import { apply, approvalInterrupt, custom, ev, EventType, finished, questionInterrupt, sendAction, started, text } from './thread-fixtures.js';

const runStarted = (runId: string) => ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId });
const runError = (code: string, metadata?: Record<string, unknown>) => ev({ type: EventType.RUN_ERROR, code, message: `edge says ${code}`, ...(metadata ? { metadata } : {}) });
const approval = (id: string) => approvalInterrupt(id, 'c1', { expiresAt: '2999-01-01T00:00:00Z' });
/** The helper's first run: a message, a call, an interrupt for it. */
const askRun = (runId: string, interruptId = 'i1'): StreamedEvent[] => [
  runStarted(runId),
  ...text('job-1:m1', 'AI: May I?'),
  ev({ type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'send', parentMessageId: 'job-1:m1' }),
  ev({ type: EventType.TOOL_CALL_END, toolCallId: 'c1' }),
  finished({ type: 'interrupt', interrupts: [approval(interruptId)] }, undefined, runId),
];

test('drafts survive a refused resume (RUN_ERROR, or 403 before the stream) and go once OZ decides', async () => {
  const forbidden = new TransportError('http_error', 'HTTP 403', {
    status: 403,
    serverCode: 'permission_denied',
    retryable: false,
    body: { code: 'permission_denied', message: 'Only a person resumes.', console: { label: 'Decide in OZ', url: 'https://c/jobs/job-1' } },
  });
  const fake = fakeTransport([
    { events: askRun('id-2') },
    { events: [runStarted('id-3'), runError('failed_precondition', { 'oz0/entry': 'i1', 'oz0/reason': 'type the name' })] },
    { events: [], then: forbidden },
    {
      events: [runStarted('id-5'), custom('oz0.resume', { interruptId: 'i1', outcome: 'decided', approved: true }), ...text('job-1:m2', 'AI: Sent.'), finished({ type: 'success' }, undefined, 'id-5')],
    },
  ]);
  const store = createThreadStore(options(fake.transport));
  await store.send('hi');
  store.setDraft('i1', { approved: true, comment: 'go' });
  await store.resume({ i1: approve('go') });
  let s = store.getState();
  assert.equal(s.lastError!.code, 'failed_precondition');
  assert.deepEqual(s.openInterruptIds, ['i1'], 'none decided: the interrupt waits again');
  assert.deepEqual(s.drafts, { i1: { approved: true, comment: 'go' } }, 'the draft is kept');
  await store.resume({ i1: approve('go') });
  s = store.getState();
  assert.equal(s.lastError!.status, 403);
  assert.deepEqual(s.lastError!.console, { label: 'Decide in OZ', url: 'https://c/jobs/job-1' });
  assert.deepEqual(s.drafts, { i1: { approved: true, comment: 'go' } });
  await store.resume({ i1: approve('go') });
  s = store.getState();
  assert.equal(s.interrupts.i1!.state, 'answered');
  assert.deepEqual(s.drafts, {}, 'decided: the draft is done with');
});

test('drafts: a resume run that streams on settles its entries and drops their drafts; the partial case drops only the decided', () => {
  let s = apply(started(), [...text('job-1:m1', 'AI: ?'), finished({ type: 'interrupt', interrupts: [approvalInterrupt('i1', 'c1'), questionInterrupt('i2')] })]);
  s = apply(s, [
    { type: 'thread/draft', interruptId: 'i1', value: { approved: true } },
    { type: 'thread/draft', interruptId: 'i2', value: { answer: 'red' } },
  ]);
  const entries = [
    { interruptId: 'i1', status: 'resolved' as const, payload: { approved: true } },
    { interruptId: 'i2', status: 'resolved' as const, payload: { answer: 'red' } },
  ];
  const resume = { type: 'thread/resume' as const, url: 'u', runId: 'run-2', body: { threadId: 'chat-1', runId: 'run-2', messages: [], resume: entries }, entries, at: 2 };
  const partial = apply(s, [resume, ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'run-2' }), runError('unavailable', { 'oz0/decided': ['i1'], 'oz0/not-decided': ['i2'] })]);
  assert.deepEqual(partial.drafts, { i2: { answer: 'red' } });
  assert.deepEqual(partial.openInterruptIds, ['i2']);
  const streamedOn = apply(s, [resume, ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'run-2' }), finished({ type: 'success' }, undefined, 'run-2')]);
  assert.deepEqual(streamedOn.drafts, {});
  assert.equal(streamedOn.interrupts.i2!.state, 'answered');
});

test("resync after interrupt_expired: a fresh runId, the turn's user message newest, no Last-Event-ID; the turn's view is what streams", async () => {
  const fake = fakeTransport([
    { events: askRun('id-2') },
    { events: [runStarted('id-3'), runError('interrupt_expired', { 'oz0/entry': 'i1' })] },
    // The edge follows the turn from its start, under the run it follows, with the interrupt's current id.
    { events: askRun('id-2', 'i1-now') },
  ]);
  const store = createThreadStore(options(fake.transport));
  await store.send('Please greet the team');
  await store.resume({ i1: approve() });
  assert.equal(store.getState().lastError!.action, 'reload');
  await store.resync();
  assert.equal(fake.calls.length, 3);
  const { request, options: o } = fake.calls[2]!;
  assert.equal(o.lastEventId, undefined);
  assert.equal(request.body.runId, 'id-4', 'a fresh runId');
  assert.notEqual(request.body.runId, fake.calls[0]!.request.body.runId);
  assert.deepEqual(request.body.messages, [{ id: 'id-1', role: 'user', content: 'Please greet the team' }]);
  assert.equal(request.body.resume, undefined);
  const s = store.getState();
  assert.equal(s.turns.length, 1);
  assert.deepEqual(
    s.turns[0]!.runs.map((r) => [r.runId, r.kind, r.phase]),
    [['id-4', 'follow', 'finished']],
  );
  assert.deepEqual(s.openInterruptIds, ['i1-now']);
  assert.equal(s.interrupts.i1, undefined, 'the expired interrupt is gone');
  assert.equal(s.status, 'interrupted');
  assert.equal(s.lastError, undefined);
  assert.equal(s.lastRequest!.runId, 'id-4');
  assert.deepEqual(
    currentRun(s)!.items.map((i) => i.kind),
    ['message'],
  );
  assert.equal(s.diagnostics.filter((d) => d.kind === 'out_of_order').length, 0, "a follow run streams under the followed run's id");
});

test('resync after history_mismatch drops the refused message and follows the latest turn OZ took (by <job>:in)', async () => {
  const fake = fakeTransport([
    { events: [runStarted('id-2'), ...text('job-1:m1', 'AI: Hello team!'), custom('oz0.card', { job: 'job-1', card: { a: 1 } }), finished({ type: 'success' }, undefined, 'id-2')] },
    { events: [runStarted('id-4'), runError('history_mismatch')] },
    { events: [runStarted('id-2'), ...text('job-1:m1', 'AI: Hello team!'), finished({ type: 'success' }, undefined, 'id-2')] },
  ]);
  const store = createThreadStore(options(fake.transport));
  await store.send('Please greet the team');
  await store.send('And now?');
  assert.equal(store.getState().turns.length, 2);
  await store.resync();
  const body = fake.calls[2]!.request.body;
  assert.equal(body.runId, 'id-5');
  assert.deepEqual(
    body.messages.map((m) => m.id),
    ['job-1:in'],
    "the turn's user message as OZ names it, newest",
  );
  const s = store.getState();
  assert.equal(s.turns.length, 1, 'the refused message is no turn');
  assert.equal(s.turns[0]!.card, undefined);
  assert.equal(s.status, 'idle');
  assert.equal(fake.calls[2]!.options.lastEventId, undefined);
});

test('resync after a finished run replaces the turn, not doubles it; with no turn it refuses', async () => {
  const answer = (runId: string) => [runStarted(runId), ...text('job-1:m1', 'AI: once'), finished({ type: 'success' }, undefined, runId)];
  const fake = fakeTransport([{ events: answer('id-2') }, { events: answer('id-2') }]);
  const store = createThreadStore(options(fake.transport));
  assert.throws(
    () => store.resync(),
    (e: unknown) => isThreadError(e) && e.code === 'nothing_to_load',
  );
  await store.send('hi');
  await store.resync();
  const s = store.getState();
  assert.equal(s.turns[0]!.runs.length, 1);
  assert.deepEqual(
    currentRun(s)!.items.map((i) => (i.kind === 'message' ? i.message.body : i.kind)),
    ['once'],
  );
  assert.equal(fake.calls[1]!.request.body.runId, 'id-3');
});

test("turn_waiting: RUN_ERROR's oz0/waiting-for-others is in the error and in waitingForOthers; the refused message leaves the history", () => {
  const waiting = [{ job: 'job-5', what: 'Publish release 2.1.0', deciders: 'a person other than ana (four eyes)', console: { label: 'Decide in OZ', url: 'https://c/jobs/job-5' } }];
  let s = apply(started(), [...text('job-1:m1', 'AI: Working.'), finished({ type: 'success' })]);
  s = apply(s, [sendAction('run-2', 'u2', 'more'), ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'run-2' }), runError('turn_waiting', { 'oz0/waiting-for-others': waiting })]);
  assert.equal(s.lastError!.code, 'turn_waiting');
  assert.deepEqual(s.lastError!.waitingForOthers, waiting);
  assert.deepEqual(s.waitingForOthers, waiting);
  assert.equal(s.lastError!.action, 'follow');
  const next = buildTurnRequest(s, { runId: 'run-3', messageId: 'u3', text: 'more' });
  assert.deepEqual(
    next.messages.map((m) => m.id),
    ['u1', 'job-1:m1', 'u3'],
    'the refused "more" is no turn',
  );
});

test("resume answers are checked by the forms layer's validator: the draft $schema names, frozen state included", () => {
  const d4 = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { n: { type: 'number', maximum: 10, exclusiveMaximum: true } }, required: ['n'] };
  const s = apply(started(), [finished({ type: 'interrupt', interrupts: [{ id: 'q', reason: 'input_required', message: 'How many?', responseSchema: d4 }] })]);
  assert.ok(Object.isFrozen(s.interrupts.q!.responseSchema), 'the reducer freezes (autoFreeze in these tests)');
  const open = openInterrupts(s);
  assert.equal(buildResume(open, { q: { status: 'resolved', payload: { n: 5 } } }).ok, true, "draft-04's boolean exclusiveMaximum: 5 < 10 fits");
  const late = buildResume(open, { q: { status: 'resolved', payload: { n: 10 } } });
  assert.equal(late.ok, false);
  assert.deepEqual(!late.ok && late.invalid.q, [{ path: '#/n', field: 'n', message: 'Enter a number smaller than 10' }]);
});

test("retryOrResend: after failed or timed_out the person's words go as a new turn; otherwise the same run again", async () => {
  const drop = new TransportError('gave_up', 'gave up after 8 attempts', { retryable: true });
  const fake = fakeTransport([
    { events: [runStarted('id-2'), ...text('job-1:m1', 'AI: Let me try.'), runError('failed')] },
    { events: [runStarted('id-4'), runError('unavailable')] },
    { events: [runStarted('id-4'), ev({ type: EventType.TEXT_MESSAGE_START, messageId: 'job-2:m1' }, 'x-2')], then: drop },
    { events: [ev({ type: EventType.TEXT_MESSAGE_END, messageId: 'job-2:m1' }, 'x-3'), finished({ type: 'success' }, undefined, 'id-4')] },
  ]);
  const store = createThreadStore(options(fake.transport));
  await store.send('Do the thing');
  assert.equal(retryMode(store.getState().lastError), 'new_turn');
  await store.retryOrResend();
  const second = fake.calls[1]!;
  assert.equal(second.request.body.runId, 'id-4', 'a new run');
  assert.deepEqual(
    second.request.body.messages.map((m) => [m.id, m.content]),
    [
      ['id-1', 'Do the thing'],
      ['job-1:m1', 'AI: Let me try.'],
      ['id-3', 'Do the thing'],
    ],
  );
  assert.equal(store.getState().turns.length, 2);
  assert.equal(retryMode(store.getState().lastError), 'same_run');
  await store.retryOrResend();
  assert.equal(fake.calls[2]!.request.body, second.request.body, 'unavailable: the same run (runId and body)');
  assert.equal(fake.calls[2]!.options.lastEventId, undefined, 'the run had ended: from its start');
  assert.equal(store.getState().lastError!.code, 'unavailable');
  await store.retryOrResend();
  assert.equal(fake.calls[3]!.request.body.runId, 'id-4');
  assert.equal(fake.calls[3]!.options.lastEventId, 'x-2', 'a dropped stream: from where it was');
  assert.equal(store.getState().status, 'idle');
  assert.equal(store.getState().turns.length, 2);
});

test('retryMode: which errors sending again helps, and how', () => {
  const e = (over: Partial<ErrorView>): ErrorView => ({ code: 'x', message: '', meaning: '', action: 'retry', source: 'run', retryable: false, details: {}, ...over });
  assert.equal(retryMode(undefined), undefined);
  assert.equal(retryMode(e({ code: 'failed' })), 'new_turn');
  assert.equal(retryMode(e({ code: 'timed_out' })), 'new_turn');
  assert.equal(retryMode(e({ code: 'unavailable' })), 'same_run');
  assert.equal(retryMode(e({ code: 'history_mismatch', action: 'reload' })), undefined);
  assert.equal(retryMode(e({ code: 'unavailable', source: 'http', status: 503 })), 'same_run');
  assert.equal(retryMode(e({ code: 'permission_denied', source: 'http', status: 403 })), undefined);
  assert.equal(retryMode(e({ code: 'unavailable', source: 'network', retryable: true })), 'same_run');
  assert.equal(retryMode(e({ code: 'unavailable', source: 'stream' })), 'same_run');
});

test('a run sent again counts its attempts, and says which one started (RUN_STARTED), so a failure in the same batch still shows the start', async () => {
  const fake = fakeTransport([
    { events: [], then: new TransportError('network', 'offline', { retryable: true }) },
    { events: [runStarted('id-2'), runError('unavailable')] },
    { events: [runStarted('id-2'), ...text('job-1:m1', 'AI: Hi.'), finished({ type: 'success' }, undefined, 'id-2')] },
  ]);
  const store = createThreadStore(options(fake.transport));
  await store.send('hi');
  let run = currentRun(store.getState())!;
  assert.equal(run.attempt ?? 1, 1);
  assert.equal(run.startedIn, undefined, 'refused before its stream: never started');
  await store.retryOrResend();
  run = currentRun(store.getState())!;
  assert.deepEqual([run.attempt, run.startedIn, run.phase], [2, 2, 'error'], 'the second attempt started, then failed');
  await store.retryOrResend();
  run = currentRun(store.getState())!;
  assert.deepEqual([run.attempt, run.startedIn, run.phase], [3, 3, 'finished']);
});
