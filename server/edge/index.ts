/**
 * The development edge: an OZ edge simulator on node:http that speaks the
 * AG-UI route as the spec says, for scripted agents, with dev credentials,
 * fault injection and test hooks. A development tool (as stripe-mock is for
 * Stripe), never part of the product's code paths.
 *
 * ```ts
 * const edge = await startEdge({ port: 0 });
 * // POST `${edge.url}/v1/agui/agents/helper?tenant=acme` with `Authorization: Bearer ana-token`
 * await edge.close();
 * ```
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { EdgeRuntime } from './contract.js';
import type { createEdgeRuntime } from './runtime/index.js';
import type { EdgeContext } from './http/context.js';
import type { EdgeLogger } from './http/errors.js';
import type { FaultOptions } from './http/faults.js';
import { createEdgeHandler } from './http/handler.js';
import { EdgeStats } from './http/stats.js';

export { EdgeStats } from './http/stats.js';
export type { EdgeStatsSnapshot } from './http/stats.js';
export type { FaultOptions } from './http/faults.js';
export { parseFaults } from './http/faults.js';
export { EdgeHttpError } from './http/errors.js';
export type * from './contract.js';

/** The runtime's own options (identities, clock, ids, agents), as `createEdgeRuntime` takes them. */
export type EdgeRuntimeOptions = NonNullable<Parameters<typeof createEdgeRuntime>[0]>;

/** How to start an edge. */
export interface StartEdgeOptions {
  /** The port (0, the default, picks any free one). */
  port?: number;
  /** The address to listen on: 127.0.0.1 by default. */
  host?: string;
  /** A runtime to serve; by default one is created from `runtimeOptions`. */
  runtime?: EdgeRuntime;
  /** Options of the runtime created when `runtime` is not given. */
  runtimeOptions?: Partial<EdgeRuntimeOptions>;
  /** A stream ends after this many ms without a terminal event (30 min by default). */
  streamMaxMs?: number;
  /** The keep-alive comment's interval while a turn is silent (15 s by default). */
  keepAliveMs?: number;
  /** Faults applied to every stream of this edge. */
  faults?: FaultOptions;
  /** The URL people reach the edge at (console links); the edge's own URL by default. */
  publicUrl?: string;
  /** `/__edge/*` hooks and per-request faults: on by default (a development tool). */
  devHooks?: boolean;
  /** Where server-side errors are logged (stderr by default). */
  log?: EdgeLogger;
}

/** A running edge. */
export interface StartedEdge {
  /** e.g. `http://127.0.0.1:7443` (no trailing slash). */
  url: string;
  port: number;
  runtime: EdgeRuntime;
  stats: EdgeStats;
  /** Stops listening, ends every open connection, and resolves once closed. */
  close(): Promise<void>;
}

const THIRTY_MINUTES = 30 * 60 * 1000;
const FIFTEEN_SECONDS = 15 * 1000;

function defaultLog(message: string, error?: unknown): void {
  console.error(message, error instanceof Error ? (error.stack ?? error.message) : (error ?? ''));
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Starts a development edge on node:http. */
export async function startEdge(options: StartEdgeOptions = {}): Promise<StartedEdge> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer({ noDelay: true, keepAlive: true });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const address = await listen(server, options.port ?? 0, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  const publicUrl = (options.publicUrl ?? url).replace(/\/+$/, '');
  let runtime: EdgeRuntime;
  try {
    runtime = options.runtime ?? (await import('./runtime/index.js')).createEdgeRuntime({ publicUrl, ...(options.runtimeOptions ?? {}) } as EdgeRuntimeOptions);
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
  const stats = new EdgeStats();
  const ctx: EdgeContext = {
    runtime,
    stats,
    streamMaxMs: options.streamMaxMs ?? THIRTY_MINUTES,
    keepAliveMs: options.keepAliveMs ?? FIFTEEN_SECONDS,
    faults: options.faults,
    devHooks: options.devHooks !== false,
    consoleOrigins: [new URL(publicUrl).origin],
    log: options.log ?? defaultLog,
  };
  server.on('request', createEdgeHandler(ctx));

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }));
  return { url, port: address.port, runtime, stats, close };
}
