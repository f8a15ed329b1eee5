/**
 * The React example's backend: oz-agui's token proxy at /agui and the page
 * (Vite, in development) on one origin, so the page posts to its own origin
 * and never holds the token (here one person's, set on the server). Your own
 * backend mounts the same `createAguiProxy` (README: "Backend").
 *
 *   npx oz-agui-edge                                   # one terminal
 *   npx tsx --conditions=source examples/react/server.ts   # another: http://localhost:5174
 *
 * OZ_EDGE_URL, OZ_APP_TOKEN and OZ_TENANT point it at another edge.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createAguiProxy } from 'oz-agui/proxy';
import { toNodeHandler } from 'oz-agui/proxy/node';

export interface ReactExampleOptions {
  /** The OZ edge (or the development edge). */
  edgeUrl: string;
  /** The app token the proxy adds upstream. */
  token: string;
  tenant: string;
  /** 0: one the system picks. */
  port?: number;
}

const root = fileURLToPath(new URL('.', import.meta.url));

export async function startReactExample(options: ReactExampleOptions): Promise<{ url: string; close(): Promise<void> }> {
  const proxy = toNodeHandler(createAguiProxy({ upstream: options.edgeUrl, token: options.token, basePath: '/agui', tenants: [options.tenant] }));
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({ configFile: `${root}vite.config.ts`, root, server: { middlewareMode: true, hmr: false }, appType: 'spa', logLevel: 'warn' });
  const server = createServer((req, res) => (req.url?.startsWith('/agui/') ? proxy(req, res) : vite.middlewares(req, res)));
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(options.port ?? 5174, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await vite.close();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const app = await startReactExample({
    edgeUrl: process.env.OZ_EDGE_URL ?? 'http://127.0.0.1:7443',
    // The development edge's person ana (public, development only); never a real token in code.
    token: process.env.OZ_APP_TOKEN ?? 'ana-token',
    tenant: process.env.OZ_TENANT ?? 'acme',
  });
  console.log(`React example on ${app.url}`);
}
