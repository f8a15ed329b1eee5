/**
 * The recorder: taps a thread store (`onRecord`, `getState`) and keeps what
 * the inspector shows — every raw event with its SSE id, arrival time and
 * size; every request sent (never headers); reconnects with the Last-Event-ID
 * used; each STATE_DELTA with the board before and after (the store's own
 * structurally shared values) and whether it applied; resume entries sent,
 * their `oz0.resume` outcomes and the RUN_ERRORs they caused.
 *
 * Memory is bounded by a ring of `maxEntries` entries and `maxBytes` bytes;
 * `dropped` counts what fell out. Redaction happens at record time.
 * No DOM: it runs in a page, a worker or Node.
 */
import { OZ_CARD, OZ_RESUME, readOzResume } from '../protocol/index.js';
import type { AguiEvent, BoardState, StreamedEvent } from '../protocol/index.js';
import type { ThreadRecord, ThreadState } from '../thread/index.js';
import { parseRecording, toNdjson as writeNdjson } from '../transport/index.js';
import type { RecordedEvent } from '../transport/index.js';
import { jsonBytes, utf8Length, type EventEntry, type RecorderEntry, type RecorderEntryKind, type StateDeltaEntry } from './entries.js';
import { createRedactor, maskBoard, type RedactOption, type Redactor } from './redact.js';
import { Ring } from './ring.js';

/** What the recorder needs of a thread store. */
export interface RecordableStore {
  getState(): ThreadState;
  onRecord(listener: (record: ThreadRecord) => void): () => void;
}

export interface RecorderOptions {
  /** Entries kept at most (oldest dropped first). Default 100,000. */
  maxEntries?: number;
  /** Bytes kept at most (sum of entries' `bytes`). Default 50 MB. */
  maxBytes?: number;
  /** Masking at record time: false, presets, or a callback. Default: every preset when `production`, else off. */
  redact?: RedactOption;
  /** A production build: redaction defaults to on. */
  production?: boolean;
}

export interface RecorderFilter {
  /** Entry kinds ('request', 'state-delta', …) or event types ('TEXT_MESSAGE_CONTENT', …). */
  types?: readonly string[];
  /** Entries whose job is this one (events naming it). */
  job?: string;
  /** Case-insensitive text in any string of the entry (its event, body, error…), its id included. */
  text?: string;
}

export interface RecorderDropped {
  entries: number;
  bytes: number;
  /** Of them, raw events. */
  events: number;
}

/** A recording's read side: what a live recorder and an imported recording share. */
export interface Recording {
  /** Entries kept, oldest first (a fresh array). */
  entries(): RecorderEntry[];
  /** Entries kept now. */
  readonly size: number;
  /** Bytes kept now. */
  readonly bytes: number;
  /** What the bounds dropped so far. */
  readonly dropped: Readonly<RecorderDropped>;
  /** Matching entries, oldest first (a linear scan). */
  filter(query: RecorderFilter): RecorderEntry[];
  /** The events kept, as the replay transport's NDJSON (`{id, event, t}`, t from the first kept event). */
  toNdjson(): string;
  /** The events kept, as replay records. */
  toRecordedEvents(): RecordedEvent[];
  /**
   * A board as it may be shown from this recording: note texts and tags
   * masked when the recording redacts them ('note-text', or a callback, which
   * cannot be read by rule), else the board itself. For the `before` and
   * `after` of state-delta entries, which are the store's own values.
   */
  showBoard(board: BoardState): BoardState;
  /** Whether boards are masked by showBoard. */
  readonly masksBoards: boolean;
}

export interface Recorder extends Recording {
  /** Stops recording (keeps what was recorded). */
  stop(): void;
  /** Forgets every entry (the dropped counts stay). */
  clear(): void;
}

const DEFAULT_MAX_ENTRIES = 100_000;
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
/** Bytes counted for an entry that only points at values counted elsewhere. */
const REF_BYTES = 64;

