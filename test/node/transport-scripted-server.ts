/**
 * A real node:http server on 127.0.0.1 that streams a scripted run as the
 * route does (one `id:` + `data:` frame per event, honouring Last-Event-ID)
 * and misbehaves on purpose: it drops or ends the stream at chosen points,
 * answers with HTTP errors, or holds the stream open. Test helper, not a test.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { EventType } from '../../src/protocol/index.js';
import type { AguiEvent } from '../../src/protocol/index.js';

/** Where to cut the stream of one response, relative to the frames it sends. */
export type Cut =
  | { at: 'start' } // headers only, then drop
  | { at: 'mid'; frame: number } // in the middle of a frame's data
  | { at: 'between'; frame: number } // right after a frame's blank line
  | { at: 'afterId'; frame: number }; // right after a frame's id line

/** What one request gets. */
export type Reply =
  | { kind: 'stream'; cut?: Cut; end?: 'drop' | 'clean' | 'hold'; prefix?: string; extraFrames?: string[] }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'raw'; contentType: string; body: string }
  | { kind: 'hang' }; // reads the request, never answers

export interface SeenRequest {
  headers: IncomingMessage['headers'];
  body: unknown;
  /** Resolves when the server sees this response's connection closed. */
  closed: Promise<void>;
}

export interface ScriptedServer {
  url: string;
  requests: SeenRequest[];
  /** Resolves once the server has seen `n` requests. */
  waitForRequests(n: number): Promise<void>;
  close(): Promise<void>;
}

/** A realistic AG-UI run of the route, with multi-byte text. */
export function scriptedRun(threadId = 'chat-1', runId = 'run-1'): AguiEvent[] {
  const events: Record<string, unknown>[] = [
    { type: EventType.RUN_STARTED, threadId, runId },
    { type: EventType.STATE_SNAPSHOT, snapshot: { board: { notes: [] } } },
    { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'AI: Grüße an das Team ' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: '— 日本 🎉' },
    { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
    { type: EventType.TOOL_CALL_START, toolCallId: 'call-1', toolCallName: 'oz.board_write', parentMessageId: 'm1' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-1', delta: '{"text":"greeted"}' },
    { type: EventType.TOOL_CALL_END, toolCallId: 'call-1' },
    { type: EventType.TOOL_CALL_RESULT, messageId: 'tr-1', toolCallId: 'call-1', content: 'ok' },
    { type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/board/notes/-', value: { id: '1', text: 'greeted' } }] },
    { type: EventType.STEP_STARTED, stepName: 'job-7' },
    { type: EventType.STEP_FINISHED, stepName: 'job-7' },
    { type: EventType.TEXT_MESSAGE_START, messageId: 'm2', role: 'assistant' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm2', delta: 'Done.' },
    { type: EventType.TEXT_MESSAGE_END, messageId: 'm2' },
    { type: EventType.CUSTOM, name: 'oz0.card', value: { job: 'job-1', card: { title: 'Greeting' } } },
    { type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: 'success' } },
  ];
  return events as unknown as AguiEvent[];
}

/** The SSE frame of event `i` (ids are `e<i>`; none when `withIds` is false). */
export function frame(event: unknown, i: number, withIds: boolean): string {
  return `${withIds ? `id: e${i}\n` : ''}data: ${JSON.stringify(event)}\n\n`;
}

function cutOffset(frames: string[], cut: Cut): number {
  if (cut.at === 'start') return 0;
  const before = frames.slice(0, cut.frame).reduce((n, f) => n + Buffer.byteLength(f), 0);
  const f = frames[cut.frame]!;
  if (cut.at === 'between') return before + Buffer.byteLength(f);
  if (cut.at === 'afterId') return before + Buffer.byteLength(f.slice(0, f.indexOf('\n') + 1));
  return before + Math.floor(Buffer.byteLength(f) / 2);
}

/**
 * Starts the server. `replies[i]` answers request i (the last one repeats).
 * The run's events are `events`; ids are sent unless `withIds` is false, and
 * a request with Last-Event-ID `e<k>` gets the events after k.
 */
export async function startScriptedServer(options: { events: AguiEvent[]; replies: Reply[]; withIds?: boolean }): Promise<ScriptedServer> {
  const withIds = options.withIds ?? true;
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters: { n: number; resolve: () => void }[] = [];

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string): void => {
    let resolveClosed!: () => void;
    const closed = new Promise<void>((r) => (resolveClosed = r));
    res.on('close', () => resolveClosed());
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    requests.push({ headers: req.headers, body, closed });
    for (const w of waiters.filter((x) => x.n <= requests.length)) w.resolve();
    const reply = options.replies[Math.min(requests.length - 1, options.replies.length - 1)]!;
    if (reply.kind === 'status') {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? '');
      return;
    }
    if (reply.kind === 'hang') return;
    if (reply.kind === 'raw') {
      res.writeHead(200, { 'content-type': reply.contentType });
      res.end(reply.body);
      return;
    }
    const lastId = req.headers['last-event-id'];
    const from = typeof lastId === 'string' && /^e\d+$/.test(lastId) ? Number(lastId.slice(1)) + 1 : 0;
    const frames = options.events.map((e, i) => frame(e, i, withIds)).slice(from);
    if (reply.extraFrames) frames.unshift(...reply.extraFrames);
    const all = Buffer.from((reply.prefix ?? '') + frames.join(''));
    const offset = reply.cut ? Buffer.byteLength(reply.prefix ?? '') + cutOffset(frames, reply.cut) : all.length;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const end = reply.end ?? (reply.cut ? 'drop' : 'clean');
    res.write(all.subarray(0, offset), () => {
      if (end === 'drop') setImmediate(() => res.socket?.destroy());
      else if (end === 'clean') res.end();
    });
  };

  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(parts).toString('utf8')));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/agui/agents/helper?tenant=acme`,
    requests,
    waitForRequests: (n) => (n <= requests.length ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
