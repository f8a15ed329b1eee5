/**
 * Issue #19: the proxy refuses cross-site requests and path escapes before the
 * upstream hears of them, as a JSON `{code, message, reason}`: the Fetch handler
 * (as Hono would call it) and node:http (raw request lines). The upstream counts
 * every connection and request: after all refusals, 0; the good request, 1.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAguiProxy } from '../../server/proxy/index.js';
import { answerClientError, createProxyServer, toNodeHandler } from '../../server/proxy/node.js';
import { TOKEN } from './proxy-helpers.js';
import { APP, CROSS_SITE, GOOD, PATH_ESCAPES, RAW_LINE, assertRefusal, rawRequest, startCountingUpstream, type Case } from './proxy-rules.js';

const up = await startCountingUpstream();
const options = { upstream: up.url, token: TOKEN, allowOrigins: [APP], logger: { warn() {}, error() {} } };
const fetchProxy = createAguiProxy(options);
const server = createProxyServer(options);
const { url: nodeUrl } = await server.listen(0, '127.0.0.1');
after(async () => {
  fetchProxy.close();
  await server.close();
  await up.close();
});

function fetchRequest(c: Case): Request {
  const method = c.method ?? 'POST';
  return new Request(`http://proxy.test${c.target}`, { method, headers: c.headers ?? {}, ...(method === 'POST' ? { body: c.body ?? '{}' } : {}) });
}

async function expectNothingHeard(run: () => Promise<void>): Promise<void> {
  const before = { requests: up.requests, connections: up.connections };
  await run();
  assert.deepEqual({ requests: up.requests, connections: up.connections }, before, 'the upstream heard of a refused request');
}

test('Fetch handler: every cross-site request and path escape is refused with its code, the upstream never asked', async () => {
  await expectNothingHeard(async () => {
    for (const c of [...CROSS_SITE, ...PATH_ESCAPES].filter((c) => !c.rawOnly)) {
      const res = await fetchProxy(fetchRequest(c));
      assertRefusal({ status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() }, c);
    }
  });
  const res = await fetchProxy(fetchRequest(GOOD));
  assert.equal(res.status, 200);
  await res.text();
  assert.equal(up.requests, 1, 'the good request reached the upstream');
});

test('Fetch handler: a URL whose `..` the runtime resolved is the route it resolved to (the adapters judge the raw target)', async () => {
  // WHATWG URL resolves dot segments before any Fetch handler sees the request.
  const req = new Request('http://proxy.test/v1/agui/agents/x/../evil?tenant=acme', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  assert.equal(new URL(req.url).pathname, '/v1/agui/agents/evil');
});

test('node:http: every cross-site request, path escape and raw NUL is refused with its code, the upstream never asked', async () => {
  await expectNothingHeard(async () => {
    for (const c of [...CROSS_SITE, ...PATH_ESCAPES, ...RAW_LINE]) {
      const a = await rawRequest(nodeUrl, c);
      assertRefusal({ status: a.status, contentType: a.headers['content-type'] ?? '', body: a.body }, c);
    }
  });
  const a = await rawRequest(nodeUrl, GOOD);
  assert.equal(a.status, 200);
  assert.equal(up.targets.at(-1), '/v1/agui/agents/helper?tenant=acme');
});

test('node:http: an absolute-form target or a Host no URL is made of is 400 JSON, not 500', async () => {
  await expectNothingHeard(async () => {
    const absolute = await rawRequest(nodeUrl, { target: `${up.url}/v1/agui/agents/helper?tenant=acme`, headers: { 'Content-Type': 'application/json' } });
    assertRefusal(
      { status: absolute.status, contentType: absolute.headers['content-type'] ?? '', body: absolute.body },
      { ...GOOD, name: 'absolute form', status: 400, code: 'invalid_argument', reason: 'bad_path' },
    );
    const bare = http.createServer(toNodeHandler(fetchProxy));
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    try {
      const port = (bare.address() as AddressInfo).port;
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/v1/agui/agents/helper?tenant=acme', headers: { Host: 'a b', 'Content-Type': 'application/json' } }, (r) => {
          let body = '';
          r.on('data', (d: Buffer) => (body += d.toString()));
          r.on('end', () => resolve({ status: r.statusCode!, body }));
        });
        req.on('error', reject);
        req.end('{}');
      });
      assert.equal(res.status, 400);
      assert.equal(JSON.parse(res.body).reason, 'bad_path');
    } finally {
      bare.close();
    }
  });
});

test('toNodeHandler in an app’s own server: answerClientError makes node’s parser refusals JSON too', async () => {
  const own = http.createServer(toNodeHandler(fetchProxy));
  own.on('clientError', answerClientError);
  await new Promise<void>((r) => own.listen(0, '127.0.0.1', r));
  try {
    await expectNothingHeard(async () => {
      for (const c of RAW_LINE) {
        const a = await rawRequest(`http://127.0.0.1:${(own.address() as AddressInfo).port}`, c);
        assertRefusal({ status: a.status, contentType: a.headers['content-type'] ?? '', body: a.body }, c);
      }
    });
  } finally {
    own.close();
  }
});
