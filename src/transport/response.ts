/**
 * How openRun reads the route's answer before the stream starts: an event
 * stream, a refusal with the route's `{code, message}` body, or something else.
 */
import type { HttpErrorBody } from '../protocol/index.js';
import { TransportError } from './errors.js';

/** Statuses that sending the same request again cannot change. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 405, 409, 410, 413, 415, 422]);

/** Whether an HTTP status is worth retrying (429, 408 and 5xx; other 4xx are final). */
export function isRetryableStatus(status: number): boolean {
  if (FINAL_STATUSES.has(status)) return false;
  return status === 408 || status === 429 || status >= 500;
}

function readErrorBody(text: string): HttpErrorBody | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return undefined;
    const v = value as Record<string, unknown>;
    if (typeof v.code !== 'string') return undefined;
    const body: HttpErrorBody = { code: v.code, message: typeof v.message === 'string' ? v.message : '' };
    const link = v.console as Record<string, unknown> | undefined;
    if (link && typeof link === 'object' && typeof link.label === 'string' && typeof link.url === 'string') {
      body.console = { label: link.label, url: link.url };
    }
    return body;
  } catch {
    return undefined;
  }
}

/** The largest error body read, so a misbehaving server cannot make us buffer much. */
const MAX_ERROR_BODY = 64 * 1024;

async function readText(response: Response): Promise<string> {
  try {
    const text = await response.text();
    return text.length > MAX_ERROR_BODY ? text.slice(0, MAX_ERROR_BODY) : text;
  } catch {
    return '';
  }
}

/** Turns a non-2xx response into a TransportError, reading its JSON body when it has one. */
export async function httpError(response: Response): Promise<TransportError> {
  const status = response.status;
  const body = readErrorBody(await readText(response));
  const retryable = isRetryableStatus(status);
  const what = body ? ` ${body.code}${body.message ? `: ${body.message}` : ''}` : '';
  const details: ConstructorParameters<typeof TransportError>[2] = { status, retryable };
  if (body) {
    details.body = body;
    details.serverCode = body.code;
  }
  return new TransportError('http_error', `The route answered HTTP ${status}${what}`, details);
}

/** Checks a 2xx answer is an event stream with a body; returns the error when it is not. */
export function notAnEventStream(response: Response): TransportError | undefined {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/event-stream') {
    // The content type is a header value: it stays out of the message.
    return new TransportError('bad_response', `Expected an event stream (text/event-stream), HTTP ${response.status}`, {
      status: response.status,
    });
  }
  if (!response.body) return new TransportError('bad_response', `The event stream has no body (HTTP ${response.status})`, { status: response.status });
  return undefined;
}
