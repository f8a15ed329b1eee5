import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createReplayStepper, createReplayTransport, parseRecording, replayRun, toNdjson, TransportError } from '../../src/transport/index.js';
import type { ConnectionState, RecordedEvent } from '../../src/transport/index.js';
import type { StreamedEvent } from '../../src/protocol/index.js';
import { scriptedRun } from './transport-scripted-server.js';

const RECORDING: RecordedEvent[] = scriptedRun().map((event, i) => ({ id: i === 4 ? null : `e${i}`, event, t: i * 100 }));
const REQUEST = { url: 'http://replay.invalid/', body: { threadId: 'chat-1', runId: 'run-1', state: {}, messages: [] } };

async function collect(iterable: AsyncIterable<StreamedEvent>): Promise<StreamedEvent[]> {
  const out: StreamedEvent[] = [];
  for await (const e of iterable) out.push(e);
  return out;
}

function recordingSleep(): { sleeps: number[]; sleep: (ms: number) => Promise<void> } {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms) => void sleeps.push(ms) };
}

test('toNdjson and parseRecording round-trip, one line per event', () => {
  const text = toNdjson(RECORDING);
  assert.equal(text.split('\n').length, RECORDING.length + 1);
  assert.ok(text.endsWith('\n'));
  assert.deepEqual(parseRecording(text), RECORDING);
  assert.deepEqual(parseRecording(text.replace(/\n/g, '\r\n') + '\n\n'), RECORDING, 'CRLF and blank lines are fine');
});

test('a bad line is a malformed_event error that names the line', () => {
  const lines = toNdjson(RECORDING.slice(0, 3)).split('\n');
  const cases: [string, RegExp][] = [
    ['{oops', /Recording line 3: not JSON/],
    ['[1,2]', /Recording line 3: expected an object/],
    ['{"id": 5, "event": {"type": "RUN_STARTED", "threadId": "t", "runId": "r"}, "t": 0}', /Recording line 3: "id" must be a string or null/],
    ['{"id": "a", "event": {"type": "RUN_STARTED", "threadId": "t", "runId": "r"}, "t": -1}', /Recording line 3: "t" must be/],
    ['{"id": "a", "event": {"type": "NOPE"}, "t": 1}', /Recording line 3: "event" is not an AG-UI event/],
  ];
  for (const [bad, message] of cases) {
    const text = [lines[0], lines[1], bad, lines[2]].join('\n');
    assert.throws(
      () => parseRecording(text),
      (err: unknown) => err instanceof TransportError && err.code === 'malformed_event' && message.test(err.message),
    );
  }
});

test('replayRun yields every event with its id (null becomes undefined)', async () => {
  const got = await collect(replayRun(RECORDING, { speed: Infinity }));
  assert.deepEqual(
    got,
    RECORDING.map((r) => ({ id: r.id ?? undefined, event: r.event })),
  );
});

test('speed 1 waits the recorded gaps, speed 4 a quarter of them, Infinity none', async () => {
  const records: RecordedEvent[] = RECORDING.slice(0, 4).map((r, i) => ({ ...r, t: [0, 100, 100, 400][i]! }));
  const at1 = recordingSleep();
  await collect(replayRun(records, { sleep: at1.sleep }));
  assert.deepEqual(at1.sleeps, [100, 300]);
  const at4 = recordingSleep();
  await collect(replayRun(records, { speed: 4, sleep: at4.sleep }));
  assert.deepEqual(at4.sleeps, [25, 75]);
  const fast = recordingSleep();
  await collect(replayRun(records, { speed: Infinity, sleep: fast.sleep }));
  assert.deepEqual(fast.sleeps, []);
  await assert.rejects(collect(replayRun(records, { speed: 0 })), RangeError);
});

test('abort stops a replay quietly, also in the middle of a wait', async () => {
  const controller = new AbortController();
  const got: StreamedEvent[] = [];
  const sleep = (_ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      signal?.addEventListener('abort', () => resolve(), { once: true });
      controller.abort();
    });
  for await (const e of replayRun(RECORDING, { signal: controller.signal, sleep })) got.push(e);
  assert.equal(got.length, 1);
});

test('the stepper hands out one event at a time, peeks, and resets', () => {
  const stepper = createReplayStepper(RECORDING.slice(0, 2));
  assert.equal(stepper.remaining, 2);
  assert.deepEqual(stepper.peek(), { id: 'e0', event: RECORDING[0]!.event });
  assert.deepEqual(stepper.next(), { done: false, value: { id: 'e0', event: RECORDING[0]!.event } });
  assert.equal(stepper.position, 1);
  assert.deepEqual(stepper.next().value, { id: 'e1', event: RECORDING[1]!.event });
  assert.deepEqual(stepper.next(), { done: true, value: undefined });
  assert.equal(stepper.peek(), undefined);
  stepper.reset();
  assert.equal(stepper.position, 0);
  assert.equal(stepper.remaining, 2);
});

test('a replay transport plays the next recording per call, then fails clearly', async () => {
  const second = RECORDING.slice(0, 2);
  const transport = createReplayTransport([RECORDING, second], { speed: Infinity });
  const states: ConnectionState['status'][] = [];
  const requests: unknown[] = [];
  const options = { onConnection: (s: ConnectionState) => states.push(s.status), onRequest: (i: unknown) => requests.push(i) };
  assert.equal((await collect(transport(REQUEST, options))).length, RECORDING.length);
  assert.equal((await collect(transport(REQUEST, options))).length, 2);
  await assert.rejects(collect(transport(REQUEST, options)), (err: TransportError) => err.code === 'bad_response');
  assert.deepEqual(states, ['connecting', 'open', 'closed', 'connecting', 'open', 'closed', 'connecting', 'failed']);
  assert.deepEqual(requests[0], { url: REQUEST.url, body: REQUEST.body, attempt: 0 });
});

test('a replay transport picks by request and resumes after Last-Event-ID as the route does', async () => {
  const transport = createReplayTransport((req) => (req.body.runId === 'run-1' ? RECORDING : []), { speed: Infinity });
  const resumed = await collect(transport(REQUEST, { lastEventId: 'e10' }));
  assert.deepEqual(
    resumed.map((e) => e.event),
    RECORDING.slice(11).map((r) => r.event),
  );
  assert.deepEqual(await collect(transport({ ...REQUEST, body: { ...REQUEST.body, runId: 'other' } })), []);
});
