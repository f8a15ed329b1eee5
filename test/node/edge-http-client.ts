/** A small HTTP + SSE client for the edge's tests: node:http, no fetch, so a test sees every byte and every drop. */
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { isTerminalEvent, type AguiEvent } from '../../src/protocol/index.js';

/** A plain answer. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/** Sends one request and reads the whole answer. */
export function send(url: string, options: { method?: string; headers?: OutgoingHttpHeaders; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: <T>() => JSON.parse(text) as T });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** One event as the stream gave it. */
export interface Received {
  id: string | undefined;
  event: AguiEvent;
}

/** A stream being read. */
export interface Stream {
  status: number;
  headers: IncomingHttpHeaders;
  /** Events received so far (complete frames only). */
  readonly events: Received[];
  /** Comment lines received so far (`: keep-alive` gives "keep-alive"). */
  readonly comments: string[];
  /** Bytes received after the last complete frame (a cut frame leaves some). */
  readonly partial: () => string;
  /** 'end' when the edge ended the response, 'aborted' when the connection dropped. */
  readonly done: Promise<'end' | 'aborted'>;
  /** Resolves once `n` events (or a comment, with `comments`) arrived. */
  until(predicate: (s: Stream) => boolean): Promise<void>;
  /** Closes the connection from the client's side. */
  close(): void;
}

/** Posts a run and reads its SSE answer; rejects with the answer when the status is not 200. */
export function openStream(url: string, body: unknown, headers: OutgoingHttpHeaders = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...headers },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          reject(Object.assign(new Error(`status ${res.statusCode}: ${text}`), { status: res.statusCode, body: text }));
        });
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      const waiters = new Set<() => void>();
      const stream: Stream = {
        status: res.statusCode,
        headers: res.headers,
        events: [],
        comments: [],
        partial: () => buffer,
        done: new Promise((done) => {
          res.on('end', () => done('end'));
          res.on('aborted', () => done('aborted'));
          res.on('error', () => done('aborted'));
          res.on('close', () => done(res.complete ? 'end' : 'aborted'));
        }),
        until(predicate) {
          if (predicate(stream)) return Promise.resolve();
          return new Promise((ok, fail) => {
            const check = () => {
              if (!predicate(stream)) return;
              waiters.delete(check);
              ok();
            };
            waiters.add(check);
            void stream.done.then(() => {
              if (!waiters.delete(check)) return;
              if (predicate(stream)) ok();
              else fail(new Error(`stream ended first after ${stream.events.length} events`));
            });
          });
        },
        close: () => req.destroy(),
      };
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length) stream.events.push({ id, event: JSON.parse(data.join('\n')) as AguiEvent });
        }
        for (const w of [...waiters]) w();
      });
      resolve(stream);
    });
    req.end(JSON.stringify(body));
  });
}

/**
 * Follows a run to its terminal event as a client does: reconnects with
 * Last-Event-ID whenever a stream drops or ends without one.
 */
export async function followRun(url: string, body: unknown, headers: OutgoingHttpHeaders, onStream?: (s: Stream) => void): Promise<{ events: Received[]; connections: number }> {
  const events: Received[] = [];
  let connections = 0;
  for (;;) {
    const last = events.at(-1)?.id;
    const stream = await openStream(url, body, last ? { ...headers, 'Last-Event-ID': last } : headers);
    connections += 1;
    onStream?.(stream);
    await stream.done;
    events.push(...stream.events);
    if (events.some((e) => isTerminalEvent(e.event))) return { events, connections };
    if (connections > 1000) throw new Error('too many reconnects');
  }
}
