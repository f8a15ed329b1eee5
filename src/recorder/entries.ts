/** What the recorder keeps: one entry per thing seen, each with its size. */
import type { AguiEvent, ResumeEntry, ResumeOutcome, RunAgentRequest, BoardState } from '../protocol/index.js';
import type { PatchErrorView } from '../thread/state.js';
import type { ConnectionState, StreamEnd } from '../transport/index.js';
import type { ThreadRecord } from '../thread/store-support.js';

interface Base {
  /** Order of recording, from 0; never reused (dropped entries leave a gap). */
  readonly seq: number;
  /** When it happened (ms, the store's `now`). */
  readonly at: number;
  /** Bytes counted against `maxBytes` (UTF-8 JSON of what was seen, before redaction). */
  readonly bytes: number;
}

/** A raw event as it arrived (redacted when redaction is on). */
export interface EventEntry extends Base {
  readonly kind: 'event';
  /** Its SSE id. */
  readonly id: string | undefined;
  readonly event: AguiEvent;
  /** The job it belongs to, when the event names one (messageId `<job>:…`, a step, a card, a tool call's parent). */
  readonly job: string | undefined;
}

/** A request sent fresh (attempt 0, no Last-Event-ID); headers are never recorded. */
export interface RequestEntry extends Base {
  readonly kind: 'request';
  readonly url: string;
  readonly body: RunAgentRequest;
}

/** A request sent again to pick up a stream: a transport reconnect (attempt > 0) or a follow with Last-Event-ID. */
export interface ReconnectEntry extends Base {
  readonly kind: 'reconnect';
  readonly url: string;
  readonly body: RunAgentRequest;
  readonly attempt: number;
  /** The Last-Event-ID sent, if any. */
  readonly lastEventId: string | undefined;
}

/** A keep-alive comment of the stream: the turn is silent, the connection alive. */
export interface KeepAliveEntry extends Base {
  readonly kind: 'keep-alive';
}

/** How one connection's stream ended (see the transport's StreamEnd): its terminal event, the server's end, or a drop. */
export interface StreamEndEntry extends Base, Omit<StreamEnd, 'lastEventId'> {
  readonly kind: 'stream-end';
  readonly lastEventId: string | undefined;
}

export interface ConnectionEntry extends Base {
  readonly kind: 'connection';
  readonly state: ConnectionState;
}

export interface InvalidEntry extends Base {
  readonly kind: 'invalid';
  readonly id: string | undefined;
  readonly data: string;
  readonly error: string;
}

export interface TransportErrorEntry extends Base {
  readonly kind: 'error';
  readonly error: Extract<ThreadRecord, { kind: 'error' }>['error'];
}

/**
 * A STATE_DELTA and what it did to the board. `before` and `after` are the
 * store's own board values (structurally shared, never copied): compare them
 * by `===`, and do not mutate them.
 */
export interface StateDeltaEntry extends Base {
  readonly kind: 'state-delta';
  readonly id: string | undefined;
  /** The seq of the event entry that carried it. */
  readonly eventSeq: number;
  readonly patch: readonly unknown[];
  readonly before: BoardState;
  /** The board once the store reduced the event (set right after; undefined only in that instant). */
  after: BoardState | undefined;
  /** It was applied (false: it failed, or the board was stale and it was skipped). */
  applied: boolean | undefined;
  /** The board was stale already, so the store did not try it. */
  skipped: boolean | undefined;
  /** Why it failed, when it failed. */
  error: PatchErrorView | undefined;
}

/** Resume entries sent (a resume request, attempt 0). */
export interface ResumeSentEntry extends Base {
  readonly kind: 'resume-sent';
  readonly runId: string;
  readonly entries: readonly ResumeEntry[];
}

/** How OZ took one resume entry (`oz0.resume`). */
export interface ResumeOutcomeEntry extends Base {
  readonly kind: 'resume-outcome';
  readonly runId: string | undefined;
  readonly id: string | undefined;
  readonly interruptId: string;
  readonly outcome: ResumeOutcome;
  readonly approved: boolean | undefined;
}

/** A RUN_ERROR in a resume run: the resume it answers to caused it. */
export interface ResumeErrorEntry extends Base {
  readonly kind: 'resume-error';
  readonly runId: string | undefined;
  readonly id: string | undefined;
  readonly code: string | undefined;
  readonly message: string;
}

export type RecorderEntry =
  | EventEntry
  | RequestEntry
  | ReconnectEntry
  | ConnectionEntry
  | KeepAliveEntry
  | StreamEndEntry
  | InvalidEntry
  | TransportErrorEntry
  | StateDeltaEntry
  | ResumeSentEntry
  | ResumeOutcomeEntry
  | ResumeErrorEntry;

export type RecorderEntryKind = RecorderEntry['kind'];

/** UTF-8 bytes of a string, without encoding it. */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 2; // a pair: 4 bytes for 2 units
      i++;
    } else n += 2;
  }
  return n;
}

/** Bytes of a value as JSON (UTF-8). */
export function jsonBytes(value: unknown): number {
  const json = JSON.stringify(value);
  return json === undefined ? 0 : utf8Length(json);
}
