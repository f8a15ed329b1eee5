/**
 * `oz-agui-proxy`: runs the proxy alone.
 *
 *   OZ_APP_TOKEN=... oz-agui-proxy --upstream https://edge.example.com:7443 \
 *     [--port 8787] [--host 127.0.0.1] [--cacert ca.crt] [--base-path /api] \
 *     [--allow-origin https://app.example.com]... [--agents helper,asker] [--tenants acme]
 *
 * The token comes only from the environment variable OZ_APP_TOKEN, never from
 * a flag, so it stays out of process listings and shell history.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createProxyServer } from './node.js';

const USAGE = `usage: OZ_APP_TOKEN=<token> oz-agui-proxy --upstream <edge url> [--port 8787] [--host 127.0.0.1]
       [--cacert ca.crt] [--base-path /api] [--allow-origin <origin>]... [--agents a,b] [--tenants t,u]`;

function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  return items.length ? items : undefined;
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
    });
  } catch (err) {
    fail((err as Error).message);
  }
  const { url } = await proxy.listen(port, values.host);
  console.log(`oz-agui-proxy: ${url} -> ${values.upstream}`);

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
