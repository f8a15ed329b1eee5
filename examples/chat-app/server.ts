/**
 * The chat app's backend: a development sign-in (pick ana, ben or cy), the
 * token proxy mounted at /agui with each person's token looked up on the
 * server, and the page (served by Vite in development). The page never holds
 * a token. Uses only oz-agui's public exports, as your own backend would.
 *
 * With `inspect`, the proxy's inspection feed is on at /agui/__inspect for the
 * people in the support role only: they can list everyone's runs and follow
 * them live, redacted (message text, tool arguments, note text and cards
 * masked, sizes kept) — still who talked to which agent, when, and how it went.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { createAguiProxy } from 'oz-agui/proxy';
import { toNodeHandler } from 'oz-agui/proxy/node';
import { createSessions } from './session.js';

export interface ChatAppOptions {
  /** The OZ edge (or development edge) base URL. */
  edgeUrl: string;
  tenant: string;
  /** The tenant's AI label (OZ starts each answer with it), shown by the chat as a badge. */
  aiLabel?: string;
  /** Person -> their OZ app token. Stays on the server. */
  people: Record<string, string>;
  /** Agents the page offers, and the proxy lets through. */
  agents: string[];
  port?: number;
  host?: string;
  /** PEM of a private CA the edge's certificate is signed by. */
  ca?: string;
  /** The proxy's inspection feed (off when absent), for the people in the support role. */
  inspect?: { support: string[] };
}

export interface ChatApp {
  url: string;
  close(): Promise<void>;
}

const root = fileURLToPath(new URL('.', import.meta.url));

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage, limit = 4096): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/** Starts the app's backend and its page on one origin. */
export async function startChatApp(options: ChatAppOptions): Promise<ChatApp> {
  const port = options.port ?? 5173;
  const host = options.host ?? '127.0.0.1';
  const origin = `http://localhost:${port}`;
  const sessions = createSessions();
  const support = new Set(options.inspect?.support ?? []);
  const proxy = toNodeHandler(
    createAguiProxy({
      upstream: options.edgeUrl,
      basePath: '/agui',
      tenants: [options.tenant],
      agents: options.agents,
      allowOrigins: [origin, `http://127.0.0.1:${port}`],
      cookieAuth: true,
      ...(options.ca ? { ca: options.ca } : {}),
      token: (request) => {
        const person = sessions.read(request.headers.get('cookie'));
        return person ? options.people[person] : undefined;
      },
      ...(options.inspect
        ? {
            inspect: {
              // The example's sign-in decides: only a signed-in person in the support role.
              authorize: (request: Request) => {
                const person = sessions.read(request.headers.get('cookie'));
                return person !== undefined && support.has(person);
              },
              person: (request: Request) => sessions.read(request.headers.get('cookie')),
            },
          }
        : {}),
    }),
  );

  const { createServer: createVite } = await import('vite');
  const vite: ViteDevServer = await createVite({ configFile: `${root}vite.config.ts`, root, server: { middlewareMode: true, hmr: false }, appType: 'spa', logLevel: 'warn' });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    try {
      if (url.pathname.startsWith('/agui/')) return await proxy(req, res);
      if (url.pathname === '/api/me' && req.method === 'GET') {
        const person = sessions.read(req.headers.cookie);
        const inspect = options.inspect && person !== undefined && support.has(person) ? '/agui/__inspect' : null;
        return json(res, 200, { person: person ?? null, people: Object.keys(options.people), agents: options.agents, tenant: options.tenant, aiLabel: options.aiLabel ?? null, inspect });
      }
      if (url.pathname === '/api/sign-in' && req.method === 'POST') {
        if (req.headers['content-type'] !== 'application/json') return json(res, 415, { code: 'unsupported_media_type', message: 'Send JSON.' });
        const body = (await readJson(req)) as { person?: unknown };
        const person = typeof body.person === 'string' ? body.person : '';
        if (!Object.hasOwn(options.people, person)) return json(res, 400, { code: 'invalid_argument', message: 'Unknown person.' });
        return json(res, 200, { person }, { 'Set-Cookie': sessions.issue(person) });
      }
      if (url.pathname === '/api/sign-out' && req.method === 'POST') return json(res, 200, {}, { 'Set-Cookie': sessions.clear() });
      vite.middlewares(req, res, () => json(res, 404, { code: 'not_found', message: 'Not found.' }));
    } catch {
      if (!res.headersSent) json(res, 500, { code: 'internal', message: 'Something went wrong.' });
      else res.destroy();
    }
  });
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    url: origin,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await vite.close();
    },
  };
}
