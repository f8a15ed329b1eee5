/**
 * `oz-agui-edge --port 7443 [--host 127.0.0.1] [--config file.json]`: starts
 * the development edge, prints its URL and the development credentials it
 * takes, and stops cleanly on SIGINT / SIGTERM. The only file of the edge
 * that reads process.env (OZ_AGUI_EDGE_PORT, OZ_AGUI_EDGE_HOST, OZ_AGUI_EDGE_PUBLIC_URL).
 *
 * The config file is JSON: `{port, host, publicUrl, streamMaxMs, keepAliveMs,
 * devHooks, faults: {dropAfter, cutFrame, delayMs, streamMaxMs}, runtime: {...}}`,
 * where `runtime` holds the runtime's options (its identities, to replace the
 * development credentials).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startEdge, type StartEdgeOptions } from './index.js';

const USAGE = `Usage: oz-agui-edge [--port 7443] [--host 127.0.0.1] [--config edge.json]

Starts the OZ development edge: a simulator of an OZ edge's AG-UI route with
scripted agents and development credentials. A development tool: never expose it.

Options:
  -p, --port <port>     the port to listen on (0: one the system picks; default 7443)
      --host <host>     the address to bind (default 127.0.0.1, loopback only)
  -c, --config <file>   a JSON file of the edge's options (below)
  -h, --help            this text

Environment (an option given wins over it; it wins over the config file):
  OZ_AGUI_EDGE_PORT        the port
  OZ_AGUI_EDGE_HOST        the address to bind
  OZ_AGUI_EDGE_PUBLIC_URL  the URL the edge is reached at (behind a tunnel or a proxy)

Config file: {"port", "host", "publicUrl", "streamMaxMs", "keepAliveMs", "devHooks",
  "faults": {"dropAfter", "cutFrame", "delayMs", "streamMaxMs"},
  "runtime": {"identities", "interruptTtlMs", "recheckAfterMs", "agentParams"}}
  (server/edge/README.md describes each).`;

interface EdgeConfigFile extends Omit<StartEdgeOptions, 'runtime' | 'runtimeOptions' | 'log'> {
  runtime?: StartEdgeOptions['runtimeOptions'];
}

function readConfig(path: string | undefined): EdgeConfigFile {
  if (!path) return {};
  const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${path}: the config must be a JSON object`);
  return value as EdgeConfigFile;
}

function port(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`not a port: ${value}`);
  return n;
}

/** The shape of the development runtime's identities, read loosely (another runtime may have none). */
interface IdentityView {
  tenants?: Array<{ id: string; aiLabel?: string; people?: Array<{ id: string; token: string }>; apiKeys?: Array<{ key: string; agentScopes?: string[] }>; apps?: Array<{ id: string; key: string }> }>;
}

/** The credentials the runtime takes, as lines, from its identity config when it shows one. */
function credentialLines(runtime: unknown): string[] {
  const config = (runtime as { identities?: { config?: IdentityView } }).identities?.config;
  if (!config?.tenants) return ['(this runtime does not list its credentials)'];
  const lines: string[] = [];
  for (const t of config.tenants) {
    lines.push(`tenant ${t.id}${t.aiLabel ? ` (AI label "${t.aiLabel}")` : ''}:`);
    for (const p of t.people ?? []) lines.push(`  person ${p.id}: Bearer ${p.token}`);
    for (const k of t.apiKeys ?? []) lines.push(`  API key ${k.key}${k.agentScopes ? ` (agents: ${k.agentScopes.join(', ')})` : ''}`);
    for (const a of t.apps ?? []) lines.push(`  app ${a.id}: key ${a.key} (token exchange only)`);
  }
  return lines;
}

/** A wrong command line: says what is wrong, then the usage, and exits 2. */
function fail(message: string): never {
  console.error(`oz-agui-edge: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function args() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        config: { type: 'string', short: 'c' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    return fail((err as Error).message);
  }
}

async function main(): Promise<void> {
  const values = args();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  let config: EdgeConfigFile;
  let chosenPort: number;
  try {
    config = readConfig(values.config);
    chosenPort = port(values.port) ?? port(process.env.OZ_AGUI_EDGE_PORT) ?? port(config.port === undefined ? undefined : String(config.port)) ?? 7443;
  } catch (err) {
    return fail((err as Error).message);
  }
  const { runtime: runtimeOptions, ...edgeOptions } = config;
  const options: StartEdgeOptions = {
    ...edgeOptions,
    port: chosenPort,
    host: values.host ?? process.env.OZ_AGUI_EDGE_HOST ?? config.host ?? '127.0.0.1',
  };
  const publicUrl = process.env.OZ_AGUI_EDGE_PUBLIC_URL ?? config.publicUrl;
  if (publicUrl) options.publicUrl = publicUrl;
  if (runtimeOptions) options.runtimeOptions = runtimeOptions;

  const edge = await startEdge(options);
  console.log(`OZ development edge on ${edge.url}`);
  console.log(`  route:   POST ${edge.url}/v1/agui/agents/<agent>?tenant=acme`);
  console.log(`  console: ${edge.url}/console/sign-in`);
  console.log('Development credentials (for development only):');
  for (const line of credentialLines(edge.runtime)) console.log(`  ${line}`);
  if (options.devHooks !== false) console.log(`Dev hooks on: ${edge.url}/__edge/stats, /__edge/audit, /__edge/clock, /__edge/revoke`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the edge`);
    edge.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`oz-agui-edge: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
