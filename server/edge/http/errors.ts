/**
 * The edge's one HTTP error type and the one place that writes a refusal as
 * JSON `{code, message}`. A raw exception message never reaches a client: it is
 * logged here and answered as 500 `internal`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpErrorBody } from '../../../src/protocol/index.js';
import { closeAfterAnswer } from '../../shared/lingering-close.js';

/** A refusal with an HTTP status and a stable code, thrown anywhere in the HTTP layer. */
export class EdgeHttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra headers for the answer (e.g. `WWW-Authenticate`, `Allow`). */
  readonly headers: Readonly<Record<string, string>>;
  /** Extra body fields beside `code` and `message` (e.g. OAuth's `error`, the console link). */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(status: number, code: string, message: string, more: { headers?: Record<string, string>; extra?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'EdgeHttpError';
    this.status = status;
    this.code = code;
    this.headers = more.headers ?? {};
    this.extra = more.extra ?? {};
  }

  /** A refusal the runtime made, as `{status, body}`. */
  static fromRefusal(status: number, body: HttpErrorBody): EdgeHttpError {
    const { code, message, ...extra } = body;
    return new EdgeHttpError(status, code, message, { extra });
  }
}

/** Writes any JSON value with a status; the only place the HTTP layer serialises a JSON answer. */
export function writeJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/** Logs server-side; the edge's default is stderr, replaceable per edge. */
export type EdgeLogger = (message: string, error?: unknown) => void;

/**
 * Answers an error. An EdgeHttpError becomes `{code, message, ...extra}` with its
 * status; anything else is logged and answered as 500 `internal`. When the
 * request body was not read to its end, the connection is closed after the
 * answer (`Connection: close`, a lingering close so the client reads the answer
 * before the socket goes) so that the rest of the body is never read. When
 * the answer already started (a stream), the socket is destroyed instead.
 */
export function writeError(req: IncomingMessage, res: ServerResponse, error: unknown, log: EdgeLogger): void {
  const known = error instanceof EdgeHttpError ? error : undefined;
  if (!known) log(`edge: ${req.method ?? '?'} ${req.url ?? '?'} failed`, error);
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const status = known?.status ?? 500;
  const body = known ? { ...known.extra, code: known.code, message: known.message } : { code: 'internal', message: 'The edge failed to answer this request.' };
  const headers: Record<string, string> = { ...(known?.headers ?? {}) };
  if (!req.complete) closeAfterAnswer(res);
  writeJson(res, status, body, headers);
}
