import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_OPEN_STEPS } from '../../src/protocol/index.js';
import { currentRun, findMessage, findToolCall, initialThreadState, openInterrupts, reduce as plainReduce } from '../../src/thread/index.js';
import type { AssistantMessageView, ThreadInput, ThreadState } from '../../src/thread/index.js';
import { apply, approvalInterrupt, custom, ev, EventType, finished, questionInterrupt, started, text, toolCall } from './thread-fixtures.js';

const messagesOf = (s: ThreadState): AssistantMessageView[] => currentRun(s)!.items.flatMap((i) => (i.kind === 'message' ? [i.message] : []));

test('RUN_STARTED after a send: the turn runs, with the user message and its run', () => {
  const s = started();
  assert.equal(s.status, 'running');
  assert.equal(s.turns.length, 1);
  assert.equal(s.turns[0]!.userMessage?.text, 'Please greet the team');
  assert.equal(currentRun(s)!.phase, 'streaming');
  assert.equal(currentRun(s)!.runId, 'run-1');
  assert.equal(s.lastRequest?.runId, 'run-1');
});

test('text: the AI label is split off the first content, kept in content; label split across tokens', () => {
  const s = apply(started('AI: '), text('job-1:m1', 'A', 'I: Hel', 'lo team'));
  const [m] = messagesOf(s);
  assert.equal(m!.content, 'AI: Hello team');
  assert.equal(m!.label, 'AI: ');
  assert.equal(m!.body, 'Hello team');
  assert.equal(m!.complete, true);
  assert.equal(m!.labelPending, false);
});

