/**
 * `oz-agui/proxy/node`: the proxy in node:http. `toNodeHandler` turns any
 * Fetch handler into a request listener (the client closing aborts the
 * request's signal; the body is written chunk by chunk with backpressure,
 * never compressed); `createProxyServer` runs the proxy as a server.
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createAguiProxy, type AguiProxyOptions } from './index.js';
import { nodeBodyOf, type NodeBody } from './upstream.js';
import { rememberRawTarget } from './request-target.js';
import { closeAfterAnswer } from '../shared/lingering-close.js';

/** A Fetch-API handler. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** The request body as a web stream, read only when the handler reads it. */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.pause();
      req.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => controller.close());
      req.on('error', (err) => controller.error(err));
    },
    pull() {
      req.resume();
    },
    cancel() {
      req.pause();
    },
  });
}

/** Options of {@link toRequest}. */
export interface ToRequestOptions {
  /** The path and query to use instead of `req.url` (Express: `req.originalUrl`). */
  url?: string;
  /** A body already read by a framework, instead of the request stream. */
  body?: Uint8Array;
}

/**
 * A Fetch Request from node's IncomingMessage; its signal aborts when the
 * client goes away. The target as it came on the request line is kept beside
 * it for the proxy, which judges that one and not the URL WHATWG normalised.
 * Throws a TypeError for a target or Host no URL can be made of.
 */
export function toRequest(req: IncomingMessage, res: ServerResponse, options: ToRequestOptions = {}): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.startsWith(':')) continue;
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header a Fetch Headers object refuses is left out.
    }
  }
  const secure = (req.socket as { encrypted?: boolean }).encrypted === true;
  const target = options.url ?? req.url ?? '/';
  const url = new URL(target, `${secure ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`);
  const ac = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) ac.abort(new Error('client closed the connection'));
  });
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (options.body) headers.delete('Content-Length');
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: ac.signal };
  if (hasBody) {
    init.body = (options.body ?? bodyStream(req)) as BodyInit;
    init.duplex = 'half';
  }
  const request = new Request(url, init);
  rememberRawTarget(request, target);
  return request;
}