const jobOfMessage = (messageId: unknown): string | undefined => {
  if (typeof messageId !== 'string') return undefined;
  const i = messageId.lastIndexOf(':');
  return i > 0 ? messageId.slice(0, i) : undefined;
};

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether any string leaf of `value` matches (no allocation per leaf). */
function anyString(value: unknown, re: RegExp, depth: number): boolean {
  if (typeof value === 'string') return re.test(value);
  if (depth > 8 || !value || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (anyString(value[i], re, depth + 1)) return true;
    return false;
  }
  for (const k in value) if (anyString((value as Record<string, unknown>)[k], re, depth + 1)) return true;
  return false;
}

function entryType(e: RecorderEntry): string | undefined {
  return e.kind === 'event' ? (e.event as { type?: string }).type : undefined;
}

function entryText(e: RecorderEntry, re: RegExp): boolean {
  switch (e.kind) {
    case 'event':
      return (e.id !== undefined && re.test(e.id)) || anyString(e.event, re, 0);
    case 'request':
    case 'reconnect':
      return re.test(e.url) || anyString(e.body, re, 0);
    case 'state-delta':
      return anyString(e.patch, re, 0) || (e.error !== undefined && re.test(e.error.message));
    case 'resume-sent':
      return anyString(e.entries, re, 0);
    default:
      return anyString(e, re, 0);
  }
}

/** The ring and the read side, shared by live recorders and imports. */
class RecordBuffer {
  readonly ring: Ring<RecorderEntry>;
  readonly dropped: RecorderDropped = { entries: 0, bytes: 0, events: 0 };
  seq = 0;
  settle: () => void = () => {};
  masksBoards = false;

  constructor(options: RecorderOptions) {
    this.ring = new Ring<RecorderEntry>(options.maxEntries ?? DEFAULT_MAX_ENTRIES, options.maxBytes ?? DEFAULT_MAX_BYTES);
    this.ring.onDrop = (e) => {
      this.dropped.entries += 1;
      this.dropped.bytes += e.bytes;
      if (e.kind === 'event') this.dropped.events += 1;
    };
  }

  push(entry: RecorderEntry): void {
    this.ring.push(entry);
  }

  reading(): Recording {
    return reading(this);
  }

  filter(q: RecorderFilter): RecorderEntry[] {
    const types = q.types && q.types.length > 0 ? new Set(q.types) : undefined;
    const job = q.job;
    const re = q.text ? new RegExp(escapeRegExp(q.text), 'i') : undefined;
    const out: RecorderEntry[] = [];
    this.ring.forEach((e) => {
      if (types && !types.has(e.kind)) {
        const t = entryType(e);
        if (t === undefined || !types.has(t)) return;
      }
      if (job !== undefined && (e.kind !== 'event' || e.job !== job)) return;
      if (re && !entryText(e, re)) return;
      out.push(e);
    });
    return out;
  }

  recorded(): RecordedEvent[] {
    const out: RecordedEvent[] = [];
    let origin: number | undefined;
    this.ring.forEach((e) => {
      if (e.kind !== 'event') return;
      origin ??= e.at;
      out.push({ id: e.id ?? null, event: e.event, t: Math.max(0, e.at - origin) });
    });
    return out;
  }

  eventEntry(at: number, id: string | undefined, event: AguiEvent, bytes: number, job: string | undefined): EventEntry {
    return { kind: 'event', seq: this.seq++, at, bytes, id, event, job };
  }
}

function reading(self: RecordBuffer): Recording {
  return {
    entries: () => (self.settle(), self.ring.toArray()),
    get size() {
      return self.ring.size;
    },
    get bytes() {
      return self.ring.bytes;
    },
    get dropped() {
      return self.dropped;
    },
    filter: (q) => (self.settle(), self.filter(q)),
    toNdjson: () => writeNdjson(self.recorded()),
    toRecordedEvents: () => self.recorded(),
    showBoard: (board) => (self.masksBoards ? maskBoard(board) : board),
    get masksBoards() {
      return self.masksBoards;
    },
  };
}

