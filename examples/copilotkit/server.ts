/**
 * The CopilotKit example's backend (examples/dev-server.ts: the proxy beside Vite):
 *
 *   npm install --prefix examples/copilotkit                    # once: CopilotKit is its own install
 *   npx oz-agui-edge                                            # one terminal
 *   npx tsx --conditions=source examples/copilotkit/server.ts   # another: http://127.0.0.1:5175
 */
import { fileURLToPath } from 'node:url';
import { runExampleServer, startExampleServer, type ExampleServer } from '../dev-server.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export function startCopilotKitExample(options: { edgeUrl: string; token: string; tenant: string; port?: number }): Promise<ExampleServer> {
  return startExampleServer({ root, port: 5175, ...options });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runExampleServer(root, 5175, 'CopilotKit example');
