/**
 * A web-test-runner plugin for the live browser tests (test/browser/live):
 * at `serverStart` it starts a development edge (real clock, writer pace 0)
 * and mounts the real token proxy (`createAguiProxy`) on the dev server at
 * `/agui/*`. The page never holds a token: it names a development person in
 * `X-Test-Person` (ana, ben, cy) and the proxy maps that to the person's token
 * on this side.
 *
 * Test hooks on the dev server (a development tool, loopback only):
 *   GET  /__oz-test/env              {edgeUrl, endpoint, agents, tenants, people}
 *   POST /__oz-test/trace {faults?}  a trace id for the `X-Test-Trace` header: every proxied
 *                                    request carrying it is recorded, and takes the next fault
 *                                    of the list (`drop-after=N`, `cut-frame=N`) until it runs out
 *   GET  /__oz-test/trace?id=…       {requests: [{agent, lastEventId, fault, status}], faultsLeft}
 *   POST /__oz-test/decide {person, job, approved}
 *                                    decides what waits in a job as that person (the console's way)
 *   *    /__edge/*                   passed to the edge's own dev hooks (stats, clock, audit)
 *
 * Faults pass through to the edge: the page's `X-Edge-Fault` header or `fault=` query, and
 * the trace's planned faults, go upstream as `X-Edge-Fault` (the proxy itself forwards only
 * the route's headers, so the plugin hands it a fetch over the proxy's own node client that
 * adds the fault).
 *
 * The edge and proxy are TypeScript sources: run wtr with
 * `NODE_OPTIONS="--import tsx --conditions=source"` (scripts/test.mjs does).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';

/** The development people the page may name; their tokens stay here. */
const PEOPLE = { ana: 'ana-token', ben: 'ben-token', cy: 'cy-token' };
/** The agents and tenants the proxy runs; anything else is refused (403) before the edge is asked. */
export const LIVE_AGENTS = ['helper', 'delegator', 'board', 'writer', 'failing', 'quota', 'echo'];
export const LIVE_TENANTS = ['acme'];
const ENDPOINT = '/agui';
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
function toEdge(edgeUrl, req, res) {
  return new Promise((resolve) => {
    const target = new URL(req.url ?? '/', edgeUrl);
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

/** The plugin. */
export function liveEdgePlugin() {
  /** The fault of the request being proxied, for the upstream fetch. */
  const current = new AsyncLocalStorage();
  /** id -> {faults, next, requests} */
  const traces = new Map();
  let traceCount = 0;
  let edge;
  let proxy;
  let client;

  return {
    name: 'oz-live-edge',

    async serverStart({ app }) {
      const src = await loadSources();
      const { say } = src.runtime.script;
      /** Says the person's message back: untrusted text through the whole live path. */
      const echo = function* (ctx) {
        yield* say(ctx.text);
      };
      edge = await src.edge.startEdge({ port: 0, runtimeOptions: { agentParams: { writer: { paceMs: 0 } }, agents: { echo } } });
      client = src.upstream.createNodeUpstream();
      const upstreamFetch = (url, init) => {
        const fault = current.getStore()?.fault;
        const headers = { ...init.headers, ...(fault ? { 'X-Edge-Fault': fault } : {}) };
        return client.fetch(String(url), { method: init.method, headers, body: init.body, signal: init.signal });
      };
      proxy = src.proxy.createAguiProxy({
        upstream: edge.url,
        basePath: ENDPOINT,
        token: (request) => PEOPLE[request.headers.get('X-Test-Person') ?? ''],
        agents: LIVE_AGENTS,
        tenants: LIVE_TENANTS,
        fetch: upstreamFetch,
        logger: { warn: (m) => console.warn(m), error: (m) => console.error(m) },
      });
      const handle = src.node.toNodeHandler(proxy);
      const edgeUrl = edge.url;
      const runtime = edge.runtime;

      app.use(async (ctx, next) => {
        const path = ctx.path;
        if (path === '/__oz-test/env') {
          sendJson(ctx, 200, { edgeUrl, endpoint: ENDPOINT, agents: LIVE_AGENTS, tenants: LIVE_TENANTS, people: Object.keys(PEOPLE) });
          return;
        }
        if (path === '/__oz-test/trace') {
          if (ctx.method === 'POST') {
            const body = await readJson(ctx.req).catch(() => undefined);
            const faults = Array.isArray(body?.faults) ? body.faults.filter((f) => typeof f === 'string') : [];
            if (traces.size >= MAX_TRACES) traces.delete(traces.keys().next().value);
            const id = `t${++traceCount}`;
            traces.set(id, { faults, next: 0, requests: [] });
            sendJson(ctx, 200, { id });
            return;
          }
          const trace = traces.get(ctx.query.id);
          if (!trace) return sendJson(ctx, 404, { code: 'not_found', message: 'No such trace.' });
          sendJson(ctx, 200, { requests: trace.requests, faultsLeft: trace.faults.length - trace.next });
          return;
        }
        if (path === '/__oz-test/decide' && ctx.method === 'POST') {
          const body = await readJson(ctx.req).catch(() => ({}));
          const token = PEOPLE[body.person];
          const signedIn = token ? runtime.signIn(token) : undefined;
          const caller = signedIn ? runtime.authenticate({ session: signedIn.session }) : undefined;
          if (!caller) return sendJson(ctx, 400, { code: 'invalid_argument', message: 'Unknown person.' });
          const waits = runtime.consoleWaits(caller, String(body.job)) ?? [];
          const results = waits
            .filter((w) => w.decidable)
            .map((w) => runtime.decideInConsole(caller, w.interruptId, { approved: body.approved !== false }));
          sendJson(ctx, 200, { decided: results.filter((r) => r.ok).length, refused: results.filter((r) => !r.ok).map((r) => r.body) });
          return;
        }
        if (path.startsWith('/__edge/')) {
          ctx.respond = false;
          await toEdge(edgeUrl, ctx.req, ctx.res);
          return;
        }
        if (path === ENDPOINT || path.startsWith(`${ENDPOINT}/`)) {
          ctx.respond = false;
          const { req, res } = ctx;
          const faults = [ctx.query.fault, req.headers['x-edge-fault']].filter((f) => typeof f === 'string' && f !== '');
          const trace = traces.get(req.headers['x-test-trace']);
          let entry;
          if (trace && req.method === 'POST') {
            const planned = trace.faults[trace.next];
            if (planned !== undefined) {
              trace.next += 1;
              faults.push(planned);
            }
            entry = { agent: path.split('/').pop(), lastEventId: req.headers['last-event-id'] ?? null, fault: faults.join(',') || null, status: null };
            trace.requests.push(entry);
          }
          await new Promise((resolve) => {
            res.once('close', resolve);
            if (entry) res.once('finish', () => (entry.status = res.statusCode));
            current.run({ fault: faults.join(',') || undefined }, () => handle(req, res));
          });
          if (entry && entry.status === null) entry.status = res.statusCode;
          return;
        }
        return next();
      });
    },

    async serverStop() {
      proxy?.close();
      client?.close();
      await edge?.close();
    },
  };
}
