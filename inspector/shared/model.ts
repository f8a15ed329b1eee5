/**
 * What the tabs derive from a recording's entries: the list rows, the board
 * at an entry, interrupts from request to outcome, requests, and the spans of
 * the timeline. Pure functions over `RecorderEntry[]` (no DOM).
 */
import { OZ_RESUME, OZ_WAITING, readInterruptMeta, readOzResume } from '../../src/protocol/index.js';
import type { AguiEvent, BoardState, Interrupt } from '../../src/protocol/index.js';
import type { EventEntry, RecorderEntry, Recording, ReconnectEntry, RequestEntry, StreamEndEntry } from '../../src/recorder/index.js';
import { createReducer, initialThreadState, type ThreadState } from '../../src/thread/index.js';
import { pointerSegments } from '../../src/thread/board-patch.js';
import { walk } from '../../src/forms/pointer.js';

type Loose = Record<string, unknown>;

/** Entry kinds listed in the Events tab (the derived ones show in their own tabs). */
export const LISTED_KINDS: ReadonlySet<RecorderEntry['kind']> = new Set(['event', 'request', 'reconnect', 'connection', 'invalid', 'error']);

export const isListed = (e: RecorderEntry): boolean => LISTED_KINDS.has(e.kind);

/** The row's type: an event's type, else the entry's kind. */
export function typeOf(e: RecorderEntry): string {
  if (e.kind === 'event') {
    const ev = e.event as unknown as Loose;
    return ev.type === 'CUSTOM' ? `CUSTOM ${String(ev.name)}` : String(ev.type);
  }
  return e.kind;
}

/** The filter's type key (what RecorderFilter.types matches). */
export function filterTypeOf(e: RecorderEntry): string {
  return e.kind === 'event' ? String((e.event as unknown as Loose).type) : e.kind;
}

/** A one-line summary of an entry for the list. */
export function summaryOf(e: RecorderEntry): string {
  switch (e.kind) {
    case 'event': {
      const ev = e.event as unknown as Loose;
      const bits: string[] = [];
      for (const k of ['runId', 'messageId', 'toolCallId', 'toolCallName', 'stepName', 'delta', 'code', 'message']) {
        const v = ev[k];
        if (typeof v === 'string') bits.push(k === 'delta' ? JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v) : v);
        else if (k === 'delta' && Array.isArray(v)) bits.push(`${v.length} op${v.length === 1 ? '' : 's'}`);
      }
      const outcome = (ev.outcome as Loose | undefined)?.type;
      if (typeof outcome === 'string') bits.push(outcome);
      return bits.join(' ');
    }
    case 'request':
      return `${e.body.runId} ${e.url}`;
    case 'reconnect':
      return `${e.body.runId} attempt ${e.attempt}${e.lastEventId ? ` from ${e.lastEventId}` : ''}`;
    case 'connection':
      return e.state.status;
    case 'invalid':
      return e.error;
    case 'error':
      return `${e.error.code}: ${e.error.message}`;
    default:
      return '';
  }
}

/** Type keys and jobs present, for the filter pickers (sorted). */
export function facets(entries: readonly RecorderEntry[]): { types: string[]; jobs: string[] } {
  const types = new Set<string>();
  const jobs = new Set<string>();
  for (const e of entries) {
    if (!isListed(e)) continue;
    types.add(filterTypeOf(e));
    if (e.kind === 'event' && e.job !== undefined) jobs.add(e.job);
  }
  return { types: [...types].sort(), jobs: [...jobs].sort() };
}

/** Board-changing entries: STATE_SNAPSHOT and STATE_DELTA events. */
export function boardEvents(entries: readonly RecorderEntry[]): EventEntry[] {
  const out: EventEntry[] = [];
  for (const e of entries) {
    if (e.kind !== 'event') continue;
    const t = (e.event as unknown as Loose).type;
    if (t === 'STATE_SNAPSHOT' || t === 'STATE_DELTA') out.push(e);
  }
  return out;
}

/** A board event and what the board was before and after it. */
export interface BoardMoment {
  entry: EventEntry;
  before: BoardState;
  after: BoardState;
  /** The patch's ops (STATE_DELTA), else []. */
  ops: readonly unknown[];
  /** undefined for a snapshot. */
  applied: boolean | undefined;
  skipped: boolean;
  error: string | undefined;
  /** It came from the recorder's own before/after (a live recording), not from folding the events again. */
  recorded: boolean;
}

/**
 * The board around one board event. A live recording's STATE_DELTA carries
 * the store's before and after (its state-delta entry); otherwise (snapshots,
 * imports) the board events kept up to it are folded again with the store's
 * own reducer. `show` masks what is shown under redaction.
 */
