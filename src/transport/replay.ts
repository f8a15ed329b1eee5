/**
 * Recordings of runs and their replay. A recording is NDJSON, one
 * `{"id": string|null, "event": {...}, "t": ms since the run started}` a line.
 * Replays drive the same code paths as live runs: stories, tests and the
 * inspector take a {@link RunTransport} and cannot tell the difference.
 */
import { validateEvent } from '../protocol/index.js';
import type { AguiEvent, StreamedEvent } from '../protocol/index.js';
import { abortableSleep } from './backoff.js';
import { TransportError } from './errors.js';
import type { OpenRunOptions, RunRequest, RunTransport } from './open-run.js';

/** One recorded event: its SSE id (null when it had none), the event, and when it came. */
export interface RecordedEvent {
  id: string | null;
  event: AguiEvent;
  /** Milliseconds since the recording started. */
  t: number;
}

function bad(line: number, why: string): TransportError {
  return new TransportError('malformed_event', `Recording line ${line}: ${why}`);
}

/**
 * Reads an NDJSON recording; blank lines are skipped. Throws a
 * TransportError (`malformed_event`) naming the first bad line.
 */
export function parseRecording(text: string): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    const n = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      throw bad(n, `not JSON (${(err as Error).message})`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad(n, 'expected an object {id, event, t}');
    const r = value as Record<string, unknown>;
    if (r.id !== null && typeof r.id !== 'string') throw bad(n, '"id" must be a string or null');
    if (typeof r.t !== 'number' || !Number.isFinite(r.t) || r.t < 0) throw bad(n, '"t" must be a number of milliseconds >= 0');
    const checked = validateEvent(r.event);
    if (!checked.ok) throw bad(n, `"event" is not an AG-UI event (${checked.error})`);
    out.push({ id: r.id, event: checked.value, t: r.t });
  }
  return out;
}

/** Writes a recording as NDJSON (one line per event, ending with a newline). */
export function toNdjson(records: readonly RecordedEvent[]): string {
  let out = '';
  for (const r of records) out += `${JSON.stringify({ id: r.id, event: r.event, t: r.t })}\n`;
  return out;
}

/** How a replay plays. */
export interface ReplayOptions {
  /** 1 plays at the recorded pace (the default), 2 twice as fast, Infinity as fast as possible. */
  speed?: number;
  /** Stops the replay; the iterator then returns quietly. */
  signal?: AbortSignal;
  /** Injected for tests: the wait between events. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function toStreamed(r: RecordedEvent): StreamedEvent {
  return { id: r.id ?? undefined, event: r.event };
}

/** Plays a recording as a stream of events, at the recorded pace scaled by `speed`. */
export async function* replayRun(records: readonly RecordedEvent[], options: ReplayOptions = {}): AsyncGenerator<StreamedEvent, void> {
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new RangeError('replay speed must be > 0');
  const sleep = options.sleep ?? abortableSleep;
  const signal = options.signal;
  let previous = records[0]?.t ?? 0;
  for (const r of records) {
    if (signal?.aborted) return;
    const wait = Number.isFinite(speed) ? Math.max(0, r.t - previous) / speed : 0;
    previous = r.t;
    if (wait > 0) {
      try {
        await sleep(wait, signal);
      } catch {
        // a sleep that rejects on abort: the check below decides
      }
      if (signal?.aborted) return;
    }
    yield toStreamed(r);
  }
}

/** Event-by-event control over a recording (the inspector's step button). */
export interface ReplayStepper {
  /** The next event, or `{done: true}` at the end. */
  next(): IteratorResult<StreamedEvent, undefined>;
  /** The next event without moving. */
  peek(): StreamedEvent | undefined;
  /** How many events were stepped so far. */
  readonly position: number;
  /** The events left. */
  readonly remaining: number;
  /** Back to the start. */
  reset(): void;
}

/** A stepper over a recording: `next()` hands out one event at a time. */
export function createReplayStepper(records: readonly RecordedEvent[]): ReplayStepper {
  let position = 0;
  return {
    next() {
      const r = records[position];
      if (!r) return { done: true, value: undefined };
      position += 1;
      return { done: false, value: toStreamed(r) };
    },
    peek() {
      const r = records[position];
      return r ? toStreamed(r) : undefined;
    },
    get position() {
      return position;
    },
    get remaining() {
      return records.length - position;
    },
    reset() {
      position = 0;
    },
  };
}

/** Recordings for a replay transport: a list played in turn, or one chosen per request. */
export type RecordingSource = readonly (readonly RecordedEvent[])[] | ((request: RunRequest) => readonly RecordedEvent[]);

/** Records after `lastEventId` (all of them when it is absent or unknown, as the route does). */
function after(records: readonly RecordedEvent[], lastEventId: string | undefined): readonly RecordedEvent[] {
  if (lastEventId === undefined) return records;
  const at = records.findIndex((r) => r.id === lastEventId);
  return at === -1 ? records : records.slice(at + 1);
}

/**
 * A {@link RunTransport} that plays recordings instead of calling the route:
 * each call plays the next recording (or the one `source(request)` picks),
 * honouring `signal`, `lastEventId` (it resumes after that id), `onRequest`
 * and `onConnection`. Throws `bad_response` when the list runs out.
 */
export function createReplayTransport(source: RecordingSource, replay: Omit<ReplayOptions, 'signal'> = {}): RunTransport {
  let next = 0;
  return (request: RunRequest, options: OpenRunOptions = {}) => {
    const play = async function* (): AsyncGenerator<StreamedEvent, void> {
      const info: Parameters<NonNullable<OpenRunOptions['onRequest']>>[0] = { url: request.url, body: request.body, attempt: 0 };
      if (options.lastEventId !== undefined) info.lastEventId = options.lastEventId;
      options.onRequest?.(info);
      options.onConnection?.({ status: 'connecting' });
      let records: readonly RecordedEvent[];
      if (typeof source === 'function') records = source(request);
      else {
        const picked = source[next];
        if (!picked) {
          const error = new TransportError('bad_response', `No recording left to replay (${source.length} played)`);
          options.onConnection?.({ status: 'failed', error });
          throw error;
        }
        next += 1;
        records = picked;
      }
      options.onConnection?.({ status: 'open' });
      const playOptions: ReplayOptions = { ...replay };
      if (options.signal) playOptions.signal = options.signal;
      if (options.sleep && !replay.sleep) playOptions.sleep = options.sleep;
      try {
        yield* replayRun(after(records, options.lastEventId), playOptions);
      } finally {
        options.onConnection?.({ status: 'closed' });
      }
    };
    return play();
  };
}
