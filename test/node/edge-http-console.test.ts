/**
 * The console's HTTP face (sign-in cookie, the job page, decisions, same-origin
 * form posts) and the `/__edge/` hooks, against a fake runtime.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startEdge, type StartedEdge } from '../../server/edge/index.js';
import type { ConsoleWait } from '../../server/edge/contract.js';
import { createFakeRuntime, type FakeRuntime } from './edge-http-fake.js';
import { send } from './edge-http-client.js';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('edge http: console and hooks', () => {
  let edge: StartedEdge;
  let runtime: FakeRuntime;
  const decisions: Array<{ id: string; payload: unknown }> = [];
  before(async () => {
    runtime = createFakeRuntime();
    const waits: ConsoleWait[] = [
      { interruptId: 'i-1', job: 'job-1', what: 'Post <script>alert(1)</script> to "#team"', reason: 'tool_call', deciders: 'ana or ben', decidable: true, expiresAt: '2026-01-01T00:00:00.000Z' },
      { interruptId: 'i-2', job: 'job-1.2', what: 'Which day?', reason: 'input_required', deciders: 'ana', decidable: true },
      { interruptId: 'i-3', job: 'job-1.3', what: 'Four eyes', reason: 'tool_call', deciders: 'someone other than ana', decidable: false },
    ];
    runtime.consoleWaits = (caller, job) => (job === 'job-1' && caller.person === 'ana' ? waits : undefined);
    runtime.decideInConsole = (_caller, id, payload) => {
      if (id === 'i-3') return { ok: false, status: 403, body: { code: 'not_a_decider', message: 'Someone else <b>must</b> decide.' } };
      decisions.push({ id, payload });
      return { ok: true };
    };
    edge = await startEdge({ runtime, log: () => {} });
  });
  after(() => edge.close());

  test('GET /console/sign-in?token= sets oz0_session (HttpOnly, SameSite=Lax) and redirects to next', async () => {
    const res = await send(`${edge.url}/console/sign-in?token=ana-token&next=${encodeURIComponent('/console/jobs/job-1')}`);
    assert.equal(res.status, 303);
    assert.equal(res.headers.location, '/console/jobs/job-1');
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /^oz0_session=ana-session;/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    const open = await send(`${edge.url}/console/sign-in?token=ana-token&next=${encodeURIComponent('https://evil.example/')}`);
    assert.equal(open.headers.location, '/console/', 'no open redirect');
  });

  test('sign-in with an unknown token: 401 page with the form again, no cookie', async () => {
    const res = await send(`${edge.url}/console/sign-in?token=nope`);
    assert.equal(res.status, 401);
    assert.equal(res.headers['set-cookie'], undefined);
    assert.match(res.text, /<label for="token">/);
  });

  test('POST /console/sign-in from the same origin signs in; from another origin it is refused', async () => {
    const same = await send(`${edge.url}/console/sign-in`, { method: 'POST', headers: { ...formHeaders, Origin: edge.url }, body: form({ token: 'ana-token' }) });
    assert.equal(same.status, 303);
    assert.match(String(same.headers['set-cookie']), /oz0_session=ana-session/);
    const cross = await send(`${edge.url}/console/sign-in`, { method: 'POST', headers: { ...formHeaders, Origin: 'https://evil.example' }, body: form({ token: 'ana-token' }) });
    assert.equal(cross.status, 403);
    assert.equal(cross.headers['set-cookie'], undefined);
  });

  test('the job page: a signed-out visitor is sent to sign in', async () => {
    const res = await send(`${edge.url}/console/jobs/job-1`);
    assert.equal(res.status, 303);
    assert.equal(res.headers.location, `/console/sign-in?next=${encodeURIComponent('/console/jobs/job-1')}`);
  });

  test('the job page lists what waits, escaped, with labelled Approve/Deny forms and an answer field for a question', async () => {
    const res = await send(`${edge.url}/console/jobs/job-1`, { headers: { Cookie: 'oz0_session=ana-session' } });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
    assert.doesNotMatch(res.text, /<script>/);
    assert.match(res.text, /Post &lt;script&gt;alert\(1\)&lt;\/script&gt; to &quot;#team&quot;/);
    assert.match(res.text, /<html lang="en">/);
    assert.match(res.text, /<button type="submit" name="decision" value="approve">Approve<\/button>/);
    assert.match(res.text, /value="deny"[^>]*>Deny</);
    assert.match(res.text, /<label for="wait-1-answer">Your answer<\/label><input type="text" id="wait-1-answer" name="answer"/);
    assert.match(res.text, /You may not decide this one\. Who decides: someone other than ana\./);
    assert.equal((res.text.match(/<form /g) ?? []).length, 2);
  });

  test('another job (or one the viewer may not see) is a 404 page', async () => {
    const res = await send(`${edge.url}/console/jobs/job-9`, { headers: { Cookie: 'oz0_session=ana-session' } });
    assert.equal(res.status, 404);
  });

  test('deciding: approve with a comment, answer a question; each redirects back to the job', async () => {
    const headers = { ...formHeaders, Cookie: 'oz0_session=ana-session', Origin: edge.url, 'Sec-Fetch-Site': 'same-origin' };
    const approve = await send(`${edge.url}/console/jobs/job-1/decide`, { method: 'POST', headers, body: form({ interruptId: 'i-1', decision: 'approve', comment: 'ok' }) });
    assert.equal(approve.status, 303);
    assert.equal(approve.headers.location, '/console/jobs/job-1?decided=1');
    await send(`${edge.url}/console/jobs/job-1/decide`, { method: 'POST', headers, body: form({ interruptId: 'i-2', decision: 'answer', answer: 'Tuesday' }) });
    assert.deepEqual(decisions.slice(-2), [
      { id: 'i-1', payload: { approved: true, comment: 'ok' } },
      { id: 'i-2', payload: { answer: 'Tuesday' } },
    ]);
    const refused = await send(`${edge.url}/console/jobs/job-1/decide`, { method: 'POST', headers, body: form({ interruptId: 'i-3', decision: 'approve' }) });
    assert.equal(refused.status, 403);
    assert.match(refused.text, /Someone else &lt;b&gt;must&lt;\/b&gt; decide\. \(not_a_decider\)/);
  });

  test('CSRF: a decision posted from another site is refused and nothing is decided', async () => {
    const before = decisions.length;
    for (const extra of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }]) {
      const res = await send(`${edge.url}/console/jobs/job-1/decide`, {
        method: 'POST',
        headers: { ...formHeaders, Cookie: 'oz0_session=ana-session', ...extra },
        body: form({ interruptId: 'i-1', decision: 'deny' }),
      });
      assert.equal(res.status, 403);
    }
    assert.equal(decisions.length, before);
  });

  test('/__edge/stats counts requests per route and per agent; /__edge/audit gives the trail', async () => {
    const stats = await send(`${edge.url}/__edge/stats`);
    assert.equal(stats.status, 200);
    const s = stats.json<{ requests: Record<string, number> }>();
    assert.ok((s.requests.console ?? 0) >= 5);
    const audit = await send(`${edge.url}/__edge/audit`);
    assert.deepEqual(audit.json(), { entries: [] });
  });

  test('/__edge/clock on a real clock: 409; /__edge/revoke without runtime support: 501', async () => {
    const clock = await send(`${edge.url}/__edge/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"advanceMs": 1000}' });
    assert.equal(clock.status, 409);
    assert.equal(clock.json().code, 'failed_precondition');
    const revoke = await send(`${edge.url}/__edge/revoke`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"tenant": "acme", "person": "cy"}' });
    assert.equal(revoke.status, 501);
  });

  test('devHooks: false turns /__edge/ off', async () => {
    const closed = await startEdge({ runtime, devHooks: false, log: () => {} });
    try {
      assert.equal((await send(`${closed.url}/__edge/stats`)).status, 404);
    } finally {
      await closed.close();
    }
  });
});
