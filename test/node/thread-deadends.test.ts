/**
 * Issue #18's dead ends, in the store: each way a turn can stall, end or be
 * refused leaves a state from which a control gets the person on, and loses
 * neither their words nor a turn OZ took.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StreamedEvent } from '../../src/protocol/index.js';
import { buildTurnRequest, createThreadStore, currentRun, isThreadError, memoryStorage } from '../../src/thread/index.js';
import { TransportError } from '../../src/transport/index.js';
import { fakeTransport, options } from './store-fixtures.js';
import { apply, approvalInterrupt, ev, EventType, finished, started, text } from './thread-fixtures.js';

const runStarted = (runId: string) => ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId });
const runError = (code: string, message = `edge says ${code}`) => ev({ type: EventType.RUN_ERROR, code, message });
const answered = (runId: string, body: string): StreamedEvent[] => [runStarted(runId), ...text(`job-1:${runId}`, `AI: ${body}`), finished({ type: 'success' }, undefined, runId)];
const http = (status: number, code: string, message: string) => new TransportError('http_error', `HTTP ${status}`, { status, serverCode: code, retryable: false, body: { code, message } });
const historyIds = (store: ReturnType<typeof createThreadStore>) => buildTurnRequest(store.getState(), { runId: 'next', messageId: 'next-u', text: 'next' }).messages.map((m) => m.id);
const settle = async (p: Promise<void>) => p.catch(() => undefined);

test('2: a turn OZ took stays in the history when its reconnect is refused (401, 403, stale 400 after a retry) or RUN_ERROR revoked ends it mid-turn', async () => {
  for (const [name, end] of [
    ['401 on the reconnect', { then: http(401, 'unauthenticated', 'The session expired.') }],
    ['403 on the reconnect', { then: http(403, 'permission_denied', 'No longer a member.') }],
    ['revoked mid-turn', { events: [runError('revoked', 'Access to this thread was revoked.')] }],
  ] as const) {
    const fake = fakeTransport([{ events: [runStarted('id-2'), ...text('job-1:m1', 'AI: Half an answer'), ...('events' in end ? end.events : [])], ...('then' in end ? { then: end.then } : {}) }]);
    const store = createThreadStore(options(fake.transport));
    await settle(store.send('hello'));
    assert.equal(store.getState().status, 'error', name);
    assert.deepEqual(historyIds(store), ['id-1', 'job-1:m1', 'next-u'], `${name}: the turn OZ took is in the next request's history`);
  }
  // Refused before RUN_STARTED: no turn of OZ's, so the next message goes without it.
  const refused = fakeTransport([{ events: [], then: http(403, 'permission_denied', 'Not allowed.') }]);
  const store = createThreadStore(options(refused.transport));
  await settle(store.send('hello'));
  assert.deepEqual(historyIds(store), ['next-u']);
});

test('2: a 400 for a stale Last-Event-ID on a reconnect follows the turn again from its start, once, and shows its text once', async () => {
  const fake = fakeTransport([
    { events: [runStarted('id-2'), ...text('job-1:m1', 'AI: Hello')], then: http(400, 'invalid_argument', 'Unknown Last-Event-ID.'), request: { lastEventId: 'e9', attempt: 1 } },
    { events: answered('id-2', 'Hello') },
  ]);
  const store = createThreadStore(options(fake.transport));
  await settle(store.send('hi'));
  assert.equal(fake.calls.length, 2);
  assert.equal(fake.calls[1]!.options.lastEventId, undefined, 'from the start, no Last-Event-ID');
  const s = store.getState();
  assert.equal(s.status, 'idle');
  const bodies = currentRun(s)!.items.flatMap((i) => (i.kind === 'message' ? [i.message.body] : []));
  assert.deepEqual(bodies, ['Hello']);
});

test('1: interrupts past their deadline hold no message back; the composer is free and their drafts go', async () => {
  const expired = approvalInterrupt('i1', 'c1', { expiresAt: '2025-01-01T00:00:00Z' });
  const fake = fakeTransport([
    { events: [runStarted('id-2'), ...text('job-1:m1', 'AI: May I?'), finished({ type: 'interrupt', interrupts: [expired] }, undefined, 'id-2')] },
    { events: answered('id-4', 'Sure.') },
  ]);
  const store = createThreadStore(options(fake.transport));
  await store.send('send the mail');
  assert.deepEqual(store.getState().openInterruptIds, ['i1']);
  store.setDraft('i1', { decision: 'approve' });
  await store.send('never mind, something else');
  const s = store.getState();
  assert.deepEqual(s.openInterruptIds, []);
  assert.equal(s.drafts['i1'], undefined);
  assert.equal(s.status, 'idle');
});

test('3: loading again meets history_mismatch again: history_unavailable says to start a new thread; nothing to load is said, not swallowed', async () => {
  const fake = fakeTransport([{ events: answered('id-2', 'First.') }, { events: [runStarted('id-3'), runError('history_mismatch', 'The thread has 4 turns; the request has 1.')] }]);
  const store = createThreadStore(options(fake.transport));
  await store.send('one');
  await settle(store.resync());
  const e = store.getState().lastError!;
  assert.equal(e.code, 'history_mismatch');
  assert.equal(e.key, 'history_unavailable');
  assert.equal(e.action, 'new_thread');
  assert.match(e.message, /4 turns/, "the server's own words are kept");

  const fresh = createThreadStore(options(fakeTransport([]).transport, { threadId: 'known-elsewhere' }));
  assert.throws(
    () => fresh.resync(),
    (err: unknown) => isThreadError(err) && err.code === 'nothing_to_load',
  );
  assert.equal(fresh.getState().lastError?.code, 'nothing_to_load');
  assert.equal(fresh.getState().lastError?.action, 'new_thread');
});

test('3: loadHistory takes the turns an app kept and follows the latest from its start', async () => {
  const fake = fakeTransport([{ events: answered('id-1', 'Done, as asked.') }]);
  const store = createThreadStore(options(fake.transport, { threadId: 'kept' }));
  await store.loadHistory([
    { id: 'job-1:in', role: 'user', content: 'first' },
    { id: 'job-1:m', role: 'assistant', content: 'AI: One.' },
    { id: 'job-2:in', role: 'user', content: 'second' },
  ]);
  const sent = fake.calls[0]!.request.body.messages.map((m) => m.id);
  assert.deepEqual(sent, ['job-1:in', 'job-1:m', 'job-2:in']);
  assert.equal(store.getState().turns.length, 2);
  assert.throws(
    () => store.loadHistory([{ id: 'a', role: 'assistant', content: 'x' }]),
    (err: unknown) => isThreadError(err) && err.code === 'bad_history',
  );
});

test('4: after turn_waiting, and after stop(), followAgain() follows: the latest turn from its start, or the stopped run from Last-Event-ID', async () => {
  const fake = fakeTransport([{ events: answered('id-2', 'One.') }, { events: [runStarted('id-4'), runError('turn_waiting')] }, { events: answered('id-5', 'One, and the decision.') }]);
  const store = createThreadStore(options(fake.transport));
  await store.send('one');
  await settle(store.send('two'));
  assert.equal(store.getState().lastError?.action, 'follow');
  await store.followAgain();
  const body = fake.calls[2]!.request.body;
  assert.deepEqual(
    body.messages.map((m) => m.id),
    ['id-1'],
    'the refused "two" is no turn: the latest turn OZ took is followed, its message last',
  );
  assert.equal(fake.calls[2]!.options.lastEventId, undefined);

  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const slow = fakeTransport([]);
  const stopped = createThreadStore(
    options((request, opts = {}) => {
      slow.calls.push({ request, options: opts });
      return (async function* () {
        if (slow.calls.length === 1) {
          yield* [runStarted('id-2'), ...text('job-1:m1', 'AI: Working')].map((e, i) => ({ ...e, id: `s${i}` }));
          await held;
        } else yield* answered('id-2', 'Working, done.');
      })();
    }),
  );
  const first = stopped.send('go');
  // Stopped once the four events it was sent are in (the store takes them in slices: a slow machine takes longer).
  for (let i = 0; i < 200 && stopped.getState().lastEventId !== 's3'; i++) await new Promise((r) => setTimeout(r, 5));
  stopped.stop();
  release();
  await first;
  await stopped.followAgain();
  assert.equal(slow.calls[1]!.request.body.runId, 'id-2', 'the same run');
  assert.equal(slow.calls[1]!.options.lastEventId, 's3');
});

test("5: RUN_FINISHED outcome cancelled is the run's outcome, so the transcript can say it stopped in OZ", () => {
  const s = apply(started(), [...text('job-1:m1', 'AI: Starting the'), finished({ type: 'cancelled' })]);
  assert.equal(currentRun(s)!.outcome, 'cancelled');
  assert.equal(s.status, 'idle');
});

test('6: after a skip ahead, the cut message is folded into the whole answer: its text shows once', () => {
  const s = apply(started(), [
    ...text('job-1:m1', 'AI: The report covers the first'),
    ...text('job-1:whole', 'AI: The report covers the first quarter and the second.'),
    finished({ type: 'success' }),
  ]);
  const messages = currentRun(s)!.items.flatMap((i) => (i.kind === 'message' ? [i.message] : []));
  assert.equal(messages[0]!.repeatedIn, 'job-1:whole');
  assert.equal(messages[1]!.repeatedIn, undefined);
  // A skip at a paragraph's end: the fragment is whole paragraphs, and the whole answer opens with them.
  const atBreak = apply(started(), [...text('job-1:m1', 'AI: # A long answer\n'), ...text('job-1:whole', 'AI: # A long answer\n\nThe first paragraph.\n\nThe second.'), finished({ type: 'success' })]);
  assert.deepEqual(
    currentRun(atBreak)!.items.flatMap((i) => (i.kind === 'message' ? [i.message.repeatedIn ?? null] : [])),
    ['job-1:whole', null],
  );
  // Two answers that merely follow each other are both shown.
  const two = apply(started(), [...text('job-1:a', 'AI: First part.'), ...text('job-1:b', 'AI: Second part.'), finished({ type: 'success' })]);
  assert.ok(currentRun(two)!.items.every((i) => i.kind !== 'message' || !i.message.repeatedIn));
});

test('8: a body past 4 MiB is refused before sending, saying its size; nothing is sent and no turn is added', async () => {
  const fake = fakeTransport([]);
  const store = createThreadStore(options(fake.transport));
  assert.throws(
    () => store.send('x'.repeat(4 * 1024 * 1024 + 1)),
    (err: unknown) => isThreadError(err) && err.code === 'too_large' && /^Too large to send: 4\.00 MiB \(4,194,[0-9]{3} bytes\), and OZ takes at most 4\.00 MiB \(4,194,304 bytes\)/.test(err.message),
  );
  assert.equal(fake.calls.length, 0);
  assert.equal(store.getState().turns.length, 0);
});

test("10: the route's oz0/ai-label replaces the assumed AI label, in the messages already shown too", () => {
  const labelled = approvalInterrupt('i1', 'c1', { metadata: { 'oz0/ai-label': 'Assistant (AI): ' } });
  const s = apply(started(), [...text('job-1:m1', 'Assistant (AI): May I?'), finished({ type: 'interrupt', interrupts: [labelled] })]);
  assert.equal(s.aiLabel, 'Assistant (AI): ');
  const m = currentRun(s)!.items.find((i) => i.kind === 'message');
  assert.ok(m && m.kind === 'message');
  assert.equal(m.message.label, 'Assistant (AI): ');
  assert.equal(m.message.body, 'May I?');
});

test("11: revoked removes the thread's stored copy and says so", async () => {
  const storage = memoryStorage();
  const fake = fakeTransport([{ events: answered('id-2', 'Secret plan.') }, { events: [runStarted('id-4'), runError('revoked', 'Access was revoked.')] }]);
  const store = createThreadStore(options(fake.transport, { storage }));
  await store.send('one');
  assert.ok(
    [...storage.entries.keys()].some((k) => k.includes('chat-1')),
    'stored while allowed',
  );
  await settle(store.send('two'));
  assert.equal(storage.entries.size, 0);
  assert.equal(store.getState().lastError?.storageCleared, true);
});

test('12: a snapshot whose notes lack labels or have fields of the wrong type is shown, each bad note flagged; no board at all keeps the old one, stale', () => {
  const good = { id: 'n1', kind: 'fact', tags: [], text: 'ok', job: 'j', agent: 'a', createdAt: '2026-01-01', tainted: false, labels: [] };
  const s = apply(started(), [ev({ type: EventType.STATE_SNAPSHOT, snapshot: { board: { notes: [good, { id: 'n2', text: 42, tags: 'x' }, null] } } })]);
  const notes = s.board.value.board.notes;
  assert.equal(notes.length, 3);
  assert.equal(notes[0], notes[0]!.invalid === undefined ? notes[0] : undefined);
  assert.deepEqual(notes[1]!.invalid?.slice().sort(), ['agent', 'createdAt', 'job', 'kind', 'labels', 'tags', 'tainted', 'text']);
  assert.deepEqual(notes[2]!.invalid, ['note']);
  assert.equal(s.board.stale, false);
  assert.ok(s.diagnostics.some((d) => d.kind === 'bad_note'));
  const broken = apply(s, [ev({ type: EventType.STATE_SNAPSHOT, snapshot: { board: 'nope' } })]);
  assert.equal(broken.board.stale, true);
  assert.equal(broken.board.value.board.notes.length, 3);
});
