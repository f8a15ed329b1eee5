/**
 * The examples' backend (React, CopilotKit): oz-agui's token proxy at /agui
 * and the example's page (Vite, in development) on one origin, so the page
 * posts to its own origin and never holds the token (here one person's, set
 * on the server). Your own backend mounts the same `createAguiProxy`
 * (README: "Quick start"). The complete app with sign-in is examples/chat-app.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAguiProxy } from 'oz-agui/proxy';
import { toNodeHandler } from 'oz-agui/proxy/node';

export interface ExampleServerOptions {
  /** The example's folder (its vite.config.ts and index.html). */
  root: string;
  /** The OZ edge (or the development edge). */
  edgeUrl: string;
  /** The app token the proxy adds upstream. */
  token: string;
  tenant: string;
  /** 0: one the system picks. */
  port: number;
}

export interface ExampleServer {
  url: string;
  close(): Promise<void>;
}

export async function startExampleServer(options: ExampleServerOptions): Promise<ExampleServer> {
  const proxy = toNodeHandler(createAguiProxy({ upstream: options.edgeUrl, token: options.token, basePath: '/agui', tenants: [options.tenant] }));
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({ configFile: `${options.root}vite.config.ts`, root: options.root, server: { middlewareMode: true, hmr: false }, appType: 'spa', logLevel: 'warn' });
  const server = createServer((req, res) => (req.url?.startsWith('/agui/') ? proxy(req, res) : vite.middlewares(req, res)));
  server.requestTimeout = 0;
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, '127.0.0.1', () => resolve()));
  } catch (err) {
    await vite.close();
    throw err;
  }
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await vite.close();
    },
  };
}

/** Runs an example from the command line: OZ_EDGE_URL, OZ_APP_TOKEN and OZ_TENANT point it at another edge. */
export async function runExampleServer(root: string, port: number, name: string): Promise<void> {
  const edgeUrl = process.env.OZ_EDGE_URL;
  if (edgeUrl !== undefined && !process.env.OZ_APP_TOKEN) {
    console.error(`${name}: OZ_EDGE_URL names an edge of your own: set its app token in OZ_APP_TOKEN (the development token is for the development edge only)`);
    process.exit(2);
  }
  const app = await startExampleServer({
    root,
    edgeUrl: edgeUrl ?? 'http://127.0.0.1:7443',
    // The development edge's person ana (public, development only), sent only to the development edge.
    token: process.env.OZ_APP_TOKEN ?? 'ana-token',
    tenant: process.env.OZ_TENANT ?? 'acme',
    port,
  });
  console.log(`${name} on ${app.url}`);
}
