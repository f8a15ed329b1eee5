import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { MAX_BODY_BYTES } from '../../src/protocol/index.js';
import { createAguiProxy } from '../../server/proxy/index.js';
import { TOKEN, RUN_BODY, assertNoSecret, eventsHandler, frame, jsonErrorOf, post, routeUrl, sseHead, startFake, startProxy } from './proxy-helpers.js';

const fake = await startFake(eventsHandler(3));
const proxy = await startProxy({ upstream: fake.url, agents: ['helper', 'asker'], tenants: ['acme'] });
after(() => Promise.all([proxy.close(), fake.close()]));

test('forwards the run with the bearer token, the body as sent, and only the allowlisted headers', async () => {
  fake.seen.length = 0;
  const res = await post(routeUrl(proxy.url, 'helper', 'acme'), {
    headers: {
      Authorization: 'Bearer page-own-token',
      Cookie: 'session=page-cookie',
      'Accept-Language': 'de-CH',
      'Last-Event-ID': '1',
      'X-Custom': 'nope',
    },
  });
  const text = await res.text();
  assert.equal(res.status, 200);
  assert.equal(text, frame(2) + frame(3));
  assertNoSecret(res, text);
  assert.equal(fake.seen.length, 1);
  const seen = fake.seen[0]!;
  assert.equal(seen.method, 'POST');
  assert.equal(seen.url, '/v1/agui/agents/helper?tenant=acme');
  assert.equal(seen.headers.authorization, `Bearer ${TOKEN}`);
  assert.equal(seen.headers['content-type'], 'application/json');
  assert.equal(seen.headers.accept, 'text/event-stream');
  assert.equal(seen.headers['accept-language'], 'de-CH');
  assert.equal(seen.headers['last-event-id'], '1');
  assert.equal(seen.headers.cookie, undefined);
  assert.equal(seen.headers['x-custom'], undefined);
  assert.deepEqual(Object.keys(seen.headers).sort(), ['accept', 'accept-language', 'authorization', 'connection', 'content-length', 'content-type', 'host', 'last-event-id']);
  assert.equal(seen.body.toString(), RUN_BODY);
});

test('a query with more than the tenant is refused, not trimmed: 400 bad_query, the edge never asked', async () => {
  fake.seen.length = 0;
  const res = await post(`${proxy.url}/v1/agui/agents/asker?tenant=acme&token=x&upstream=evil`);
  assert.equal(res.status, 400);
  assert.equal((await jsonErrorOf(res)).code, 'invalid_argument');
  assert.equal(fake.seen.length, 0);
});

test('refuses before contacting the edge: unknown path 404, extra segment 400, wrong method 405, missing tenant 400', async () => {
  fake.seen.length = 0;
  const r404 = await post(`${proxy.url}/v1/agui/other/helper?tenant=acme`);
  assert.equal(r404.status, 404);
  assert.equal((await jsonErrorOf(r404)).code, 'not_found');
  const extra = await post(`${proxy.url}/v1/agui/agents/helper/extra?tenant=acme`);
  assert.equal(extra.status, 400);
  assert.equal((await jsonErrorOf(extra)).code, 'invalid_argument');
  const rRoot = await fetch(`${proxy.url}/`);
  assert.equal(rRoot.status, 404);
  await rRoot.text();
  const r405 = await fetch(routeUrl(proxy.url), { method: 'GET' });
  assert.equal(r405.status, 405);
  assert.equal(r405.headers.get('allow'), 'POST, OPTIONS');
  await jsonErrorOf(r405);
  const r400 = await post(`${proxy.url}/v1/agui/agents/helper`);
  assert.equal(r400.status, 400);
  assert.equal((await jsonErrorOf(r400)).code, 'invalid_argument');
  assert.equal(fake.seen.length, 0);
});

test('agents and tenants outside the allowlists: 403 permission_denied, the edge never asked', async () => {
  fake.seen.length = 0;
  const agent = await post(routeUrl(proxy.url, 'delegator', 'acme'));
  assert.equal(agent.status, 403);
  assert.equal((await jsonErrorOf(agent)).code, 'permission_denied');
  const tenant = await post(routeUrl(proxy.url, 'helper', 'globex'));
  assert.equal(tenant.status, 403);
  assert.equal((await jsonErrorOf(tenant)).code, 'permission_denied');
  assert.equal(fake.seen.length, 0);
});

test('the 4 MiB boundary: exactly MAX_BODY_BYTES passes whole, one byte more is 413 (Content-Length or counted)', async () => {
  fake.seen.length = 0;
  const exact = Buffer.alloc(MAX_BODY_BYTES, 0x61);
  const ok = await post(routeUrl(proxy.url), { body: exact });
  assert.equal(ok.status, 200);
  await ok.text();
  assert.equal(fake.seen.length, 1);
  assert.equal(fake.seen[0]!.body.length, MAX_BODY_BYTES);
  assert.ok(fake.seen[0]!.body.equals(exact));

  const over = await post(routeUrl(proxy.url), { body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x61) });
  assert.equal(over.status, 413);
  assert.equal((await jsonErrorOf(over)).code, 'payload_too_large');

  // Chunked, with no Content-Length: the proxy counts the bytes.
  const chunks = [Buffer.alloc(MAX_BODY_BYTES, 0x61), Buffer.from('b')];
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      const next = chunks.shift();
      if (next) c.enqueue(next);
      else c.close();
    },
  });
  const counted = await fetch(routeUrl(proxy.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  assert.equal(counted.status, 413);
  assert.equal((await jsonErrorOf(counted)).code, 'payload_too_large');
  assert.equal(fake.seen.length, 1, 'the refused bodies never reached the edge');
});

