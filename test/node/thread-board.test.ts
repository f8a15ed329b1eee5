import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BoardNote, BoardState } from '../../src/protocol/index.js';
import { applyBoardPatch, supersededById } from '../../src/thread/index.js';
import { apply, ev, EventType, started } from './thread-fixtures.js';

const note = (id: string, extra: Partial<BoardNote> = {}): BoardNote => ({
  id,
  kind: 'fact',
  tags: ['greeting'],
  text: `note ${id}`,
  job: 'job-1',
  agent: 'helper',
  createdAt: '2026-01-01T00:00:00Z',
  tainted: false,
  labels: [],
  ...extra,
});
const board = (...notes: BoardNote[]): BoardState => ({ board: { notes } });
const snapshot = (value: unknown) => ev({ type: EventType.STATE_SNAPSHOT, snapshot: value });
const delta = (...ops: unknown[]) => ev({ type: EventType.STATE_DELTA, delta: ops });

test('STATE_SNAPSHOT replaces the board; a snapshot that is no board is refused', () => {
  let s = apply(started(), [snapshot(board(note('1')))]);
  assert.equal(s.board.received, true);
  assert.equal(s.board.value.board.notes.length, 1);
  const v = s.board.version;
  s = apply(s, [snapshot({ board: { notes: 'nope' } })]);
  assert.equal(s.board.value.board.notes.length, 1);
  assert.equal(s.board.stale, true);
  assert.ok(s.board.version > v);
});

test('STATE_DELTA add at /board/notes/- after the oz.board_write result; unchanged notes keep identity', () => {
  const s0 = apply(started(), [snapshot(board(note('1'), note('2')))]);
  const s1 = apply(s0, [
    ev({ type: EventType.TOOL_CALL_START, toolCallId: 'w', toolCallName: 'oz.board_write' }),
    ev({ type: EventType.TOOL_CALL_END, toolCallId: 'w' }),
    ev({ type: EventType.TOOL_CALL_RESULT, toolCallId: 'w', messageId: 't', content: 'pinned 3' }),
    delta({ op: 'add', path: '/board/notes/-', value: note('3') }),
  ]);
  const notes = s1.board.value.board.notes;
  assert.deepEqual(
    notes.map((n) => n.id),
    ['1', '2', '3'],
  );
  assert.equal(notes[0], s0.board.value.board.notes[0]);
  assert.equal(s0.board.value.board.notes.length, 2, 'the old board is untouched');
  const s2 = apply(s1, [delta({ op: 'add', path: '/board/notes/-', value: note('4') })]);
  assert.equal(s2.turns, s1.turns, 'a board patch leaves the transcript alone');
  assert.equal(s2.board.value.board.notes[2], notes[2]);
});

test("STATE_DELTA replace at a superseded note's index; a redacted note keeps no text", () => {
  const s0 = apply(started(), [snapshot(board(note('1'), note('2'), note('3')))]);
  const s1 = apply(s0, [
    delta({ op: 'replace', path: '/board/notes/1', value: note('4', { supersedes: '2', text: 'newer' }) }),
    delta({ op: 'add', path: '/board/notes/-', value: { redacted: true, label: 'HR wall', id: '5', kind: 'fact', job: 'job-hr', agent: 'hr', createdAt: '2026-01-02T00:00:00Z' } }),
  ]);
  const notes = s1.board.value.board.notes;
  assert.equal(notes[1]!.id, '4');
  assert.equal((notes[1] as BoardNote).supersedes, '2');
  assert.equal(notes[0], s0.board.value.board.notes[0]);
  assert.equal(notes[2], s0.board.value.board.notes[2]);
  const redacted = notes[3] as unknown as Record<string, unknown>;
  assert.equal(redacted.redacted, true);
  assert.equal(redacted.text, undefined);
  assert.equal(s1.board.stale, false);
});

test('a note replaced by its successor is kept as an earlier version, shared until the next supersede; a snapshot resets them', () => {
  const s0 = apply(started(), [snapshot(board(note('1'), note('2'), note('3')))]);
  assert.equal(s0.board.superseded, undefined);
  const s1 = apply(s0, [delta({ op: 'replace', path: '/board/notes/1', value: note('4', { supersedes: '2', text: 'newer' }) })]);
  const ids = (st: typeof s1) => [...supersededById(st.board.superseded).keys()].sort();
  assert.deepEqual(ids(s1), ['2']);
  assert.equal(supersededById(s1.board.superseded).get('2'), s0.board.value.board.notes[1], 'the replaced note itself, not a copy');
  const s2 = apply(s1, [delta({ op: 'add', path: '/board/notes/-', value: note('5') })]);
  assert.equal(s2.board.superseded, s1.board.superseded, 'a patch that supersedes nothing keeps the log');
  // A chain: 6 supersedes 4 (which superseded 2), both earlier versions kept by id.
  const s3 = apply(s2, [delta({ op: 'replace', path: '/board/notes/1', value: note('6', { supersedes: '4' }) })]);
  assert.deepEqual(ids(s3), ['2', '4']);
  assert.equal(s3.board.superseded!.notes, s1.board.superseded!.notes, 'appended to the shared log, not copied');
  assert.deepEqual(ids(s1), ['2'], 'the earlier state still sees only what it kept');
  // A branch from an earlier state copies its own part: it never sees the other branch's versions.
  const branch = apply(s1, [delta({ op: 'replace', path: '/board/notes/0', value: note('9', { supersedes: '1' }) })]);
  assert.deepEqual(ids(branch), ['1', '2']);
  assert.deepEqual(ids(s3), ['2', '4']);
  // A replace whose new note does not supersede the old one drops it, as before.
  const s4 = apply(s3, [delta({ op: 'replace', path: '/board/notes/0', value: note('7') })]);
  assert.equal(s4.board.superseded, s3.board.superseded);
  // A failed patch keeps them; a snapshot resets them.
  const s5 = apply(s4, [delta({ op: 'replace', path: '/board/notes/9', value: note('8', { supersedes: '1' }) })]);
  assert.equal(s5.board.stale, true);
  assert.equal(s5.board.superseded, s3.board.superseded);
  const s6 = apply(s5, [snapshot(board(note('6', { supersedes: '4' })))]);
  assert.equal(s6.board.superseded, undefined);
});

