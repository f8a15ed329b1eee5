import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StreamedEvent } from '../../src/protocol/index.js';
import { approve, createThreadStore } from '../../src/thread/index.js';
import type { ThreadStoreOptions } from '../../src/thread/index.js';
import type { OpenRunOptions, RunTransport } from '../../src/transport/index.js';
import { parseRecording, TransportError } from '../../src/transport/index.js';
import { createRecorder, importRecording } from '../../src/recorder/index.js';
import type { RecorderEntry, RecorderOptions, StateDeltaEntry } from '../../src/recorder/index.js';
import { approvalInterrupt, custom, ev, EventType, finished, text, toolCall } from './thread-fixtures.js';

/** A step of a scripted stream: an event, or a transport reconnect (onRequest with attempt and Last-Event-ID). */
type Step = StreamedEvent | { reconnect: string } | { invalid: string } | { fail: Error };

function fakeTransport(scripts: Step[][]): RunTransport {
  return (request, options: OpenRunOptions = {}) => {
    const script = scripts.shift() ?? [];
    return (async function* () {
      options.onRequest?.({ url: request.url, body: request.body, attempt: 0 });
      options.onConnection?.({ status: 'open' });
      for (const s of script) {
        if ('invalid' in s) options.onInvalidEvent?.({ id: 'bad-1', data: s.invalid, error: 'not an AG-UI event' });
        else if ('fail' in s) throw s.fail;
        else if ('reconnect' in s) {
          options.onConnection?.({ status: 'reconnecting', attempt: 1, delayMs: 0 } as never);
          options.onRequest?.({ url: request.url, body: request.body, attempt: 1, lastEventId: s.reconnect });
          options.onConnection?.({ status: 'open' });
        } else yield s;
      }
      options.onConnection?.({ status: 'closed' });
    })();
  };
}

function storeOptions(transport: RunTransport): ThreadStoreOptions {
  let n = 0;
  let ids = 0;
  return {
    endpoint: 'http://proxy.local/',
    agent: 'helper',
    tenant: 'acme',
    threadId: 'chat-1',
    headers: { Authorization: 'Bearer secret-token' },
    transport,
    aiLabel: 'AI: ',
    now: () => 1_000 + 10 * ++n,
    generateId: () => `id-${++ids}`,
    schedule: () => () => {},
    sliceClock: () => 0,
  };
}

const note = (id: string, txt: string) => ({ id, kind: 'fact', tags: ['colour'], text: txt, job: 'job-1', agent: 'helper', createdAt: '2026-01-01T00:00:00Z', tainted: false, labels: [] });

/** A turn with text, a tool call, a card, two STATE_DELTAs (one applies, one fails), a reconnect and an approval interrupt; then a resume. */
function scripts(): Step[][] {
  return [
    [
      ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'id-2' }, 's1'),
      ...text('job-1:m1', 'AI: Hello ', 'team'),
      ...toolCall('c1', 'send_email', 'job-1:m1', '{"to":"a', 'll@x.org"}'),
      { reconnect: 's1' },
      { invalid: '{"type":"BOGUS","text":"private words"}' },
      ev({ type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/board/notes/-', value: note('1', 'the sky is blue') }] }, 'd1'),
      ev({ type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/board/notes/7/text', value: 'nowhere' }] }, 'd2'),
      custom('oz0.card', { job: 'job-1', card: { type: 'summary', title: 'Weekly', items: ['one', 'two'] } }),
      finished({ type: 'interrupt', interrupts: [approvalInterrupt('i1', 'c1', { expiresAt: '2999-01-01T00:00:00Z' })] }, undefined, 'id-2'),
    ],
    [
      ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId: 'id-r' }),
      custom('oz0.resume', { interruptId: 'i1', outcome: 'decided', approved: true }),
      ev({ type: EventType.RUN_ERROR, code: 'unavailable', message: 'the mail tool is down' }),
    ],
  ];
}

