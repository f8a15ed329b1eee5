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

  /** open: streaming; cutting: a fault's last bytes are in flight; done: ended by the edge or the client. */
  let state: 'open' | 'cutting' | 'done' = 'open';
  let cursor = options.lastEventId;
  let written = 0;
  let draining = false;
  let delayTimer: ReturnType<typeof setTimeout> | undefined;
  const queue: LogEntry[] = [];

  const finish = (how: 'streamsCompleted' | 'streamsTimedOut') => {
    if (state !== 'open') return;
    state = 'done';
    stats.add(how);
    res.end();
  };

  const cut = () => {
    if (state === 'done') return;
    state = 'done';
    stats.add('faultsApplied');
    res.destroy();
  };

  const cutAfter = (chunk: string | Buffer) => {
    state = 'cutting';
    res.write(chunk, () => cut());
  };

  /** Writes the queue's first entry; false when nothing more may be written now. */
  const writeOne = (): boolean => {
    const entry = queue.shift();
    if (!entry) return false;
    const text = frame(entry);
    if (faults.cutFrame !== undefined && written + 1 === faults.cutFrame) {
      const bytes = Buffer.from(text, 'utf8');
      cutAfter(bytes.subarray(0, Math.floor(bytes.length / 2)));
      return false;
    }
    written += 1;
    stats.add('eventsWritten');
    if (isTerminalEvent(entry.event)) {
      res.write(text);
      finish('streamsCompleted');
      return false;
    }
    if (faults.dropAfter !== undefined && written >= faults.dropAfter) {
      cutAfter(text);
      return false;
    }
    const flushed = res.write(text);
    if (!flushed) {
      draining = true;
      res.once('drain', () => {
        draining = false;
        pump();
      });
      return false;
    }
    return true;
  };

  const pump = () => {
    if (state !== 'open' || draining || delayTimer) return;
    if (faults.delayMs) {
      if (queue.length === 0) return;
      delayTimer = setTimeout(() => {
        delayTimer = undefined;
        if (state === 'open' && writeOne()) pump();
      }, faults.delayMs);
      return;
    }
    // A burst goes out in one write at the end of this tick (nothing waits longer than the tick that appended it).
    res.cork();
    while (state === 'open' && writeOne());
    process.nextTick(() => res.uncork());
  };

  const pull = () => {
    if (state !== 'open') return;
    const entries = log.after(cursor);
    if (entries === 'unknown') {
      cut(); // the log no longer holds the cursor: going on would miss or repeat events
      return;
    }
    for (const entry of entries) {
      queue.push(entry);
      cursor = entry.id;
    }
    // The log is over and the client already has its terminal event (it sent that id).
    if (queue.length === 0 && log.ended) finish('streamsCompleted');
    else pump();
  };

  const maxTimer = setTimeout(() => finish('streamsTimedOut'), faults.streamMaxMs ?? options.streamMaxMs);
  const keepAlive = setInterval(() => {
    if (state === 'open' && !draining && queue.length === 0 && log.silent) {
      res.write(KEEP_ALIVE);
      stats.add('keepAlives');
    }
  }, options.keepAliveMs);

  let unsubscribe: () => void = () => {};
  res.on('close', () => {
    if (state !== 'done') {
      state = 'done';
      stats.add('disconnects');
    }
    unsubscribe();
    clearTimeout(maxTimer);
    clearInterval(keepAlive);
    if (delayTimer) clearTimeout(delayTimer);
    stats.add('openStreams', -1);
  });

  if (faults.dropAfter === 0) {
    cutAfter('');
    return;
  }
  unsubscribe = log.subscribe(pull);
  pull();
}
