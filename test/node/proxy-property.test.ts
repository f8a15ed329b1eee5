/**
 * Issue #19, property: random request targets, headers and bodies sent byte for
 * byte to the node proxy. A request reaches the upstream exactly when it keeps
 * every rule (the route with a strict agent name, only `?tenant=`, JSON, an
 * allowed or no Origin, not cross-site without one); everything else is a 4xx
 * JSON error and the upstream's counter does not move. Seeded: a failure prints
 * the seed and the shrunk request to replay.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createProxyServer } from '../../server/proxy/node.js';
import { TOKEN } from './proxy-helpers.js';
import { APP, EVIL, rawRequest, startCountingUpstream } from './proxy-rules.js';

const SEED = 19_0419;
const up = await startCountingUpstream();
const server = createProxyServer({ upstream: up.url, token: TOKEN, allowOrigins: [APP], logger: { warn() {}, error() {} } });
const { url } = await server.listen(0, '127.0.0.1');
after(async () => {
  await server.close();
  await up.close();
});

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Pieces a hostile target is made of: good names, separators, dots and their escapes, double escapes. */
const piece = fc.oneof(
  fc.constantFrom(
    'helper',
    'acme',
    'a.b',
    'x_y-z',
    '..',
    '.',
    '/',
    '//',
    '\\',
    '?',
    '&',
    '=',
    '#',
    '%2F',
    '%2f',
    '%5C',
    '%2E%2E',
    '%2e',
    '%252F',
    '%00',
    '%',
    '%zz',
    'tenant',
    'tenant=acme',
    ';',
    '@',
    ':',
    '~',
  ),
  fc.stringMatching(/^[A-Za-z0-9._-]{1,6}$/),
);
const tail = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));
const target = fc.oneof(
  fc.tuple(tail, tail).map(([a, q]) => `/v1/agui/agents/${a}?${q}`),
  fc.tuple(fc.stringMatching(/^[A-Za-z0-9._-]{1,10}$/), fc.stringMatching(/^[A-Za-z0-9._-]{1,10}$/)).map(([a, t]) => `/v1/agui/agents/${a}?tenant=${t}`),
  tail.map((t) => `/v1/agui/${t}`),
  tail.map((t) => `/${t}`),
);
const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json, text/plain',
  'application/jsonx',
);
const origin = fc.constantFrom(undefined, APP, EVIL, 'null', `${APP}.evil.net`, 'http://app.example.com');
const site = fc.constantFrom(undefined, 'same-origin', 'same-site', 'cross-site', 'none');
const body = fc.oneof(fc.constant('{"threadId":"t","runId":"r","messages":[]}'), fc.json(), fc.string({ maxLength: 64 }));

interface Sent {
  target: string;
  type: string | undefined;
  origin: string | undefined;
  site: string | undefined;
  body: string;
}

/** What the rules allow, written from issue #19, not from the proxy's code. */
function allowed(r: Sent): boolean {
  const m = /^\/v1\/agui\/agents\/([^/?]*)\?tenant=([^&?#]*)$/.exec(r.target);
  if (!m || !NAME.test(m[1]!) || !NAME.test(m[2]!)) return false;
  if (r.type === undefined || r.type.split(';')[0]!.trim().toLowerCase() !== 'application/json') return false;
  if (r.origin !== undefined && r.origin !== APP) return false;
  if (r.origin === undefined && r.site === 'cross-site') return false;
  return true;
}

test('property: nothing outside the rules reaches the upstream; everything inside does', async () => {
  const sent = fc.record({ target, type: contentType, origin, site, body });
  await fc.assert(
    fc.asyncProperty(sent, async (r) => {
      const headers: Record<string, string> = {};
      if (r.type !== undefined) headers['Content-Type'] = r.type;
      if (r.origin !== undefined) headers.Origin = r.origin;
      if (r.site !== undefined) headers['Sec-Fetch-Site'] = r.site;
      const before = up.requests;
      const answer = await rawRequest(url, { target: r.target, headers, body: r.body });
      const reached = up.requests - before;
      if (allowed(r)) {
        assert.equal(answer.status, 200, `allowed but answered ${answer.status}: ${answer.body}`);
        assert.equal(reached, 1);
      } else {
        assert.equal(reached, 0, `the upstream heard of ${JSON.stringify(r)}`);
        assert.ok(answer.status >= 400 && answer.status < 500, `refused with ${answer.status}`);
        const error = JSON.parse(answer.body) as { code?: unknown };
        assert.equal(typeof error.code, 'string');
        assert.ok(!answer.body.includes(TOKEN));
      }
    }),
    { seed: SEED, numRuns: 400, verbose: 1 },
  );
});
