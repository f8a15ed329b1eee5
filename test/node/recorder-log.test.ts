import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AguiEvent, BoardState } from '../../src/protocol/index.js';
import { createRecorder, createRecordingLog, importRecording, maskBoard } from '../../src/recorder/index.js';
import type { RecordableStore } from '../../src/recorder/index.js';
import { initialThreadState } from '../../src/thread/index.js';
import type { ThreadRecord } from '../../src/thread/index.js';
import { TransportError } from '../../src/transport/index.js';

const board: BoardState = {
  board: { notes: [{ id: '1', kind: 'fact', tags: ['private'], text: 'the code is 1234', job: 'job-1', agent: 'helper', createdAt: '2026-01-01T00:00:00Z', tainted: false, labels: [] }] },
} as BoardState;

function tap(): RecordableStore {
  return { getState: () => initialThreadState('t'), onRecord: (_l: (r: ThreadRecord) => void) => () => undefined };
}

test('showBoard masks boards only when the recording redacts note texts (or redacts by callback)', () => {
  const off = createRecorder(tap());
  assert.equal(off.masksBoards, false);
  assert.equal(off.showBoard(board), board);

  const notes = createRecorder(tap(), { redact: ['note-text'] });
  assert.equal(notes.masksBoards, true);
  assert.deepEqual(notes.showBoard(board), maskBoard(board));
  assert.equal((notes.showBoard(board).board.notes[0] as { text: string }).text, '•'.repeat('the code is 1234'.length));
  assert.equal((board.board.notes[0] as { text: string }).text, 'the code is 1234', "the store's own board is never touched");

  assert.equal(createRecorder(tap(), { redact: ['message-text'] }).masksBoards, false);
  assert.equal(createRecorder(tap(), { redact: (t) => (t.kind === 'event' ? t.event : t.body) }).masksBoards, true);
  assert.equal(createRecorder(tap(), { production: true }).masksBoards, true);
});

test('createRecordingLog: grows by add, bounded like a recorder, dropping the oldest and counting them', () => {
  const log = createRecordingLog({ maxEntries: 3 });
  for (let i = 1; i <= 5; i++) log.add({ id: String(i), event: { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-7:m1', delta: `w${i}` } as unknown as AguiEvent, t: i * 10 });
  assert.equal(log.size, 3);
  assert.deepEqual(log.dropped, { entries: 2, bytes: log.dropped.bytes, events: 2 });
  assert.ok(log.dropped.bytes > 0);
  const entries = log.entries();
  assert.deepEqual(
    entries.map((e) => (e.kind === 'event' ? [e.id, e.at, e.job] : [])),
    [
      ['3', 30, 'job-7'],
      ['4', 40, 'job-7'],
      ['5', 50, 'job-7'],
    ],
  );
  assert.equal(log.filter({ text: 'W4' }).length, 1);
  assert.equal(log.masksBoards, false);
  assert.deepEqual(
    log.toRecordedEvents().map((r) => r.t),
    [0, 10, 20],
  );
});

test('importRecording still refuses a bad line by number, and reads a good file whole', () => {
  assert.throws(
    () => importRecording('{"id":null,"event":{"type":"RUN_STARTED","threadId":"t","runId":"r"},"t":0}\n{"id":1}\n'),
    (err: unknown) => err instanceof TransportError && /line 2/.test(err.message),
  );
  const rec = importRecording('{"id":"a","event":{"type":"RUN_STARTED","threadId":"t","runId":"r"},"t":0}\n\n{"id":"b","event":{"type":"RUN_FINISHED","threadId":"t","runId":"r"},"t":5}\n');
  assert.equal(rec.size, 2);
  assert.equal(rec.toNdjson().trim().split('\n').length, 2);
});
