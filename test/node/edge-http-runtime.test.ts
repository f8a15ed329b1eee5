/**
 * The HTTP face against the real development runtime: the token exchange and
 * a run with the exchanged token, a console decision that lets a waiting run
 * stream on, `/__edge/clock` advancing to an interrupt's expiry, faults on a
 * real agent's stream, and `/__edge/revoke`.
 */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { MAX_BODY_BYTES, agentRoutePath } from '../../src/protocol/index.js';
import { startEdge, type StartEdgeOptions, type StartedEdge } from '../../server/edge/index.js';
import { createVirtualClock } from '../../server/edge/runtime/index.js';
import { followRun, openStream, send, type Received, type Stream } from './edge-http-client.js';

let edge: StartedEdge | undefined;
afterEach(() => edge?.close());

async function start(options: StartEdgeOptions = {}): Promise<StartedEdge> {
  edge = await startEdge({ log: () => {}, ...options });
  return edge;
}

const user = (content: string) => [{ id: 'u1', role: 'user', content }];
/** The last event, loosely typed for assertions (its fields are checked by value). */
interface Loose {
  type: string;
  code?: string;
  outcome: { type: string; interrupts: Array<{ id: string; expiresAt: string }> };
}
const lastEvent = (events: Received[]) => events.at(-1)!.event as unknown as Loose;
const custom = (name: string) => (e: Received) => e.event.type === 'CUSTOM' && (e.event as { name?: string }).name === name;
const exchangeForm = (subject: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: subject,
    subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    ...extra,
  }).toString();
