/**
 * The proxy's refusals as one table, run against each adapter (the Fetch
 * handler, node:http, Express, the CLI), and the tools to count that the
 * upstream never heard of them: a counting upstream and a raw HTTP/1.1 client
 * that sends the request line byte for byte (fetch and WHATWG URL would
 * normalise `..`, `\` and `%2e%2e` before the proxy saw them).
 */
import http from 'node:http';
import net from 'node:net';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { RUN_BODY, TOKEN, frame } from './proxy-helpers.js';

export const APP = 'https://app.example.com';
export const EVIL = 'https://evil.example.net';

/** An upstream that counts every connection and every request it is sent, and answers each with one SSE event. */
export interface CountingUpstream {
  url: string;
  /** Requests received (counted when their head arrives, before any body). */
  requests: number;
  /** TCP connections opened to it. */
  connections: number;
  targets: string[];
  close(): Promise<void>;
}

export async function startCountingUpstream(): Promise<CountingUpstream> {
  const up: CountingUpstream = { url: '', requests: 0, connections: 0, targets: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    up.requests += 1;
    up.targets.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(frame(1));
    });
  });
  server.on('connection', () => (up.connections += 1));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  up.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  up.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return up;
}

/** One request of the table: a target (after the base path) and what makes it bad. */
export interface Case {
  name: string;
  /** The request target after the base path, sent as is. */
  target: string;
  method?: string;
  headers?: Record<string, string>;
  /** Default: RUN_BODY. */
  body?: string;
  status: number;
  code: string;
  reason: string;
  /** Only on a raw request line (a Fetch Request's URL has it resolved: WHATWG URL treats `%2e%2e` as `..`). */
  rawOnly?: boolean;
}

