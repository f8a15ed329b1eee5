/** Reading what a request carries: its credential, its body (bounded), its form fields. */
import type { IncomingMessage } from 'node:http';
import type { Credential } from '../contract.js';
import { EdgeHttpError } from './errors.js';

/** The console session cookie's name. */
export const SESSION_COOKIE = 'oz0_session';

/** A header's single value (the first when repeated). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** The value of one cookie, or undefined. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const raw = header(req, 'cookie');
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The bearer token of `Authorization: Bearer <token>`, or undefined. */
export function readBearer(req: IncomingMessage): string | undefined {
  const m = /^Bearer[ \t]+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '');
  return m?.[1];
}

/**
 * The request's credential, read from headers only (never the body): the
 * Bearer token when there is an Authorization header, else the session cookie.
 */
export function readCredential(req: IncomingMessage): Credential {
  if (header(req, 'authorization') !== undefined) {
    const bearer = readBearer(req);
    return bearer ? { bearer } : {};
  }
  const session = readCookie(req, SESSION_COOKIE);
  return session ? { session } : {};
}

/** The media type of Content-Type, lower-cased, without parameters. */
export function mediaType(req: IncomingMessage): string | undefined {
  const v = header(req, 'content-type');
  return v ? v.split(';')[0]!.trim().toLowerCase() : undefined;
}

/** Refuses with 415 unless the body's media type is `expected`. */
export function requireMediaType(req: IncomingMessage, expected: string): void {
  const type = mediaType(req);
  if (type !== expected) {
    throw new EdgeHttpError(415, 'unsupported_media_type', `Content-Type must be ${expected}${type ? `, not ${type}` : ''}.`);
  }
}

/**
 * Reads the body up to `limit` bytes. A declared Content-Length past the limit
 * is refused (413) before a byte is read; a chunked body is counted while it
 * is read, and reading stops at the first chunk past the limit (413). The
 * refusal's answer closes the connection, so the rest is never read.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = header(req, 'content-length');
  if (declared !== undefined) {
    const n = Number(declared);
    if (!/^\d+$/.test(declared.trim()) || !Number.isSafeInteger(n)) throw new EdgeHttpError(400, 'invalid_argument', 'Content-Length is not a number.');
    if (n > limit) throw tooLarge(limit);
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onClose = () => {
      cleanup();
      reject(new EdgeHttpError(400, 'invalid_argument', 'The request ended before its body did.'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
}

function tooLarge(limit: number): EdgeHttpError {
  return new EdgeHttpError(413, 'payload_too_large', `The body is larger than ${limit} bytes.`);
}

/** Parses a JSON body, refusing malformed JSON with 400 invalid_argument. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new EdgeHttpError(400, 'invalid_argument', 'The body is not valid JSON.');
  }
}

/** Reads an `application/x-www-form-urlencoded` body (bounded) into its fields. */
export async function readForm(req: IncomingMessage, limit = 64 * 1024): Promise<URLSearchParams> {
  requireMediaType(req, 'application/x-www-form-urlencoded');
  const body = await readBody(req, limit);
  return new URLSearchParams(body.toString('utf8'));
}
