/**
 * The inspection feed's registry: every run passing through the proxy, teed
 * off the person's stream into a bounded, redacted record that support staff
 * can list and follow. The person's stream never waits for it: the tap only
 * queues chunks, and they are parsed later (setImmediate), after the page's
 * write went out. Memory is bounded by `maxRuns` x (`maxEventsPerRun`,
 * `maxBytesPerRun`); followers read from that record by cursor and hold no
 * buffer of their own.
 */
import { isTerminalEvent, type AguiEvent } from '../../src/protocol/index.js';
import { createRedactor, REDACT_PRESETS, type RedactOption, type Redactor } from '../../src/recorder/redact.js';
import { SseByteParser, type SseMessage } from '../../src/transport/sse-parser.js';
import { scrub } from './errors.js';
import type { ProxyLogger } from './forward.js';
import { InspectRun, type InspectRunStatus, type InspectRunSummary } from './inspect-run.js';
import type { StreamTap } from './upstream.js';

export { InspectRun } from './inspect-run.js';
export type { InspectRunStatus, InspectRunSummary, StoredEvent } from './inspect-run.js';

type MaybePromise<T> = T | Promise<T>;

/** The `inspect` option of createAguiProxy: the opt-in inspection feed. */
export interface InspectOptions {
  /**
   * Decides who may list and follow runs, from the inspect request (your
   * sign-in: a support role). Called before anything else; false answers 403
   * (401 when the request carries no Cookie and no Authorization).
   */
  authorize(request: Request): MaybePromise<boolean>;
  /**
   * Redaction at record time, the recorder's rules: presets (`message-text`,
   * `tool-args`, `note-text`, `card`), a callback, or `false` for none.
   * Default: every preset. Masking keeps structure and string lengths.
   */
  redact?: RedactOption;
  /**
   * Which runs this inspector may see (default: every run), e.g. only their
   * own tenant's. A run it may not see is left out of the list and is 404 to
   * follow. Called per run per request, after `authorize`.
   */
  visible?: (request: Request, run: InspectRunSummary) => MaybePromise<boolean>;
  /** The person a run belongs to, for the list (called once per stream, off the person's path; errors ignored). */
  person?: (request: Request) => MaybePromise<string | undefined>;
  /** Runs kept; the oldest ended one goes first (default 50). */
  maxRuns?: number;
  /** Events kept per run, oldest dropped first (default 5,000). */
  maxEventsPerRun?: number;
  /** Bytes of recorded JSON kept per run (default 2 MiB); a single larger event is dropped. */
  maxBytesPerRun?: number;
  /** Follow streams open at once (default 32); more are refused 429. */
  maxFollowers?: number;
  /** How long a follow waits for a dropped run's person to reconnect before it ends (default 10 s). */
  followGraceMs?: number;
  /** A `: ping` comment on a silent follow stream this often (default 15 s). */
  keepAliveMs?: number;
}

/** What the proxy knows of one stream when it tees it. */
export interface TapInfo {
  body: Uint8Array;
  agent: string;
  tenant: string;
  request: Request;
  /** Secrets scrubbed from everything recorded (the token and the like). */
  secrets: readonly string[];
}

/** The registry behind the inspect routes. */
export interface InspectFeed {
  readonly options: Required<Omit<InspectOptions, 'redact' | 'person' | 'visible'>>;
  /** A tee for one upstream stream (a run, or a reconnect of one). */
  tap(info: TapInfo): StreamTap;
  list(): InspectRunSummary[];
  get(runId: string): InspectRun | undefined;
  /** Follow streams open (for `maxFollowers`). */
  followers: number;
}

function positiveInt(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`createAguiProxy: inspect.${name} must be an integer >= 1`);
  return value;
}

function readRun(body: Uint8Array): { threadId?: string; runId?: string } {
  try {
    const v = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>;
    return {
      ...(typeof v?.threadId === 'string' ? { threadId: v.threadId } : {}),
      ...(typeof v?.runId === 'string' ? { runId: v.runId } : {}),
    };
  } catch {
    return {};
  }
}