const ROUTE = '/v1/agui/agents/helper?tenant=acme';
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** Cross-site requests: refused 415 or 403. */
export const CROSS_SITE: Case[] = [
  {
    name: 'text/plain from an allowed page',
    target: ROUTE,
    headers: { 'Content-Type': 'text/plain', Origin: APP, 'Sec-Fetch-Site': 'cross-site' },
    status: 415,
    code: 'invalid_argument',
    reason: 'content_type',
  },
  { name: 'text/plain;charset=utf-8, no Origin', target: ROUTE, headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, status: 415, code: 'invalid_argument', reason: 'content_type' },
  { name: 'a form post', target: ROUTE, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, status: 415, code: 'invalid_argument', reason: 'content_type' },
  { name: 'multipart', target: ROUTE, headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, status: 415, code: 'invalid_argument', reason: 'content_type' },
  { name: 'no Content-Type', target: ROUTE, headers: {}, status: 415, code: 'invalid_argument', reason: 'content_type' },
  { name: 'two types in one header', target: ROUTE, headers: { 'Content-Type': 'application/json, text/plain' }, status: 415, code: 'invalid_argument', reason: 'content_type' },
  { name: 'JSON from another origin', target: ROUTE, headers: { ...JSON_TYPE, Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' }, status: 403, code: 'permission_denied', reason: 'origin_not_allowed' },
  { name: 'JSON from an opaque origin (null)', target: ROUTE, headers: { ...JSON_TYPE, Origin: 'null' }, status: 403, code: 'permission_denied', reason: 'origin_not_allowed' },
  {
    name: 'another origin that says same-site',
    target: ROUTE,
    headers: { ...JSON_TYPE, Origin: EVIL, 'Sec-Fetch-Site': 'same-site' },
    status: 403,
    code: 'permission_denied',
    reason: 'origin_not_allowed',
  },
  { name: 'Sec-Fetch-Site cross-site without Origin', target: ROUTE, headers: { ...JSON_TYPE, 'Sec-Fetch-Site': 'cross-site' }, status: 403, code: 'permission_denied', reason: 'cross_site' },
  {
    name: 'the allowed origin’s preflight for another method',
    target: ROUTE,
    method: 'OPTIONS',
    headers: { Origin: APP, 'Access-Control-Request-Method': 'PUT' },
    status: 403,
    code: 'permission_denied',
    reason: 'origin_not_allowed',
  },
  {
    name: 'a preflight from another origin',
    target: ROUTE,
    method: 'OPTIONS',
    headers: { Origin: EVIL, 'Access-Control-Request-Method': 'POST' },
    status: 403,
    code: 'permission_denied',
    reason: 'origin_not_allowed',
  },
];

const path = (target: string, reason = 'bad_path', rawOnly = false): Case => ({
  name: target,
  target,
  headers: JSON_TYPE,
  status: 400,
  code: 'invalid_argument',
  reason,
  ...(rawOnly ? { rawOnly } : {}),
});

/** Path escapes: refused 400 before anything else is looked at. */
export const PATH_ESCAPES: Case[] = [
  path('/v1/agui/agents/..%2F..%2Fadmin?tenant=acme'),
  path('/v1/agui/agents/a%2Fb?tenant=acme'),
  path('/v1/agui/agents/a%2fb?tenant=acme'),
  path('/v1/agui/agents/a%5Cb?tenant=acme'),
  path('/v1/agui/agents/%2E%2E?tenant=acme', 'bad_path', true),
  path('/v1/agui/agents/%2e%2e/helper?tenant=acme', 'bad_path', true),
  path('/v1/agui/agents/x/%2E%2E/helper?tenant=acme', 'bad_path', true),
  path('/v1/agui/agents/%252F?tenant=acme'),
  path('/v1/agui/agents/a%252e%252e?tenant=acme'),
  path('/v1/agui/agents/hel%6Cper?tenant=acme'),
  path('/v1/agui/agents/helper%00?tenant=acme'),
  path('/v1/agui/agents/helper%?tenant=acme'),
  path('/v1/agui/agents/x/../helper?tenant=acme', 'bad_path', true),
  path('/v1/agui/agents/./helper?tenant=acme', 'bad_path', true),
  path('/v1/agui/x/../agents/helper?tenant=acme', 'bad_path', true),
  path('/v1/agui/agents/helper/..?tenant=acme', 'bad_path', true),
  path('/v1/agui/agents/he\\lper?tenant=acme', 'bad_path', true),
  path('/v1/agui/agents/..\\helper?tenant=acme', 'bad_path', true),
  path('/v1/agui/agents//helper?tenant=acme'),
  path('/v1/agui/agents/helper/extra?tenant=acme'),
  path('/v1/agui/agents/helper/?tenant=acme'),
  path('/v1/agui/agents/.hidden?tenant=acme'),
  path('/v1/agui/agents/helper;x=1?tenant=acme'),
  path(`/v1/agui/agents/${'a'.repeat(129)}?tenant=acme`),
  path('/v1/agui/agents/helper?tenant=acme?x=1', 'bad_query'),
  path('/v1/agui/agents/helper?tenant=acme&x=1', 'bad_query'),
  path('/v1/agui/agents/helper?tenant=acme&tenant=evil', 'bad_query'),
  path('/v1/agui/agents/helper?x=1&tenant=acme', 'bad_query'),
  path('/v1/agui/agents/helper?tenant=ac%2Fme', 'bad_query'),
  path('/v1/agui/agents/helper?tenant=../acme', 'bad_query'),
  path('/v1/agui/agents/helper?tenant', 'missing_tenant'),
  path('/v1/agui/agents/helper', 'missing_tenant'),
];

/** Raw-only targets a server's parser sees before any handler: NUL and absolute forms. */
export const RAW_LINE: Case[] = [
  { ...path('/v1/agui/agents/help\u0000er?tenant=acme', 'bad_request', true), name: 'a raw NUL in the request line' },
  { ...path('/v1/agui/agents/help\u0001er?tenant=acme', 'bad_request', true), name: 'a raw control character in the request line' },
];

/** The good request each adapter must still forward (so a count of 0 means refused, not broken). */
export const GOOD: Case = { name: 'JSON from the allowed page', target: ROUTE, headers: { ...JSON_TYPE, Origin: APP, 'Sec-Fetch-Site': 'cross-site' }, status: 200, code: '', reason: '' };

/** What a raw request got back. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function dechunk(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    if (eol === -1) break;
    const size = parseInt(body.subarray(at, eol).toString('latin1'), 16);
    if (!size) break;
    out.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/** Sends one request byte for byte (`Connection: close`) and reads the whole answer. */
export function rawRequest(base: string, c: Pick<Case, 'target' | 'method' | 'headers' | 'body'>, basePath = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const method = c.method ?? 'POST';
  const body = method === 'POST' ? Buffer.from(c.body ?? RUN_BODY) : Buffer.alloc(0);
  const lines = [`${method} ${basePath}${c.target} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close'];
  for (const [k, v] of Object.entries(c.headers ?? {})) lines.push(`${k}: ${v}`);
  if (method === 'POST') lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no HTTP answer to ${method} ${JSON.stringify(c.target)}: ${JSON.stringify(all.toString('latin1'))}`));
      const [statusLine, ...headerLines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of headerLines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
      let rest: Buffer = all.subarray(split + 4);
      if (headers['transfer-encoding'] === 'chunked') rest = dechunk(rest);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.toString('utf8') });
    });
    // No half-close: node would take the FIN for a client gone away. `Connection: close` ends it after the answer.
    socket.write(Buffer.concat([head, body]));
  });
}

/** Checks a refusal's answer: its status, a JSON `{code, message, reason}` and nothing of a header value, a token or a stack. */
export function assertRefusal(answer: { status: number; contentType: string; body: string }, c: Case, sent: Record<string, string> = c.headers ?? {}): void {
  assert.equal(answer.status, c.status, `${c.name}: status`);
  assert.match(answer.contentType, /^application\/json/, `${c.name}: JSON`);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'reason'], `${c.name}: the body's keys`);
  assert.equal(body.code, c.code, `${c.name}: code`);
  assert.equal(body.reason, c.reason, `${c.name}: reason`);
  assert.ok(!answer.body.includes(TOKEN), `${c.name}: no token`);
  assert.ok(!/\bat .+:\d+:\d+/.test(answer.body), `${c.name}: no stack`);
  for (const v of Object.values(sent)) {
    if (v.length >= 6 && v !== 'application/json') assert.ok(!answer.body.includes(v), `${c.name}: a header value echoed`);
  }
}
