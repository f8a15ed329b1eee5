/** Shared fixtures of the proxy tests: a fake SSE upstream on loopback, and the proxy in front of it. */
import http from 'node:http';
import type { IncomingMessage, ServerResponse, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import { createProxyServer, type ProxyServerTimeouts } from '../../server/proxy/node.js';
import type { AguiProxyOptions } from '../../server/proxy/index.js';

export const TOKEN = 'oz-app-token-SECRET-1234567890';

/** One request the fake upstream received. */
export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Resolves when the request's connection closes before the response finished (the client went away). */
  disconnected: Promise<void>;
  res: ServerResponse;
}

export type FakeHandler = (seen: Seen, req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface FakeUpstream {
  url: string;
  seen: Seen[];
  handle: FakeHandler;
  close(): Promise<void>;
}

/** A loopback upstream; `handle` answers each request once its body is read. */
export async function startFake(handle: FakeHandler): Promise<FakeUpstream> {
  const fake: FakeUpstream = { url: '', seen: [], handle, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    const disconnected = new Promise<void>((resolve) => res.on('close', () => !res.writableFinished && resolve()));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: Seen = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks), disconnected, res };
      fake.seen.push(seen);
      void fake.handle(seen, req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}

/** Starts SSE on a fake's response. */
export function sseHead(res: ServerResponse, extra: Record<string, string> = {}): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', ...extra });
  res.flushHeaders();
}

/** A run's events 1..n as SSE frames with ids. */
export function frame(i: number): string {
  return `id: ${i}\ndata: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"part ${i}"}\n\n`;
}

/** A fake that streams events 1..n (from after Last-Event-ID), `gapMs` apart, then ends. */
export function eventsHandler(n: number, gapMs = 0): FakeHandler {
  return async (seen, _req, res) => {
    sseHead(res);
    const from = Number(seen.headers['last-event-id'] ?? 0) + 1;
    for (let i = from; i <= n && !res.destroyed; i++) {
      res.write(frame(i));
      if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
    }
    res.end();
  };
}

export interface RunningProxy {
  url: string;
  server: Server;
  close(): Promise<void>;
  logs: string[];
}

/** The proxy (createProxyServer) on loopback in front of `upstream`, logging into `logs`. */
export async function startProxy(options: Partial<AguiProxyOptions & ProxyServerTimeouts> & { upstream: string }): Promise<RunningProxy> {
  const logs: string[] = [];
  const proxy = createProxyServer({
    token: TOKEN,
    logger: { warn: (m) => logs.push(m), error: (m) => logs.push(m) },
    ...options,
  });
  const { url } = await proxy.listen(0, '127.0.0.1');
  return { url, server: proxy.server, close: () => proxy.close(), logs };
}

/** The route's URL on a server. */
export function routeUrl(base: string, agent = 'helper', tenant = 'acme', basePath = ''): string {
  return `${base}${basePath}/v1/agui/agents/${agent}?tenant=${tenant}`;
}

export const RUN_BODY = JSON.stringify({ threadId: 'chat-1', runId: 'run-1', messages: [{ id: 'u1', role: 'user', content: 'Please greet the team' }] });

/** POSTs a run. */
export function post(url: string, init: { headers?: Record<string, string>; body?: BodyInit; signal?: AbortSignal } = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...init.headers },
    body: init.body ?? RUN_BODY,
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

/** Asserts a secret is nowhere in what the client got: status line aside, every header and the body. */
export function assertNoSecret(res: Response, body: string, secrets: readonly string[] = [TOKEN]): void {
  for (const s of secrets) {
    res.headers.forEach((v, k) => assert.ok(!v.includes(s) && !k.includes(s), `header ${k} carries a secret`));
    assert.ok(!body.includes(s), 'the body carries a secret');
  }
}

/** Reads a JSON error, checking it is `{code, message}` without a secret. */
export async function jsonErrorOf(res: Response, secrets: readonly string[] = [TOKEN]): Promise<{ code: string; message: string }> {
  const text = await res.text();
  assertNoSecret(res, text, secrets);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const body = JSON.parse(text) as { code: string; message: string };
  assert.equal(typeof body.code, 'string');
  assert.equal(typeof body.message, 'string');
  return body;
}

/** Resolves or rejects within `ms`. */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms).unref())]);
}
