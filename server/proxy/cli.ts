/**
 * `oz-agui-proxy`: runs the proxy alone.
 *
 *   OZ_APP_TOKEN=... oz-agui-proxy --upstream https://edge.example.com:7443 \
 *     [--port 8787] [--host 127.0.0.1] [--cacert ca.crt] [--base-path /api] \
 *     [--allow-origin https://app.example.com]... [--agents helper,asker] [--tenants acme] \
 *     [--inspect [--inspect-max-runs 50] [--inspect-redis redis://host:6379]]
 *
 * The token comes only from the environment variable OZ_APP_TOKEN, never from
 * a flag, so it stays out of process listings and shell history. `--inspect`
 * turns on the inspection feed (redacted, bounded) for whoever sends
 * `Authorization: Bearer <OZ_INSPECT_KEY>`, a key of its own, also read from
 * the environment only. `--inspect-redis` keeps the feed in Redis Streams so
 * that every replica lists and follows every run; a URL with a password is
 * better given in OZ_INSPECT_REDIS_URL (kept out of process listings).
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { redisInspectStore } from './inspect-redis.js';
import { createProxyServer } from './node.js';

const USAGE = `Usage: OZ_APP_TOKEN=<token> oz-agui-proxy --upstream <edge url> [options]

Runs the backend token proxy alone: the page posts to it, it adds the app token
(which never reaches the page) and forwards to the OZ edge's AG-UI route.

Options:
      --upstream <url>          the OZ edge, e.g. https://edge.example.com:7443 (required)
      --port <port>             the port to listen on (0: one the system picks; default 8787)
      --host <host>             the address to bind (default 127.0.0.1)
      --cacert <file>           a PEM certificate authority to trust for the upstream
      --base-path <path>        where the route is mounted (default /; e.g. /api)
      --allow-origin <origin>   a page origin allowed to post cross-site (repeat for more)
      --agents <a,b>            only these agents are forwarded (default: any)
      --tenants <t,u>           only these tenants are forwarded (default: any)
      --inspect                 turn on the inspection feed for <oz-inspector> (redacted, bounded)
      --inspect-max-runs <n>    runs the feed keeps (default 50), with --inspect
      --inspect-redis <url>     keep the feed in Redis so every replica serves every run, with --inspect
  -h, --help                    this text

Environment (read from the environment only, never from a flag):
  OZ_APP_TOKEN          the app token sent upstream (required)
  OZ_INSPECT_KEY        the inspection feed's key (16 characters or more), with --inspect
  OZ_INSPECT_REDIS_URL  the feed's Redis (instead of --inspect-redis, for a URL with a password)`;

function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

/** Authorizes `Authorization: Bearer <key>`, compared in constant time. */
function bearerKey(key: string): (request: Request) => boolean {
  const expected = Buffer.from(`Bearer ${key}`);
  return (request) => {
    const given = Buffer.from(request.headers.get('Authorization') ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

function fail(message: string): never {
  console.error(`oz-agui-proxy: ${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        upstream: { type: 'string' },
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        cacert: { type: 'string' },
        'base-path': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        agents: { type: 'string' },
        tenants: { type: 'string' },
        inspect: { type: 'boolean' },
        'inspect-max-runs': { type: 'string' },
        'inspect-redis': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.upstream) fail('--upstream is required');
  const token = process.env.OZ_APP_TOKEN;
  if (!token) fail('set the app token in the environment variable OZ_APP_TOKEN');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port ${values.port} is not a port`);
  const inspectKey = process.env.OZ_INSPECT_KEY;
  if (values.inspect && (!inspectKey || inspectKey.length < 16)) fail('--inspect needs a key of 16 characters or more in the environment variable OZ_INSPECT_KEY');
  const maxRuns = values['inspect-max-runs'] === undefined ? undefined : Number(values['inspect-max-runs']);
  if (maxRuns !== undefined && (!Number.isInteger(maxRuns) || maxRuns < 1)) fail(`--inspect-max-runs ${values['inspect-max-runs']} is not a whole number >= 1`);
  const redisUrl = values['inspect-redis'] ?? process.env.OZ_INSPECT_REDIS_URL;
  if (redisUrl !== undefined && !values.inspect) fail('--inspect-redis (or OZ_INSPECT_REDIS_URL) needs --inspect');
  let store;
  try {
    store = redisUrl === undefined ? undefined : redisInspectStore({ url: redisUrl });
  } catch (err) {
    fail((err as Error).message);
  }
  let ca: Buffer | undefined;
  if (values.cacert) {
    try {
      ca = readFileSync(values.cacert);
    } catch {
      fail(`cannot read --cacert ${values.cacert}`);
    }
  }

  let proxy;
  try {
    proxy = createProxyServer({
      upstream: values.upstream,
      token,
      ...(ca ? { ca } : {}),
      ...(values['base-path'] ? { basePath: values['base-path'] } : {}),
      ...(values['allow-origin'] ? { allowOrigins: values['allow-origin'] } : {}),
      ...(list(values.agents) ? { agents: list(values.agents) } : {}),
      ...(list(values.tenants) ? { tenants: list(values.tenants) } : {}),
      ...(values.inspect ? { inspect: { authorize: bearerKey(inspectKey!), ...(maxRuns ? { maxRuns } : {}), ...(store ? { store } : {}) } } : {}),
    });
  } catch (err) {
    fail((err as Error).message);
  }
  const { url } = await proxy.listen(port, values.host);
  console.log(`oz-agui-proxy: ${url} -> ${values.upstream}`);
  if (values.inspect) console.log(`oz-agui-proxy: inspection feed on at ${url}${values['base-path'] ?? ''}/__inspect (redacted; Bearer OZ_INSPECT_KEY; kept in ${store ? 'Redis' : 'this process'})`);

  const stop = () => {
    void proxy.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`oz-agui-proxy: ${(err as Error)?.message ?? err}`);
  process.exit(1);
});