test('a body far over the limit is refused without reading it to its end', async () => {
  const url = new URL(routeUrl(proxy.url));
  let written = 0;
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } });
    let stop = false;
    req.on('response', (res) => {
      stop = true;
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', (err) => (stop ? undefined : reject(err)));
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const pump = () => {
      while (!stop && written < 256 * 1024 * 1024) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!stop) req.end();
    };
    pump();
  });
  assert.equal(status, 413);
  assert.ok(written < 64 * 1024 * 1024, `the client got to send ${written} bytes`);
});

test('no token for the request: 401 unauthenticated, the edge never asked', async () => {
  const local = await startProxy({ upstream: fake.url, token: (req) => (req.headers.get('cookie')?.includes('user=ana') ? TOKEN : undefined) });
  try {
    fake.seen.length = 0;
    const res = await post(routeUrl(local.url));
    assert.equal(res.status, 401);
    assert.equal((await jsonErrorOf(res)).code, 'unauthenticated');
    assert.equal(fake.seen.length, 0);
    const signedIn = await post(routeUrl(local.url), { headers: { Cookie: 'user=ana' } });
    assert.equal(signedIn.status, 200);
    await signedIn.text();
    assert.equal(fake.seen[0]!.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(fake.seen[0]!.headers.cookie, undefined);
  } finally {
    await local.close();
  }
});

test('the edge unreachable: 502 unavailable as JSON, and no token in the logs', async () => {
  const down = await startFake(() => {});
  const url = down.url;
  await down.close();
  const local = await startProxy({ upstream: url });
  try {
    const res = await post(routeUrl(local.url));
    assert.equal(res.status, 502);
    assert.equal((await jsonErrorOf(res)).code, 'unavailable');
    assert.ok(local.logs.length > 0);
    for (const line of local.logs) assert.ok(!line.includes(TOKEN));
  } finally {
    await local.close();
  }
});

test('the edge’s JSON errors pass through with their status, scrubbed, without Set-Cookie or WWW-Authenticate', async () => {
  const edge = await startFake((seen, _req, res) => {
    if (seen.url.includes('html')) {
      res.writeHead(500, { 'Content-Type': 'text/html' }).end(`<h1>boom ${TOKEN}</h1>`);
      return;
    }
    res.writeHead(403, {
      'Content-Type': 'application/json',
      'Set-Cookie': `edge=${TOKEN}`,
      'WWW-Authenticate': `Bearer realm="oz", token="${TOKEN}"`,
      'Retry-After': '3',
    });
    res.end(JSON.stringify({ code: 'permission_denied', message: `the key ${TOKEN} may not run helper`, console: { label: 'Decide in OZ', url: 'https://oz/x' } }));
  });
  const local = await startProxy({ upstream: edge.url });
  try {
    const res = await post(routeUrl(local.url));
    assert.equal(res.status, 403);
    assert.equal(res.headers.get('set-cookie'), null);
    assert.equal(res.headers.get('www-authenticate'), null);
    assert.equal(res.headers.get('retry-after'), '3');
    const body = (await jsonErrorOf(res)) as { code: string; message: string; console?: unknown };
    assert.equal(body.code, 'permission_denied');
    assert.equal(body.message, 'the key [redacted] may not run helper');
    assert.deepEqual(body.console, { label: 'Decide in OZ', url: 'https://oz/x' });

    const html = await post(`${local.url}/v1/agui/agents/html?tenant=acme`);
    assert.equal(html.status, 502);
    assert.equal((await jsonErrorOf(html)).code, 'unavailable');
  } finally {
    await Promise.all([local.close(), edge.close()]);
  }
});

test('basePath: the route lives under it, and nowhere else', async () => {
  const local = await startProxy({ upstream: fake.url, basePath: '/api/' });
  try {
    fake.seen.length = 0;
    const ok = await post(routeUrl(local.url, 'helper', 'acme', '/api'));
    assert.equal(ok.status, 200);
    await ok.text();
    assert.equal(fake.seen[0]!.url, '/v1/agui/agents/helper?tenant=acme');
    const miss = await post(routeUrl(local.url));
    assert.equal(miss.status, 404);
    await miss.text();
  } finally {
    await local.close();
  }
});

test('a plain Fetch handler, in process (as Hono mounts it)', async () => {
  const handler = createAguiProxy({ upstream: fake.url, token: TOKEN, logger: { warn() {}, error() {} } });
  try {
    const res = await handler(
      new Request('http://app.local/v1/agui/agents/helper?tenant=acme', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: RUN_BODY,
      }),
    );
    assert.equal(res.status, 200);
    assert.equal(await res.text(), frame(1) + frame(2) + frame(3));
  } finally {
    handler.close();
  }
});

test('options are checked at creation', () => {
  assert.throws(() => createAguiProxy({ upstream: 'ftp://x', token: TOKEN }), TypeError);
  assert.throws(() => createAguiProxy({ upstream: 'http://127.0.0.1:1' }), TypeError);
  void sseHead;
});
