/**
 * Issue #19, properties of the thread's reducer, fed random sequences of valid
 * and invalid AG-UI events (orphan ends, unknown types, wrong field types, huge
 * deltas) and random RFC 6902 board patches (`__proto__`, `constructor`,
 * `prototype` paths among them). It never throws; a message that completed
 * keeps its text; one message per id, tool calls under their parent, at most
 * MAX_OPEN_STEPS open steps shown; no prototype is polluted; a failed patch
 * marks the board stale and the next valid snapshot heals it. Seeded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_OPEN_STEPS } from '../../src/protocol/index.js';
import type { ThreadState } from '../../src/thread/index.js';
import { apply, ev, EventType, started } from './thread-fixtures.js';

const SEED = 19_0002;
const id = fc.constantFrom('m1', 'm2', 'm3', 't1', 't2', 'j1', 'j2', '__proto__', 'constructor');
const junk = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.string({ maxLength: 6 }), fc.object({ maxDepth: 1 }), fc.array(fc.integer(), { maxLength: 2 }));

/** AG-UI events, well-formed or not. */
const event = fc.oneof(
  fc.record({ type: fc.constant(EventType.TEXT_MESSAGE_START), messageId: id, role: fc.constantFrom('assistant', 'user', 'bogus') }),
  fc.record({ type: fc.constant(EventType.TEXT_MESSAGE_CONTENT), messageId: id, delta: fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), junk) }),
  fc.record({ type: fc.constant(EventType.TEXT_MESSAGE_CONTENT), messageId: id, delta: fc.constant('x'.repeat(200_000)) }),
  fc.record({ type: fc.constant(EventType.TEXT_MESSAGE_END), messageId: id }),
  fc.record({ type: fc.constant(EventType.TOOL_CALL_START), toolCallId: id, toolCallName: fc.constantFrom('search', 'oz.board_write'), parentMessageId: fc.option(id, { nil: undefined }) }),
  fc.record({ type: fc.constant(EventType.TOOL_CALL_ARGS), toolCallId: id, delta: fc.oneof(fc.string({ maxLength: 8 }), junk) }),
  fc.record({ type: fc.constant(EventType.TOOL_CALL_END), toolCallId: id }),
  fc.record({ type: fc.constant(EventType.TOOL_CALL_RESULT), toolCallId: id, messageId: id, content: junk }),
  fc.record({ type: fc.constant(EventType.STEP_STARTED), stepName: fc.oneof(fc.stringMatching(/^j[0-9]{1,2}$/), junk) }),
  fc.record({ type: fc.constant(EventType.STEP_FINISHED), stepName: fc.oneof(fc.stringMatching(/^j[0-9]{1,2}$/), junk) }),
  fc.record({ type: fc.constant(EventType.CUSTOM), name: fc.constantFrom('oz0.card', 'oz0.waiting', 'oz0.resume', 'other'), value: junk }),
  fc.record({ type: fc.constant(EventType.STATE_DELTA), delta: junk }),
  fc.record({ type: fc.constant(EventType.STATE_SNAPSHOT), snapshot: junk }),
  fc.record({ type: fc.constantFrom('NOT_A_TYPE', '', 'RUN_STARTED') as fc.Arbitrary<string>, runId: junk }),
  fc.record({ type: junk, messageId: id }),
);

/** A well-formed message (start, deltas, end), so complete messages are common among the noise. */
const wholeMessage = fc
  .tuple(id, fc.array(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }))
  .map(([messageId, deltas]) => [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' },
    ...deltas.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
    { type: EventType.TEXT_MESSAGE_END, messageId },
  ]);
/** Noise and whole messages, interleaved. */
const sequence = fc
  .array(
    fc.oneof(
      event.map((e) => [e]),
      wholeMessage,
    ),
    { maxLength: 25 },
  )
  .map((groups) => groups.flat());

/** The text of every complete message, by id. */
function completeTexts(s: ThreadState): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of s.turns)
    for (const r of t.runs)
      for (const item of r.items) {
        if (item.kind === 'message' && item.message.complete) out.set(item.message.id, item.message.content);
      }
  return out;
}

function checkInvariants(s: ThreadState): void {
  for (const t of s.turns) {
    const ids = new Set<string>();
    for (const r of t.runs) {
      assert.ok(r.openSteps <= MAX_OPEN_STEPS, 'open steps over the limit');
      for (const item of r.items) {
        if (item.kind !== 'message') continue;
        assert.ok(!ids.has(item.message.id), `message ${item.message.id} twice`);
        ids.add(item.message.id);
        for (const call of item.message.toolCalls) assert.equal(call.parentMessageId, item.message.id, 'a tool call under another parent');
      }
    }
  }
}

