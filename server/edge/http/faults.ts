/**
 * Network faults a test asks for, per edge (`startEdge({faults})`) or per
 * request (header `X-Edge-Fault`, or query `fault=`): `drop-after=N`,
 * `cut-frame=N`, `delay=ms`, `stream-max=ms`, separated by commas or
 * semicolons. The edge applies them by destroying the socket, as a real
 * network would.
 */
import type { IncomingMessage } from 'node:http';
import { EdgeHttpError } from './errors.js';
import { header } from './request.js';

/** Faults applied to a stream. */
export interface FaultOptions {
  /** Destroy the connection right after the Nth event of a response (0: before the first). */
  dropAfter?: number;
  /** Write only the first half of the Nth event's frame (1-based), then destroy the connection. */
  cutFrame?: number;
  /** Delay each event by this many (real) ms. */
  delayMs?: number;
  /** End the stream after this many (real) ms, as the stream maximum does. */
  streamMaxMs?: number;
}

const KEYS: Record<string, keyof FaultOptions> = {
  'drop-after': 'dropAfter',
  'cut-frame': 'cutFrame',
  delay: 'delayMs',
  'stream-max': 'streamMaxMs',
};

/** Parses `drop-after=3,delay=10`; refuses an unknown fault or a value that is no whole number (400). */
export function parseFaults(spec: string): FaultOptions {
  const out: FaultOptions = {};
  for (const part of spec.split(/[,;]/)) {
    const item = part.trim();
    if (!item) continue;
    const [name, value] = item.split('=', 2).map((s) => s.trim());
    const key = name ? KEYS[name] : undefined;
    if (!key || value === undefined || !/^\d+$/.test(value)) {
      throw new EdgeHttpError(400, 'invalid_argument', `Unknown fault "${item}": use drop-after=N, cut-frame=N, delay=ms or stream-max=ms.`);
    }
    out[key] = Number(value);
  }
  if (out.cutFrame === 0) throw new EdgeHttpError(400, 'invalid_argument', 'cut-frame counts from 1.');
  return out;
}

/** The request's own faults (header first, then query), over the edge's. */
export function requestFaults(req: IncomingMessage, url: URL, edge: FaultOptions | undefined): FaultOptions {
  const spec = [header(req, 'x-edge-fault'), url.searchParams.get('fault') ?? undefined].filter((s): s is string => !!s).join(',');
  return { ...(edge ?? {}), ...(spec ? parseFaults(spec) : {}) };
}