test('text: while the first tokens may still be the label, the body is empty and pending', () => {
  const s = apply(started('Assistant: '), [ev({ type: EventType.TEXT_MESSAGE_START, messageId: 'm' }), ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm', delta: 'Assis' })]);
  const m = findMessage(s, 'm')!;
  assert.equal(m.labelPending, true);
  assert.equal(m.body, '');
  const s2 = apply(s, [ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm', delta: 't! no' })]);
  assert.equal(findMessage(s2, 'm')!.label, undefined);
  assert.equal(findMessage(s2, 'm')!.body, 'Assist! no');
});

test("text: no label given means no split; the label is learned from an interrupt's oz0/ai-label and applied back", () => {
  let s = apply(started(null), text('m1', 'AI: Checking.'));
  assert.equal(findMessage(s, 'm1')!.body, 'AI: Checking.');
  s = apply(s, [...toolCall('call-1', 'send_email', 'm1', '{}'), finished({ type: 'interrupt', interrupts: [approvalInterrupt('i1', 'call-1')] })]);
  assert.equal(s.aiLabel, 'AI: ');
  assert.equal(findMessage(s, 'm1')!.label, 'AI: ');
  assert.equal(findMessage(s, 'm1')!.body, 'Checking.');
  assert.equal(s.interrupts.i1!.label, 'AI: ');
  assert.equal(s.interrupts.i1!.body, 'May I send the greeting?');
});

test('text: a new message after a tool call; the call belongs to its parentMessageId', () => {
  const s = apply(started(), [
    ...text('job-1:m1', 'AI: Let me look.'),
    ...toolCall('call-1', 'oz.search', 'job-1:m1', '{"q":', '"greet"}'),
    ev({ type: EventType.TOOL_CALL_RESULT, toolCallId: 'call-1', messageId: 'job-1:t1', content: 'found 3' }),
    ...text('job-1:m2', 'AI: Done.'),
  ]);
  const items = currentRun(s)!.items;
  assert.deepEqual(
    items.map((i) => i.kind),
    ['message', 'message'],
  );
  const [m1, m2] = messagesOf(s);
  assert.equal(m1!.toolCalls.length, 1);
  assert.equal(m2!.body, 'Done.');
  const call = m1!.toolCalls[0]!;
  assert.equal(call.parentMessageId, 'job-1:m1');
  assert.equal(call.argsText, '{"q":"greet"}');
  assert.deepEqual(call.args, { q: 'greet' });
  assert.equal(call.argsComplete, true);
  assert.equal(call.status, 'done');
  assert.deepEqual(call.result, { messageId: 'job-1:t1', content: 'found 3' });
});

test('tool call: arguments that do not parse keep the error; a call without a message is its own item; a placeholder shows as sent', () => {
  const s = apply(started(), [...toolCall('c1', 'oz.http', undefined, '{"token": "{{secret:api}}", '), ...toolCall('c2', 'oz.http', undefined, '{"token":"{{secret:api}}"}')]);
  const c1 = findToolCall(s, 'c1')!;
  assert.equal(c1.args, undefined);
  assert.match(c1.argsError!, /JSON|Unexpected|position|end/i);
  assert.deepEqual(findToolCall(s, 'c2')!.args, { token: '{{secret:api}}' });
  assert.deepEqual(
    currentRun(s)!.items.map((i) => i.kind),
    ['tool_call', 'tool_call'],
  );
});

test('structural sharing: a token changes its message only; other messages, items and turns keep identity', () => {
  let s = apply(started(), [...text('m1', 'AI: one'), ev({ type: EventType.TEXT_MESSAGE_START, messageId: 'm2' }), ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm2', delta: 'AI: t' })]);
  const before = s;
  s = apply(s, [ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm2', delta: 'wo' }, 'e-x')]);
  const [b1, b2] = messagesOf(before);
  const [a1, a2] = messagesOf(s);
  assert.equal(a1, b1, 'the finished message keeps identity');
  assert.notEqual(a2, b2);
  assert.equal(a2!.body, 'two');
  assert.equal(currentRun(s)!.items[0], currentRun(before)!.items[0]);
  assert.equal(s.board, before.board);
  assert.equal(s.interrupts, before.interrupts);
  assert.equal(s.lastEventId, 'e-x');
  assert.ok(Object.isFrozen(a2), 'autoFreeze: true freezes what changed');
  // A tool call's args change the call, not the text of its message.
  s = apply(s, [ev({ type: EventType.TOOL_CALL_START, toolCallId: 'c', toolCallName: 'x', parentMessageId: 'm2' })]);
  const t1 = s;
  s = apply(s, [ev({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'c', delta: '{}' })]);
  assert.equal(findToolCall(s, 'c')!.argsText, '{}');
  assert.equal(messagesOf(s)[0], messagesOf(t1)[0]);
  // An earlier turn keeps identity when a new turn streams.
  const afterTurn = apply(s, [finished({ type: 'success' })]);
  const next = apply(afterTurn, [
    { type: 'thread/send', turnId: 'u2', text: 'again', url: 'u', runId: 'run-2', body: { threadId: 'chat-1', runId: 'run-2', messages: [] }, at: 2 },
    ...text('m3', 'AI: x'),
  ]);
  assert.equal(next.turns[0], afterTurn.turns[0]);
  // The request record (its body is the whole history) is kept as sent, frozen: Immer skips frozen
  // values instead of walking them for drafts, which cost a long thread its whole history at every send.
  assert.ok(Object.isFrozen(next.lastRequest), 'the request record is frozen');
  assert.equal(next.lastRequest!.body.runId, 'run-2');
});

test('steps by job id: open, finished, restarted by a resume run; 33 opened records the limit and hides the 33rd', () => {
  let s = started();
  const starts = Array.from({ length: MAX_OPEN_STEPS + 1 }, (_, i) => ev({ type: EventType.STEP_STARTED, stepName: `step-${i}` }));
  s = apply(s, starts);
  const run = currentRun(s)!;
  assert.equal(run.openSteps, MAX_OPEN_STEPS);
  assert.equal(run.stepLimitReached, true);
  assert.equal(run.hiddenSteps, 1);
  assert.equal(s.turns[0]!.stepOrder.length, MAX_OPEN_STEPS);
  assert.equal(s.turns[0]!.steps['step-32'], undefined);
  assert.ok(s.diagnostics.some((d) => d.kind === 'step_limit'));
  s = apply(s, [ev({ type: EventType.STEP_FINISHED, stepName: 'step-0' }), ev({ type: EventType.STEP_FINISHED, stepName: 'step-32' })]);
  assert.equal(s.turns[0]!.steps['step-0']!.status, 'finished');
  assert.equal(currentRun(s)!.openSteps, MAX_OPEN_STEPS - 1);
});

test("cards: a step's card goes to its step, the turn's own card to the turn; a malformed card is a diagnostic", () => {
  const s = apply(started(), [
    ev({ type: EventType.STEP_STARTED, stepName: 'job-7' }),
    ev({ type: EventType.STEP_FINISHED, stepName: 'job-7' }),
    custom('oz0.card', { job: 'job-7', card: { type: 'weather', temp: 21 } }),
    ...text('job-1:m1', 'AI: It is warm.'),
    custom('oz0.card', { job: 'job-1', card: { type: 'summary', text: 'warm' } }),
    custom('oz0.card', { job: 'job-1' }),
  ]);
  const turn = s.turns[0]!;
  assert.deepEqual(turn.steps['job-7']!.card, { type: 'weather', temp: 21 });
  assert.deepEqual(turn.card?.card, { type: 'summary', text: 'warm' });
  assert.equal(turn.job, 'job-1');
  assert.equal(turn.userMessage?.ozId, 'job-1:in');
  assert.deepEqual(
    currentRun(s)!.items.map((i) => i.kind),
    ['step', 'message', 'card'],
  );
  assert.equal(s.diagnostics.at(-1)!.kind, 'malformed_custom');
});

test('RUN_FINISHED success and cancelled end the turn; messages left streaming complete', () => {
  const ok = apply(started(), [
    ev({ type: EventType.TEXT_MESSAGE_START, messageId: 'm' }),
    ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm', delta: 'AI: cut' }),
    finished({ type: 'success' }),
  ]);
  assert.equal(ok.status, 'idle');
  assert.equal(currentRun(ok)!.outcome, 'success');
  assert.equal(currentRun(ok)!.terminal, true);
  assert.equal(findMessage(ok, 'm')!.complete, true);
  const cancelled = apply(started(), [finished({ type: 'cancelled' })]);
  assert.equal(currentRun(cancelled)!.outcome, 'cancelled');
  assert.equal(cancelled.status, 'idle');
});

test('RUN_FINISHED interrupt: interrupts with metadata and deadline, the call awaiting approval, waiting-for-others', () => {
  const others = [{ job: 'job-9', what: 'Deploy', deciders: 'the release team', console: { label: 'Decide in OZ', url: 'https://c/9' } }];
  const s = apply(started(), [
    ...text('job-1:m1', 'AI: I need approval.'),
    ...toolCall('call-1', 'send_email', 'job-1:m1', '{"to":"team"}'),
    finished({ type: 'interrupt', interrupts: [approvalInterrupt('i1', 'call-1'), questionInterrupt('i2')] }, { 'oz0/waiting-for-others': others }),
  ]);
  assert.equal(s.status, 'interrupted');
  assert.deepEqual(s.openInterruptIds, ['i1', 'i2']);
  const i1 = s.interrupts.i1!;
  assert.equal(i1.reason, 'tool_call');
  assert.equal(i1.toolCallId, 'call-1');
  assert.equal(i1.state, 'open');
  assert.equal(i1.deadline, Date.parse('2026-03-01T12:00:00Z'));
  assert.equal(i1.meta.kind, 'approval');
  assert.equal(i1.meta.job, 'job-1');
  assert.deepEqual(i1.meta.console, { label: 'Decide in OZ', url: 'https://c/9'.replace('c/9', 'console/jobs/job-1') });
  assert.deepEqual(s.interrupts.i2!.meta.choices, ['red', 'blue']);
  assert.equal(findToolCall(s, 'call-1')!.status, 'awaiting_approval');
  assert.equal(findToolCall(s, 'call-1')!.interruptId, 'i1');
  assert.deepEqual(s.waitingForOthers, others);
  assert.deepEqual(currentRun(s)!.interruptIds, ['i1', 'i2']);
  assert.equal(openInterrupts(s).length, 2);
});

test('oz0.waiting: the run waits for others and streams on once they decide', () => {
  let s = apply(started(), [custom('oz0.waiting', { waiting: [{ job: 'job-3', what: 'Four-eyes approval', deciders: 'Ana' }] })]);
  assert.equal(s.status, 'waiting');
  assert.equal(s.waitingForOthers[0]!.deciders, 'Ana');
  s = apply(s, text('m', 'AI: go on'));
  assert.equal(s.status, 'running');
  assert.deepEqual(s.waitingForOthers, []);
  s = apply(s, [custom('oz0.waiting', { nope: 1 })]);
  assert.equal(s.diagnostics.at(-1)!.kind, 'malformed_custom');
});

function interrupted(): ThreadState {
  return apply(started(), [
    ...text('job-1:m1', 'AI: May I?'),
    ...toolCall('call-1', 'send_email', 'job-1:m1', '{}'),
    ...toolCall('call-2', 'delete_file', 'job-1:m1', '{}'),
    finished({ type: 'interrupt', interrupts: [approvalInterrupt('i1', 'call-1'), approvalInterrupt('i2', 'call-2'), questionInterrupt('i3')] }),
  ]);
}

test("oz0.resume outcomes: approved, denied, declined, already decided; the call's status follows", () => {
  let s = interrupted();
  const entries = [
    { interruptId: 'i1', status: 'resolved' as const, payload: { approved: true } },
    { interruptId: 'i2', status: 'resolved' as const, payload: { approved: false, comment: 'no' } },
    { interruptId: 'i3', status: 'cancelled' as const },
  ];
  s = apply(s, [{ type: 'thread/resume', url: 'u', runId: 'run-2', body: { threadId: 'chat-1', runId: 'run-2', messages: [], resume: entries }, entries, at: 5 }]);
  assert.equal(s.status, 'running');
  assert.deepEqual(s.openInterruptIds, []);
  assert.equal(s.interrupts.i1!.state, 'submitted');
  assert.equal(s.turns[0]!.runs.length, 2, 'a resume continues the same turn');
  s = apply(s, [
    ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'run-2' }),
    custom('oz0.resume', { interruptId: 'i1', outcome: 'decided', approved: true }),
    custom('oz0.resume', { interruptId: 'i2', outcome: 'decided', approved: false }),
    custom('oz0.resume', { interruptId: 'i3', outcome: 'already_decided' }),
    custom('oz0.resume', { interruptId: 'zzz', outcome: 'decided' }),
    custom('oz0.resume', { interruptId: 'i1', outcome: 'maybe' }),
  ]);
  assert.equal(s.interrupts.i1!.outcome, 'decided');
  assert.equal(s.interrupts.i1!.approved, true);
  assert.equal(findToolCall(s, 'call-1')!.status, 'running');
  assert.equal(findToolCall(s, 'call-2')!.status, 'denied');
  assert.equal(s.interrupts.i3!.outcome, 'already_decided');
  assert.equal(s.interrupts.i3!.state, 'answered');
  assert.deepEqual(
    s.diagnostics.slice(-2).map((d) => d.kind),
    ['out_of_order', 'malformed_custom'],
  );
  s = apply(s, [ev({ type: EventType.TOOL_CALL_RESULT, toolCallId: 'call-1', messageId: 't1', content: 'sent' }), finished({ type: 'success' }, undefined, 'run-2')]);
  assert.equal(findToolCall(s, 'call-1')!.status, 'done');
  assert.equal(s.status, 'idle');
});

test('a cancelled entry decided without approved denies the call', () => {
  let s = interrupted();
  const entries = [
    { interruptId: 'i1', status: 'cancelled' as const },
    { interruptId: 'i2', status: 'cancelled' as const },
    { interruptId: 'i3', status: 'cancelled' as const },
  ];
  s = apply(s, [
    { type: 'thread/resume', url: 'u', runId: 'run-2', body: { threadId: 'chat-1', runId: 'run-2', messages: [] }, entries, at: 5 },
    custom('oz0.resume', { interruptId: 'i1', outcome: 'decided' }),
  ]);
  assert.equal(findToolCall(s, 'call-1')!.status, 'denied');
});

test('a failed resume run reopens the entries not decided, keeps those the error names as decided', () => {
  let s = interrupted();
  const entries = ['i1', 'i2', 'i3'].map((interruptId) => ({ interruptId, status: 'cancelled' as const }));
  s = apply(s, [
    { type: 'thread/resume', url: 'u', runId: 'run-2', body: { threadId: 'chat-1', runId: 'run-2', messages: [] }, entries, at: 5 },
    custom('oz0.resume', { interruptId: 'i1', outcome: 'decided', approved: false }),
    ev({
      type: EventType.RUN_ERROR,
      code: 'failed_precondition',
      message: 'the job did not take the update',
      metadata: { 'oz0/decided': ['i1', 'i2'], 'oz0/not-decided': ['i3'], 'oz0/entry': 'i3', 'oz0/reason': 'job busy' },
    }),
  ]);
  assert.equal(s.status, 'error');
  assert.deepEqual(s.openInterruptIds, ['i3']);
  assert.equal(s.interrupts.i2!.state, 'answered');
  assert.deepEqual(s.lastError!.details, { entry: 'i3', reason: 'job busy', decided: ['i1', 'i2'], notDecided: ['i3'] });
});

test('unknown events, unhandled AG-UI events and malformed events are diagnostics, never thrown', () => {
  let s = started();
  s = apply(s, [
    ev({ type: 'SOMETHING_NEW', x: 1 }),
    ev({ type: EventType.REASONING_START, messageId: 'r' }),
    custom('acme.other', {}),
    ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'ghost', delta: 'AI: boo' }),
    ev({ type: EventType.STEP_FINISHED, stepName: 'never' }),
    { id: 'x', event: undefined as never },
  ]);
  assert.deepEqual(
    s.diagnostics.map((d) => d.kind),
    ['unknown_event', 'unhandled_event', 'unhandled_event', 'out_of_order', 'out_of_order', 'invalid_event'],
  );
  assert.equal(findMessage(s, 'ghost')!.body, 'boo', 'content for a message never started still shows');
});

test('diagnostics are bounded', () => {
  let s = started();
  for (let i = 0; i < 300; i++) s = plainReduce(s, ev({ type: 'NOPE' }));
  assert.equal(s.diagnostics.length, 200);
});

test('events replayed into an empty thread get an implicit turn', () => {
  const s = apply(initialThreadState('chat-1'), [ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'r9' }), ...text('m', 'hi'), finished({ type: 'success' }, undefined, 'r9')]);
  assert.equal(s.turns.length, 1);
  assert.equal(s.turns[0]!.userMessage, undefined);
  assert.equal(currentRun(s)!.runId, 'r9');
  assert.equal(findMessage(s, 'm')!.body, 'hi');
});

/** A run with a call done and two still running: one a message holds, one an item of its own. */
function calling(): ThreadState {
  return apply(started(), [
    ...text('job-1:m1', 'AI: Working.'),
    ...toolCall('c-done', 'oz.search', 'job-1:m1', '{}'),
    ev({ type: EventType.TOOL_CALL_RESULT, toolCallId: 'c-done', messageId: 'job-1:t0', content: 'found' }),
    ...toolCall('c-msg', 'send_email', 'job-1:m1', '{}'),
    ...toolCall('c-solo', 'oz.http', undefined, '{}'),
  ]);
}
const callStatuses = (s: ThreadState) => ['c-done', 'c-msg', 'c-solo'].map((id) => findToolCall(s, id)!.status);
const closed = (reason: 'stopped' | 'ended'): ThreadInput => ({ type: 'thread/stream-closed', reason, at: 5 });

for (const [ending, input] of [
  ['RUN_ERROR', ev({ type: EventType.RUN_ERROR, code: 'failed', message: 'the job failed' })],
  ['the person stopped following', closed('stopped')],
  ['the stream closed without a terminal event', closed('ended')],
  ['the connection broke', { type: 'thread/transport-error', error: { code: 'network', message: 'offline', retryable: true }, at: 5 }],
  ['RUN_FINISHED success without their results', finished({ type: 'success' })],
  ['RUN_FINISHED cancelled', finished({ type: 'cancelled' })],
] as Array<[string, ThreadInput]>) {
  test(`tool calls still running when the run ends are unfinished, a call done stays done: ${ending}`, () => {
    const before = calling();
    assert.deepEqual(callStatuses(before), ['done', 'running', 'running']);
    const s = apply(before, [input]);
    assert.deepEqual(callStatuses(s), ['done', 'unfinished', 'unfinished']);
    assert.equal(findToolCall(s, 'c-done'), findToolCall(before, 'c-done'), 'the call done keeps identity');
  });
}

test('unfinished: a call waiting for approval keeps waiting, through a failed resume too; earlier turns keep identity', () => {
  const first = apply(calling(), [finished({ type: 'success' })]);
  const send: ThreadInput = { type: 'thread/send', turnId: 'u2', text: 'again', url: 'u', runId: 'run-2', body: { threadId: 'chat-1', runId: 'run-2', messages: [] }, at: 6 };
  let s = apply(first, [send, ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'run-2' }), ...toolCall('a', 'send_email', undefined, '{}'), ...toolCall('b', 'oz.http', undefined, '{}')]);
  s = apply(s, [finished({ type: 'interrupt', interrupts: [approvalInterrupt('i1', 'a')] }, undefined, 'run-2')]);
  assert.equal(findToolCall(s, 'a')!.status, 'awaiting_approval');
  assert.equal(findToolCall(s, 'b')!.status, 'unfinished');
  assert.equal(s.turns[0], first.turns[0], 'a new turn starting and ending leaves the turn before as it was');
  const entries = [{ interruptId: 'i1', status: 'resolved' as const, payload: { approved: true } }];
  s = apply(s, [
    { type: 'thread/resume', url: 'u', runId: 'run-3', body: { threadId: 'chat-1', runId: 'run-3', messages: [] }, entries, at: 7 },
    ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'run-3' }),
    ev({ type: EventType.RUN_ERROR, code: 'failed_precondition', message: 'type the name' }),
  ]);
  assert.deepEqual(s.openInterruptIds, ['i1']);
  assert.equal(findToolCall(s, 'a')!.status, 'awaiting_approval');
  assert.equal(findToolCall(s, 'b')!.status, 'unfinished');
  assert.equal(s.turns[0], first.turns[0]);
});