/** Which job an event names; tool calls learn theirs from TOOL_CALL_START's parent. */
function createJobTracker(): (event: AguiEvent) => string | undefined {
  const toolJobs = new Map<string, string>();
  return (event) => {
    const e = event as unknown as Record<string, unknown>;
    switch (e.type) {
      case 'TEXT_MESSAGE_START':
      case 'TEXT_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_END':
      case 'TEXT_MESSAGE_CHUNK':
        return jobOfMessage(e.messageId);
      case 'STEP_STARTED':
      case 'STEP_FINISHED':
        return typeof e.stepName === 'string' ? e.stepName : undefined;
      case 'TOOL_CALL_START':
      case 'TOOL_CALL_CHUNK': {
        const job = jobOfMessage(e.parentMessageId);
        if (job && typeof e.toolCallId === 'string') {
          if (toolJobs.size >= 1000) toolJobs.clear();
          toolJobs.set(e.toolCallId, job);
        }
        return job ?? (typeof e.toolCallId === 'string' ? toolJobs.get(e.toolCallId) : undefined);
      }
      case 'TOOL_CALL_ARGS':
      case 'TOOL_CALL_END':
      case 'TOOL_CALL_RESULT':
        return typeof e.toolCallId === 'string' ? toolJobs.get(e.toolCallId) : undefined;
      case 'CUSTOM': {
        const v = e.value as { job?: unknown } | undefined;
        return e.name === OZ_CARD && typeof v?.job === 'string' ? v.job : undefined;
      }
      default:
        return undefined;
    }
  };
}

/** Starts recording a thread store; `stop()` ends it. */
export function createRecorder(store: RecordableStore, options: RecorderOptions = {}): Recorder {
  const buf = new RecordBuffer(options);
  const redactor: Redactor = createRedactor(options.redact, options.production === true);
  buf.masksBoards = redactor.masksBoards;
  const jobOf = createJobTracker();
  let pending: { entry: StateDeltaEntry; before: ThreadState['board'] } | undefined;
  let resumeRunId: string | undefined;
  let resumeRequestRunId: string | undefined;

  /** Fills the last STATE_DELTA's `after`: the store reduces an event right after recording it. */
  function settle(): void {
    if (!pending) return;
    const { entry, before } = pending;
    pending = undefined;
    const after = store.getState().board;
    entry.after = after.value;
    entry.skipped = before.stale;
    const failed = after.lastPatchError !== undefined && after.lastPatchError !== before.lastPatchError;
    entry.applied = !before.stale && !failed && !after.stale;
    entry.error = failed ? after.lastPatchError : undefined;
  }
  buf.settle = settle;

  function onEvent(at: number, streamed: StreamedEvent): void {
    const raw = streamed.event;
    const bytes = utf8Length(JSON.stringify(raw)) + (streamed.id ? utf8Length(streamed.id) : 0);
    const event = redactor.event(raw);
    const job = jobOf(raw);
    const entry = buf.eventEntry(at, streamed.id, event, bytes, job);
    buf.push(entry);
    const e = raw as unknown as Record<string, unknown>;
    if (e.type === 'STATE_DELTA') {
      const board = store.getState().board;
      const patch = (event as unknown as { delta?: unknown }).delta;
      const delta: StateDeltaEntry = {
        kind: 'state-delta',
        seq: buf.seq++,
        at,
        bytes: REF_BYTES,
        id: streamed.id,
        eventSeq: entry.seq,
        patch: Array.isArray(patch) ? patch : [],
        before: board.value,
        after: undefined,
        applied: undefined,
        skipped: undefined,
        error: undefined,
      };
      buf.push(delta);
      pending = { entry: delta, before: board };
      queueMicrotask(settle);
    } else if (e.type === 'RUN_STARTED') {
      if (resumeRequestRunId !== undefined) resumeRunId = resumeRequestRunId;
    } else if (e.type === 'CUSTOM' && e.name === OZ_RESUME) {
      const v = readOzResume(e.value);
      if (v) {
        buf.push({ kind: 'resume-outcome', seq: buf.seq++, at, bytes: REF_BYTES, runId: resumeRunId ?? resumeRequestRunId, id: streamed.id, interruptId: v.interruptId, outcome: v.outcome, approved: v.approved });
      }
    } else if (e.type === 'RUN_ERROR' && resumeRequestRunId !== undefined) {
      const code = typeof e.code === 'string' ? e.code : undefined;
      const message = typeof e.message === 'string' ? e.message : '';
      buf.push({ kind: 'resume-error', seq: buf.seq++, at, bytes: REF_BYTES + utf8Length(message), runId: resumeRunId ?? resumeRequestRunId, id: streamed.id, code, message });
    }
  }

  function onRecord(r: ThreadRecord): void {
    settle();
    switch (r.kind) {
      case 'event':
        return onEvent(r.at, r.streamed);
      case 'request': {
        const body = redactor.request(r.body);
        const bytes = jsonBytes(r.body) + utf8Length(r.url);
        if (r.attempt > 0 || r.lastEventId !== undefined) {
          buf.push({ kind: 'reconnect', seq: buf.seq++, at: r.at, bytes, url: r.url, body, attempt: r.attempt, lastEventId: r.lastEventId });
          return;
        }
        buf.push({ kind: 'request', seq: buf.seq++, at: r.at, bytes, url: r.url, body });
        const entries = body.resume;
        resumeRunId = undefined;
        resumeRequestRunId = entries && entries.length > 0 ? body.runId : undefined;
        if (entries && entries.length > 0) buf.push({ kind: 'resume-sent', seq: buf.seq++, at: r.at, bytes: REF_BYTES, runId: body.runId, entries });
        return;
      }
      case 'connection':
        return buf.push({ kind: 'connection', seq: buf.seq++, at: r.at, bytes: jsonBytes(r.state), state: r.state });
      case 'invalid':
        return buf.push({ kind: 'invalid', seq: buf.seq++, at: r.at, bytes: utf8Length(r.data) + utf8Length(r.error), id: r.id, data: redactor.raw(r.data), error: r.error });
      case 'error':
        return buf.push({ kind: 'error', seq: buf.seq++, at: r.at, bytes: jsonBytes(r.error), error: r.error });
      case 'keep-alive':
        return buf.push({ kind: 'keep-alive', seq: buf.seq++, at: r.at, bytes: REF_BYTES });
      case 'stream-end': {
        const { kind: _kind, at, lastEventId, ...end } = r;
        void _kind;
        return buf.push({ kind: 'stream-end', seq: buf.seq++, at, bytes: REF_BYTES + utf8Length(lastEventId ?? ''), ...end, lastEventId });
      }
    }
  }

  let off: (() => void) | undefined = store.onRecord(onRecord);
  const read = buf.reading();
  const recorder: Recorder = {
    entries: read.entries,
    filter: read.filter,
    toNdjson: read.toNdjson,
    toRecordedEvents: read.toRecordedEvents,
    showBoard: read.showBoard,
    get masksBoards() {
      return buf.masksBoards;
    },
    get size() {
      return buf.ring.size;
    },
    get bytes() {
      return buf.ring.bytes;
    },
    get dropped() {
      return buf.dropped;
    },
    stop() {
      settle();
      off?.();
      off = undefined;
    },
    clear() {
      settle();
      buf.ring.clear();
    },
  };
  return recorder;
}

