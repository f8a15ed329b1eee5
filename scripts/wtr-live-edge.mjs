/**
 * A web-test-runner plugin for the live browser tests (test/browser/live):
 * at `serverStart` it starts a development edge (real clock, writer pace 0)
 * and mounts the real token proxy (`createAguiProxy`) on the dev server at
 * `/agui/*`; and a second edge on a shiftable clock (real time that a test
 * moves forward: deadlines and the re-check after a long wait without sleeps)
 * behind its own proxy at `/agui-clock/*`, so moving its clock never touches
 * another test file's run (test files share the first edge and run at once;
 * keep the tests that move the clock in one file, which runs its tests in
 * order). The page never holds a token: it names a development person in
 * `X-Test-Person` (ana, ben, cy; `api-key` for the tenant's API key) and the
 * proxy maps that to the credential on this side.
 *
 * Test hooks on the dev server (a development tool, loopback only):
 *   GET  /__oz-test/env              {edgeUrl, endpoint, clockEndpoint, agents, tenants, people}
 *   POST /__oz-test/trace {faults?}  a trace id for the `X-Test-Trace` header: every proxied
 *                                    request carrying it is recorded, and takes the next fault
 *                                    of the list (`drop-after=N`, `cut-frame=N`) until it runs out
 *   GET  /__oz-test/trace?id=…       {requests: [{agent, lastEventId, fault, status}], faultsLeft}
 *   POST /__oz-test/decide {person, job, approved, what?}
 *                                    decides what waits in a job's tree as that person (the console's way):
 *                                    only the waits saying `what` when given
 *   GET  /__oz-test/console-sign-in?person=…&next=/console/…
 *                                    signs the page in to the first edge's console as that person
 *                                    (the edge's own sign-in with the token added here): 303 to `next`
 *   *    /console/*                  passed to the first edge's console (its pages and form posts)
 *   *    /__edge/*                   passed to the first edge's own dev hooks (stats, clock, audit, …)
 *   *    /__edge-clock/*             passed to the clock edge's dev hooks (`/__edge-clock/clock` moves its clock)
 *
 * Faults pass through to the edge: the page's `X-Edge-Fault` header or `fault=` query, and
 * the trace's planned faults, go upstream as `X-Edge-Fault` (the proxy itself forwards only
 * the route's headers, so the plugin hands it a fetch over the proxy's own node client that
 * adds the fault). The `fault=` parameter is taken off the query before the proxy sees it:
 * the proxy refuses a query with more than the tenant.
 *
 * The edge and proxy are TypeScript sources: run wtr with
 * `NODE_OPTIONS="--import tsx --conditions=source"` (scripts/test.mjs does).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';

/** The development people the page may name; their tokens stay here. */
const PEOPLE = { ana: 'ana-token', ben: 'ben-token', cy: 'cy-token', 'api-key': 'acme-key' };
/** The agents and tenants the proxy runs; anything else is refused (403) before the edge is asked. */
export const LIVE_AGENTS = ['helper', 'delegator', 'board', 'writer', 'failing', 'quota', 'echo', 'asker', 'confirmer', 'budget', 'escalator', 'restarter', 'pair', 'pauser', 'teamquota'];
export const LIVE_TENANTS = ['acme'];
const ENDPOINT = '/agui';
const CLOCK_ENDPOINT = '/agui-clock';
const MAX_TRACES = 1000;