/** The answer to a request no Fetch Request can be made of (a target or Host that is no URL): 400, as JSON. */
export function unreadableRequest(): Response {
  const body = { code: 'invalid_argument', message: 'The request target or Host is not a URL.', reason: 'bad_path' };
  return new Response(JSON.stringify(body), { status: 400, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** The bytes node answers a request it cannot parse with (a NUL or control character in the request line, a bad header). */
const CLIENT_ERROR = (() => {
  const body = JSON.stringify({ code: 'invalid_argument', message: 'The request could not be read.', reason: 'bad_request' });
  return `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
})();

/**
 * Answers what node's HTTP parser refused (it never reaches a handler) with the
 * proxy's JSON 400 instead of node's bare one; a socket already written to is
 * just closed. Install it with `server.on('clientError', answerClientError)`.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable || (socket as { bytesWritten?: number }).bytesWritten) {
    socket.destroy();
    return;
  }
  socket.end(CLIENT_ERROR);
}

/**
 * Pipes an upstream node response straight into the page's: each chunk as it
 * came, paused while the page's socket is full; a break ends the page's
 * stream cleanly; the page going away ends the upstream request. A tap (the
 * inspection feed) is handed each chunk after it was written.
 */
function pipeNode(body: NodeBody, res: ServerResponse): Promise<void> {
  const src = body.source;
  const tap = body.tap;
  return new Promise((resolve) => {
    let done = false;
    const finish = (end: boolean) => {
      if (done) return;
      done = true;
      src.off('data', onData);
      res.off('drain', onDrain);
      if (end && !res.destroyed) res.end();
      tap?.end();
      resolve();
    };
    // The chunks one socket read brings go out in one writev: corked until the
    // end of this tick (no added latency), each still its own HTTP chunk.
    let corked = false;
    const uncork = () => {
      corked = false;
      res.uncork();
    };
    const onData = (chunk: Buffer) => {
      if (!corked) {
        corked = true;
        res.cork();
        process.nextTick(uncork);
      }
      if (!res.write(chunk)) src.pause();
      tap?.chunk(chunk);
    };
    const onDrain = () => src.resume();
    const broke = (err: unknown) => {
      if (done) return;
      body.onBreak?.(err);
      finish(true);
    };
    src.on('data', onData);
    res.on('drain', onDrain);
    src.once('end', () => finish(true));
    src.once('error', broke);
    src.once('close', () => {
      if (!src.complete) broke(new Error('upstream connection closed'));
    });
    res.once('close', () => {
      if (res.writableFinished) return;
      finish(false);
      body.abort();
    });
    src.resume();
  });
}

/** Writes a Fetch Response to node's ServerResponse: headers at once, then each chunk as it comes, with backpressure. */
export async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  // A refusal before the body was read: close after the answer, lingering so the client reads it.
  const closing = !req.complete && response.status >= 400;
  if (closing) closeAfterAnswer(res);
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !(closing && name === 'connection')) headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const stream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  if (stream) {
    res.socket?.setNoDelay(true);
    res.flushHeaders();
  }
  const node = nodeBodyOf(response.body);
  if (node) return pipeNode(node, res);
  const reader = response.body.getReader();
  const gone = () => void reader.cancel(new Error('client closed the connection')).catch(() => {});
  res.on('close', gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          const go = () => {
            res.off('drain', go);
            res.off('close', go);
            resolve();
          };
          res.on('drain', go);
          res.on('close', go);
        });
      }
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    res.off('close', gone);
  }
}

/** A node:http request listener running a Fetch handler. */
export function toNodeHandler(handler: FetchHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      let response: Response;
      let request: Request;
      try {
        request = toRequest(req, res);
      } catch {
        await writeResponse(req, res, unreadableRequest());
        return;
      }
      try {
        response = await handler(request);
      } catch {
        response = new Response(JSON.stringify({ code: 'internal', message: 'The proxy failed.' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
        });
      }
      await writeResponse(req, res, response);
    })();
  };
}

/** The proxy as a node:http server. */
export interface ProxyServer {
  server: Server;
  /** Starts listening; resolves with the bound port (0 picks a free one). */
  listen(port?: number, host?: string): Promise<{ port: number; host: string; url: string }>;
  /** Stops taking connections, ends open streams and closes upstream connections. */
  close(): Promise<void>;
}

/** Server timeouts: they bound receiving a request, never a streaming response. */
export interface ProxyServerTimeouts {
  /** Time to receive the whole request (default 120 s; 0: none). */
  requestTimeout?: number;
  /** Time to receive the headers (default 30 s). */
  headersTimeout?: number;
}

/**
 * Creates a node:http server running the proxy. A response may stream for as
 * long as the edge streams: node's requestTimeout bounds only the request, and
 * the socket has no idle timeout, so a long, silent tool call is not cut.
 */
export function createProxyServer(options: AguiProxyOptions & ProxyServerTimeouts): ProxyServer {
  const proxy = createAguiProxy(options);
  const server = http.createServer({ noDelay: true }, toNodeHandler(proxy));
  server.on('clientError', answerClientError);
  server.requestTimeout = options.requestTimeout ?? 120_000;
  server.headersTimeout = Math.min(options.headersTimeout ?? 30_000, server.requestTimeout || Infinity);
  server.timeout = 0;
  return {
    server,
    listen(port = 8787, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const addr = server.address() as AddressInfo;
          const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
          resolve({ port: addr.port, host: addr.address, url: `http://${shown}:${addr.port}` });
        });
      });
    },
    close() {
      const closed = new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return Promise.all([closed, proxy.close()]).then(() => undefined);
    },
  };
}
