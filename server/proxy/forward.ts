/** Turning the edge's answer into the page's: the stream as it is, or a scrubbed JSON error. */
import { codeForStatus } from '../../src/protocol/index.js';
import { jsonError, scrub, scrubJson } from './errors.js';
import { NODE_BODY, nodeBodyOf, type NodeBody, type StreamTap } from './upstream.js';

/** Where the proxy reports what went wrong (never with a token in it). */
export interface ProxyLogger {
  warn(message: string): void;
  error(message: string): void;
}

/** Request headers that go upstream; nothing else does (never the page's Authorization or Cookie). */
export const FORWARDED_REQUEST_HEADERS = ['Content-Type', 'Accept', 'Last-Event-ID', 'Accept-Language'] as const;

/** Response headers passed back from the edge; Set-Cookie, WWW-Authenticate and the like are dropped. */
const PASSED_RESPONSE_HEADERS = ['Content-Type', 'Content-Language', 'Retry-After'] as const;

/** An upstream error body is read up to this many bytes. */
const MAX_ERROR_BYTES = 64 * 1024;

function passedHeaders(from: Headers, secrets: readonly string[], extra: Record<string, string>): Headers {
  const h = new Headers();
  for (const name of PASSED_RESPONSE_HEADERS) {
    const v = from.get(name);
    if (v !== null) h.set(name, scrub(v, secrets));
  }
  for (const [k, v] of Object.entries(extra)) h.set(k, v);
  return h;
}

/**
 * The stream for the page: each upstream chunk passed on as it came, pulled
 * only when the page reads (backpressure). A stream that breaks after it
 * started simply ends, so the client reconnects with Last-Event-ID; the page
 * going away cancels the upstream request. A `tap` is given each chunk after
 * the page's stream took it.
 */
export function passThrough(body: ReadableStream<Uint8Array>, onBreak: (err: unknown) => void, tap?: StreamTap): ReadableStream<Uint8Array> {
  const node = nodeBodyOf(body);
  const reader = body.getReader();
  let cancelled = false;
  const out = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          if (!cancelled) onBreak(err);
          chunk = { done: true, value: undefined };
        }
        if (cancelled) return;
        if (chunk.done) {
          controller.close();
          tap?.end();
        } else {
          controller.enqueue(chunk.value);
          tap?.chunk(chunk.value);
        }
      },
      cancel(reason) {
        if (!cancelled) tap?.end();
        cancelled = true;
        return reader.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  if (node) Object.defineProperty(out, NODE_BODY, { value: { ...node, onBreak, ...(tap ? { tap } : {}) } satisfies NodeBody });
  return out;
}

/** Whether an upstream answer is an event stream. */
export function isEventStream(res: Response): boolean {
  return (res.headers.get('Content-Type') ?? '').toLowerCase().startsWith('text/event-stream');
}

/** The page's response to a successful upstream answer: SSE headers right, never compressed; `tap` tees the body. */
export function streamResponse(res: Response, secrets: readonly string[], cors: Record<string, string>, logger: ProxyLogger, tap?: StreamTap): Response {
  const headers = passedHeaders(res.headers, secrets, cors);
  if (isEventStream(res)) {
    headers.set('Cache-Control', 'no-cache, no-transform');
    headers.set('X-Accel-Buffering', 'no');
  } else {
    headers.set('Cache-Control', 'no-store');
  }
  if (!res.body) {
    tap?.end();
    return new Response(null, { status: res.status, headers });
  }
  const body = passThrough(res.body, (err) => logger.warn(`oz-agui-proxy: upstream stream broke: ${scrub(String((err as Error)?.message ?? err), secrets)}`), tap);
  return new Response(body, { status: res.status, headers });
}

async function readBounded(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < MAX_ERROR_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, MAX_ERROR_BYTES).toString('utf8');
}

/**
 * The page's response to an upstream error: the edge's JSON `{code, message}`
 * with its status, scrubbed of every secret, or a `{code, message}` of the
 * proxy's own when the edge's body is not one.
 */
export async function errorResponse(res: Response, secrets: readonly string[], cors: Record<string, string>): Promise<Response> {
  const text = await readBounded(res).catch(() => '');
  const headers = passedHeaders(res.headers, secrets, cors);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const body = scrubJson(parsed, secrets) as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body) && typeof body.code === 'string' && typeof body.message === 'string') {
    headers.set('Content-Type', 'application/json; charset=utf-8');
    headers.set('Cache-Control', 'no-store');
    return new Response(JSON.stringify(body), { status: res.status, headers });
  }
  const status = res.status >= 500 ? 502 : res.status;
  return jsonError(status, { code: codeForStatus(res.status), message: `OZ answered ${res.status}.` }, headers);
}
