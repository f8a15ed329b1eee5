import { test } from 'node:test';
import assert from 'node:assert/strict';
import { approve, buildFollowRequest, buildHistory, buildResume, buildTurnRequest, decline, deny, openInterrupts, validatePayload } from '../../src/thread/index.js';
import type { ThreadState } from '../../src/thread/index.js';
import { apply, approvalInterrupt, custom, EventType, ev, finished, questionInterrupt, reduce, sendAction, started, text, toolCall } from './thread-fixtures.js';

function twoTurns(): ThreadState {
  let s = apply(started(), [
    ...text('job-1:m1', 'AI: Looking.'),
    ...toolCall('c', 'x', 'job-1:m1', '{}'),
    ...text('job-1:m2', 'AI: Hello team!'),
    custom('oz0.card', { job: 'job-1', card: { a: 1 } }),
    finished({ type: 'success' }),
  ]);
  s = apply(s, [sendAction('run-2', 'u2', 'And the board?'), ...text('job-2:m1', 'AI: One note.'), finished({ type: 'success' }, undefined, 'run-2')]);
  return s;
}

test("history: one user message per turn (OZ's <job>:in where known), then only the last assistant message of the latest turn", () => {
  const s = twoTurns();
  assert.deepEqual(buildHistory(s), [
    { id: 'job-1:in', role: 'user', content: 'Please greet the team' },
    { id: 'u2', role: 'user', content: 'And the board?' },
    { id: 'job-2:m1', role: 'assistant', content: 'AI: One note.' },
  ]);
});

test('a new turn adds the new user message after the history', () => {
  const s = twoTurns();
  const body = buildTurnRequest(s, { runId: 'run-3', messageId: 'u3', text: 'Thanks' });
  assert.equal(body.threadId, 'chat-1');
  assert.equal(body.runId, 'run-3');
  assert.deepEqual(
    body.messages.map((m) => [m.id, m.role]),
    [
      ['job-1:in', 'user'],
      ['u2', 'user'],
      ['job-2:m1', 'assistant'],
      ['u3', 'user'],
    ],
  );
  assert.equal(body.resume, undefined);
});

test('the first turn sends only its user message; a turn whose answer streamed across a resume sends the last one', () => {
  assert.deepEqual(buildTurnRequest(apply(started(), []), { runId: 'r', messageId: 'x', text: 'hi' }).messages.length, 2);
  const empty = reduce(started(), finished({ type: 'success' }));
  assert.deepEqual(
    buildHistory(empty).map((m) => m.role),
    ['user'],
  );
  let s = apply(started(), [...text('job-1:m1', 'AI: May I?'), ...toolCall('c1', 'send', 'job-1:m1', '{}'), finished({ type: 'interrupt', interrupts: [approvalInterrupt('i1', 'c1')] })]);
  const entries = [{ interruptId: 'i1', status: 'resolved' as const, payload: { approved: true } }];
  s = apply(s, [
    { type: 'thread/resume', url: 'u', runId: 'run-2', body: { threadId: 'chat-1', runId: 'run-2', messages: [] }, entries, at: 1 },
    ...text('job-1:m9', 'AI: Sent.'),
    finished({ type: 'success' }, undefined, 'run-2'),
  ]);
  assert.deepEqual(buildHistory(s).at(-1), { id: 'job-1:m9', role: 'assistant', content: 'AI: Sent.' });
});

test('following the latest turn from its start: its user message is the newest', () => {
  const s = twoTurns();
  const body = buildFollowRequest(s, 'run-2');
  assert.deepEqual(
    body.messages.map((m) => m.id),
    ['job-1:in', 'job-1:m2', 'u2'],
  );
});

function interrupted(): ThreadState {
  return apply(started(), [
    ...toolCall('c1', 'send', undefined, '{}'),
    finished({
      type: 'interrupt',
      interrupts: [approvalInterrupt('i1', 'c1'), questionInterrupt('i2'), { id: 'i3', reason: 'confirmation', message: 'Budget wait', responseSchema: {}, expiresAt: '2026-01-01T00:00:00Z' }],
    }),
  ]);
}

