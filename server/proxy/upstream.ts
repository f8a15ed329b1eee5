/**
 * The proxy's upstream client: a small fetch over node:http(s), so a custom CA
 * needs no extra package and no body or idle timeout ever cuts a long, silent
 * stream (global fetch's undici cuts a body that is silent for 300 s).
 */
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';

/** What the proxy sends upstream. */
export interface UpstreamInit {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  signal: AbortSignal;
}

/** A fetch-like function the proxy calls for every upstream request. */
export type UpstreamFetch = (url: string, init: UpstreamInit) => Promise<Response>;

/** A node:http(s) upstream client with its own keep-alive connection pool. */
export interface NodeUpstream {
  fetch: UpstreamFetch;
  /** Closes the pool's idle connections. */
  close(): void;
}

/** Options of {@link createNodeUpstream}. */
export interface NodeUpstreamOptions {
  /** Trusted CA certificates (PEM) for an edge with a private certificate. */
  ca?: string | Buffer | Array<string | Buffer>;
}

/**
 * Marks a web stream whose bytes come straight from a node IncomingMessage, so
 * the node adapter can pipe the socket natively (the same bytes, the same
 * backpressure) instead of through web streams. A registered symbol: no state.
 */
export const NODE_BODY = Symbol.for('oz-agui.proxy.node-body');

/** The node source behind a marked stream. */
export interface NodeBody {
  source: IncomingMessage;
  /** Ends the upstream request (the page went away). */
  abort(): void;
  /** Told when the upstream stream breaks after it started. */
  onBreak?: (err: unknown) => void;
  /** Given each chunk after it was written to the page (the inspection feed's tee). */
  tap?: StreamTap;
}

/**
 * A tee of one stream for the inspection feed. Both calls are told after the
 * page's side was served and must return at once: the tap queues, it never
 * does work or waits on the page's path.
 */
export interface StreamTap {
  /** A chunk the page was given. */
  chunk(bytes: Uint8Array): void;
  /** The stream ended: upstream finished it, it broke, or the page went away. */
  end(): void;
}

/** The node source of a stream marked by {@link toWebStream}, when nothing has read it yet. */
export function nodeBodyOf(stream: ReadableStream<Uint8Array> | null): NodeBody | undefined {
  const body = stream ? (stream as unknown as Record<symbol, NodeBody | undefined>)[NODE_BODY] : undefined;
  return body && body.source.readableDidRead === false ? body : undefined;
}

/**
 * The upstream body as a web stream, pulled with backpressure, chunks kept as
 * they came. Nothing is read until the stream is (so the node adapter may take
 * the source instead).
 */
function toWebStream(res: IncomingMessage, abort: () => void): ReadableStream<Uint8Array> {
  let settled = false;
  let wired = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!wired) {
          wired = true;
          res.on('data', (chunk: Buffer) => {
            if (settled) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) res.pause();
          });
          res.on('end', () => {
            if (settled) return;
            settled = true;
            controller.close();
          });
          const fail = (err?: Error) => {
            if (settled) return;
            settled = true;
            controller.error(err ?? new Error('upstream connection closed'));
          };
          res.on('error', fail);
          res.on('close', () => {
            if (!res.complete) fail(new Error('upstream connection closed'));
          });
        }
        res.resume();
      },
      cancel() {
        settled = true;
        abort();
      },
    },
    { highWaterMark: 0 },
  );
  Object.defineProperty(stream, NODE_BODY, { value: { source: res, abort } satisfies NodeBody });
  return stream;
}

function responseHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header a Fetch Headers object refuses is left out.
    }
  }
  return headers;
}

/** Creates an upstream client over node:http(s), with no socket, body or idle timeout. */
export function createNodeUpstream(options: NodeUpstreamOptions = {}): NodeUpstream {
  const httpAgent = new http.Agent({ keepAlive: true });
  const httpsAgent = new https.Agent({ keepAlive: true, ...(options.ca ? { ca: options.ca } : {}) });

  const fetchFn: UpstreamFetch = (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      if (!secure && target.protocol !== 'http:') {
        reject(new TypeError(`unsupported upstream protocol ${target.protocol}`));
        return;
      }
      if (init.signal.aborted) {
        reject(init.signal.reason);
        return;
      }
      const headers: Record<string, string> = { ...init.headers };
      if (init.body) headers['Content-Length'] = String(init.body.byteLength);
      const req = (secure ? https : http).request(target, {
        method: init.method,
        headers,
        agent: secure ? httpsAgent : httpAgent,
      });
      const onAbort = () => req.destroy(init.signal.reason instanceof Error ? init.signal.reason : new Error('aborted'));
      init.signal.addEventListener('abort', onAbort, { once: true });
      req.on('socket', (socket) => socket.setNoDelay(true));
      req.on('error', (err) => {
        init.signal.removeEventListener('abort', onAbort);
        reject(err);
      });
      req.on('response', (res) => {
        res.on('close', () => init.signal.removeEventListener('abort', onAbort));
        const status = res.statusCode ?? 502;
        const nullBody = status === 204 || status === 304 || init.method === 'HEAD';
        const body = nullBody ? null : toWebStream(res, () => req.destroy());
        if (nullBody) res.resume();
        else res.pause();
        resolve(new Response(body, { status: status >= 200 && status <= 599 ? status : 502, headers: responseHeaders(res.rawHeaders) }));
      });
      req.end(init.body ? Buffer.from(init.body.buffer, init.body.byteOffset, init.body.byteLength) : undefined);
    });

  return {
    fetch: fetchFn,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

/** Adapts a standard fetch (with an optional undici dispatcher) to {@link UpstreamFetch}. */
export function fromFetch(fetchImpl: typeof fetch, dispatcher?: unknown): UpstreamFetch {
  return (url, init) =>
    fetchImpl(url, {
      method: init.method,
      headers: init.headers,
      ...(init.body ? { body: init.body } : {}),
      signal: init.signal,
      ...(dispatcher ? { dispatcher } : {}),
    } as RequestInit);
}