test('unfinished: the same run followed again from Last-Event-ID delivers the result, and the call is done', () => {
  let s = apply(calling(), [closed('ended')]);
  assert.deepEqual(callStatuses(s), ['done', 'unfinished', 'unfinished']);
  s = apply(s, [{ type: 'thread/again', kind: 'retry', fromStart: false, at: 6 }, ev({ type: EventType.TOOL_CALL_RESULT, toolCallId: 'c-msg', messageId: 'job-1:t1', content: 'sent' })]);
  assert.equal(findToolCall(s, 'c-msg')!.status, 'done');
  assert.deepEqual(findToolCall(s, 'c-msg')!.result, { messageId: 'job-1:t1', content: 'sent' });
  s = apply(s, [finished({ type: 'success' })]);
  assert.deepEqual(callStatuses(s), ['done', 'done', 'unfinished']);
});

for (const [how, again] of [
  ['a retry from the start', { type: 'thread/again', kind: 'retry', fromStart: true, at: 6 }],
  ['a reload that follows the turn again', { type: 'thread/resync', url: 'u', runId: 'run-9', body: { threadId: 'chat-1', runId: 'run-9', messages: [] }, at: 6 }],
] as Array<[string, ThreadInput]>) {
  test(`unfinished: ${how} streams the calls again, running until their results make them done`, () => {
    let s = apply(calling(), [ev({ type: EventType.RUN_ERROR, code: 'unavailable', message: 'try again' })]);
    s = apply(s, [again, ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'run-1' }), ...text('job-1:m1', 'AI: Working.'), ...toolCall('c-msg', 'send_email', 'job-1:m1', '{}')]);
    assert.equal(findToolCall(s, 'c-msg')!.status, 'running');
    s = apply(s, [ev({ type: EventType.TOOL_CALL_RESULT, toolCallId: 'c-msg', messageId: 'job-1:t1', content: 'sent' }), finished({ type: 'success' })]);
    assert.equal(findToolCall(s, 'c-msg')!.status, 'done');
    assert.equal(s.status, 'idle');
  });
}