async function recordRun(options: RecorderOptions = {}) {
  const store = createThreadStore(storeOptions(fakeTransport(scripts())));
  const recorder = createRecorder(store, options);
  // The board the store held when each STATE_DELTA was recorded (before the store reduced it).
  const boardsSeen: unknown[] = [];
  store.onRecord((r) => {
    if (r.kind === 'event' && r.streamed.event.type === EventType.STATE_DELTA) boardsSeen.push(store.getState().board.value);
  });
  await store.send('Please email the team');
  await store.resume({ i1: approve('go') });
  return { store, recorder, boardsSeen };
}

const ofKind = <K extends RecorderEntry['kind']>(entries: RecorderEntry[], kind: K) => entries.filter((e): e is Extract<RecorderEntry, { kind: K }> => e.kind === kind);

test('records every kind of entry of a run: events with ids, times and sizes, requests without headers, reconnects, connections', async () => {
  const { recorder } = await recordRun();
  const entries = recorder.entries();
  const events = ofKind(entries, 'event');
  assert.equal(events.length, 16);
  assert.deepEqual(
    events.slice(0, 2).map((e) => [e.id, e.event.type]),
    [
      ['s1', 'RUN_STARTED'],
      [events[1]!.id, 'TEXT_MESSAGE_START'],
    ],
  );
  for (const e of events) {
    assert.equal(e.bytes, Buffer.byteLength(JSON.stringify(e.event)) + Buffer.byteLength(e.id ?? ''), "size is the event's UTF-8 JSON plus its id");
    assert.ok(e.at > 1000);
  }
  assert.ok(
    events.every((e, i) => i === 0 || e.at > events[i - 1]!.at),
    'arrival times in order',
  );
  assert.equal(events.find((e) => e.event.type === 'TEXT_MESSAGE_CONTENT')!.job, 'job-1');
  assert.equal(events.find((e) => e.event.type === 'TOOL_CALL_ARGS')!.job, 'job-1', "a tool call takes its parent message's job");

  const requests = ofKind(entries, 'request');
  assert.equal(requests.length, 2);
  assert.deepEqual(requests[0]!.body.messages, [{ id: 'id-1', role: 'user', content: 'Please email the team' }]);
  assert.equal(requests[0]!.url, 'http://proxy.local/v1/agui/agents/helper?tenant=acme');
  assert.ok(!JSON.stringify(entries).includes('secret-token'), 'no header is recorded');

  const [reconnect] = ofKind(entries, 'reconnect');
  assert.equal(reconnect!.attempt, 1);
  assert.equal(reconnect!.lastEventId, 's1');
  assert.equal(reconnect!.body, requests[0]!.body);
  assert.deepEqual(
    ofKind(entries, 'connection').map((c) => c.state.status),
    ['open', 'reconnecting', 'open', 'closed', 'open', 'closed'],
  );
  assert.deepEqual([...new Set(entries.map((e) => e.kind))].sort(), ['connection', 'event', 'invalid', 'reconnect', 'request', 'resume-error', 'resume-outcome', 'resume-sent', 'state-delta']);
  assert.ok(entries.every((e, i) => i === 0 || e.seq > entries[i - 1]!.seq));
  const [invalid] = ofKind(entries, 'invalid');
  assert.deepEqual([invalid!.id, invalid!.data, invalid!.error], ['bad-1', '{"type":"BOGUS","text":"private words"}', 'not an AG-UI event']);
});

test('a transport error is recorded as an error entry (never a raw exception)', async () => {
  const store = createThreadStore(storeOptions(fakeTransport([[{ fail: new TransportError('gave_up', 'gave up after 8 attempts', { retryable: true }) }]])));
  const recorder = createRecorder(store);
  await store.send('hi');
  const [error] = ofKind(recorder.entries(), 'error');
  assert.deepEqual([error!.error.code, error!.error.retryable], ['gave_up', true]);
  assert.equal(error!.bytes, Buffer.byteLength(JSON.stringify(error!.error)));
});

