/**
 * Streams a run's log as Server-Sent Events: the entries after the client's
 * Last-Event-ID, then each entry appended while the stream is open, one frame
 * `id: <id>\ndata: <json>\n\n` per event, each written (and so flushed) alone.
 *
 * Nothing missed, nothing twice: the stream keeps one cursor, the id of the
 * last entry it took from the log, and on every change reads `after(cursor)`.
 * It subscribes and makes its first read in the same tick, so a burst appended
 * around the moment it connects is read exactly once, however many entries
 * the burst holds and however many notifications it makes.
 */
import type { ServerResponse } from 'node:http';
import { isTerminalEvent } from '../../../src/protocol/index.js';
import type { LogEntry, RunLog } from '../contract.js';
import type { FaultOptions } from './faults.js';
import type { EdgeStats } from './stats.js';

/** The response headers of a stream. */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
};

/** The comment written while the turn is silent. */
export const KEEP_ALIVE = ': keep-alive\n\n';

/** How one stream runs. */
export interface StreamOptions {
  log: RunLog;
  /** Entries after this id are written (all when undefined); the caller checked it is in the log. */
  lastEventId: string | undefined;
  /** The stream ends after this many ms without a terminal event. */
  streamMaxMs: number;
  /** A keep-alive comment is written at this interval while the log is silent. */
  keepAliveMs: number;
  faults: FaultOptions;
  stats: EdgeStats;
  /** Extra response headers (CORS). */
  headers?: Record<string, string>;
}

/** One SSE frame for a log entry. */
export function frame(entry: LogEntry): string {
  if (/[\r\n]/.test(entry.id)) throw new Error(`event id ${JSON.stringify(entry.id)} holds a line break`);
  return `id: ${entry.id}\ndata: ${JSON.stringify(entry.event)}\n\n`;
}

/** open: streaming; cutting: a fault's last bytes are in flight; done: ended by the edge or the client. */
type StreamState = 'open' | 'cutting' | 'done';

/**
 * The writing side of one stream: the entries queued to go out, written one
 * frame at a time with the faults applied and held while the socket drains,
 * the keep-alive, and the ways the stream ends. It knows nothing of the log.
 */
class FrameWriter {
  state: StreamState = 'open';
  readonly queue: LogEntry[] = [];
  #written = 0;
  #draining = false;
  #delayTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly res: ServerResponse,
    private readonly faults: FaultOptions,
    private readonly stats: EdgeStats,
  ) {}

  /** Nothing waits to be written: a keep-alive may go out. */
  get idle(): boolean {
    return this.state === 'open' && !this.#draining && this.queue.length === 0;
  }

  /** Ends the stream cleanly (unless it already ends). */
  finish(how: 'streamsCompleted' | 'streamsTimedOut'): void {
    if (this.state !== 'open') return;
    this.state = 'done';
    this.stats.add(how);
    this.res.end();
  }

  /** Breaks the connection (a fault, or a cursor the log lost). */
  cut(): void {
    if (this.state === 'done') return;
    this.state = 'done';
    this.stats.add('faultsApplied');
    this.res.destroy();
  }

  /** Writes `chunk`, then breaks the connection. */
  cutAfter(chunk: string | Buffer): void {
    this.state = 'cutting';
    this.res.write(chunk, () => this.cut());
  }

  /** Writes what is queued: at once in one corked write, or one entry per `delayMs` under that fault. */
  pump(): void {
    if (this.state !== 'open' || this.#draining || this.#delayTimer) return;
    if (this.faults.delayMs) {
      if (this.queue.length === 0) return;
      this.#delayTimer = setTimeout(() => {
        this.#delayTimer = undefined;
        if (this.state === 'open' && this.#writeOne()) this.pump();
      }, this.faults.delayMs);
      return;
    }
    // A burst goes out in one write at the end of this tick (nothing waits longer than the tick that appended it).
    this.res.cork();
    while (this.state === 'open' && this.#writeOne());
    process.nextTick(() => this.res.uncork());
  }

  keepAlive(): void {
    this.res.write(KEEP_ALIVE);
    this.stats.add('keepAlives');
  }

  /** The response closed: a stream not ended by the edge was ended by the client. */
  closed(): void {
    if (this.state !== 'done') {
      this.state = 'done';
      this.stats.add('disconnects');
    }
    if (this.#delayTimer) clearTimeout(this.#delayTimer);
  }

  /** Writes the queue's first entry; false when nothing more may be written now. */
  #writeOne(): boolean {
    const entry = this.queue.shift();
    if (!entry) return false;
    const { faults, res } = this;
    const text = frame(entry);
    if (faults.cutFrame !== undefined && this.#written + 1 === faults.cutFrame) {
      const bytes = Buffer.from(text, 'utf8');
      this.cutAfter(bytes.subarray(0, Math.floor(bytes.length / 2)));
      return false;
    }
    this.#written += 1;
    this.stats.add('eventsWritten');
    if (isTerminalEvent(entry.event)) {
      res.write(text);
      this.finish('streamsCompleted');
      return false;
    }
    if (faults.dropAfter !== undefined && this.#written >= faults.dropAfter) {
      this.cutAfter(text);
      return false;
    }
    if (!res.write(text)) {
      this.#draining = true;
      res.once('drain', () => {
        this.#draining = false;
        this.pump();
      });
      return false;
    }
    return true;
  }
}

/**
 * Follows `log` from after `lastEventId` into `writer`: subscribes and makes
 * the first read in the same tick, then reads `after(cursor)` on every
 * change. Returns the unsubscribe.
 */
function followLog(log: RunLog, lastEventId: string | undefined, writer: FrameWriter): () => void {
  let cursor = lastEventId;
  const pull = () => {
    if (writer.state !== 'open') return;
    const entries = log.after(cursor);
    if (entries === 'unknown') {
      writer.cut(); // the log no longer holds the cursor: going on would miss or repeat events
      return;
    }
    for (const entry of entries) {
      writer.queue.push(entry);
      cursor = entry.id;
    }
    // The log is over and the client already has its terminal event (it sent that id).
    if (writer.queue.length === 0 && log.ended) writer.finish('streamsCompleted');
    else writer.pump();
  };
  const unsubscribe = log.subscribe(pull);
  pull();
  return unsubscribe;
}

/**
 * Starts streaming `log` on `res` and returns at once. The stream ends after
 * the terminal event, at the stream maximum, when a fault cuts it, or when
 * the client goes; then it unsubscribes and clears its timers (the job runs on).
 */
export function streamLog(res: ServerResponse, options: StreamOptions): void {
  const { log, faults, stats } = options;
  res.writeHead(200, { ...(options.headers ?? {}), ...SSE_HEADERS });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
  stats.add('openStreams');
  stats.add('streamsOpened');
  const writer = new FrameWriter(res, faults, stats);

  const maxTimer = setTimeout(() => writer.finish('streamsTimedOut'), faults.streamMaxMs ?? options.streamMaxMs);
  const keepAlive = setInterval(() => {
    if (writer.idle && log.silent) writer.keepAlive();
  }, options.keepAliveMs);

  let unsubscribe: () => void = () => {};
  res.on('close', () => {
    writer.closed();
    unsubscribe();
    clearTimeout(maxTimer);
    clearInterval(keepAlive);
    stats.add('openStreams', -1);
  });

  if (faults.dropAfter === 0) {
    writer.cutAfter('');
    return;
  }
  unsubscribe = followLog(log, options.lastEventId, writer);
}
