/** CORS per tenant: the listed origins only, POST with Content-Type, Last-Event-ID and Authorization, nothing else. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { agentRoutePath } from '../../src/protocol/index.js';
import { startEdge, type StartedEdge } from '../../server/edge/index.js';
import { createFakeRuntime, runFinished } from './edge-http-fake.js';
import { openStream, send } from './edge-http-client.js';

const preflight = (origin: string, headers = 'content-type, last-event-id, authorization', method = 'POST') => ({
  method: 'OPTIONS',
  headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers },
});

describe('edge http: CORS per tenant', () => {
  let edge: StartedEdge;
  let route: string;
  before(async () => {
    const runtime = createFakeRuntime();
    runtime.onNewLog = (log) => log.append(runFinished(log));
    edge = await startEdge({ runtime, log: () => {} });
    route = edge.url + agentRoutePath('helper', 'acme');
  });
  after(() => edge.close());

  test('preflight from a listed origin: 204 allowing POST with Content-Type, Last-Event-ID, Authorization', async () => {
    const res = await send(route, preflight('https://app.example'));
    assert.equal(res.status, 204);
    assert.equal(res.headers['access-control-allow-origin'], 'https://app.example');
    assert.equal(res.headers['access-control-allow-methods'], 'POST');
    assert.equal(res.headers['access-control-allow-headers'], 'Content-Type, Last-Event-ID, Authorization');
    assert.equal(res.headers['access-control-allow-credentials'], undefined, 'no session crosses origins');
    assert.match(String(res.headers.vary), /Origin/);
  });

  test('preflight from an origin the tenant does not list: 403 without any CORS header', async () => {
    for (const [url, origin] of [
      [route, 'https://evil.example'],
      [edge.url + agentRoutePath('helper', 'other'), 'https://app.example'],
      [route, 'null'],
    ] as const) {
      const res = await send(url, preflight(origin));
      assert.equal(res.status, 403);
      assert.equal(Object.keys(res.headers).filter((h) => h.startsWith('access-control-')).length, 0);
    }
  });

  test('preflight asking for another method or header: 403', async () => {
    assert.equal((await send(route, preflight('https://app.example', 'content-type', 'PUT'))).status, 403);
    assert.equal((await send(route, preflight('https://app.example', 'content-type, x-edge-fault'))).status, 403);
  });

  test('the run itself: Access-Control-Allow-Origin for a listed origin, no CORS header for another, nothing exposed', async () => {
    const body = { threadId: 't', runId: 'r-cors', messages: [] };
    const ok = await openStream(route, body, { Origin: 'https://app.example', Authorization: 'Bearer ana-token' });
    await ok.done;
    assert.equal(ok.headers['access-control-allow-origin'], 'https://app.example');
    assert.equal(ok.headers['access-control-expose-headers'], undefined);
    const other = await openStream(route, body, { Origin: 'https://evil.example', Authorization: 'Bearer ana-token' });
    await other.done;
    assert.equal(Object.keys(other.headers).filter((h) => h.startsWith('access-control-')).length, 0);
    const refused = await send(route, { method: 'POST', headers: { Origin: 'https://app.example', 'Content-Type': 'application/json' }, body: '{}' });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers['access-control-allow-origin'], 'https://app.example', 'a listed page can read why it was refused');
  });
});