test("STATE_DELTA: the patch, the board before and after as the store's own values (not copies), and whether it applied", async () => {
  const { store, recorder, boardsSeen } = await recordRun();
  const [applied, failed] = ofKind(recorder.entries(), 'state-delta') as [StateDeltaEntry, StateDeltaEntry];
  assert.equal(applied.id, 'd1');
  assert.deepEqual(applied.patch, [{ op: 'add', path: '/board/notes/-', value: note('1', 'the sky is blue') }]);
  assert.equal(applied.before, boardsSeen[0], "before is the store's board value itself");
  assert.equal(applied.applied, true);
  assert.equal(applied.skipped, false);
  assert.equal(applied.error, undefined);
  assert.notEqual(applied.after, applied.before);
  assert.deepEqual(
    applied.after!.board.notes.map((n) => n.id),
    ['1'],
  );
  assert.equal(failed.before, boardsSeen[1]);
  assert.equal(failed.before, applied.after, 'structurally shared: the board after one delta is the board before the next');
  assert.equal(failed.applied, false);
  assert.equal(failed.after, failed.before, 'a failed patch leaves the same board');
  assert.equal(failed.error!.eventId, 'd2');
  assert.equal(failed.error, store.getState().board.lastPatchError);
  assert.equal(failed.after, store.getState().board.value, "the same object as the store's");
});

test('resume: the entries sent, the oz0.resume outcome and the RUN_ERROR it caused', async () => {
  const { recorder } = await recordRun();
  const entries = recorder.entries();
  const [sent] = ofKind(entries, 'resume-sent');
  assert.equal(sent!.runId, 'id-3');
  assert.deepEqual(
    sent!.entries.map((e) => [e.interruptId, e.status]),
    [['i1', 'resolved']],
  );
  assert.deepEqual(sent!.entries[0]!.payload, { approved: true, comment: 'go' });
  const [outcome] = ofKind(entries, 'resume-outcome');
  assert.deepEqual([outcome!.runId, outcome!.interruptId, outcome!.outcome, outcome!.approved], ['id-3', 'i1', 'decided', true]);
  const [error] = ofKind(entries, 'resume-error');
  assert.deepEqual([error!.runId, error!.code, error!.message], ['id-3', 'unavailable', 'the mail tool is down']);
  assert.ok(entries.indexOf(sent!) < entries.indexOf(outcome!) && entries.indexOf(outcome!) < entries.indexOf(error!));
});

test('filter: by entry kind or event type, by job, by text (case-insensitive)', async () => {
  const { recorder } = await recordRun();
  assert.deepEqual(
    recorder.filter({ types: ['TOOL_CALL_ARGS'] }).map((e) => e.kind === 'event' && e.event.type),
    ['TOOL_CALL_ARGS', 'TOOL_CALL_ARGS'],
  );
  assert.equal(recorder.filter({ types: ['state-delta', 'reconnect'] }).length, 3);
  assert.equal(recorder.filter({ job: 'job-1' }).length, 4 + 4 + 1, 'the message, the tool call and the card of job-1');
  const found = recorder.filter({ text: 'SKY IS' });
  assert.deepEqual(
    found.map((e) => e.kind),
    ['event', 'state-delta'],
  );
  assert.equal(recorder.filter({ types: ['TEXT_MESSAGE_CONTENT'], text: 'team' }).length, 1);
  assert.equal(recorder.filter({}).length, recorder.size);
});

