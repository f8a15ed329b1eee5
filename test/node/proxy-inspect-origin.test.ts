/**
 * Issue #19: the inspection feed's routes follow the run route's origin rules:
 * a page of another origin, an opaque origin, a cross-site request with no
 * Origin and (with cookie auth) a request that proves no page are refused
 * before `authorize` is asked or the feed is read; its paths refuse escapes.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createProxyServer } from '../../server/proxy/node.js';
import { TOKEN } from './proxy-helpers.js';
import { APP, EVIL, assertRefusal, rawRequest, startCountingUpstream, type Case } from './proxy-rules.js';

const KEY = 'Bearer support-key-0123456789';
const up = await startCountingUpstream();
let asked = 0;
const authorize = (request: Request) => (asked++, request.headers.get('Authorization') === KEY);
const start = async (cookieAuth: boolean) => {
  const p = createProxyServer({ upstream: up.url, token: TOKEN, allowOrigins: [APP], cookieAuth, inspect: { authorize }, logger: { warn() {}, error() {} } });
  return { p, url: (await p.listen(0, '127.0.0.1')).url };
};
const plain = await start(false);
const cookie = await start(true);
after(async () => {
  await Promise.all([plain.p.close(), cookie.p.close()]);
  await up.close();
});

const get = (target: string, headers: Record<string, string>, reason: string, status = 403): Case => ({
  name: `${target} ${JSON.stringify(headers)}`,
  target,
  method: 'GET',
  headers: { Authorization: KEY, ...headers },
  status,
  code: status === 403 ? 'permission_denied' : 'invalid_argument',
  reason,
});

const ORIGIN_REFUSALS: Case[] = [
  get('/__inspect/runs', { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' }, 'origin_not_allowed'),
  get('/__inspect/runs', { Origin: 'null' }, 'origin_not_allowed'),
  get('/__inspect/runs', { 'Sec-Fetch-Site': 'cross-site' }, 'cross_site'),
  get('/__inspect/runs/run-1', { 'Sec-Fetch-Site': 'cross-site' }, 'cross_site'),
  get('/__inspect/runs', { Origin: EVIL, 'Sec-Fetch-Site': 'same-site' }, 'origin_not_allowed'),
];

const PATH_REFUSALS: Case[] = [
  get('/__inspect/runs/..%2F..%2Fv1', {}, 'bad_path', 400),
  get('/__inspect/runs/x/../../v1/agui/agents/helper?tenant=acme', {}, 'bad_path', 400),
  get('/__inspect/runs/%252e%252e', {}, 'bad_path', 400),
  get('/__inspect/runs?lastEventId=1?x', {}, 'bad_query', 400),
];

test('inspection feed: other origins and cross-site requests are refused before authorize is asked', async () => {
  asked = 0;
  for (const c of [...ORIGIN_REFUSALS, ...PATH_REFUSALS]) {
    const a = await rawRequest(plain.url, c);
    assertRefusal({ status: a.status, contentType: a.headers['content-type'] ?? '', body: a.body }, c, {});
    assert.equal(a.headers['access-control-allow-origin'], undefined, c.name);
  }
  assert.equal(asked, 0, 'authorize was asked about a refused request');
  const listed = await rawRequest(plain.url, { target: '/__inspect/runs', method: 'GET', headers: { Authorization: KEY, Origin: APP, 'Sec-Fetch-Site': 'cross-site' } });
  assert.equal(listed.status, 200);
  assert.equal(listed.headers['access-control-allow-origin'], APP);
  assert.equal(asked, 1);
  assert.equal(up.requests, 0);
});

test('inspection feed with cookie auth: a request with no Origin must say it is same-origin or same-site', async () => {
  asked = 0;
  const none = await rawRequest(cookie.url, get('/__inspect/runs', {}, 'origin_missing'));
  assertRefusal({ status: none.status, contentType: none.headers['content-type'] ?? '', body: none.body }, get('/__inspect/runs', {}, 'origin_missing'), {});
  assert.equal(asked, 0);
  for (const site of ['same-origin', 'same-site']) {
    const ok = await rawRequest(cookie.url, { target: '/__inspect/runs', method: 'GET', headers: { Authorization: KEY, 'Sec-Fetch-Site': site } });
    assert.equal(ok.status, 200, site);
  }
  assert.equal(asked, 2);
});
