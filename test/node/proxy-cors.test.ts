import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { eventsHandler, frame, jsonErrorOf, post, routeUrl, startFake, startProxy } from './proxy-helpers.js';

const APP = 'https://app.example.com';
const EVIL = 'https://evil.example.net';
const fake = await startFake(eventsHandler(1));
const proxy = await startProxy({ upstream: fake.url, allowOrigins: [APP] });
const cookie = await startProxy({ upstream: fake.url, allowOrigins: [APP], cookieAuth: true });
after(() => Promise.all([proxy.close(), cookie.close(), fake.close()]));

const preflight = (base: string, origin: string, headers = 'content-type, last-event-id') =>
  fetch(routeUrl(base), {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': headers },
  });

test('preflight from a listed origin allows POST, Content-Type and Last-Event-ID', async () => {
  const res = await preflight(proxy.url, APP);
  assert.equal(res.status, 204);
  assert.equal(res.headers.get('access-control-allow-origin'), APP);
  assert.equal(res.headers.get('access-control-allow-methods'), 'POST');
  const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
  assert.deepEqual(allowed.sort(), ['content-type', 'last-event-id']);
  assert.match(res.headers.get('vary') ?? '', /Origin/);
  assert.equal(res.headers.get('access-control-allow-credentials'), null, 'no credentials without cookie auth');
  assert.equal(fake.seen.length, 0);
});

test('preflight from another origin is refused, with no CORS headers', async () => {
  const res = await preflight(proxy.url, EVIL);
  assert.equal(res.status, 403);
  assert.equal(res.headers.get('access-control-allow-origin'), null);
  assert.equal((await jsonErrorOf(res)).code, 'permission_denied');
});

test('a run from a listed origin streams with CORS headers; from another origin it is refused before the edge', async () => {
  fake.seen.length = 0;
  const ok = await post(routeUrl(proxy.url), { headers: { Origin: APP, 'Sec-Fetch-Site': 'cross-site' } });
  assert.equal(ok.status, 200);
  assert.equal(ok.headers.get('access-control-allow-origin'), APP);
  assert.match(ok.headers.get('vary') ?? '', /Origin/);
  assert.equal(await ok.text(), frame(1));

  const bad = await post(routeUrl(proxy.url), { headers: { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' } });
  assert.equal(bad.status, 403);
  assert.equal(bad.headers.get('access-control-allow-origin'), null);
  assert.equal((await jsonErrorOf(bad)).code, 'permission_denied');
  const opaque = await post(routeUrl(proxy.url), { headers: { Origin: 'null' } });
  assert.equal(opaque.status, 403);
  await opaque.text();
  assert.equal(fake.seen.length, 1);
});

test('the proxy’s own origin needs no listing; a client with no Origin (a server) is let through', async () => {
  fake.seen.length = 0;
  const same = await post(routeUrl(proxy.url), { headers: { Origin: proxy.url, 'Sec-Fetch-Site': 'same-origin' } });
  assert.equal(same.status, 200);
  assert.equal(same.headers.get('access-control-allow-origin'), null);
  await same.text();
  const server = await post(routeUrl(proxy.url));
  assert.equal(server.status, 200);
  await server.text();
  assert.equal(fake.seen.length, 2);
});

test('cookie auth: text/plain from a listed origin is refused (it would skip the preflight)', async () => {
  fake.seen.length = 0;
  const plain = await post(routeUrl(cookie.url), { headers: { Origin: APP, 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'cross-site' } });
  assert.equal(plain.status, 415);
  assert.equal((await jsonErrorOf(plain)).code, 'invalid_argument');
  assert.equal(plain.headers.get('access-control-allow-origin'), APP, 'the page can read why');
  const form = await post(routeUrl(cookie.url), { headers: { Origin: APP, 'Content-Type': 'application/x-www-form-urlencoded' } });
  assert.equal(form.status, 415);
  await form.text();
  assert.equal(fake.seen.length, 0);
});

test('cookie auth: JSON from a listed origin passes, with credentials allowed', async () => {
  const res = await post(routeUrl(cookie.url), { headers: { Origin: APP, 'Content-Type': 'application/json; charset=utf-8' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('access-control-allow-origin'), APP);
  assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
  assert.equal(await res.text(), frame(1));
  const pre = await preflight(cookie.url, APP);
  assert.equal(pre.headers.get('access-control-allow-credentials'), 'true');
});

test('cookie auth: without an allowed Origin, only Sec-Fetch-Site same-origin or same-site passes', async () => {
  fake.seen.length = 0;
  const none = await post(routeUrl(cookie.url));
  assert.equal(none.status, 403);
  assert.equal((await jsonErrorOf(none)).code, 'permission_denied');
  const cross = await post(routeUrl(cookie.url), { headers: { 'Sec-Fetch-Site': 'cross-site' } });
  assert.equal(cross.status, 403);
  await cross.text();
  const evil = await post(routeUrl(cookie.url), { headers: { Origin: EVIL, 'Sec-Fetch-Site': 'same-site' } });
  assert.equal(evil.status, 403);
  await evil.text();
  assert.equal(fake.seen.length, 0);
  for (const site of ['same-origin', 'same-site']) {
    const ok = await post(routeUrl(cookie.url), { headers: { 'Sec-Fetch-Site': site } });
    assert.equal(ok.status, 200, site);
    await ok.text();
  }
  assert.equal(fake.seen.length, 2);
});
