/**
 * The inspection tap: the proxy's side of the inspection feed. Every run
 * passing through the proxy is teed off the person's stream into a bounded,
 * redacted record that support staff can list and follow (the inspector's
 * client reads it over HTTP, see inspect-routes.ts). The person's stream
 * never waits for it: a stream's tap only queues chunks, and they are parsed
 * later (setImmediate), after the page's write went out. Memory is bounded by
 * `maxRuns` x (`maxEventsPerRun`, `maxBytesPerRun`); followers read from that
 * record by cursor and hold no buffer of their own.
 *
 * This file checks the options and assembles the parts: the kept runs
 * (inspect-runs.ts), the recording of frames (inspect-record.ts) and each
 * stream's tap (inspect-stream-tap.ts).
 */
import type { RedactOption } from '../../src/recorder/redact.js';
import type { ProxyLogger } from './forward.js';
import { frameRecorder, inspectRedactor } from './inspect-record.js';
import type { InspectRunSummary } from './inspect-run.js';
import { RunRegistry } from './inspect-runs.js';
import { memoryInspectStore, type BoundInspectStore, type InspectStore } from './inspect-store.js';
import { InspectStreamTap, type TapInfo } from './inspect-stream-tap.js';
import type { StreamTap } from './upstream.js';

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
  /**
   * Where the runs are kept and read: `memoryInspectStore()` (the default: this
   * process only) or `redisInspectStore({ url })`, so that every replica of the
   * proxy lists and follows every run (see server/proxy/README.md).
   */
  store?: InspectStore;
}

/** The registry behind the inspect routes. */
export interface InspectionTap {
  readonly options: Required<Omit<InspectOptions, 'redact' | 'person' | 'visible' | 'store'>>;
  /** A tee for one upstream stream (a run, or a reconnect of one). */
  tap(info: TapInfo): StreamTap;
  /** What the routes read: the runs where the store keeps them. */
  readonly store: BoundInspectStore;
  /** Follow streams open on this process (for `maxFollowers`). */
  followers: number;
}

export type { InspectRunSummary };

function positiveInt(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`createAguiProxy: inspect.${name} must be an integer >= 1`);
  return value;
}

/** Creates the inspection tap; `now` is the proxy's clock. */
export function createInspectionTap(inspect: InspectOptions, now: () => number, logger: ProxyLogger): InspectionTap {
  if (typeof inspect?.authorize !== 'function') throw new TypeError('createAguiProxy: inspect.authorize must be a function');
  const redactor = inspectRedactor(inspect.redact);
  const options = {
    authorize: inspect.authorize,
    maxRuns: positiveInt(inspect.maxRuns, 50, 'maxRuns'),
    maxEventsPerRun: positiveInt(inspect.maxEventsPerRun, 5000, 'maxEventsPerRun'),
    maxBytesPerRun: positiveInt(inspect.maxBytesPerRun, 2 * 1024 * 1024, 'maxBytesPerRun'),
    maxFollowers: positiveInt(inspect.maxFollowers, 32, 'maxFollowers'),
    followGraceMs: inspect.followGraceMs ?? 10_000,
    keepAliveMs: positiveInt(inspect.keepAliveMs, 15_000, 'keepAliveMs'),
  };
  if (inspect.store !== undefined && typeof inspect.store?.bind !== 'function') {
    throw new TypeError('createAguiProxy: inspect.store must be memoryInspectStore() or redisInspectStore({ url })');
  }
  const runs = new RunRegistry(options, now);
  const store = (inspect.store ?? memoryInspectStore()).bind({ runs, bounds: options, now, logger });
  runs.mirrorOf = (run) => store.mirror(run);
  const context = {
    runs,
    record: frameRecorder(redactor, options.maxBytesPerRun, now, logger),
    person: inspect.person,
    now,
    logger,
    maxPending: Math.max(options.maxBytesPerRun * 2, 1024 * 1024),
  };
  return {
    options,
    tap: (info) => new InspectStreamTap(info, context),
    store,
    followers: 0,
  };
}
