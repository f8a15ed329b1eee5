import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoSecret, frame, jsonErrorOf, post, routeUrl, sseHead, startFake, startProxy, type Seen } from './proxy-helpers.js';

const APP_KEY = 'oz-app-key-SECRET-abcdef';
let exchanges: Seen[] = [];
let issued = 0;
let refuse: number | undefined;
let routeStatus = 200;

const fake = await startFake(async (seen, _req, res) => {
  if (seen.url === '/v1/oauth/token') {
    exchanges.push(seen);
    if (refuse) {
      res.writeHead(refuse, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
      return;
    }
    const form = new URLSearchParams(seen.body.toString());
    await new Promise((r) => setTimeout(r, 20));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ access_token: `exchanged-${form.get('subject_token')}-${++issued}`, token_type: 'Bearer', expires_in: 600 }));
    return;
  }
  if (routeStatus !== 200) {
    res.writeHead(routeStatus, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 'unauthenticated', message: 'expired' }));
    return;
  }
  sseHead(res);
  res.end(frame(1));
});
let clock = 1_000_000;
const proxy = await startProxy({
  upstream: fake.url,
  token: undefined,
  tokenExchange: { appKey: APP_KEY, subjectToken: (req) => /person=([\w-]+)/.exec(req.headers.get('cookie') ?? '')?.[1] },
  now: () => clock,
});
after(() => Promise.all([proxy.close(), fake.close()]));

const asPerson = async (who: string) => {
  const res = await post(routeUrl(proxy.url), { headers: { Cookie: `person=${who}` } });
  const text = await res.text();
  assertNoSecret(res, text, [APP_KEY, 'exchanged-']);
  return { res, text, auth: fake.seen.at(-1)!.headers.authorization };
};

test('RFC 8693 exchange: form, app key as bearer, the exchanged token upstream, never on the page', async () => {
  const { res, text, auth } = await asPerson('ana-token');
  assert.equal(res.status, 200);
  assert.equal(text, frame(1));
  assert.equal(exchanges.length, 1);
  const ex = exchanges[0]!;
  assert.equal(ex.method, 'POST');
  assert.equal(ex.headers.authorization, `Bearer ${APP_KEY}`);
  assert.equal(ex.headers['content-type'], 'application/x-www-form-urlencoded');
  const form = new URLSearchParams(ex.body.toString());
  assert.equal(form.get('grant_type'), 'urn:ietf:params:oauth:grant-type:token-exchange');
  assert.equal(form.get('subject_token'), 'ana-token');
  assert.equal(form.get('subject_token_type'), 'urn:ietf:params:oauth:token-type:access_token');
  assert.equal(auth, 'Bearer exchanged-ana-token-1');
  assert.equal(fake.seen.at(-1)!.headers.cookie, undefined);
});

test('cached per person until it expires (minus a margin), counted in exchange calls', async () => {
  exchanges = [];
  for (let i = 0; i < 3; i++) assert.equal((await asPerson('ana-token')).auth, 'Bearer exchanged-ana-token-1');
  assert.equal(exchanges.length, 0, 'ana’s token is reused');
  assert.equal((await asPerson('ben-token')).auth, 'Bearer exchanged-ben-token-2');
  assert.equal(exchanges.length, 1, 'ben gets his own');
  clock += 530_000; // 600 s life, 60 s margin: still good at 530 s
  assert.equal((await asPerson('ana-token')).auth, 'Bearer exchanged-ana-token-1');
  assert.equal(exchanges.length, 1);
  clock += 15_000; // 545 s: inside the margin
  assert.equal((await asPerson('ana-token')).auth, 'Bearer exchanged-ana-token-3');
  assert.equal(exchanges.length, 2);
});

test('concurrent runs of one person share one exchange', async () => {
  exchanges = [];
  const results = await Promise.all(Array.from({ length: 5 }, () => asPerson('cy-token')));
  assert.equal(exchanges.length, 1);
  assert.ok(results.every((r) => r.res.status === 200));
});

test('the edge refusing the exchanged token (401) drops it from the cache', async () => {
  exchanges = [];
  routeStatus = 401;
  const r = await post(routeUrl(proxy.url), { headers: { Cookie: 'person=ana-token' } });
  assert.equal(r.status, 401);
  assert.equal((await jsonErrorOf(r, [APP_KEY, 'exchanged-'])).code, 'unauthenticated');
  routeStatus = 200;
  assert.match((await asPerson('ana-token')).auth!, /^Bearer exchanged-ana-token-\d+$/);
  assert.equal(exchanges.length, 1, 'a fresh exchange');
});

test('nobody signed in: 401 without an exchange; an exchange refused: 401; the endpoint failing: 502', async () => {
  exchanges = [];
  const none = await post(routeUrl(proxy.url));
  assert.equal(none.status, 401);
  assert.equal((await jsonErrorOf(none, [APP_KEY])).code, 'unauthenticated');
  assert.equal(exchanges.length, 0);
  refuse = 400;
  const refused = await post(routeUrl(proxy.url), { headers: { Cookie: 'person=dan-token' } });
  assert.equal(refused.status, 401);
  assert.equal((await jsonErrorOf(refused, [APP_KEY])).code, 'unauthenticated');
  refuse = 503;
  const failed = await post(routeUrl(proxy.url), { headers: { Cookie: 'person=dan-token' } });
  assert.equal(failed.status, 502);
  assert.equal((await jsonErrorOf(failed, [APP_KEY])).code, 'unavailable');
  refuse = undefined;
  assert.equal((await asPerson('dan-token')).res.status, 200, 'failures are not cached');
  for (const line of proxy.logs) assert.ok(!line.includes(APP_KEY) && !line.includes('exchanged-'));
});