test('resume: one entry for every open interrupt, payloads checked against their schema', () => {
  const open = openInterrupts(interrupted());
  const r = buildResume(open, { i1: approve('go ahead'), i2: { status: 'resolved', payload: { answer: 'red' } }, i3: decline() });
  assert.equal(r.ok, true);
  if (!r.ok) return;
  assert.deepEqual(r.entries, [
    { interruptId: 'i1', status: 'resolved', payload: { approved: true, comment: 'go ahead' } },
    { interruptId: 'i2', status: 'resolved', payload: { answer: 'red' } },
    { interruptId: 'i3', status: 'cancelled' },
  ]);
  const denied = buildResume(open, { i1: deny('not now'), i2: decline(), i3: decline() });
  assert.equal(denied.ok && denied.entries[0]!.payload.approved, false, "an approval's no is a resolved payload");
});

test('resume: a missing answer, an answer the schema refuses, an unknown id and a late answer are all refused, never sent in part', () => {
  const open = openInterrupts(interrupted());
  const r = buildResume(open, { i1: { status: 'resolved', payload: { approved: 'yes', extra: 1 } }, i2: { status: 'resolved', payload: { answer: 'green' } }, zz: decline() });
  assert.equal(r.ok, false);
  if (r.ok) return;
  assert.deepEqual(r.missing, ['i3']);
  assert.deepEqual(r.unknown, ['zz']);
  assert.deepEqual(Object.keys(r.invalid), ['i1', 'i2']);
  assert.ok(r.invalid.i1!.some((p) => p.path === '#/approved' && p.field === 'approved' && p.message === 'Choose yes or no'));
  assert.ok(
    r.invalid.i1!.some((p) => p.path === '#/extra'),
    'a key the schema does not take',
  );
  assert.ok(r.invalid.i2!.some((p) => p.field === 'answer' && p.message === 'Choose one of: red, blue'));
  const late = buildResume(open, { i1: approve(), i2: decline(), i3: decline() }, Date.parse('2026-02-01T00:00:00Z'));
  assert.equal(late.ok, false);
  assert.deepEqual(!late.ok && late.expired, ['i3']);
});

test('validatePayload: no schema or an empty one takes anything; a schema that cannot check anything is left to OZ, as the form leaves it, never thrown', () => {
  assert.deepEqual(validatePayload(undefined, { x: 1 }), []);
  assert.deepEqual(validatePayload({}, 'anything'), []);
  assert.deepEqual(validatePayload('nope', {}), []);
  assert.deepEqual(validatePayload({ $ref: '#/nowhere' }, {}), []);
});

test('the resume run marks the answered interrupts; their drafts go once OZ decides them', () => {
  let s = interrupted();
  s = apply(s, [{ type: 'thread/draft', interruptId: 'i2', value: { answer: 'bl' } }]);
  assert.deepEqual(s.drafts, { i2: { answer: 'bl' } });
  const built = buildResume(openInterrupts(s), { i1: approve(), i2: decline(), i3: decline() });
  assert.ok(built.ok);
  s = apply(s, [
    { type: 'thread/resume', url: 'u', runId: 'run-2', body: { threadId: 'chat-1', runId: 'run-2', messages: [], resume: built.entries }, entries: built.entries, at: 3 },
    ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'run-2' }),
  ]);
  assert.deepEqual(s.drafts, { i2: { answer: 'bl' } }, 'sent is not decided: the draft stays');
  assert.deepEqual(s.interrupts.i1!.sent, { status: 'resolved', payload: { approved: true } });
  assert.deepEqual(s.interrupts.i2!.sent, { status: 'cancelled' });
  s = apply(s, [custom('oz0.resume', { interruptId: 'i2', outcome: 'decided' })]);
  assert.deepEqual(s.drafts, {});
});