/** A recording filled from replay records (an import, a followed feed): `add` appends one. */
export interface RecordingLog extends Recording {
  add(record: RecordedEvent): void;
}

/** An empty recording of events that grows by `add` (bounded as a recorder is). */
export function createRecordingLog(options: Pick<RecorderOptions, 'maxEntries' | 'maxBytes'> = {}): RecordingLog {
  const buf = new RecordBuffer({ maxEntries: Math.max(options.maxEntries ?? DEFAULT_MAX_ENTRIES, 1), ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}) });
  const jobOf = createJobTracker();
  const read = buf.reading();
  return Object.defineProperties(read, {
    add: {
      value: (r: RecordedEvent) => {
        const bytes = utf8Length(JSON.stringify(r.event)) + (r.id ? utf8Length(r.id) : 0);
        buf.push(buf.eventEntry(r.t, r.id ?? undefined, r.event, bytes, jobOf(r.event)));
      },
    },
  }) as RecordingLog;
}

/**
 * Reads an exported NDJSON recording (the replay format) into a recording:
 * its events, with `at` = their `t`. Throws the TransportError of
 * `parseRecording` (`malformed_event`) naming a bad line.
 */
export function importRecording(text: string, options: Pick<RecorderOptions, 'maxEntries' | 'maxBytes'> = {}): Recording {
  const records = parseRecording(text);
  const log = createRecordingLog(options);
  for (const r of records) log.add(r);
  return log;
}

export type { RecorderEntry, RecorderEntryKind };