export function boardAt(entries: readonly RecorderEntry[], entry: EventEntry, show: (b: BoardState) => BoardState = (b) => b): BoardMoment {
  const ev = entry.event as unknown as Loose;
  const ops = ev.type === 'STATE_DELTA' && Array.isArray(ev.delta) ? (ev.delta as unknown[]) : [];
  const at = entries.indexOf(entry);
  for (let i = at + 1; i < entries.length && i <= at + 2; i++) {
    const d = entries[i]!;
    if (d.kind === 'state-delta' && d.eventSeq === entry.seq && d.after !== undefined) {
      return { entry, before: show(d.before), after: show(d.after), ops, applied: d.applied, skipped: d.skipped === true, error: d.error?.message, recorded: true };
    }
  }
  const reduce = createReducer();
  let state: ThreadState = initialThreadState('inspector');
  let before = state.board;
  for (let i = 0; i <= at; i++) {
    const e = entries[i]!;
    if (e.kind !== 'event') continue;
    const t = (e.event as unknown as Loose).type;
    if (t !== 'STATE_SNAPSHOT' && t !== 'STATE_DELTA') continue;
    before = state.board;
    state = reduce(state, { id: e.id, event: e.event });
  }
  const after = state.board;
  const failed = after.lastPatchError !== undefined && after.lastPatchError !== before.lastPatchError;
  return {
    entry,
    before: show(before.value),
    after: show(after.value),
    ops,
    applied: ev.type === 'STATE_DELTA' ? !before.stale && !failed && !after.stale : undefined,
    skipped: ev.type === 'STATE_DELTA' && before.stale,
    error: failed ? after.lastPatchError?.message : undefined,
    recorded: false,
  };
}

/** The value at a JSON pointer (own properties only), or undefined. */
export function atPointer(doc: unknown, pointer: string): unknown {
  const keys = pointerSegments(pointer);
  return keys && walk(doc, keys);
}

/** An interrupt from its request to its answer and outcome. */
export interface InterruptTrace {
  id: string;
  reason: string;
  message: string | undefined;
  runId: string;
  requestedAt: number;
  expiresAt: string | undefined;
  deciders: string | undefined;
  kind: string | undefined;
  /** The resume entry sent for it (live recordings). */
  answer: { at: number; status: string; payload: unknown } | undefined;
  /** oz0.resume for it. */
  outcome: { at: number; outcome: string; approved: boolean | undefined } | undefined;
  /** A RUN_ERROR of the resume run. */
  error: { at: number; code: string | undefined; message: string } | undefined;
}

export function interruptTraces(entries: readonly RecorderEntry[]): InterruptTrace[] {
  const byId = new Map<string, InterruptTrace>();
  const inResume = new Map<string, string[]>(); // resume runId -> interrupt ids
  for (const e of entries) {
    if (e.kind === 'event') {
      const ev = e.event as unknown as Loose;
      if (ev.type === 'RUN_FINISHED') {
        const outcome = ev.outcome as { type?: string; interrupts?: Interrupt[] } | undefined;
        if (outcome?.type !== 'interrupt' || !Array.isArray(outcome.interrupts)) continue;
        for (const i of outcome.interrupts) {
          if (!i || typeof i.id !== 'string') continue;
          const meta = readInterruptMeta(i);
          byId.set(i.id, {
            id: i.id,
            reason: String(i.reason),
            message: typeof i.message === 'string' ? i.message : undefined,
            runId: String(ev.runId ?? ''),
            requestedAt: e.at,
            expiresAt: i.expiresAt,
            deciders: meta.deciders,
            kind: meta.kind,
            answer: undefined,
            outcome: undefined,
            error: undefined,
          });
        }
      } else if (ev.type === 'CUSTOM' && ev.name === OZ_RESUME) {
        const v = readOzResume(ev.value);
        const trace = v && byId.get(v.interruptId);
        if (trace && v) trace.outcome = { at: e.at, outcome: v.outcome, approved: v.approved };
      }
    } else if (e.kind === 'resume-sent') {
      inResume.set(
        e.runId,
        e.entries.map((r) => r.interruptId),
      );
      for (const r of e.entries) {
        const trace = byId.get(r.interruptId);
        if (trace) trace.answer = { at: e.at, status: r.status, payload: r.payload };
      }
    } else if (e.kind === 'resume-error' && e.runId !== undefined) {
      for (const id of inResume.get(e.runId) ?? []) {
        const trace = byId.get(id);
        if (trace && !trace.outcome) trace.error = { at: e.at, code: e.code, message: e.message };
      }
    }
  }
  return [...byId.values()];
}

