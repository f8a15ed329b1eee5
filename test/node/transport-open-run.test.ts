/**
 * openRun against a real local server: the request it sends, refusals,
 * answers that are no event stream, invalid events, aborts, and the end of a run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openRun, openRunBatches, TransportError } from '../../src/transport/index.js';
import type { OpenRunOptions, RunRequest } from '../../src/transport/index.js';
import type { StreamedEvent } from '../../src/protocol/index.js';
import { failOnUnhandledRejections } from './no-unhandled-rejections.js';
import { scriptedRun, startScriptedServer } from './transport-scripted-server.js';
import type { Reply, ScriptedServer } from './transport-scripted-server.js';

failOnUnhandledRejections();

const EVENTS = scriptedRun();
const BODY = { threadId: 'chat-1', runId: 'run-1', state: {}, messages: [{ id: 'u1', role: 'user' as const, content: 'Hi' }] };
const noSleep = { sleep: async () => undefined, random: () => 0.5 };

function request(server: ScriptedServer, headers: Record<string, string> = { Authorization: 'Bearer secret-token' }): RunRequest {
  return { url: server.url, body: BODY, headers };
}

async function collect(iterable: AsyncIterable<StreamedEvent>): Promise<StreamedEvent[]> {
  const out: StreamedEvent[] = [];
  for await (const e of iterable) out.push(e);
  return out;
}

async function withServer(replies: Reply[], fn: (server: ScriptedServer) => Promise<void>): Promise<void> {
  const server = await startScriptedServer({ events: EVENTS, replies });
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}

test("POSTs the body as JSON with the SSE headers and the caller's; onRequest never sees headers", async () => {
  await withServer([{ kind: 'stream' }], async (server) => {
    const seen: unknown[] = [];
    const got = await collect(openRun(request(server, { Authorization: 'Bearer secret-token', accept: 'text/html' }), { onRequest: (i) => seen.push(i) }));
    assert.equal(got.length, EVENTS.length);
    const r = server.requests[0]!;
    assert.deepEqual(r.body, BODY);
    assert.equal(r.headers['content-type'], 'application/json');
    assert.equal(r.headers.accept, 'text/event-stream');
    assert.equal(r.headers.authorization, 'Bearer secret-token');
    assert.equal(r.headers['last-event-id'], undefined);
    assert.deepEqual(seen, [{ url: server.url, body: BODY, attempt: 0 }]);
  });
});

for (const status of [400, 401, 403, 404, 409, 413, 422]) {
  test(`HTTP ${status} with a JSON body is a final http_error carrying status, code and message`, async () => {
    const body = { code: 'permission_denied', message: 'You may not see this thread', console: { label: 'Decide in OZ', url: 'https://oz/x' } };
    await withServer([{ kind: 'status', status, body: JSON.stringify(body) }], async (server) => {
      await assert.rejects(collect(openRun(request(server), noSleep)), (err: unknown) => {
        assert.ok(err instanceof TransportError);
        assert.equal(err.code, 'http_error');
        assert.equal(err.status, status);
        assert.equal(err.serverCode, 'permission_denied');
        assert.equal(err.retryable, false);
        assert.deepEqual(err.body, body);
        assert.match(err.message, new RegExp(`HTTP ${status} permission_denied: You may not see this thread`));
        assert.doesNotMatch(err.message, /secret-token/);
        return true;
      });
      assert.equal(server.requests.length, 1, 'not retried');
    });
  });
}

test('an error body that is not JSON still gives the status, without a server code', async () => {
  await withServer([{ kind: 'status', status: 401, body: '<html>no</html>' }], async (server) => {
    await assert.rejects(collect(openRun(request(server), noSleep)), (err: TransportError) => {
      assert.equal(err.status, 401);
      assert.equal(err.serverCode, undefined);
      assert.equal(err.body, undefined);
      return err.code === 'http_error';
    });
  });
});

for (const status of [500, 502, 503, 504]) {
  test(`HTTP ${status} is retried`, async () => {
    await withServer([{ kind: 'status', status, body: '{"code":"unavailable","message":"x"}' }, { kind: 'stream' }], async (server) => {
      const got = await collect(openRun(request(server), noSleep));
      assert.equal(got.length, EVENTS.length);
      assert.equal(server.requests.length, 2);
    });
  });
}

test('a 200 that is not text/event-stream is bad_response, not retried', async () => {
  await withServer([{ kind: 'raw', contentType: 'text/html', body: '<html></html>' }], async (server) => {
    await assert.rejects(collect(openRun(request(server), noSleep)), (err: TransportError) => err.code === 'bad_response' && err.status === 200);
    assert.equal(server.requests.length, 1);
  });
});

test('malformed JSON and schema-invalid events are reported and skipped; keep-alive comments are observed', async () => {
  const extraFrames = ['id: x1\ndata: {not json\n\n', 'id: x2\ndata: {"type":"NO_SUCH_EVENT"}\n\n', ': keep-alive\n\n'];
  await withServer([{ kind: 'stream', extraFrames }], async (server) => {
    const invalid: { id?: string; data: string; error: string }[] = [];
    const comments: string[] = [];
    const got = await collect(openRun(request(server), { onInvalidEvent: (i) => invalid.push(i), onComment: (t) => comments.push(t) }));
    assert.deepEqual(
      got.map((e) => e.event),
      EVENTS,
    );
    assert.equal(invalid.length, 2);
    assert.equal(invalid[0]!.id, 'x1');
    assert.equal(invalid[0]!.data, '{not json');
    assert.match(invalid[0]!.error, /not JSON/);
    assert.equal(invalid[1]!.id, 'x2');
    assert.match(invalid[1]!.error, /type/);
    assert.deepEqual(comments, ['keep-alive']);
  });
});

/** A fetch whose event stream is `text`, delivered in one read. */
const oneRead =
  (text: string): typeof fetch =>
  async () =>
    new Response(new TextEncoder().encode(text), { status: 200, headers: { 'content-type': 'text/event-stream' } });

