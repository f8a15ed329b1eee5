/**
 * The transport's one error type. Its `message` is for developers and never
 * holds a token or a header value; `code` is stable for programs.
 */
import type { HttpErrorBody } from '../protocol/index.js';

/** Why the transport failed. */
export type TransportErrorCode =
  /** The route refused the request before the stream (a status that retrying cannot change). */
  | 'http_error'
  /** The connection failed or dropped (retryable). */
  | 'network'
  /** The answer was not an event stream (a 200 of another content type, or no body). */
  | 'bad_response'
  /** The reconnect budget ran out; `cause` holds the last failure. */
  | 'gave_up'
  /** The caller aborted. openRun itself ends quietly on abort; adapters that must report it use this. */
  | 'aborted'
  /** A recording or an event that could not be read. */
  | 'malformed_event'
  /** The request holds what the route refuses (tools, images, files): it was not sent. */
  | 'unsupported';

/** Details a {@link TransportError} may carry. */
export interface TransportErrorDetails {
  status?: number;
  serverCode?: string;
  retryable?: boolean;
  body?: HttpErrorBody;
  /** The underlying failure (a raw error: for logs, never for display). */
  cause?: unknown;
}

/** A failure of the transport, with a stable `code` and, for HTTP refusals, the route's `{code, message}`. */
export class TransportError extends Error {
  readonly code: TransportErrorCode;
  /** The HTTP status, for an HTTP failure (and for `gave_up` after one). */
  readonly status?: number;
  /** The `code` of the route's JSON error body, when it sent one. */
  readonly serverCode?: string;
  /** Whether sending the same request again could succeed. */
  readonly retryable: boolean;
  /** The route's JSON error body, when it sent one. */
  readonly body?: HttpErrorBody;

  constructor(code: TransportErrorCode, message: string, details: TransportErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'TransportError';
    this.code = code;
    this.retryable = details.retryable ?? false;
    if (details.status !== undefined) this.status = details.status;
    if (details.serverCode !== undefined) this.serverCode = details.serverCode;
    if (details.body !== undefined) this.body = details.body;
  }
}

/** True for a {@link TransportError} (also across bundle copies, by name and code). */
export function isTransportError(value: unknown): value is TransportError {
  return value instanceof TransportError || (value instanceof Error && value.name === 'TransportError' && typeof (value as { code?: unknown }).code === 'string');
}