/** A request (or reconnect), how its stream ended when it did, and the keep-alives it carried. */
export interface RequestTrace {
  request: RequestEntry | ReconnectEntry;
  end?: StreamEndEntry;
  keepAlives: number;
  lastKeepAlive?: number;
}

/** Requests and reconnects, in order, each with its stream's keep-alives and end. */
export function requestsOf(entries: readonly RecorderEntry[]): RequestTrace[] {
  const traces: RequestTrace[] = [];
  let open: RequestTrace | undefined;
  for (const e of entries) {
    if (e.kind === 'request' || e.kind === 'reconnect') traces.push((open = { request: e, keepAlives: 0 }));
    else if (open && e.kind === 'keep-alive') {
      open.keepAlives += 1;
      open.lastKeepAlive = e.at;
    } else if (open && e.kind === 'stream-end') {
      open.end = e;
      open = undefined;
    }
  }
  return traces;
}

/** A span on the timeline. */
export interface Span {
  lane: 'run' | 'step' | 'wait';
  label: string;
  start: number;
  end: number;
  /** Still open when the recording ends. */
  open: boolean;
  status: string;
}

/** Runs (RUN_STARTED to its end), steps (STEP_STARTED to STEP_FINISHED) and waits (oz0.waiting, or interrupts, until the next event or request). */
export function spansOf(entries: readonly RecorderEntry[]): { spans: Span[]; start: number; end: number } {
  const spans: Span[] = [];
  const runs = new Map<string, Span>();
  const steps = new Map<string, Span>();
  let wait: Span | undefined;
  let start = Infinity;
  let end = -Infinity;
  const closeWait = (at: number) => {
    if (wait) {
      wait.end = at;
      wait.open = false;
      wait = undefined;
    }
  };
  for (const e of entries) {
    start = Math.min(start, e.at);
    end = Math.max(end, e.at);
    if (e.kind === 'request' || e.kind === 'reconnect') {
      closeWait(e.at);
      continue;
    }
    if (e.kind !== 'event') continue;
    const ev = e.event as AguiEvent & Loose;
    const type = ev.type as string;
    if (wait && !(type === 'CUSTOM' && ev.name === OZ_WAITING)) closeWait(e.at);
    if (type === 'RUN_STARTED') {
      const span: Span = { lane: 'run', label: String(ev.runId), start: e.at, end: e.at, open: true, status: 'running' };
      runs.set(String(ev.runId), span);
      spans.push(span);
    } else if (type === 'RUN_FINISHED' || type === 'RUN_ERROR') {
      const runId = typeof ev.runId === 'string' ? ev.runId : [...runs.keys()].at(-1);
      const span = runId !== undefined ? runs.get(runId) : undefined;
      const outcome = type === 'RUN_ERROR' ? `error ${String(ev.code ?? '')}`.trim() : String((ev.outcome as Loose | undefined)?.type ?? 'success');
      if (span) {
        span.end = e.at;
        span.open = false;
        span.status = outcome;
      } else spans.push({ lane: 'run', label: runId ?? 'run', start: e.at, end: e.at, open: false, status: outcome });
      if (type === 'RUN_FINISHED' && outcome === 'interrupt') {
        wait = { lane: 'wait', label: 'interrupt', start: e.at, end: e.at, open: true, status: 'waiting' };
        spans.push(wait);
      }
    } else if (type === 'STEP_STARTED') {
      const span: Span = { lane: 'step', label: String(ev.stepName), start: e.at, end: e.at, open: true, status: 'open' };
      steps.set(String(ev.stepName), span);
      spans.push(span);
    } else if (type === 'STEP_FINISHED') {
      const span = steps.get(String(ev.stepName));
      if (span) {
        span.end = e.at;
        span.open = false;
        span.status = 'finished';
      }
    } else if (type === 'CUSTOM' && ev.name === OZ_WAITING && !wait) {
      wait = { lane: 'wait', label: 'others decide', start: e.at, end: e.at, open: true, status: 'waiting' };
      spans.push(wait);
    }
  }
  for (const s of spans) if (s.open) s.end = end;
  return { spans, start: Number.isFinite(start) ? start : 0, end: Number.isFinite(end) ? end : 0 };
}

/** Listed entries of a recording matching a filter (the events tab's rows). */
export function listedRows(recording: Recording, q: { types?: string[]; job?: string; text?: string }): RecorderEntry[] {
  const filtered = q.types?.length || q.job !== undefined || q.text ? recording.filter(q) : recording.entries();
  return filtered.filter(isListed);
}