const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('edge http: with the development runtime', () => {
  test('token exchange (RFC 8693): the app key + ana-token give an app token; a run and its resume with it are recorded via app:chat-app', async () => {
    const e = await start();
    const token = await send(`${e.url}/v1/oauth/token`, { method: 'POST', headers: { ...formHeaders, Authorization: 'Bearer chat-app-key' }, body: exchangeForm('ana-token') });
    assert.equal(token.status, 200);
    const body = token.json<{ access_token: string; issued_token_type: string; token_type: string; expires_in: number }>();
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.issued_token_type, 'urn:ietf:params:oauth:token-type:access_token');
    assert.ok(body.expires_in > 0);
    assert.equal(token.headers['cache-control'], 'no-store');

    const route = e.url + agentRoutePath('helper', 'acme');
    const app = { Authorization: `Bearer ${body.access_token}` };
    const first = await followRun(route, { threadId: 'x-1', runId: 'run-1', messages: user('Please greet the team') }, app);
    const finished = lastEvent(first.events);
    assert.equal(finished.type, 'RUN_FINISHED');
    assert.equal(finished.outcome.type, 'interrupt');
    const interrupt = finished.outcome.interrupts[0]!;
    const second = await followRun(route, { threadId: 'x-1', runId: 'run-2', messages: [], resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { approved: true } }] }, app);
    assert.equal(lastEvent(second.events).outcome.type, 'success');
    const audit = (await send(`${e.url}/__edge/audit`)).json<{ entries: Array<{ action: string; actor: string; via: string }> }>().entries;
    assert.ok(audit.some((a) => a.action === 'interrupt.decide' && a.actor === 'ana' && a.via === 'app:chat-app'));
  });

  test('token exchange: client_secret and HTTP Basic authenticate the app too; the refusals are OAuth errors', async () => {
    const e = await start();
    const url = `${e.url}/v1/oauth/token`;
    const secret = await send(url, { method: 'POST', headers: formHeaders, body: exchangeForm('ben-token', { client_id: 'chat-app', client_secret: 'chat-app-key' }) });
    assert.equal(secret.status, 200);
    const basic = await send(url, { method: 'POST', headers: { ...formHeaders, Authorization: `Basic ${Buffer.from('chat-app:chat-app-key').toString('base64')}` }, body: exchangeForm('ana-token') });
    assert.equal(basic.status, 200);
    const cases: Array<[Record<string, string>, string, number, string]> = [
      [formHeaders, exchangeForm('ana-token'), 401, 'invalid_client'],
      [{ ...formHeaders, Authorization: 'Bearer acme-key' }, exchangeForm('ana-token'), 401, 'invalid_client'],
      [{ ...formHeaders, Authorization: 'Bearer chat-app-key' }, exchangeForm('nobody-token'), 400, 'invalid_grant'],
      [{ ...formHeaders, Authorization: 'Bearer chat-app-key' }, exchangeForm('ana-token', { grant_type: 'password' }), 400, 'unsupported_grant_type'],
      [{ ...formHeaders, Authorization: 'Bearer chat-app-key' }, exchangeForm('ana-token', { subject_token_type: 'urn:x' }), 400, 'invalid_request'],
    ];
    for (const [headers, body, status, error] of cases) {
      const res = await send(url, { method: 'POST', headers, body });
      assert.equal(res.status, status, body);
      assert.equal(res.json().error, error);
      assert.equal(typeof res.json().code, 'string');
    }
    const json = await send(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer chat-app-key' }, body: '{}' });
    assert.equal(json.status, 415);
    const onRoute = await send(e.url + agentRoutePath('helper', 'acme'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer chat-app-key' },
      body: JSON.stringify({ threadId: 'x-2', runId: 'r', messages: user('hi') }),
    });
    assert.equal(onRoute.status, 403, "the app's own key is refused on the route");
  });

  test('console: ben signs in and approves a four-eyes step; the run waiting on oz0.waiting (with keep-alives) streams on to success', async () => {
    const e = await start({ keepAliveMs: 20 });
    const route = e.url + agentRoutePath('delegator', 'acme');
    const ana = { Authorization: 'Bearer ana-token' };
    const first = await followRun(route, { threadId: 'd-1', runId: 'run-1', messages: user('Release it') }, ana);
    const check = lastEvent(first.events).outcome.interrupts[0]!;
    const stream = await openStream(route, { threadId: 'd-1', runId: 'run-2', messages: [], resume: [{ interruptId: check.id, status: 'resolved', payload: { approved: true } }] }, ana);
    await stream.until((s) => s.events.some(custom('oz0.waiting')));
    const waiting = (stream.events.find(custom('oz0.waiting'))!.event as { value: { waiting: Array<{ job: string; console: { url: string } }> } }).value.waiting[0]!;
    await stream.until((s) => s.comments.includes('keep-alive'));

    const signIn = await send(`${e.url}/console/sign-in?token=ben-token&next=${encodeURIComponent(`/console/jobs/${waiting.job}`)}`);
    assert.equal(signIn.status, 303);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const pageUrl = new URL(waiting.console.url);
    assert.equal(pageUrl.origin, e.url, 'the oz0/console link is this edge');
    const page = await send(waiting.console.url, { headers: { Cookie: cookie } });
    assert.equal(page.status, 200);
    const interruptId = /name="interruptId" value="([^"]+)"/.exec(page.text)?.[1];
    assert.ok(interruptId, 'ben may decide it');
    assert.equal(
      stream.events.some((ev) => ev.event.type === 'RUN_FINISHED'),
      false,
      'the run still waits',
    );

    const decided = await send(`${e.url}/console/jobs/${waiting.job}/decide`, {
      method: 'POST',
      headers: { ...formHeaders, Cookie: cookie, Origin: e.url, 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ interruptId, decision: 'approve', comment: 'four eyes ok' }).toString(),
    });
    assert.equal(decided.status, 303);
    assert.equal(decided.headers.location, `/console/jobs/${waiting.job}?decided=1`);
    assert.equal(await stream.done, 'end');
    assert.equal(lastEvent(stream.events).outcome.type, 'success');
    assert.ok(stream.events.some((ev) => custom('oz0.card')(ev) && (ev.event as { value: { card: { type: string } } }).value.card.type === 'release'));
  });

  test("/__edge/clock advances a virtual clock past an interrupt's deadline: the resume then ends with interrupt_expired", async () => {
    const clock = createVirtualClock(Date.UTC(2026, 0, 1));
    const e = await start({ runtimeOptions: { clock } });
    const route = e.url + agentRoutePath('helper', 'acme');
    const ana = { Authorization: 'Bearer ana-token' };
    const advance = (ms: number) => send(`${e.url}/__edge/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
    const drive = async (s: Stream) => {
      let ended = false;
      void s.done.then(() => (ended = true));
      while (!ended) {
        const res = await advance(10);
        assert.equal(res.status, 200);
      }
    };
    const first = await openStream(route, { threadId: 'c-1', runId: 'run-1', messages: user('Please greet the team') }, ana);
    await drive(first);
    const interrupt = lastEvent(first.events).outcome.interrupts[0]!;
    const deadline = Date.parse(interrupt.expiresAt);
    const moved = await advance(deadline - clock.now() + 1);
    assert.equal(moved.json().now, deadline + 1);
    const late = await openStream(route, { threadId: 'c-1', runId: 'run-2', messages: [], resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { approved: true } }] }, ana);
    await drive(late);
    const error = lastEvent(late.events);
    assert.equal(error.type, 'RUN_ERROR');
    assert.equal(error.code, 'interrupt_expired');
  });

  test('faults on a real agent: drop-after and cut-frame with reconnects give the same sequence as an undisturbed read', async () => {
    const e = await start();
    const route = e.url + agentRoutePath('writer', 'acme');
    const ana = { Authorization: 'Bearer ana-token' };
    const input = { threadId: 'w-1', runId: 'run-1', messages: user('Write it. chunks=120 pace=1') };
    const dropped = await followRun(route, input, { ...ana, 'X-Edge-Fault': 'drop-after=17' });
    assert.ok(dropped.connections > 5);
    const undisturbed = await followRun(route, input, ana); // the same run again, from its start
    assert.equal(undisturbed.connections, 1);
    assert.deepEqual(dropped.events, undisturbed.events);
    const cut = await followRun(route, input, { ...ana, 'X-Edge-Fault': 'cut-frame=9' });
    assert.deepEqual(cut.events, undisturbed.events);
    assert.equal(lastEvent(undisturbed.events).outcome.type, 'success');
  });

  test("/__edge/revoke takes a person's access: their next run on the thread is refused", async () => {
    const e = await start();
    const route = e.url + agentRoutePath('writer', 'acme');
    const ana = { Authorization: 'Bearer ana-token' };
    await followRun(route, { threadId: 'rv-1', runId: 'run-1', messages: user('chunks=3 pace=0') }, ana);
    const res = await send(`${e.url}/__edge/revoke`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tenant: 'acme', person: 'ana' }) });
    assert.equal(res.status, 200);
    const again = await followRun(
      route,
      { threadId: 'rv-1', runId: 'run-2', messages: [...user('chunks=3 pace=0'), { id: 'a1', role: 'assistant', content: 'x' }, { id: 'u2', role: 'user', content: 'more' }] },
      ana,
    );
    const error = lastEvent(again.events);
    assert.equal(error.type, 'RUN_ERROR');
    assert.equal(error.code, 'revoked');
  });

  test('permissions before the body: another tenant, a scoped key for another agent, an app key, no content are 403 with a slow 4 MiB body unread', { timeout: 20_000 }, async () => {
    const e = await start();
    const cases: Array<[token: string, agent: string, tenant: string]> = [
      ['ana-token', 'helper', 'other'],
      ['acme-helper-key', 'asker', 'acme'],
      ['chat-app-key', 'helper', 'acme'],
      ['eve-token', 'helper', 'acme'],
    ];
    for (const [token, agent, tenant] of cases) {
      const r = await sendSlowHugeBody(e.url + agentRoutePath(agent, tenant), token);
      assert.equal(r.status, 403, token);
      assert.equal(JSON.parse(r.body).code, 'permission_denied', token);
      assert.equal(r.connection, 'close', token);
      assert.equal(r.sentBeforeAnswer, SLOW_CHUNK, `${token}: answered after the first 64 KiB`);
      assert.ok(r.sentTotal < SLOW_DECLARED, `${token}: the connection closed before the body was taken (${r.sentTotal} bytes)`);
    }
    assert.equal(e.runtime.audit.filter((x) => x.action === 'run.start').length, 0, 'no run started');
  });

  test('jobs.start.granted is to start a turn: without it a person may follow a run they may read (over HTTP), and a new turn is refused 403', async () => {
    const e = await start();
    const route = e.url + agentRoutePath('helper', 'acme');
    const key = { Authorization: 'Bearer acme-key' };
    const dana = { Authorization: 'Bearer dana-token' };
    const started = await followRun(route, { threadId: 'tenant-1', runId: 'run-1', messages: user('Please greet the team') }, key);
    assert.equal(lastEvent(started.events).outcome.type, 'interrupt');
    // dana follows the tenant's thread as a page loaded afresh does (its latest turn's words): the turn
    // waits for someone who may approve, so her run says so (oz0.waiting) and streams on
    const follow = await openStream(route, { threadId: 'tenant-1', runId: 'dana-1', messages: user('Please greet the team') }, dana);
    assert.equal(follow.status, 200);
    await follow.until((s) => s.events.some(custom('oz0.waiting')));
    assert.ok(follow.events.some((ev) => ev.event.type === 'TEXT_MESSAGE_CONTENT'));
    follow.close();
    // a turn of her own is refused
    const refused = await send(route, { method: 'POST', headers: { ...dana, 'Content-Type': 'application/json' }, body: JSON.stringify({ threadId: 'dana-own', runId: 'r', messages: user('hi') }) });
    assert.equal(refused.status, 403);
    assert.match(refused.json().message as string, /jobs\.start\.granted/);
  });
});

/** Within the 4 MiB limit: only the caller's check can answer before the body arrives. */
const SLOW_DECLARED = MAX_BODY_BYTES;
const SLOW_CHUNK = 64 * 1024;

/** Sends one 64 KiB chunk of a declared 4 MiB JSON body, waits for the answer, then keeps writing until the edge closes. */
function sendSlowHugeBody(url: string, token: string): Promise<{ status: number; body: string; connection?: string; sentBeforeAnswer: number; sentTotal: number }> {
  const chunk = Buffer.alloc(SLOW_CHUNK, 0x20);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let sentBeforeAnswer = -1;
    const req = httpRequest(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Content-Length': String(SLOW_DECLARED) } });
    req.on('response', (res) => {
      sentBeforeAnswer = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        const done = () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, sentBeforeAnswer, sentTotal: sent });
        const pump = () => {
          while (sent < SLOW_DECLARED) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
        };
        req.on('error', done);
        req.on('close', done);
        pump();
      });
    });
    req.on('error', (err) => (sentBeforeAnswer < 0 ? reject(err) : undefined));
    req.write(chunk);
    sent = chunk.length;
  });
}