function statusOf(event: AguiEvent): InspectRunStatus {
  if (event.type === 'RUN_ERROR') return 'error';
  const outcome = (event as { outcome?: { type?: unknown } }).outcome;
  return outcome?.type === 'interrupt' ? 'interrupted' : 'finished';
}

/** Creates the registry; `now` is the proxy's clock. */
export function createInspectFeed(inspect: InspectOptions, now: () => number, logger: ProxyLogger): InspectFeed {
  if (typeof inspect?.authorize !== 'function') throw new TypeError('createAguiProxy: inspect.authorize must be a function');
  let redactor: Redactor;
  try {
    redactor = createRedactor(inspect.redact ?? REDACT_PRESETS, true);
  } catch (err) {
    throw new TypeError(`createAguiProxy: inspect.redact: ${(err as Error).message.replace(/^createRecorder: /, '')}`);
  }
  const options = {
    authorize: inspect.authorize,
    maxRuns: positiveInt(inspect.maxRuns, 50, 'maxRuns'),
    maxEventsPerRun: positiveInt(inspect.maxEventsPerRun, 5000, 'maxEventsPerRun'),
    maxBytesPerRun: positiveInt(inspect.maxBytesPerRun, 2 * 1024 * 1024, 'maxBytesPerRun'),
    maxFollowers: positiveInt(inspect.maxFollowers, 32, 'maxFollowers'),
    followGraceMs: inspect.followGraceMs ?? 10_000,
    keepAliveMs: positiveInt(inspect.keepAliveMs, 15_000, 'keepAliveMs'),
  };
  const runs = new Map<string, InspectRun>();
  /** A tap that overflows (one event-loop turn brought more than this) loses what it holds. */
  const maxPending = Math.max(options.maxBytesPerRun * 2, 1024 * 1024);
  let unnamed = 0;

  const evict = (run: InspectRun) => {
    runs.delete(run.runId);
    run.evicted = true;
    run.notify();
  };

  const join = (info: TapInfo): InspectRun => {
    const named = readRun(info.body);
    const runId = scrub(named.runId ?? `unnamed-${++unnamed}`, info.secrets);
    const threadId = scrub(named.threadId ?? '', info.secrets);
    const existing = runs.get(runId);
    if (existing && existing.threadId === threadId && existing.agent === info.agent && existing.tenant === info.tenant) return existing;
    if (existing) evict(existing); // the same runId in another thread: a new run
    while (runs.size >= options.maxRuns) {
      let oldest: InspectRun | undefined;
      for (const r of runs.values()) {
        if (r.status !== 'running') {
          oldest = r;
          break;
        }
      }
      evict(oldest ?? runs.values().next().value!);
    }
    const run = new InspectRun({ runId, threadId, agent: info.agent, tenant: info.tenant, startedAt: now() }, options.maxEventsPerRun, options.maxBytesPerRun);
    runs.set(runId, run);
    return run;
  };

  const record = (run: InspectRun, m: SseMessage, secrets: readonly string[]) => {
    const ownId = m.ownId ? m.id : undefined;
    if (ownId !== undefined && run.ids.has(ownId)) return; // a repeat (two tabs on one run, an older Last-Event-ID)
    run.messages += 1;
    if (m.data.length > options.maxBytesPerRun) {
      run.events += 1;
      run.skipped += 1;
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(scrub(m.data, secrets));
    } catch {
      return; // not JSON: not an event, not recorded
    }
    // Only the shape the feed needs (an object with a type): the inspector validates what it shows,
    // and a full schema check here would cost every run's throughput.
    if (!value || typeof value !== 'object' || Array.isArray(value) || typeof (value as { type?: unknown }).type !== 'string') return;
    run.events += 1;
    const terminal = isTerminalEvent(value as AguiEvent) ? statusOf(value as AguiEvent) : undefined;
    if (terminal && !run.ended) {
      run.status = terminal;
      run.endedAt = now();
    }
    let event: AguiEvent;
    try {
      event = redactor.event(value as AguiEvent);
    } catch (err) {
      // A redaction callback that fails keeps nothing of that event (never the unredacted one).
      run.skipped += 1;
      logger.warn(`oz-agui-proxy: inspect.redact threw (${err instanceof Error ? err.name : 'error'}); the event was not kept`);
      return;
    }
    const line = JSON.stringify({ id: m.id === undefined ? null : scrub(m.id, secrets), event, t: Math.max(0, now() - run.startedAt) });
    const bytes = Buffer.byteLength(line);
    if (bytes > options.maxBytesPerRun) run.skipped += 1;
    else {
      run.seq += 1;
      run.ring.push({ seq: run.seq, line, bytes, id: ownId });
      if (ownId !== undefined) run.ids.add(ownId);
    }
  };

  const tap = (info: TapInfo): StreamTap => {
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let scheduled = false;
    let ended = false;
    let closed = false;
    let run: InspectRun | undefined;
    /** Frames this stream repeats: one that joins a known run without Last-Event-ID follows the turn from its start. */
    let repeats = 0;
    const messages: SseMessage[] = [];
    const onEvent = (m: SseMessage) => messages.push(m);
    let parser = new SseByteParser({ onEvent });

    const start = (): InspectRun => {
      const r = join(info);
      if (!info.request.headers.has('Last-Event-ID')) repeats = r.messages;
      r.open += 1;
      if (r.status === 'dropped') {
        r.status = 'running';
        r.endedAt = undefined;
      }
      if (inspect.person && r.person === undefined) {
        Promise.resolve()
          .then(() => inspect.person!(info.request))
          .then((p) => {
            if (typeof p === 'string' && r.person === undefined) r.person = scrub(p, info.secrets);
          })
          .catch(() => logger.warn('oz-agui-proxy: inspect.person failed'));
      }
      return r;
    };

    const drain = () => {
      scheduled = false;
      if (closed) return;
      run ??= start();
      const chunks = pending;
      pending = [];
      pendingBytes = 0;
      try {
        if (!run.evicted) {
          for (const c of chunks) parser.feed(c);
          if (ended) parser.end();
          for (const m of messages) {
            if (repeats > 0) repeats -= 1;
            else record(run, m, info.secrets);
          }
        }
      } catch (err) {
        // Nothing the feed does may take the proxy down: this stream's record stops here.
        logger.error(`oz-agui-proxy: the inspection feed failed on a stream (${err instanceof Error ? err.name : 'error'})`);
        if (!run.evicted) run.skipped += 1;
        pending = [];
        chunks.length = 0;
        ended = true;
      }
      messages.length = 0;
      if (ended) {
        closed = true;
        run.open -= 1;
        if (run.open === 0 && run.status === 'running') {
          run.status = 'dropped';
          run.endedAt = now();
        }
      }
      run.notify();
    };

    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(drain);
    };

    schedule(); // the run is listed as soon as its stream opens
    return {
      chunk(bytes) {
        if (ended) return;
        if (pendingBytes + bytes.byteLength > maxPending) {
          // More than one event-loop turn can hold: drop it, and start parsing afresh.
          pending = [];
          pendingBytes = 0;
          parser = new SseByteParser({ onEvent }, parser.lastEventId);
          if (run) run.skipped += 1;
          return;
        }
        pending.push(bytes);
        pendingBytes += bytes.byteLength;
        schedule();
      },
      end() {
        if (ended) return;
        ended = true;
        schedule();
      },
    };
  };

  return {
    options,
    tap,
    list: () => [...runs.values()].reverse().map((r) => r.summary()),
    get: (runId) => runs.get(runId),
    followers: 0,
  };
}