test('property: random event sequences never throw, keep complete messages and keep the invariants', () => {
  fc.assert(
    fc.property(sequence, (events) => {
      let s = started();
      for (const e of events) {
        const before = completeTexts(s);
        s = apply(s, [ev(e as Record<string, unknown>)]);
        const after = completeTexts(s);
        for (const [mid, text] of before) assert.equal(after.get(mid), text, `complete message ${mid} changed or was lost`);
        checkInvariants(s);
      }
    }),
    { seed: SEED, numRuns: 300 },
  );
});

test('property: 40 steps open at once show at most MAX_OPEN_STEPS', () => {
  const steps = Array.from({ length: 40 }, (_, i) => ev({ type: EventType.STEP_STARTED, stepName: `job-${i}` }));
  const s = apply(started(), steps);
  const run = s.turns[0]!.runs[0]!;
  assert.equal(run.openSteps, MAX_OPEN_STEPS);
  assert.equal(run.hiddenSteps, 40 - MAX_OPEN_STEPS);
});

const note = (n: string) => ({ id: n, kind: 'fact', tags: [], text: n, job: 'j', agent: 'a', createdAt: '2026-01-01T00:00:00Z', tainted: false, labels: [] });
const GOOD_BOARD = { board: { notes: [note('1'), note('2')] } };
const segment = fc.constantFrom('board', 'notes', '0', '1', '-', '__proto__', 'constructor', 'prototype', 'polluted', 'text', '~0', '~1', '');
const pointer = fc.array(segment, { maxLength: 5 }).map((s) => (s.length ? `/${s.join('/')}` : ''));
const op = fc.record({
  op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'bogus'),
  path: fc.oneof(pointer, junk),
  from: fc.option(pointer, { nil: undefined }),
  value: fc.oneof(junk, fc.constant(note('3')), fc.constant({ polluted: true })),
});

test('property: random board patches never throw or pollute a prototype; a failed one marks stale, the next snapshot heals', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.array(op, { maxLength: 4 }), junk), { minLength: 1, maxLength: 6 }), (patches) => {
      let s = apply(started(), [ev({ type: EventType.STATE_SNAPSHOT, snapshot: GOOD_BOARD })]);
      for (const delta of patches) {
        const error = s.board.lastPatchError;
        s = apply(s, [ev({ type: EventType.STATE_DELTA, delta })]);
        assert.ok(Array.isArray(s.board.value.board.notes), 'the board lost its notes array');
        if (s.board.lastPatchError !== error) assert.equal(s.board.stale, true, 'a failed patch left the board fresh');
      }
      assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype polluted');
      assert.equal((Object.prototype as unknown as Record<string, unknown>).board, undefined);
      assert.equal(([] as unknown as Record<string, unknown>).polluted, undefined, 'Array.prototype polluted');
      s = apply(s, [ev({ type: EventType.STATE_SNAPSHOT, snapshot: GOOD_BOARD })]);
      assert.equal(s.board.stale, false, 'the snapshot did not heal the board');
      assert.deepEqual(
        s.board.value.board.notes.map((n) => n.id),
        ['1', '2'],
      );
    }),
    { seed: SEED + 1, numRuns: 400 },
  );
});

test('a patch that fails marks the board stale with the error, and a snapshot heals it', () => {
  let s = apply(started(), [ev({ type: EventType.STATE_SNAPSHOT, snapshot: GOOD_BOARD })]);
  s = apply(s, [ev({ type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/__proto__/polluted', value: true }] })]);
  assert.equal(s.board.stale, true);
  assert.ok(s.board.lastPatchError);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  s = apply(s, [ev({ type: EventType.STATE_SNAPSHOT, snapshot: GOOD_BOARD })]);
  assert.equal(s.board.stale, false);
});

test('content for a message that already ended is refused with a diagnostic: the ended text stays (found by the property above)', () => {
  const m = (type: string, extra: Record<string, unknown> = {}) => ev({ type, messageId: 'm1', ...extra });
  const s = apply(started(null), [
    m(EventType.TEXT_MESSAGE_START, { role: 'assistant' }),
    m(EventType.TEXT_MESSAGE_CONTENT, { delta: 'done.' }),
    m(EventType.TEXT_MESSAGE_END),
    m(EventType.TEXT_MESSAGE_START, { role: 'assistant' }),
    m(EventType.TEXT_MESSAGE_CONTENT, { delta: ' more' }),
  ]);
  assert.equal(completeTexts(s).get('m1'), 'done.');
  assert.ok(s.diagnostics.some((d) => /already ended/.test(d.message)));
});
