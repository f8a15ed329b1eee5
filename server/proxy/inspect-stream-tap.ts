/**
 * One person's stream teed into its run. The person's path only queues
 * (`chunk`, `end` return at once); the chunks are parsed and recorded in a
 * later turn (setImmediate), after the page's write went out. What one turn
 * brings past `maxPending` is dropped and parsing starts afresh. The stream
 * counts itself open in its run while it lasts, and the last one to go leaves
 * a run that did not end `dropped` (its person may reconnect).
 */
import { SseByteParser, type SseMessage } from '../../src/transport/sse-parser.js';
import { scrub } from './errors.js';
import type { ProxyLogger } from './forward.js';
import type { RecordFrame } from './inspect-record.js';
import type { InspectRun } from './inspect-run.js';
import type { RunKey, RunRegistry } from './inspect-runs.js';
import type { StreamTap } from './upstream.js';

/** What the proxy knows of one stream when it tees it. */
export interface TapInfo extends RunKey {
  request: Request;
}

/** What a stream's tap is given by the inspection tap. */
export interface StreamTapContext {
  runs: RunRegistry;
  record: RecordFrame;
  /** The `inspect.person` option: whose run it is, looked up once per run. */
  person: ((request: Request) => string | undefined | Promise<string | undefined>) | undefined;
  now: () => number;
  logger: ProxyLogger;
  /** A tap that overflows (one event-loop turn brought more than this) loses what it holds. */
  maxPending: number;
}

/** The tap of one stream; it schedules its first turn at once, so the run is listed as soon as its stream opens. */
export class InspectStreamTap implements StreamTap {
  readonly #info: TapInfo;
  readonly #ctx: StreamTapContext;
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;
  #scheduled = false;
  #ended = false;
  #closed = false;
  #run: InspectRun | undefined;
  /** Frames this stream repeats: one that joins a known run without Last-Event-ID follows the turn from its start. */
  #repeats = 0;
  readonly #messages: SseMessage[] = [];
  readonly #onEvent = (m: SseMessage) => this.#messages.push(m);
  #parser = new SseByteParser({ onEvent: this.#onEvent });

  constructor(info: TapInfo, ctx: StreamTapContext) {
    this.#info = info;
    this.#ctx = ctx;
    this.#schedule();
  }

  chunk(bytes: Uint8Array): void {
    if (this.#ended) return;
    if (this.#pendingBytes + bytes.byteLength > this.#ctx.maxPending) {
      // More than one event-loop turn can hold: drop it, and start parsing afresh.
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#parser = new SseByteParser({ onEvent: this.#onEvent }, this.#parser.lastEventId);
      if (this.#run) {
        this.#run.skipped += 1;
        this.#run.mirror?.skipped();
      }
      return;
    }
    this.#pending.push(bytes);
    this.#pendingBytes += bytes.byteLength;
    this.#schedule();
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#drain());
  }

  /** Joins the run on the stream's first turn, off the person's path. */
  #start(): InspectRun {
    const { request, secrets } = this.#info;
    const run = this.#ctx.runs.join(this.#info);
    if (!request.headers.has('Last-Event-ID')) this.#repeats = run.messages;
    run.open += 1;
    run.mirror?.opened();
    if (run.status === 'dropped') {
      run.status = 'running';
      run.endedAt = undefined;
    }
    const person = this.#ctx.person;
    if (person && run.person === undefined) {
      Promise.resolve()
        .then(() => person(request))
        .then((p) => {
          if (typeof p !== 'string' || run.person !== undefined) return;
          run.person = scrub(p, secrets);
          run.mirror?.person(run.person);
        })
        .catch(() => this.#ctx.logger.warn('oz-agui-proxy: inspect.person failed'));
    }
    return run;
  }

  /** Parses and records what the turn brought, and closes the stream's part in its run once it ended. */
  #drain(): void {
    this.#scheduled = false;
    if (this.#closed) return;
    const run = (this.#run ??= this.#start());
    const chunks = this.#pending;
    this.#pending = [];
    this.#pendingBytes = 0;
    try {
      if (!run.evicted) {
        for (const c of chunks) this.#parser.feed(c);
        if (this.#ended) this.#parser.end();
        for (const m of this.#messages) {
          if (this.#repeats > 0) this.#repeats -= 1;
          else this.#ctx.record(run, m, this.#info.secrets);
        }
      }
    } catch (err) {
      // Nothing the feed does may take the proxy down: this stream's record stops here.
      this.#ctx.logger.error(`oz-agui-proxy: the inspection feed failed on a stream (${err instanceof Error ? err.name : 'error'})`);
      if (!run.evicted) {
        run.skipped += 1;
        run.mirror?.skipped();
      }
      this.#pending = [];
      this.#ended = true;
    }
    this.#messages.length = 0;
    if (this.#ended) {
      this.#closed = true;
      run.open -= 1;
      run.mirror?.closed(this.#ctx.now());
      if (run.open === 0 && run.status === 'running') {
        run.status = 'dropped';
        run.endedAt = this.#ctx.now();
      }
    }
    run.notify();
  }
}