test('redaction presets mask text, tool arguments, note text and cards, keeping structure and lengths (and sizes)', async () => {
  const plain = (await recordRun()).recorder.entries();
  const masked = (await recordRun({ production: true })).recorder.entries();
  assert.equal(masked.length, plain.length);
  const only = (s: string) => /^•*$/.test(s);
  const shape = (v: unknown): unknown =>
    typeof v === 'string' ? v.length : Array.isArray(v) ? v.map(shape) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)])) : v;
  for (let i = 0; i < plain.length; i++) {
    const p = plain[i]!;
    const m = masked[i]!;
    assert.equal(m.kind, p.kind);
    assert.equal(m.bytes, p.bytes, 'sizes stay true');
    if (p.kind === 'event' && m.kind === 'event') {
      assert.deepEqual(shape(m.event), shape(p.event), `${p.event.type} keeps its structure and lengths`);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a masked event read loosely
      const e = m.event as unknown as Record<string, any>;
      if (e.type === 'TEXT_MESSAGE_CONTENT' || e.type === 'TOOL_CALL_ARGS') assert.ok(only(e.delta), e.delta);
      if (e.type === 'STATE_DELTA' && e.delta[0].op === 'add') {
        assert.ok(only(e.delta[0].value.text));
        assert.ok(only(e.delta[0].value.tags[0]));
        assert.equal(e.delta[0].value.id, '1', 'ids are kept');
      }
      if (e.type === 'CUSTOM' && e.name === 'oz0.card') {
        assert.ok(only(e.value.card.title) && only(e.value.card.items[1]));
        assert.equal(e.value.job, 'job-1');
      }
      if (e.type === 'RUN_STARTED') assert.deepEqual(m.event, p.event, 'what no preset names is untouched');
    }
    if (p.kind === 'request' && m.kind === 'request' && p.body.messages.length > 0) {
      assert.equal(m.body.messages[0]!.content!.length, (p.body.messages[0]!.content as string).length);
      assert.ok(only(m.body.messages[0]!.content as string));
    }
  }
  const [invalidMasked] = ofKind(masked, 'invalid');
  assert.equal(invalidMasked!.data, '•'.repeat('{"type":"BOGUS","text":"private words"}'.length), 'raw invalid data is masked whole');
  const [sentPlain, sentMasked] = [plain, masked].map((list) => ofKind(list, 'resume-sent')[0]!.entries[0]!.payload);
  assert.deepEqual(sentPlain, { approved: true, comment: 'go' });
  assert.deepEqual(sentMasked, { approved: true, comment: '••' }, 'a resume payload keeps its booleans, masks its words');
  const picked = (await recordRun({ redact: ['tool-args'] })).recorder.filter({ types: ['TEXT_MESSAGE_CONTENT', 'TOOL_CALL_ARGS'] });
  assert.deepEqual(
    picked.map((e) => e.kind === 'event' && (e.event as unknown as { delta: string }).delta),
    ['AI: Hello ', 'team', '•'.repeat(8), '•'.repeat(10)],
  );
  const byCallback = (
    await recordRun({ redact: (t) => (t.kind === 'event' && t.event.type === 'RUN_ERROR' ? { ...t.event, message: 'x'.repeat(t.event.message.length) } : t.kind === 'event' ? t.event : t.body) })
  ).recorder;
  assert.equal(byCallback.filter({ types: ['RUN_ERROR'] }).map((e) => e.kind === 'event' && (e.event as unknown as { message: string }).message)[0], 'x'.repeat('the mail tool is down'.length));
  assert.equal((await recordRun({ production: true, redact: false })).recorder.filter({ text: 'Hello' }).length, 1, 'redact: false wins');
});

test('export to NDJSON and import back: the same recording, in the replay format', async () => {
  const { recorder } = await recordRun();
  const ndjson = recorder.toNdjson();
  const lines = ndjson
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: string | null; t: number });
  assert.equal(lines.length, 16);
  assert.deepEqual(Object.keys(lines[0]!), ['id', 'event', 't']);
  assert.equal(lines[0]!.t, 0);
  const events = ofKind(recorder.entries(), 'event');
  assert.deepEqual(
    lines.map((l) => l.t),
    events.map((e) => e.at - events[0]!.at),
  );
  const imported = importRecording(ndjson);
  assert.deepEqual(imported.toRecordedEvents(), recorder.toRecordedEvents(), 'the same ids, events and times (validation may reorder keys)');
  assert.equal(importRecording(imported.toNdjson()).toNdjson(), imported.toNdjson(), 'export then import is a fixed point');
  assert.deepEqual(imported.toRecordedEvents(), parseRecording(ndjson));
  assert.deepEqual(
    ofKind(imported.entries(), 'event').map((e) => [e.id, e.event, e.bytes, e.job]),
    events.map((e) => [e.id, e.event, e.bytes, e.job]),
  );
  assert.throws(() => importRecording('{"id":null,"event":{"type":"NOPE"},"t":0}\n'), /line 1/);
});

test('stop: nothing more is recorded; what was kept stays', async () => {
  const store = createThreadStore(storeOptions(fakeTransport(scripts())));
  const recorder = createRecorder(store);
  recorder.stop();
  await store.send('hi');
  assert.equal(recorder.size, 0);
});
