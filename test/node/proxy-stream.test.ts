import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { assertNoSecret, eventsHandler, frame, post, routeUrl, sseHead, startFake, startProxy, within, type FakeHandler } from './proxy-helpers.js';

let handler: FakeHandler = eventsHandler(3);
const fake = await startFake((...args) => handler(...args));
// Server timeouts far below the silences below: they bound receiving a request, never a stream.
const proxy = await startProxy({ upstream: fake.url, requestTimeout: 400, headersTimeout: 300 });
after(() => Promise.all([proxy.close(), fake.close()]));

/** Reads a fetch body chunk by chunk, as text. */
async function* chunks(res: Response): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) yield decoder.decode(c, { stream: true });
}

test('SSE headers right, never compressed, framing kept byte for byte', async () => {
  const parts = [
    Buffer.from(': comment first\r\n\r\n'),
    Buffer.from('id: 1\r\nevent: message\r\ndata: {"a":1}\r\n\r\n'),
    Buffer.from('id: 2\ndata: line one\ndata: line two\n\n'),
    Buffer.from('id: 3\ndata: "gr\xc3', 'latin1'),
    Buffer.from('\xbc\xc3\x9f"\n\nid: 4\rdata: cr only\r\r', 'latin1'),
  ];
  handler = async (_seen, _req, res) => {
    sseHead(res, { 'Set-Cookie': 'edge=1', 'X-Edge-Internal': 'yes' });
    for (const p of parts) {
      res.write(p);
      await new Promise((r) => setTimeout(r, 10));
    }
    res.end();
  };
  const res = await post(routeUrl(proxy.url), { headers: { 'Accept-Encoding': 'gzip, br, deflate' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  assert.equal(res.headers.get('cache-control'), 'no-cache, no-transform');
  assert.equal(res.headers.get('x-accel-buffering'), 'no');
  assert.equal(res.headers.get('content-encoding'), null);
  assert.equal(res.headers.get('set-cookie'), null);
  assert.equal(res.headers.get('x-edge-internal'), null);
  const got = Buffer.from(await res.arrayBuffer());
  assert.ok(got.equals(Buffer.concat(parts)), 'the bytes differ');
  assertNoSecret(res, got.toString());
  assert.equal(fake.seen.at(-1)!.headers['accept-encoding'], undefined, 'no compression is asked of the edge');
});

test('unbuffered: each event reaches the page before the edge writes the next', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  handler = async (_seen, _req, res) => {
    sseHead(res);
    res.write(frame(1));
    await gate;
    res.end(frame(2));
  };
  const res = await post(routeUrl(proxy.url));
  const it = chunks(res);
  const first = await within(it.next(), 2000, 'the first event while the edge holds the second');
  assert.equal(first.value, frame(1));
  release();
  let rest = '';
  for await (const c of it) rest += c;
  assert.equal(rest, frame(2));
});

test('keep-alive comments pass, and silences past the server timeouts do not cut the stream', async () => {
  handler = async (_seen, _req, res) => {
    sseHead(res);
    res.write(': keep-alive\n\n');
    await new Promise((r) => setTimeout(r, 1200));
    res.write(': keep-alive\n\n');
    await new Promise((r) => setTimeout(r, 600));
    res.end(frame(1));
  };
  const res = await post(routeUrl(proxy.url));
  assert.equal(await res.text(), `: keep-alive\n\n: keep-alive\n\n${frame(1)}`);
});

test('the page going away mid-stream ends the edge’s request', async () => {
  handler = async (_seen, _req, res) => {
    sseHead(res);
    res.write(frame(1));
  };
  const ac = new AbortController();
  const res = await post(routeUrl(proxy.url), { signal: ac.signal });
  const it = chunks(res);
  assert.equal((await it.next()).value, frame(1));
  ac.abort();
  await within(fake.seen.at(-1)!.disconnected, 2000, 'the edge to see the disconnect');
});

test('the page going away before the edge answers ends the edge’s request too', async () => {
  const before = fake.seen.length;
  handler = () => {};
  const url = new URL(routeUrl(proxy.url));
  const req = http.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
  req.on('error', () => {});
  req.end('{}');
  while (fake.seen.length === before) await new Promise((r) => setTimeout(r, 10));
  req.destroy();
  await within(fake.seen.at(-1)!.disconnected, 2000, 'the edge to see the disconnect');
});

test('Last-Event-ID reconnection through the proxy: nothing missed, nothing twice', async () => {
  handler = eventsHandler(12, 5);
  const ids: number[] = [];
  const read = async (lastEventId?: string, stopAfter = Infinity) => {
    const ac = new AbortController();
    const res = await post(routeUrl(proxy.url), { signal: ac.signal, ...(lastEventId ? { headers: { 'Last-Event-ID': lastEventId } } : {}) });
    let buf = '';
    let count = 0;
    try {
      for await (const c of chunks(res)) {
        buf += c;
        let at;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const ev = buf.slice(0, at);
          buf = buf.slice(at + 2);
          const id = /^id: (\d+)$/m.exec(ev)?.[1];
          if (id) ids.push(Number(id));
          if (++count >= stopAfter) {
            ac.abort();
            return;
          }
        }
      }
    } catch (err) {
      if ((err as Error).name !== 'AbortError') throw err;
    }
  };
  await read(undefined, 4);
  await read(String(ids.at(-1)), 3);
  await read(String(ids.at(-1)));
  assert.deepEqual(ids, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  const sent = fake.seen.slice(-3).map((s) => s.headers['last-event-id']);
  assert.deepEqual(sent, [undefined, '4', '7']);
});

test('a stream the edge cuts after it started simply ends (the client reconnects), never hangs', async () => {
  handler = async (_seen, _req, res) => {
    sseHead(res);
    res.write(frame(1));
    res.write('id: 2\ndata: {"half');
    await new Promise((r) => setTimeout(r, 50));
    res.socket!.destroy();
  };
  const res = await post(routeUrl(proxy.url));
  const text = await within(res.text(), 3000, 'the cut stream to end');
  assert.equal(text, `${frame(1)}id: 2\ndata: {"half`);
  assert.ok(proxy.logs.some((l) => l.includes('upstream stream broke')));
});

test('backpressure: a page that stops reading stops the edge writing', async () => {
  let written = 0;
  let blocked!: () => void;
  const wasBlocked = new Promise<void>((r) => (blocked = r));
  const chunk = Buffer.from(`data: ${'x'.repeat(16 * 1024)}\n\n`);
  handler = async (_seen, _req, res) => {
    sseHead(res);
    while (!res.destroyed && written < 512 * 1024 * 1024) {
      written += chunk.length;
      if (!res.write(chunk)) {
        blocked();
        await new Promise((r) => {
          res.once('drain', r);
          res.once('close', r);
        });
      }
    }
    res.end();
  };
  const url = new URL(routeUrl(proxy.url));
  const req = http.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
  req.on('error', () => {});
  const res = await new Promise<http.IncomingMessage>((resolve) => {
    req.on('response', resolve);
    req.end('{}');
  });
  res.pause();
  await within(wasBlocked, 5000, 'the edge to be blocked');
  // Wait for the state, not a fixed time: the buffers between edge, proxy and page fill at the machine's pace.
  // Without backpressure the edge writes its whole 512 MiB; with it, writing stops once the buffers are full.
  let stalled = -1;
  for (let stable = 0, start = Date.now(); stable < 3 && Date.now() - start < 20_000;) {
    await new Promise((r) => setTimeout(r, 100));
    stable = written === stalled ? stable + 1 : 0;
    stalled = written;
  }
  assert.ok(stalled < 64 * 1024 * 1024, `the edge got ${stalled} bytes out while the page read none`);
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(written, stalled, 'the edge kept writing while the page read nothing');
  req.destroy();
  await within(fake.seen.at(-1)!.disconnected, 2000, 'the edge to see the disconnect');
});
