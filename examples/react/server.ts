/**
 * The React example's backend (examples/dev-server.ts: the proxy beside Vite):
 *
 *   npx oz-agui-edge                                       # one terminal
 *   npx tsx --conditions=source examples/react/server.ts   # another: http://127.0.0.1:5174
 */
import { fileURLToPath } from 'node:url';
import { runExampleServer, startExampleServer, type ExampleServer } from '../dev-server.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export function startReactExample(options: { edgeUrl: string; token: string; tenant: string; port?: number }): Promise<ExampleServer> {
  return startExampleServer({ root, port: 5174, ...options });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runExampleServer(root, 5174, 'React example');
