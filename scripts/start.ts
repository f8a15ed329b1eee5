/**
 * `npm start`: the development edge, the token proxy and the example chat app
 * together; prints the URL and stops everything on Ctrl-C.
 *
 * Against a real OZ edge instead (no code change):
 *   OZ_EDGE_URL=https://edge.example.com:7443  the edge to use (the embedded dev edge when unset)
 *   OZ_CA_FILE=ca.crt                          its private CA, when it has one
 *   OZ_TENANT=acme                             the tenant
 *   OZ_AI_LABEL='AI: '                         the tenant's AI label (the dev edge's is 'AI: ')
 *   OZ_PEOPLE_FILE=people.json                 {"<person>": "<their app token>"}, read on the server only
 *   OZ_AGENTS=helper,asker                     the agents the app offers
 *   PORT=5173, OZ_EDGE_PORT=7443
 *   OZ_EDGE_FAULTS=drop-after=7             network faults on every stream of the dev edge (see its README)
 *   OZ_INSPECT=1                            the proxy's inspection feed at /agui/__inspect (off by default): the
 *                                           people in OZ_SUPPORT (default ben) list and follow everyone's runs,
 *                                           redacted. Who talked to which agent, when, stays visible: opt in knowingly.
 *   OZ_SUPPORT=ben,cy                       the support role, with OZ_INSPECT=1
 */
import { readFileSync } from 'node:fs';
import { parseFaults, startEdge } from 'oz-agui/edge';
import { startChatApp } from '../examples/chat-app/server.js';

const DEV_PEOPLE = { ana: 'ana-token', ben: 'ben-token', cy: 'cy-token' };
const DEV_AGENTS = ['helper', 'asker', 'delegator', 'confirmer', 'writer', 'board', 'failing', 'quota', 'budget', 'stepper'];

const env = process.env;
const port = Number(env.PORT ?? 5173);
const stops: Array<() => Promise<void>> = [];

let edgeUrl = env.OZ_EDGE_URL;
if (!edgeUrl) {
  const edgePort = Number(env.OZ_EDGE_PORT ?? 7443);
  const edge = await startEdge({
    port: edgePort,
    host: '127.0.0.1',
    publicUrl: `http://localhost:${edgePort}`,
    ...(env.OZ_EDGE_FAULTS ? { faults: parseFaults(env.OZ_EDGE_FAULTS) } : {}),
  });
  stops.push(() => edge.close());
  edgeUrl = edge.url;
  console.log(`Development edge: ${edge.url} (development credentials; see server/edge/README.md)`);
}

const inspect =
  env.OZ_INSPECT === '1'
    ? {
        support: (env.OZ_SUPPORT ?? 'ben')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      }
    : undefined;
const people = env.OZ_PEOPLE_FILE ? (JSON.parse(readFileSync(env.OZ_PEOPLE_FILE, 'utf8')) as Record<string, string>) : DEV_PEOPLE;
const app = await startChatApp({
  edgeUrl,
  tenant: env.OZ_TENANT ?? 'acme',
  aiLabel: env.OZ_AI_LABEL ?? (env.OZ_EDGE_URL ? undefined : 'AI: '),
  people,
  agents: env.OZ_AGENTS
    ? env.OZ_AGENTS.split(',')
        .map((a) => a.trim())
        .filter(Boolean)
    : DEV_AGENTS,
  port,
  host: env.HOST ?? '127.0.0.1',
  ...(env.OZ_CA_FILE ? { ca: readFileSync(env.OZ_CA_FILE, 'utf8') } : {}),
  ...(inspect ? { inspect } : {}),
});
stops.unshift(() => app.close());
console.log(`\n  OZ chat is running: ${app.url}\n  Press Ctrl-C to stop.\n`);
if (inspect) console.log(`  Inspection feed (redacted) at ${app.url}/agui/__inspect, for: ${inspect.support.join(', ')}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const s of stops) await s().catch((err: Error) => console.error(err.message));
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
