/**
 * Issue #19 through real Express 5 (which, unlike WHATWG URL, leaves
 * `originalUrl` as sent): the proxy mounted at /api refuses every cross-site
 * request and path escape of the table before the upstream hears of it, with
 * and without a body parser in front.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createAguiProxy } from '../../server/proxy/index.js';
import { aguiExpress } from '../../server/proxy/express.js';
import { answerClientError } from '../../server/proxy/node.js';
import { TOKEN } from './proxy-helpers.js';
import { APP, CROSS_SITE, GOOD, PATH_ESCAPES, RAW_LINE, assertRefusal, rawRequest, startCountingUpstream } from './proxy-rules.js';

const up = await startCountingUpstream();
const proxy = createAguiProxy({ upstream: up.url, token: TOKEN, basePath: '/api', allowOrigins: [APP], logger: { warn() {}, error() {} } });
const servers: http.Server[] = [];
after(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  proxy.close();
  await up.close();
});

/** An Express app with the proxy at /api, behind `parser` when given; node's parser refusals answered as JSON. */
async function app(parser?: express.RequestHandler): Promise<{ url: string; errors: unknown[] }> {
  const a = express();
  const errors: unknown[] = [];
  if (parser) a.use(parser);
  a.use('/api', aguiExpress(proxy));
  a.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    errors.push(err);
    res.status(500).end();
  });
  const server = http.createServer(a);
  server.on('clientError', answerClientError);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, errors };
}

const parsers: Array<[string, express.RequestHandler | undefined]> = [
  ['no body parser', undefined],
  ['express.json()', express.json()],
  ['express.text({ type: "*/*" })', express.text({ type: '*/*' })],
];

for (const [label, parser] of parsers) {
  test(`Express (${label}): every cross-site request, path escape and raw NUL is refused with its code, the upstream never asked`, async () => {
    const { url, errors } = await app(parser);
    const before = { requests: up.requests, connections: up.connections };
    for (const c of [...CROSS_SITE, ...PATH_ESCAPES, ...RAW_LINE]) {
      const a = await rawRequest(url, c, '/api');
      assertRefusal({ status: a.status, contentType: a.headers['content-type'] ?? '', body: a.body }, c);
    }
    assert.deepEqual({ requests: up.requests, connections: up.connections }, before, 'the upstream heard of a refused request');
    const good = await rawRequest(url, GOOD, '/api');
    assert.equal(good.status, 200);
    assert.equal(up.requests, before.requests + 1, 'the good request reached the upstream');
    assert.equal(up.targets.at(-1), '/v1/agui/agents/helper?tenant=acme');
    assert.deepEqual(errors, []);
  });
}

test('Express: a `..` that would climb out of the mount, or into it, never reaches the upstream', async () => {
  const { url } = await app();
  const before = up.requests;
  for (const target of ['/api/../api/v1/agui/agents/helper?tenant=acme', '/api/v1/agui/agents/helper/../../../../admin?tenant=acme', '/api/%2e%2e/api/v1/agui/agents/helper?tenant=acme']) {
    const a = await rawRequest(url, { target, headers: { 'Content-Type': 'application/json' } });
    assert.equal(a.status, 400, target);
    assert.equal(JSON.parse(a.body).reason, 'bad_path', target);
  }
  assert.equal(up.requests, before);
});
