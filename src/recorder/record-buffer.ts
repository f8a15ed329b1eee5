/**
 * A recording's memory and read side, shared by live recorders and imports:
 * the bounded ring of entries with what fell out of it, and the queries over
 * it (filter, export as replay records).
 */
import type { AguiEvent, BoardState } from '../protocol/index.js';
import { toNdjson as writeNdjson } from '../transport/index.js';
import type { RecordedEvent } from '../transport/index.js';
import type { EventEntry, RecorderEntry } from './entries.js';
import { maskBoard } from './redact.js';
import { Ring } from './ring.js';

/** How much a recording keeps at most. */
export interface RecordBounds {
  /** Entries kept at most (oldest dropped first). Default 100,000. */
  maxEntries?: number;
  /** Bytes kept at most (sum of entries' `bytes`). Default 50 MB. */
  maxBytes?: number;
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

export const DEFAULT_MAX_ENTRIES = 100_000;
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
/** Bytes counted for an entry that only points at values counted elsewhere. */
export const REF_BYTES = 64;

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
export class RecordBuffer {
  readonly ring: Ring<RecorderEntry>;
  readonly dropped: RecorderDropped = { entries: 0, bytes: 0, events: 0 };
  seq = 0;
  settle: () => void = () => {};
  masksBoards = false;

  constructor(options: RecordBounds) {
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