test('unfinished: a resume run starting on the turn runs its unfinished calls again; their results make them done', () => {
  let s = apply(started(), [
    ...toolCall('a', 'send_email', undefined, '{}'),
    ...toolCall('b', 'oz.http', undefined, '{}'),
    finished({ type: 'interrupt', interrupts: [approvalInterrupt('i1', 'a')] }),
  ]);
  assert.deepEqual(
    ['a', 'b'].map((id) => findToolCall(s, id)!.status),
    ['awaiting_approval', 'unfinished'],
  );
  const entries = [{ interruptId: 'i1', status: 'resolved' as const, payload: { approved: true } }];
  s = apply(s, [
    { type: 'thread/resume', url: 'u', runId: 'run-2', body: { threadId: 'chat-1', runId: 'run-2', messages: [] }, entries, at: 5 },
    ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'run-2' }),
    custom('oz0.resume', { interruptId: 'i1', outcome: 'decided', approved: true }),
  ]);
  assert.deepEqual(
    ['a', 'b'].map((id) => findToolCall(s, id)!.status),
    ['running', 'running'],
  );
  s = apply(s, [ev({ type: EventType.TOOL_CALL_RESULT, toolCallId: 'b', messageId: 't-b', content: 200 }), closed('ended')]);
  assert.deepEqual(
    ['a', 'b'].map((id) => findToolCall(s, id)!.status),
    ['unfinished', 'done'],
    'approved, then its run ended: not finished',
  );
  s = apply(s, [
    { type: 'thread/again', kind: 'retry', fromStart: false, at: 6 },
    ev({ type: EventType.TOOL_CALL_RESULT, toolCallId: 'a', messageId: 't-a', content: 'sent' }),
    finished({ type: 'success' }, undefined, 'run-2'),
  ]);
  assert.deepEqual(
    ['a', 'b'].map((id) => findToolCall(s, id)!.status),
    ['done', 'done'],
  );
});
