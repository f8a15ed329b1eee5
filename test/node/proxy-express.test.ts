import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAguiProxy } from '../../server/proxy/index.js';
import { aguiExpress } from '../../server/proxy/express.js';
import { toNodeHandler } from '../../server/proxy/node.js';
import { TOKEN, RUN_BODY, eventsHandler, frame, post, startFake, within } from './proxy-helpers.js';

const fake = await startFake(eventsHandler(2));
const proxy = createAguiProxy({ upstream: fake.url, token: TOKEN, basePath: '/api' });

/** A stand-in for Express: `app.use('/api/v1/agui', [bodyParser], middleware)`. */
async function miniExpress(parseJson: boolean) {
  const middleware = aguiExpress(proxy);
  const errors: unknown[] = [];
  const server = http.createServer((req, res) => {
    const r = req as http.IncomingMessage & { originalUrl?: string; body?: unknown };
    r.originalUrl = req.url;
    req.url = req.url!.replace(/^\/api\/v1\/agui/, '') || '/';
    const next = (err?: unknown) => {
      errors.push(err);
      res.writeHead(500).end();
    };
    if (!parseJson) return middleware(r, res, next);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.body = JSON.parse(Buffer.concat(chunks).toString());
      middleware(r, res, next);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, errors };
}

after(async () => {
  proxy.close();
  await fake.close();
});

test('Express: mounted under a path, the full originalUrl meets the basePath', async () => {
  const app = await miniExpress(false);
  try {
    fake.seen.length = 0;
    const res = await post(`${app.url}/api/v1/agui/agents/helper?tenant=acme`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-cache, no-transform');
    assert.equal(await res.text(), frame(1) + frame(2));
    assert.equal(fake.seen[0]!.url, '/v1/agui/agents/helper?tenant=acme');
    assert.equal(fake.seen[0]!.body.toString(), RUN_BODY);
    assert.deepEqual(app.errors, []);
  } finally {
    app.server.close();
  }
});

test('Express: a body a parser already read is sent on as JSON', async () => {
  const app = await miniExpress(true);
  try {
    fake.seen.length = 0;
    const res = await post(`${app.url}/api/v1/agui/agents/helper?tenant=acme`);
    assert.equal(res.status, 200);
    await res.text();
    assert.deepEqual(JSON.parse(fake.seen[0]!.body.toString()), JSON.parse(RUN_BODY));
    assert.equal(Number(fake.seen[0]!.headers['content-length']), fake.seen[0]!.body.length);
  } finally {
    app.server.close();
  }
});

test('toNodeHandler: the client closing aborts the request’s signal', async () => {
  let aborted!: () => void;
  const wasAborted = new Promise<void>((r) => (aborted = r));
  const server = http.createServer(
    toNodeHandler(async (request) => {
      request.signal.addEventListener('abort', () => aborted());
      return new Response(new ReadableStream({ pull: () => new Promise(() => {}) }), { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const ac = new AbortController();
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { signal: ac.signal });
    assert.equal(res.status, 200);
    ac.abort();
    await within(wasAborted, 2000, 'the signal to abort');
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('toNodeHandler: a handler that throws answers 500 JSON, not a raw message', async () => {
  const server = http.createServer(
    toNodeHandler(async () => {
      throw new Error(`secret ${TOKEN}`);
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.ok(!text.includes(TOKEN));
    assert.equal(JSON.parse(text).code, 'internal');
  } finally {
    server.close();
  }
});