async function loadSources() {
  try {
    const [edge, runtime, proxy, node, upstream] = await Promise.all([
      import('../server/edge/index.ts'),
      import('../server/edge/runtime/index.ts'),
      import('../server/proxy/index.ts'),
      import('../server/proxy/node.ts'),
      import('../server/proxy/upstream.ts'),
    ]);
    return { edge, runtime, proxy, node, upstream };
  } catch (err) {
    throw new Error(
      `wtr-live-edge: cannot import the edge and proxy sources; run wtr with NODE_OPTIONS="--import tsx --conditions=source" (as scripts/test.mjs does): ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

function readJson(req, max = 64 * 1024) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (c) => {
      size += c.length;
      if (size > max) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
      } catch {
        reject(new Error('body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

function sendJson(ctx, status, body) {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** Passes a request to the edge as it is and its answer back (the edge's dev hooks). */
function toEdge(edgeUrl, req, res, path = req.url ?? '/') {
  return new Promise((resolve) => {
    const target = new URL(path, edgeUrl);
    const headers = { ...req.headers, host: target.host };
    const up = http.request(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', resolve);
      answer.on('error', resolve);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 'unavailable', message: 'The edge cannot be reached.' }));
      resolve();
    });
    req.pipe(up);
  });
}

/** A proxied run through mount `m`: faults pass upstream, a traced request is recorded in `traces`. */
async function proxied(ctx, m, traces, current) {
  ctx.respond = false;
  const { req, res } = ctx;
  const faults = [ctx.query.fault, req.headers['x-edge-fault']].filter((f) => typeof f === 'string' && f !== '');
  if (ctx.query.fault !== undefined) {
    const url = new URL(req.url, 'http://localhost');
    url.searchParams.delete('fault');
    req.url = `${url.pathname}${url.search}`;
  }
  const trace = traces.get(req.headers['x-test-trace']);
  let entry;
  if (trace && req.method === 'POST') {
    const planned = trace.faults[trace.next];
    if (planned !== undefined) {
      trace.next += 1;
      faults.push(planned);
    }
    entry = { agent: ctx.path.split('/').pop(), lastEventId: req.headers['last-event-id'] ?? null, fault: faults.join(',') || null, status: null };
    trace.requests.push(entry);
  }
  await new Promise((resolve) => {
    res.once('close', resolve);
    if (entry) res.once('finish', () => (entry.status = res.statusCode));
    current.run({ fault: faults.join(',') || undefined }, () => m.handle(req, res));
  });
  if (entry && entry.status === null) entry.status = res.statusCode;
}

/** `/__oz-test/trace`: POST plans faults for the requests of a new trace; GET reads what a trace recorded. */
async function traceRoute(ctx, traces) {
  if (ctx.method === 'POST') {
    const body = await readJson(ctx.req).catch(() => undefined);
    const faults = Array.isArray(body?.faults) ? body.faults.filter((f) => typeof f === 'string') : [];
    if (traces.size >= MAX_TRACES) traces.delete(traces.keys().next().value);
    const id = `t${++traces.count}`;
    traces.set(id, { faults, next: 0, requests: [] });
    return sendJson(ctx, 200, { id });
  }
  const trace = traces.get(ctx.query.id);
  if (!trace) return sendJson(ctx, 404, { code: 'not_found', message: 'No such trace.' });
  sendJson(ctx, 200, { requests: trace.requests, faultsLeft: trace.faults.length - trace.next });
}

/** `/__oz-test/decide`: a person decides a job's waits in OZ's console, as another tab would. */
async function decideRoute(ctx, runtime) {
  const body = await readJson(ctx.req).catch(() => ({}));
  const token = PEOPLE[body.person];
  const signedIn = token ? runtime.signIn(token) : undefined;
  const caller = signedIn ? runtime.authenticate({ session: signedIn.session }) : undefined;
  if (!caller) return sendJson(ctx, 400, { code: 'invalid_argument', message: 'Unknown person.' });
  const waits = runtime.consoleWaits(caller, String(body.job)) ?? [];
  const results = waits
    .filter((w) => w.decidable && (typeof body.what !== 'string' || w.what === body.what))
    .map((w) => runtime.decideInConsole(caller, w.interruptId, { approved: body.approved !== false }));
  sendJson(ctx, 200, { decided: results.filter((r) => r.ok).length, refused: results.filter((r) => !r.ok).map((r) => r.body) });
}

/** Starts the two edges, each behind its own proxy: [{edge, proxy, endpoint, hooks, handle}]. */
async function startMounts(src, current) {
  const { say } = src.runtime.script;
  /** Says the person's message back: untrusted text through the whole live path. */
  const echo = function* (ctx) {
    yield* say(ctx.text);
  };
  const runtimeOptions = { agentParams: { writer: { paceMs: 0 } }, agents: { echo } };
  const edge = await src.edge.startEdge({ port: 0, runtimeOptions });
  const clockEdge = await src.edge.startEdge({ port: 0, runtimeOptions: { ...runtimeOptions, clock: src.runtime.createShiftableClock() } });
  const client = src.upstream.createNodeUpstream();
  const upstreamFetch = (url, init) => {
    const fault = current.getStore()?.fault;
    const headers = { ...init.headers, ...(fault ? { 'X-Edge-Fault': fault } : {}) };
    return client.fetch(String(url), { method: init.method, headers, body: init.body, signal: init.signal });
  };
  const mount = (e, endpoint, hooks) => {
    const proxy = src.proxy.createAguiProxy({
      upstream: e.url,
      basePath: endpoint,
      token: (request) => PEOPLE[request.headers.get('X-Test-Person') ?? ''],
      agents: LIVE_AGENTS,
      tenants: LIVE_TENANTS,
      fetch: upstreamFetch,
      logger: { warn: (m) => console.warn(m), error: (m) => console.error(m) },
    });
    return { edge: e, proxy, endpoint, hooks, handle: src.node.toNodeHandler(proxy) };
  };
  return { client, mounts: [mount(edge, ENDPOINT, '/__edge/'), mount(clockEdge, CLOCK_ENDPOINT, '/__edge-clock/')] };
}

/** The plugin. */
export function liveEdgePlugin() {
  /** The fault of the request being proxied, for the upstream fetch. */
  const current = new AsyncLocalStorage();
  /** id -> {faults, next, requests}; `count` numbers the traces. */
  const traces = Object.assign(new Map(), { count: 0 });
  /** The two edges, each behind its own proxy: {edge, proxy, endpoint, hooks}. */
  const mounts = [];
  let client;

  return {
    name: 'oz-live-edge',

    async serverStart({ app }) {
      const started = await startMounts(await loadSources(), current);
      client = started.client;
      mounts.push(...started.mounts);
      const main = mounts[0];
      const edgeUrl = main.edge.url;

      app.use(async (ctx, next) => {
        const path = ctx.path;
        if (path === '/__oz-test/env') {
          sendJson(ctx, 200, { edgeUrl, endpoint: ENDPOINT, clockEndpoint: CLOCK_ENDPOINT, agents: LIVE_AGENTS, tenants: LIVE_TENANTS, people: Object.keys(PEOPLE) });
          return;
        }
        if (path === '/__oz-test/trace') return traceRoute(ctx, traces);
        if (path === '/__oz-test/decide' && ctx.method === 'POST') return decideRoute(ctx, main.edge.runtime);
        if (path === '/__oz-test/console-sign-in' && ctx.method === 'GET') {
          const token = PEOPLE[ctx.query.person];
          if (!token) return sendJson(ctx, 400, { code: 'invalid_argument', message: 'Unknown person.' });
          const next = typeof ctx.query.next === 'string' ? ctx.query.next : '/console/';
          ctx.respond = false;
          await toEdge(edgeUrl, ctx.req, ctx.res, `/console/sign-in?${new URLSearchParams({ token, next })}`);
          return;
        }
        if (path === '/console' || path.startsWith('/console/')) {
          ctx.respond = false;
          await toEdge(edgeUrl, ctx.req, ctx.res);
          return;
        }
        for (const m of mounts) {
          if (path.startsWith(m.hooks)) {
            ctx.respond = false;
            await toEdge(m.edge.url, ctx.req, ctx.res, `/__edge/${ctx.req.url.slice(m.hooks.length)}`);
            return;
          }
        }
        for (const m of mounts) {
          if (path === m.endpoint || path.startsWith(`${m.endpoint}/`)) return proxied(ctx, m, traces, current);
        }
        return next();
      });
    },

    async serverStop() {
      for (const m of mounts) m.proxy.close();
      client?.close();
      await Promise.all(mounts.map((m) => m.edge.close()));
    },
  };
}