test('a patch that fails leaves the board unchanged and stale, skips later deltas, and the next snapshot heals it', () => {
  const s0 = apply(started(), [snapshot(board(note('1')))]);
  const s1 = apply(s0, [delta({ op: 'add', path: '/board/notes/-', value: note('2') }, { op: 'replace', path: '/board/notes/7', value: note('3') })]);
  assert.equal(s1.board.value, s0.board.value, 'atomic: the first op did not stay');
  assert.equal(s1.board.stale, true);
  assert.equal(s1.board.lastPatchError!.index, 1);
  assert.equal(s1.board.lastPatchError!.path, '/board/notes/7');
  assert.ok(s1.diagnostics.some((d) => d.kind === 'patch_failed'));
  const s2 = apply(s1, [delta({ op: 'add', path: '/board/notes/-', value: note('9') })]);
  assert.equal(s2.board.value.board.notes.length, 1, 'stale: deltas wait for a snapshot');
  const s3 = apply(s2, [snapshot(board(note('1'), note('2'), note('3')))]);
  assert.equal(s3.board.stale, false);
  assert.equal(s3.board.lastPatchError, undefined);
  assert.equal(s3.board.value.board.notes.length, 3);
});

test('__proto__, constructor and prototype paths are refused; nothing is polluted', () => {
  for (const path of ['/__proto__/polluted', '/board/constructor/prototype/polluted', '/board/notes/0/prototype']) {
    const s0 = apply(started(), [snapshot(board(note('1')))]);
    const s1 = apply(s0, [delta({ op: 'add', path, value: true })]);
    assert.equal(s1.board.stale, true, path);
    assert.match(s1.board.lastPatchError!.message, /forbidden/);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  }
  const r = applyBoardPatch(board(note('1')), [{ op: 'move', from: '/__proto__', path: '/board/x' }]);
  assert.equal(r.ok, false);
});

test('the patcher copies only the containers on the path, and never the board given', () => {
  const b = board(note('1'), note('2'));
  const frozen = JSON.parse(JSON.stringify(b)) as BoardState;
  Object.freeze(frozen.board.notes);
  Object.freeze(frozen.board);
  Object.freeze(frozen);
  frozen.board.notes.forEach((n) => Object.freeze(n));
  const r = applyBoardPatch(frozen, [
    { op: 'replace', path: '/board/notes/0/text', value: 'edited' },
    { op: 'add', path: '/board/notes/1/tags/-', value: 'x' },
    { op: 'test', path: '/board/notes/0/text', value: 'edited' },
    { op: 'copy', from: '/board/notes/0', path: '/board/notes/-' },
    { op: 'move', from: '/board/notes/2', path: '/board/notes/0' },
    { op: 'remove', path: '/board/notes/0' },
  ]);
  assert.equal(r.ok, true);
  if (!r.ok) return;
  assert.equal((r.value.board.notes[0] as BoardNote).text, 'edited');
  assert.deepEqual((r.value.board.notes[1] as BoardNote).tags, ['greeting', 'x']);
  assert.equal((frozen.board.notes[0] as BoardNote).text, 'note 1');
  const failed = applyBoardPatch(frozen, [{ op: 'test', path: '/board/notes/0/text', value: 'other' }]);
  assert.equal(failed.ok, false);
  // A note written malformed is shown with what can be read, flagged, in the patched board only.
  const odd = applyBoardPatch(frozen, [{ op: 'add', path: '/board/notes/-', value: { no: 'id' } }]);
  assert.equal(odd.ok, true);
  if (odd.ok) {
    assert.equal(odd.malformed, 1);
    const added = odd.value.board.notes.at(-1)!;
    assert.ok(added.invalid?.includes('id'));
    assert.equal(frozen.board.notes.length, 2, 'the board given is untouched');
  }
  assert.equal(applyBoardPatch(frozen, [{ op: 'remove', path: '/board' }]).ok, false);
  assert.equal(applyBoardPatch(frozen, 'nope').ok, false);
});
