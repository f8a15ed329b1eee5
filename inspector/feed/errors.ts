/**
 * The inspection feed client's one error type. Its `message` says what went
 * wrong in words a support person can act on, and never holds a header value
 * or a credential; `code` is stable for programs.
 */

/** Why the feed failed. */
export type InspectFeedErrorCode =
  /** 401: the inspector is not signed in (or sent no credentials). */
  | 'unauthenticated'
  /** 403: signed in, but the app's `authorize` refused (or the page's origin is not allowed). */
  | 'forbidden'
  /** 404: no feed at that URL (the proxy runs without `inspect`), or the run left the feed. */
  | 'not_found'
  /** Any other refusal, with its status. */
  | 'http_error'
  /** The feed could not be reached, or its stream dropped (retried while following). */
  | 'network'
  /** The answer was not the feed's: not JSON, not an event stream, not a list of runs. */
  | 'bad_response'
  /** A followed event could not be read. */
  | 'malformed'
  /** A follow's reconnect budget ran out; `cause` holds the last failure. */
  | 'gave_up';

/** Details an {@link InspectFeedError} may carry. */
export interface InspectFeedErrorDetails {
  status?: number;
  /** The `code` of the feed's JSON error body. */
  serverCode?: string;
  retryable?: boolean;
  cause?: unknown;
}

/** A failure of the inspection feed client. */
export class InspectFeedError extends Error {
  readonly code: InspectFeedErrorCode;
  readonly status?: number;
  readonly serverCode?: string;
  readonly retryable: boolean;

  constructor(code: InspectFeedErrorCode, message: string, details: InspectFeedErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'InspectFeedError';
    this.code = code;
    this.retryable = details.retryable ?? false;
    if (details.status !== undefined) this.status = details.status;
    if (details.serverCode !== undefined) this.serverCode = details.serverCode;
  }
}

const MAX_ERROR_CHARS = 16 * 1024;

/** The error for a refusal, reading the feed's `{code, message}` when it sent one. */
export async function feedErrorOf(res: Response): Promise<InspectFeedError> {
  let serverCode: string | undefined;
  let said = '';
  try {
    const text = (await res.text()).slice(0, MAX_ERROR_CHARS);
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body?.code === 'string') serverCode = body.code;
    if (typeof body?.message === 'string') said = body.message;
  } catch {
    // not the feed's JSON: the status speaks
  }
  const status = res.status;
  const tail = said ? `: ${said}` : '';
  const details: InspectFeedErrorDetails = { status, retryable: status === 408 || status === 429 || status >= 500 };
  if (serverCode !== undefined) details.serverCode = serverCode;
  if (status === 401) return new InspectFeedError('unauthenticated', `The inspection feed needs you signed in (HTTP 401${tail}).`, details);
  if (status === 403) return new InspectFeedError('forbidden', `The inspection feed refused you (HTTP 403${tail}).`, details);
  if (status === 404) return new InspectFeedError('not_found', `Nothing at that inspection feed URL: the proxy may run without the feed, or the run left it (HTTP 404${tail}).`, details);
  return new InspectFeedError('http_error', `The inspection feed answered HTTP ${status}${tail}.`, details);
}

/** True for an {@link InspectFeedError} (also across bundle copies, by name and code). */
export function isInspectFeedError(value: unknown): value is InspectFeedError {
  return value instanceof InspectFeedError || (value instanceof Error && value.name === 'InspectFeedError' && typeof (value as { code?: unknown }).code === 'string');
}
