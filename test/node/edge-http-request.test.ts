/**
 * The route's checks before the stream: the caller before the body, the 4 MiB
 * limit, the media type, JSON and schema, the runtime's refusals, and the
 * stream's headers and framing. Real HTTP on loopback against a fake runtime.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { MAX_BODY_BYTES, agentRoutePath } from '../../src/protocol/index.js';
import { startEdge, type StartedEdge } from '../../server/edge/index.js';
import { createFakeRuntime, runFinished, type FakeRuntime } from './edge-http-fake.js';
import { openStream, send } from './edge-http-client.js';

const input = (runId: string) => ({ threadId: 'chat-1', runId, messages: [{ id: 'u1', role: 'user', content: 'hi' }] });
const json = { 'Content-Type': 'application/json', Authorization: 'Bearer ana-token' };

describe('edge http: before the stream', () => {
  let edge: StartedEdge;
  let runtime: FakeRuntime;
  let route: string;
  before(async () => {
    runtime = createFakeRuntime();
    edge = await startEdge({ runtime, log: () => {} });
    route = edge.url + agentRoutePath('helper', 'acme');
  });
  after(() => edge.close());

  test('401 before the body is read: a huge body sent slowly is answered after its first chunk, and the rest is never taken', async () => {
    const declared = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const result = await new Promise<{ status: number; body: string; sentBeforeAnswer: number; sentTotal: number }>((resolve, reject) => {
      let sent = 0;
      let sentBeforeAnswer = -1;
      const req = httpRequest(route, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(declared) } });
      req.on('response', (res) => {
        sentBeforeAnswer = sent;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          // Keep writing: the edge closed the connection, so the body can never be delivered whole.
          const pump = () => {
            while (sent < declared) {
              sent += chunk.length;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
          };
          req.on('error', () => resolve({ status: res.statusCode ?? 0, body, sentBeforeAnswer, sentTotal: sent }));
          req.on('close', () => resolve({ status: res.statusCode ?? 0, body, sentBeforeAnswer, sentTotal: sent }));
          pump();
        });
      });
      req.on('error', (e) => (sentBeforeAnswer < 0 ? reject(e) : undefined));
      req.write(chunk); // one chunk, then wait for the answer
      sent = chunk.length;
    });
    assert.equal(result.status, 401);
    assert.deepEqual(JSON.parse(result.body).code, 'unauthenticated');
    assert.equal(result.sentBeforeAnswer, chunk.length, 'the edge answered while only the first 64 KiB had been sent');
    assert.ok(result.sentTotal < declared, `the connection closed before the 64 MiB body was taken (${result.sentTotal} bytes)`);
    assert.equal(runtime.started.length, 0);
  });

  test('401 for an unknown token and for no credential, with WWW-Authenticate', async () => {
    for (const headers of [{ 'Content-Type': 'application/json' }, { 'Content-Type': 'application/json', Authorization: 'Bearer nobody' }]) {
      const res = await send(route, { method: 'POST', headers, body: JSON.stringify(input('r-401')) });
      assert.equal(res.status, 401);
      assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'message']);
      assert.equal(res.json().code, 'unauthenticated');
      assert.match(String(res.headers['www-authenticate']), /^Bearer/);
    }
  });

  test('413 for a declared Content-Length of 4 MiB + 1, before reading', async () => {
    const res = await send(route, { method: 'POST', headers: { ...json, 'Content-Length': String(MAX_BODY_BYTES + 1) }, body: Buffer.alloc(0) }).catch((e: Error) => e);
    // The edge answers without waiting for the body that was announced and never sent.
    assert.ok(!(res instanceof Error), String(res));
    assert.equal(res.status, 413);
    assert.equal(res.json().code, 'payload_too_large');
    assert.equal(res.headers.connection, 'close');
  });

  test('413 for a chunked body of 4 MiB + 1 bytes, counted while reading', async () => {
    const body = Buffer.concat([Buffer.from(JSON.stringify(input('r-413'))), Buffer.alloc(MAX_BODY_BYTES + 1, 0x20)]);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(route, { method: 'POST', headers: { ...json, 'Transfer-Encoding': 'chunked' } });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      let at = 0;
      const pump = () => {
        while (at < body.length) {
          const part = body.subarray(at, at + 256 * 1024);
          at += part.length;
          if (!req.write(part)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    assert.equal(status, 413);
    assert.equal(
      runtime.started.some((i) => i.runId === 'r-413'),
      false,
    );
  });

  test('a body of exactly 4 MiB is accepted', async () => {
    const text = JSON.stringify(input('r-4mib'));
    const body = Buffer.concat([Buffer.from(text), Buffer.alloc(MAX_BODY_BYTES - Buffer.byteLength(text), 0x20)]);
    assert.equal(body.length, MAX_BODY_BYTES);
    const res = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(route, { method: 'POST', headers: json }, (r) => {
        r.destroy();
        resolve(r.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(body);
    });
    assert.equal(res, 200);
    assert.ok(runtime.started.some((i) => i.runId === 'r-4mib'));
  });

  test('415 for a body that is not application/json', async () => {
    const res = await send(route, { method: 'POST', headers: { ...json, 'Content-Type': 'text/plain' }, body: JSON.stringify(input('r-415')) });
    assert.equal(res.status, 415);
    assert.equal(res.json().code, 'unsupported_media_type');
    const ok = await send(route, { method: 'POST', headers: { ...json, 'Content-Type': 'Application/JSON; charset=utf-8' }, body: '{' });
    assert.equal(ok.status, 400, 'a media type with parameters and another case is application/json');
  });

  test('400 invalid_argument for malformed JSON, with no exception text', async () => {
    const res = await send(route, { method: 'POST', headers: json, body: '{"threadId": ' });
    assert.equal(res.status, 400);
    assert.deepEqual(res.json(), { code: 'invalid_argument', message: 'The body is not valid JSON.' });
  });

  test('400 invalid_argument naming the issue for a body that is no RunAgentInput', async () => {
    const res = await send(route, { method: 'POST', headers: json, body: JSON.stringify({ threadId: 'chat-1', messages: [] }) });
    assert.equal(res.status, 400);
    assert.equal(res.json().code, 'invalid_argument');
    assert.match(String(res.json().message), /runId/);
  });

  test('400 when the tenant query parameter is missing', async () => {
    const res = await send(`${edge.url}/v1/agui/agents/helper`, { method: 'POST', headers: json, body: JSON.stringify(input('r-nt')) });
    assert.equal(res.status, 400);
    assert.equal(res.json().code, 'invalid_argument');
  });

  test("the runtime's refusal is answered as JSON {code, message} with its status", async () => {
    const res = await send(edge.url + agentRoutePath('nobody', 'acme'), { method: 'POST', headers: json, body: JSON.stringify(input('r-404')) });
    assert.equal(res.status, 404);
    assert.deepEqual(res.json(), { code: 'not_found', message: 'No agent nobody.' });
  });

  test('400 for a Last-Event-ID that is not in the run, header or lastEventId query', async () => {
    await openStream(route, input('r-lei'), json).then((s) => s.close());
    const res = await send(route, { method: 'POST', headers: { ...json, 'Last-Event-ID': 'ev-9999' }, body: JSON.stringify(input('r-lei')) });
    assert.equal(res.status, 400);
    assert.equal(res.json().code, 'invalid_argument');
    const q = await send(`${route}&lastEventId=nope`, { method: 'POST', headers: json, body: JSON.stringify(input('r-lei')) });
    assert.equal(q.status, 400);
  });

  test('405 for another method on the route, 404 elsewhere', async () => {
    const get = await send(route);
    assert.equal(get.status, 405);
    assert.equal(get.headers.allow, 'POST, OPTIONS');
    const none = await send(`${edge.url}/nothing`);
    assert.equal(none.status, 404);
    assert.equal(none.json().code, 'not_found');
  });

  test('the stream: SSE headers, one event per data: line, each with an id, ended after the terminal event', async () => {
    const stream = await openStream(route, input('r-sse'), json);
    assert.equal(stream.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(stream.headers['cache-control'], 'no-cache, no-transform');
    assert.equal(stream.headers['x-accel-buffering'], 'no');
    assert.equal(stream.headers.connection, 'keep-alive');
    await stream.until((s) => s.events.length === 1);
    const log = runtime.logs.get('r-sse')!;
    log.append(runFinished(log));
    assert.equal(await stream.done, 'end');
    assert.deepEqual(
      stream.events.map((e) => e.id),
      log.entries.map((e) => e.id),
    );
    assert.deepEqual(
      stream.events.map((e) => e.event.type),
      ['RUN_STARTED', 'RUN_FINISHED'],
    );
    assert.equal(log.subscribers, 0, 'the stream unsubscribed');
  });

  test('an exception in the runtime is answered 500 internal, its message logged, never sent', async () => {
    const logged: unknown[] = [];
    const broken = createFakeRuntime();
    broken.startRun = () => {
      throw new Error('secret detail at /srv/db');
    };
    const e2 = await startEdge({ runtime: broken, log: (_m, err) => logged.push(err) });
    try {
      const res = await send(e2.url + agentRoutePath('helper', 'acme'), { method: 'POST', headers: json, body: JSON.stringify(input('r-500')) });
      assert.equal(res.status, 500);
      assert.equal(res.json().code, 'internal');
      assert.doesNotMatch(res.text, /secret/);
      assert.equal(logged.length, 1);
    } finally {
      await e2.close();
    }
  });
});
