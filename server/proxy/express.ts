/**
 * `oz-agui/proxy/express`: the proxy as Express (or Connect) middleware.
 * Mount it before any body parser; when one ran already, the parsed body is
 * sent on as JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toRequest, unreadableRequest, writeResponse, type FetchHandler } from './node.js';

/** The parts of Express's request the wrapper reads. */
type ExpressRequest = IncomingMessage & { originalUrl?: string; body?: unknown };

/** A body a parser already read, as bytes (undefined: the stream is still unread). */
function parsedBody(req: ExpressRequest): Uint8Array | undefined {
  if (!req.readableEnded || req.body === undefined) return undefined;
  if (req.body instanceof Uint8Array) return req.body;
  if (typeof req.body === 'string') return new TextEncoder().encode(req.body);
  return new TextEncoder().encode(JSON.stringify(req.body));
}

/**
 * Wraps a Fetch handler (such as `createAguiProxy(...)`) as `(req, res, next)`.
 * The full `originalUrl` is used, so the proxy's `basePath` is the path the
 * app mounts it at, and the proxy judges that target as the client sent it
 * (Express does not normalise it). Errors go to `next`.
 */
export function aguiExpress(handler: FetchHandler) {
  return (req: ExpressRequest, res: ServerResponse, next: (err?: unknown) => void): void => {
    const body = parsedBody(req);
    let request: Request;
    try {
      request = toRequest(req, res, { ...(req.originalUrl ? { url: req.originalUrl } : {}), ...(body ? { body } : {}) });
    } catch {
      // A target or Host no URL can be made of is the client's fault, answered as JSON (never Express's error page).
      void writeResponse(req, res, unreadableRequest()).catch(next);
      return;
    }
    handler(request)
      .then((response) => writeResponse(req, res, response))
      .catch(next);
  };
}