test('openRunBatches yields the events of one read together; an invalid one is told in its place, and the terminal event ends the run', async () => {
  const [a, b, c] = [EVENTS[0]!, EVENTS[2]!, EVENTS[3]!];
  const done = { type: 'RUN_FINISHED', threadId: 'chat-1', runId: 'run-1' };
  const frames = [a, b, '{not json', c, done, EVENTS[4]!].map((e, i) => `id: e${i}\ndata: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`);
  const log: unknown[] = [];
  const options = { fetch: oneRead(frames.join('')), onInvalidEvent: (i: { id?: string }) => log.push(`invalid ${i.id}`) };
  for await (const batch of openRunBatches({ url: 'http://edge.local/run', body: BODY }, options)) {
    log.push(batch.events.map((e) => e.id));
    assert.ok(batch.waitedMs !== undefined && batch.waitedMs >= 0);
  }
  assert.deepEqual(log, [['e0', 'e1'], 'invalid e2', ['e3', 'e4']]);
  // openRun: the same events one by one, in the same order with the invalid one.
  const single: unknown[] = [];
  for await (const e of openRun({ url: 'http://edge.local/run', body: BODY }, { ...options, fetch: oneRead(frames.join('')), onInvalidEvent: (i) => single.push(`invalid ${i.id}`) }))
    single.push(e.id);
  assert.deepEqual(single, ['e0', 'e1', 'invalid e2', 'e3', 'e4']);
});

