/**
 * A refusal before the body was read closes the connection lingering: the
 * answer, then FIN, and the socket kept (not reading) for a while, so a client
 * still writing its body reads the answer instead of a reset. Raw sockets on
 * loopback against the real proxy and the real edge.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { agentRoutePath } from '../../src/protocol/index.js';
import { startEdge } from '../../server/edge/index.js';
import { LINGER_MS } from '../../server/shared/lingering-close.js';
import { createFakeRuntime } from './edge-http-fake.js';
import { eventsHandler, routeUrl, startFake, startProxy } from './proxy-helpers.js';

const fake = await startFake(eventsHandler(1));
const proxy = await startProxy({ upstream: fake.url, agents: ['helper'], tenants: ['acme'] });
const edge = await startEdge({ runtime: createFakeRuntime(), log: () => {} });
after(() => Promise.all([proxy.close(), fake.close(), edge.close()]));

interface Outcome {
  answer: string;
  /** The server's FIN arrived after the answer. */
  halfClosed: boolean;
  /** What happened to the socket in the quiet time after the answer. */
  error: string | undefined;
}

/** Whether `text` holds a whole HTTP answer whose body starts at `bodyAt` (Content-Length or chunked). */
function wholeAnswer(text: string, bodyAt: number): boolean {
  const length = /content-length: *(\d+)/i.exec(text.slice(0, bodyAt))?.[1];
  if (length !== undefined) return text.length >= bodyAt + Number(length);
  return text.endsWith('\r\n0\r\n\r\n');
}

/**
 * Sends a chunked body without end (up to 64 MiB) and keeps writing after the
 * answer came; resolves `quietMs` after the answer with what the socket saw.
 */
function writeUntilAnswered(url: string, headers: Record<string, string>, quietMs: number): Promise<Outcome> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    // Half-open allowed: the client keeps writing after the server's FIN, as an HTTP client still sending its body does.
    const socket = net.connect({ port: Number(target.port), host: target.hostname, allowHalfOpen: true });
    const out: Outcome = { answer: '', halfClosed: false, error: undefined };
    let answered = false;
    let sent = 0;
    const chunk = Buffer.concat([Buffer.from(`${(64 * 1024).toString(16)}\r\n`), Buffer.alloc(64 * 1024, 0x20), Buffer.from('\r\n')]);
    const pump = () => {
      while (!socket.destroyed && sent < 64 * 1024 * 1024) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.on('data', (data: Buffer) => {
      out.answer += data.toString('latin1');
      const end = out.answer.indexOf('\r\n\r\n');
      if (answered || end < 0 || !wholeAnswer(out.answer, end + 4)) return;
      answered = true;
      // Still writing after the answer, as a client sending a big body does.
      pump();
      setTimeout(() => {
        socket.destroy();
        resolve(out);
      }, quietMs);
    });
    socket.on('end', () => (out.halfClosed = true));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) out.error = err.code ?? err.message;
      else reject(new Error(`the connection failed before the answer: ${err.code ?? err.message} after ${sent} bytes (${JSON.stringify(out.answer.slice(0, 300))})`));
    });
    const head = Object.entries({ Host: target.host, 'Transfer-Encoding': 'chunked', ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`POST ${target.pathname}${target.search} HTTP/1.1\r\n${head}\r\n`);
    pump();
  });
}

test('the linger is bounded: the server lets go of the socket LINGER_MS after the answer', async () => {
  const open = () => new Promise<number>((resolve, reject) => proxy.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
  await writeUntilAnswered(routeUrl(proxy.url), { 'Content-Type': 'application/json' }, 50);
  const answeredAt = Date.now();
  assert.equal(await open(), 1, 'the refused connection is still held, lingering');
  while ((await open()) > 0 && Date.now() - answeredAt < LINGER_MS * 2) await new Promise((r) => setTimeout(r, 50));
  const heldMs = Date.now() - answeredAt;
  assert.equal(await open(), 0, `the connection was still open ${heldMs} ms after the answer`);
  assert.ok(heldMs >= LINGER_MS - 200, `let go after ${heldMs} ms, sooner than the linger`);
});

test('proxy: a body over the limit gets its 413, then FIN, and no reset while the client writes on', async () => {
  const out = await writeUntilAnswered(routeUrl(proxy.url), { 'Content-Type': 'application/json' }, LINGER_MS / 4);
  assert.match(out.answer, /^HTTP\/1\.1 413 /);
  assert.match(out.answer, /connection: close/i);
  assert.match(out.answer, /"code":"payload_too_large"/);
  assert.equal(out.halfClosed, true, 'the proxy half-closed after the answer');
  assert.equal(out.error, undefined, `the socket was reset while lingering: ${out.error}`);
  assert.equal(fake.seen.length, 0, 'the refused body never reached the edge');
});

test('edge: a refusal before the body (401) gets its answer, then FIN, and no reset while the client writes on', async () => {
  const url = edge.url + agentRoutePath('helper', 'acme');
  const out = await writeUntilAnswered(url, { 'Content-Type': 'application/json' }, LINGER_MS / 4);
  assert.match(out.answer, /^HTTP\/1\.1 401 /);
  assert.match(out.answer, /"code":"unauthenticated"/);
  assert.equal(out.halfClosed, true, 'the edge half-closed after the answer');
  assert.equal(out.error, undefined, `the socket was reset while lingering: ${out.error}`);
});

test('edge: a body over the limit gets its 413 the same way', async () => {
  const url = edge.url + agentRoutePath('helper', 'acme');
  const out = await writeUntilAnswered(url, { 'Content-Type': 'application/json', Authorization: 'Bearer ana-token' }, LINGER_MS / 4);
  assert.match(out.answer, /^HTTP\/1\.1 413 /);
  assert.match(out.answer, /connection: close/i);
  assert.match(out.answer, /"code":"payload_too_large"/);
  assert.equal(out.halfClosed, true, 'the edge half-closed after the answer');
  assert.equal(out.error, undefined, `the socket was reset while lingering: ${out.error}`);
});
