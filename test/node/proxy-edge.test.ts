/** The proxy in front of the real development edge, on loopback. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEdge, type StartedEdge } from '../../server/edge/index.js';
import type { Clock } from '../../server/edge/contract.js';

/** The wall clock, its timers unref'd: the runtime's far deadlines (an interrupt's expiry) keep no test alive. */
const clock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    handle.unref();
    return () => clearTimeout(handle);
  },
};
import { assertNoSecret, post, routeUrl, startProxy, type RunningProxy } from './proxy-helpers.js';

interface Ev {
  id?: string;
  type: string;
}

const started: Array<{ close(): Promise<void> }> = [];
after(() => Promise.all(started.map((s) => s.close())));

async function pair(options: Parameters<typeof startEdge>[0], proxyOptions: Record<string, unknown> = { token: 'ana-token' }): Promise<{ edge: StartedEdge; proxy: RunningProxy }> {
  const edge = await startEdge({ log: () => {}, runtimeOptions: { clock }, ...options });
  const proxy = await startProxy({ upstream: edge.url, ...proxyOptions });
  started.push(proxy, edge);
  return { edge, proxy };
}

const body = (threadId: string) => JSON.stringify({ threadId, runId: `${threadId}-run-1`, messages: [{ id: 'u1', role: 'user', content: 'Please greet the team' }] });

function parse(text: string): Ev[] {
  return text.split(/\n\n/).flatMap((block) => {
    const id = /^id: ?(.*)$/m.exec(block)?.[1];
    const data = /^data: ?(.*)$/m.exec(block)?.[1];
    return data ? [{ ...(id ? { id } : {}), type: (JSON.parse(data) as { type: string }).type }] : [];
  });
}

const terminal = (e: Ev | undefined) => e?.type === 'RUN_FINISHED' || e?.type === 'RUN_ERROR';

test('a helper turn streams through the proxy as the edge sends it, with no token on the page', async () => {
  const { proxy } = await pair({});
  const res = await post(routeUrl(proxy.url, 'helper', 'acme'), { body: body('px-1') });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'no-cache, no-transform');
  const text = await res.text();
  assertNoSecret(res, text, ['ana-token']);
  const events = parse(text);
  assert.equal(events[0]!.type, 'RUN_STARTED');
  assert.ok(terminal(events.at(-1)));
  assert.ok(
    events.every((e) => e.id),
    'every event has its id',
  );
});

test('the edge’s own refusals pass through: a bad token is 401 JSON', async () => {
  const { proxy } = await pair({}, { token: 'nobody-token' });
  const res = await post(routeUrl(proxy.url, 'helper', 'acme'), { body: body('px-2') });
  assert.equal(res.status, 401);
  const text = await res.text();
  assertNoSecret(res, text, ['nobody-token']);
  assert.equal(JSON.parse(text).code, 'unauthenticated');
});

test('streams the edge cuts: reconnecting through the proxy with Last-Event-ID, nothing missed or twice', async () => {
  const clean = await pair({});
  const whole = parse(await (await post(routeUrl(clean.proxy.url), { body: body('px-3a') })).text());
  const { edge, proxy } = await pair({ faults: { dropAfter: 2 } });
  const got: Ev[] = [];
  for (let attempt = 0; attempt < 50 && !terminal(got.at(-1)); attempt++) {
    const last = got.at(-1)?.id;
    const res = await post(routeUrl(proxy.url), { body: body('px-3b'), ...(last ? { headers: { 'Last-Event-ID': last } } : {}) });
    got.push(...parse(await res.text()));
  }
  assert.ok(terminal(got.at(-1)), 'the run reached its end');
  assert.equal(new Set(got.map((e) => e.id)).size, got.length, 'no event twice');
  assert.deepEqual(
    got.map((e) => e.type),
    whole.map((e) => e.type),
    'nothing missed',
  );
  assert.ok(edge.stats.snapshot().resumeRequests >= 1);
});

test('the page going away: the edge sees the disconnect', async () => {
  const { edge, proxy } = await pair({ faults: { delayMs: 300 } });
  const ac = new AbortController();
  const res = await post(routeUrl(proxy.url), { body: body('px-4'), signal: ac.signal });
  const reader = res.body!.getReader();
  await reader.read();
  ac.abort();
  await edge.stats.until((s) => s.disconnects >= 1 && s.openStreams === 0, 5000);
});

test('token exchange against the edge: the app key and ana’s token give a run as ana', async () => {
  const { proxy } = await pair({}, { token: undefined, tokenExchange: { appKey: 'chat-app-key', subjectToken: () => 'ana-token' } });
  const res = await post(routeUrl(proxy.url), { body: body('px-5') });
  assert.equal(res.status, 200);
  const text = await res.text();
  assertNoSecret(res, text, ['ana-token', 'chat-app-key']);
  assert.equal(parse(text)[0]!.type, 'RUN_STARTED');
});