test('one large read is parsed a piece at a time: several batches, none over about 16 KB, a character split between two pieces intact', async () => {
  const frame = (delta: string, i: number) => `id: e${i}\ndata: ${JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta })}\n\n`;
  const deltas = Array.from({ length: 400 }, (_, i) => `Grüße ${i} 日本 🎉 `);
  // Pad the first delta until the 16,384th byte falls inside a character of several bytes.
  let pad = '';
  let bytes: Uint8Array<ArrayBuffer>;
  for (;;) {
    const end = `id: end\ndata: ${JSON.stringify({ type: 'RUN_FINISHED', threadId: 'chat-1', runId: 'run-1' })}\n\n`;
    bytes = new TextEncoder().encode(deltas.map((d, i) => frame(i === 0 ? pad + d : d, i)).join('') + end);
    if ((bytes[16 * 1024]! & 0xc0) === 0x80) break;
    pad += 'x';
  }
  const fetch1: typeof fetch = async () => new Response(bytes, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  const sizes: number[] = [];
  const got: string[] = [];
  for await (const batch of openRunBatches({ url: 'http://edge.local/run', body: BODY }, { fetch: fetch1 })) {
    sizes.push(batch.events.length);
    for (const e of batch.events) if (e.event.type === 'TEXT_MESSAGE_CONTENT') got.push(e.event.delta);
  }
  assert.deepEqual(got, [pad + deltas[0]!, ...deltas.slice(1)]);
  assert.ok(sizes.length >= 3, `batches: ${sizes.join(', ')}`);
  assert.ok(Math.max(...sizes) <= Math.ceil((16 * 1024) / frame(deltas[0]!, 0).length) + 1, `batches: ${sizes.join(', ')}`);
});

test('openRun stops yielding the rest of a read once its signal aborts', async () => {
  const frames = EVENTS.slice(0, 5).map((e, i) => `id: e${i}\ndata: ${JSON.stringify(e)}\n\n`);
  const ctl = new AbortController();
  const got: unknown[] = [];
  for await (const e of openRun({ url: 'http://edge.local/run', body: BODY }, { fetch: oneRead(frames.join('')), signal: ctl.signal })) {
    got.push(e.id);
    if (got.length === 2) ctl.abort();
  }
  assert.deepEqual(got, ['e0', 'e1']);
});

test("an invalid event's id still counts as the last id seen", async () => {
  const events = [EVENTS[0]!, { type: 'BOGUS' } as never, ...EVENTS.slice(1)];
  const server = await startScriptedServer({ events, replies: [{ kind: 'stream', cut: { at: 'between', frame: 1 } }, { kind: 'stream' }] });
  try {
    const invalid: unknown[] = [];
    const got = await collect(openRun(request(server), { ...noSleep, onInvalidEvent: (i) => invalid.push(i) }));
    assert.equal(server.requests[1]!.headers['last-event-id'], 'e1');
    assert.equal(invalid.length, 1);
    assert.deepEqual(
      got.map((e) => e.event),
      EVENTS,
    );
  } finally {
    await server.close();
  }
});

test('after a terminal event it stops reading and returns, even if the server keeps the stream open', async () => {
  await withServer([{ kind: 'stream', end: 'hold', extraFrames: [] }], async (server) => {
    const got = await collect(openRun(request(server)));
    assert.equal(got.at(-1)!.event.type, 'RUN_FINISHED');
    await server.requests[0]!.closed;
  });
});

test('abort during the stream ends the iterator quietly, closes the connection, and sends nothing more', async () => {
  await withServer([{ kind: 'stream', cut: { at: 'between', frame: 3 }, end: 'hold' }], async (server) => {
    const controller = new AbortController();
    const states: string[] = [];
    const got: StreamedEvent[] = [];
    for await (const e of openRun(request(server), { ...noSleep, signal: controller.signal, onConnection: (s) => states.push(s.status) })) {
      got.push(e);
      if (got.length === 4) setImmediate(() => controller.abort());
    }
    assert.equal(got.length, 4);
    await server.requests[0]!.closed;
    await new Promise((r) => setImmediate(r));
    assert.equal(server.requests.length, 1);
    assert.deepEqual(states, ['connecting', 'open', 'closed']);
  });
});

test('abort during backoff stops the sleep at once and sends no further request', async () => {
  await withServer([{ kind: 'status', status: 503 }], async (server) => {
    const controller = new AbortController();
    const options: OpenRunOptions = {
      signal: controller.signal,
      random: () => 0.5,
      // A sleep that only ends on abort: the test would hang if abort did not stop it.
      sleep: (_ms, signal) =>
        new Promise<void>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
          setImmediate(() => controller.abort());
        }),
    };
    const got = await collect(openRun(request(server), options));
    assert.deepEqual(got, []);
    assert.equal(server.requests.length, 1);
  });
});

test('abort while the request waits for an answer stops the fetch; the server sees the connection closed', async () => {
  await withServer([{ kind: 'hang' }], async (server) => {
    const controller = new AbortController();
    const done = collect(openRun(request(server), { ...noSleep, signal: controller.signal }));
    await server.waitForRequests(1);
    controller.abort();
    assert.deepEqual(await done, []);
    await server.requests[0]!.closed;
    assert.equal(server.requests.length, 1);
  });
});

test('an already aborted signal sends nothing', async () => {
  await withServer([{ kind: 'stream' }], async (server) => {
    assert.deepEqual(await collect(openRun(request(server), { signal: AbortSignal.abort() })), []);
    assert.equal(server.requests.length, 0);
  });
});

test('a consumer that stops iterating closes the connection', async () => {
  await withServer([{ kind: 'stream', cut: { at: 'between', frame: 5 }, end: 'hold' }], async (server) => {
    for await (const e of openRun(request(server))) {
      if (e.event.type === 'TEXT_MESSAGE_START') break;
    }
    await server.requests[0]!.closed;
    assert.equal(server.requests.length, 1);
  });
});

test('a network failure (nothing listening) is retried, then gives up with a clear error', async () => {
  const server = await startScriptedServer({ events: EVENTS, replies: [{ kind: 'stream' }] });
  const url = server.url;
  await server.close();
  await assert.rejects(collect(openRun({ url, body: BODY, headers: { Authorization: 'Bearer secret-token' } }, { ...noSleep, reconnect: { maxAttempts: 2 } })), (err: TransportError) => {
    assert.equal(err.code, 'gave_up');
    assert.match(err.message, /The request failed \(TypeError\)/);
    assert.doesNotMatch(err.message, /secret-token/);
    return true;
  });
});
