/**
 * What a thread keeps across a page reload: enough to draw the transcript
 * again, build the history, resend or follow the last request (Last-Event-ID
 * where known) and keep unsent drafts. Version-tagged, size-bounded, and
 * checked on the way in: corrupt data is refused, never trusted.
 */
import { isBoardState, readWaitingForOthers } from '../protocol/index.js';
import type { BoardState, WaitingForOthers } from '../protocol/index.js';
import { initialThreadState } from './state.js';
import type { InterruptView, RequestRecord, ThreadState, Turn } from './state.js';

export const SNAPSHOT_VERSION = 1;

/** A thread as storage keeps it (JSON). */
export interface ThreadSnapshot {
  v: typeof SNAPSHOT_VERSION;
  threadId: string;
  savedAt: number;
  aiLabel?: string;
  turns: Turn[];
  interrupts: Record<string, InterruptView>;
  openInterruptIds: string[];
  /** Left out when it does not fit. */
  board?: BoardState;
  lastRequest?: RequestRecord;
  lastEventId?: string;
  /**
   * What the unfinished turn waits for (oz0.waiting): a follow with
   * Last-Event-ID streams only what came after it, so the wait is kept here.
   */
  waitingForOthers?: WaitingForOthers[];
  /** Unsent answers by interrupt id. */
  drafts: Record<string, unknown>;
}

/** The default bound: a snapshot at most this many characters of JSON (sessionStorage holds ~5M per origin). */
export const DEFAULT_MAX_SNAPSHOT_CHARS = 1_000_000;

/** Takes the parts of the state a snapshot keeps (no copy: they are immutable). */
export function takeSnapshot(state: ThreadState, savedAt: number): ThreadSnapshot {
  return {
    v: SNAPSHOT_VERSION,
    threadId: state.threadId,
    savedAt,
    ...(state.aiLabel ? { aiLabel: state.aiLabel } : {}),
    turns: state.turns as Turn[],
    interrupts: state.interrupts as Record<string, InterruptView>,
    openInterruptIds: [...state.openInterruptIds],
    ...(state.board.received && !state.board.stale ? { board: state.board.value } : {}),
    ...(state.lastRequest ? { lastRequest: state.lastRequest } : {}),
    ...(state.lastEventId ? { lastEventId: state.lastEventId } : {}),
    ...(state.status === 'waiting' && state.waitingForOthers.length ? { waitingForOthers: state.waitingForOthers as WaitingForOthers[] } : {}),
    drafts: state.drafts as Record<string, unknown>,
  };
}

/** Keeps, of the turns before the last, only the person's messages. */
function trimTurns(s: ThreadSnapshot): ThreadSnapshot {
  const last = s.turns.length - 1;
  const turns = s.turns.map((t, i) => (i === last ? t : ({ ...t, runs: t.runs.map((r) => ({ ...r, items: [] })), steps: {}, stepOrder: [], trimmed: true } as Turn)));
  const lastRuns = new Set((s.turns[last]?.runs ?? []).map((r) => r.runId));
  const interrupts: Record<string, InterruptView> = {};
  for (const [id, i] of Object.entries(s.interrupts)) if (lastRuns.has(i.runId) || s.openInterruptIds.includes(id)) interrupts[id] = i;
  return { ...s, turns, interrupts };
}

export type EncodedSnapshot = { ok: true; json: string; trimmed: string[] } | { ok: false; error: string };

/**
 * A snapshot as parts, for ports that store each turn apart (see
 * PersistencePort.saveParts): the JSON of everything but the turns and the
 * last request, the last request's, and each turn's, oldest first.
 */
export interface SnapshotParts {
  /** The snapshot without `turns` and `lastRequest`, as a JSON object. */
  head: string;
  /** `lastRequest` (it holds the thread's history, so it grows with it), when there is one. */
  request?: string | undefined;
  /** Each turn's JSON. */
  turns: readonly string[];
}

export type EncodedParts = ({ ok: true; trimmed: string[] } & SnapshotParts) | { ok: false; error: string };

/** How a snapshot becomes JSON (`JSON.stringify`, or a memoizing encoder's). */
type Stringify = (s: ThreadSnapshot) => string;

/** The members of the one JSON object the parts make, as text. */
function members(p: SnapshotParts): string[] {
  const out = p.head.length > 2 ? [p.head.slice(1, -1)] : [];
  if (p.request !== undefined) out.push(`"lastRequest":${p.request}`);
  return out;
}

/** The characters of joinParts(p), without joining. */
function joinedLength(p: SnapshotParts): number {
  const head = members(p);
  let n = 2 + head.reduce((a, m) => a + m.length + 1, 0) + 10 + Math.max(0, p.turns.length - 1);
  for (const t of p.turns) n += t.length;
  return n;
}

/** The one JSON text of a snapshot's parts (the turns last). */
export function joinParts(p: SnapshotParts): string {
  return `{${[...members(p), `"turns":[${p.turns.join(',')}]`].join(',')}}`;
}

/**
 * Keeps a snapshot within `maxChars` of JSON, as measured by `encode`: drops
 * the board first, then the content of turns before the last, and gives up
 * if it still does not fit.
 */
function bounded<E>(
  snapshot: ThreadSnapshot,
  maxChars: number,
  encode: (s: ThreadSnapshot) => E,
  length: (e: E) => number,
): { ok: true; encoded: E; trimmed: string[] } | { ok: false; error: string } {
  const trimmed: string[] = [];
  let s = snapshot;
  let encoded = encode(s);
  if (length(encoded) > maxChars && s.board) {
    const { board: _board, ...rest } = s;
    void _board;
    s = rest;
    trimmed.push('board');
    encoded = encode(s);
  }
  if (length(encoded) > maxChars && s.turns.length > 1) {
    s = trimTurns(s);
    trimmed.push('earlier turns');
    encoded = encode(s);
  }
  const chars = length(encoded);
  if (chars > maxChars) return { ok: false, error: `the thread needs ${chars} characters of storage, more than ${maxChars}` };
  return { ok: true, encoded, trimmed };
}

/**
 * Serializes a snapshot within `maxChars`: drops the board first, then the
 * content of turns before the last, and gives up (saving nothing) if it still
 * does not fit.
 */
export function encodeSnapshot(snapshot: ThreadSnapshot, maxChars = DEFAULT_MAX_SNAPSHOT_CHARS, stringify: Stringify = JSON.stringify): EncodedSnapshot {
  const r = bounded(snapshot, maxChars, stringify, (json) => json.length);
  return r.ok ? { ok: true, json: r.encoded, trimmed: r.trimmed } : r;
}

/** One store's snapshot encoder: whole JSON, or parts; each turn's JSON remembered. */
export interface SnapshotEncoder {
  /** The snapshot as one JSON text, within `maxChars` (as encodeSnapshot). */
  (snapshot: ThreadSnapshot, maxChars?: number): EncodedSnapshot;
  /** The snapshot as parts, within `maxChars` of their joined JSON; nothing joined. */
  parts(snapshot: ThreadSnapshot, maxChars?: number): EncodedParts;
  /** Remembers the JSON of a turn or a request as read from storage (its text is what JSON.stringify gives for it). */
  remember(value: Turn | RequestRecord, json: string): void;
}

/**
 * An encodeSnapshot for one store that remembers each turn's JSON: turns are
 * immutable (a change makes a new object), so saving a long thread again
 * serializes only the turns that changed. Same output as JSON.stringify.
 */
export function createSnapshotEncoder(): SnapshotEncoder {
  const known = new WeakMap<object, string>();
  const json = (value: Turn | RequestRecord): string => {
    let text = known.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      known.set(value, text);
    }
    return text;
  };
  const split = ({ turns, lastRequest, ...rest }: ThreadSnapshot): SnapshotParts => ({
    head: JSON.stringify(rest),
    ...(lastRequest ? { request: json(lastRequest) } : {}),
    turns: turns.map(json),
  });
  const encoder = ((snapshot: ThreadSnapshot, maxChars = DEFAULT_MAX_SNAPSHOT_CHARS) => encodeSnapshot(snapshot, maxChars, (s) => joinParts(split(s)))) as SnapshotEncoder;
  encoder.parts = (snapshot, maxChars = DEFAULT_MAX_SNAPSHOT_CHARS) => {
    const r = bounded(snapshot, maxChars, split, joinedLength);
    return r.ok ? { ok: true, ...r.encoded, trimmed: r.trimmed } : r;
  };
  encoder.remember = (value, text) => void known.set(value, text);
  return encoder;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const allValues = (v: unknown, ok: (x: Record<string, unknown>) => boolean) => isObj(v) && Object.values(v).every((x) => isObj(x) && ok(x));

const callOk = (c: unknown) => isObj(c) && isStr(c.id) && isStr(c.argsText) && isStr(c.status);
const messageOk = (m: unknown) => isObj(m) && isStr(m.id) && isStr(m.content) && isStr(m.body) && Array.isArray(m.toolCalls) && m.toolCalls.every(callOk);
const itemOk = (i: unknown) => isObj(i) && isStr(i.kind) && (i.kind !== 'message' || messageOk(i.message)) && (i.kind !== 'tool_call' || callOk(i.call));

function checkTurn(t: unknown): boolean {
  if (!isObj(t) || !isStr(t.id) || !isStr(t.userMessageId) || !Array.isArray(t.runs) || !isObj(t.steps) || !Array.isArray(t.stepOrder)) return false;
  if (t.userMessage !== undefined && !(isObj(t.userMessage) && isStr(t.userMessage.id) && isStr(t.userMessage.text))) return false;
  return t.runs.every((r) => isObj(r) && isStr(r.runId) && Array.isArray(r.items) && Array.isArray(r.interruptIds) && r.items.every(itemOk));
}

/** Checks a loaded value; returns why it is no snapshot this version reads. */
export function parseSnapshot(raw: unknown): { ok: true; snapshot: ThreadSnapshot } | { ok: false; error: string } {
  if (!isObj(raw)) return { ok: false, error: 'not an object' };
  if (raw.v !== SNAPSHOT_VERSION) return { ok: false, error: `version ${String(raw.v)}, not ${SNAPSHOT_VERSION}` };
  if (!isStr(raw.threadId)) return { ok: false, error: 'no threadId' };
  if (!Array.isArray(raw.turns) || !raw.turns.every(checkTurn)) return { ok: false, error: 'bad turns' };
  if (!allValues(raw.interrupts, (i) => isStr(i.id) && isStr(i.state) && isObj(i.meta) && isObj(i.raw))) return { ok: false, error: 'bad interrupts' };
  if (!Array.isArray(raw.openInterruptIds) || !raw.openInterruptIds.every(isStr)) return { ok: false, error: 'bad openInterruptIds' };
  if (!isObj(raw.drafts)) return { ok: false, error: 'bad drafts' };
  if (raw.board !== undefined && !isBoardState(raw.board)) return { ok: false, error: 'bad board' };
  if (raw.lastEventId !== undefined && !isStr(raw.lastEventId)) return { ok: false, error: 'bad lastEventId' };
  if (raw.waitingForOthers !== undefined && !(Array.isArray(raw.waitingForOthers) && readWaitingForOthers(raw.waitingForOthers).length === raw.waitingForOthers.length)) {
    return { ok: false, error: 'bad waitingForOthers' };
  }
  const req = raw.lastRequest;
  if (req !== undefined && !(isObj(req) && isStr(req.url) && isStr(req.runId) && isStr(req.kind) && isObj(req.body) && isStr(req.body.threadId))) {
    return { ok: false, error: 'bad lastRequest' };
  }
  return { ok: true, snapshot: raw as unknown as ThreadSnapshot };
}

/** A state drawn from a snapshot: nothing streams; restore() decides whether to follow. */
export function restoreState(snapshot: ThreadSnapshot, base: ThreadState = initialThreadState(snapshot.threadId)): ThreadState {
  const lastTurn = snapshot.turns[snapshot.turns.length - 1];
  const lastRun = lastTurn?.runs[lastTurn.runs.length - 1];
  const aiLabel = base.aiLabel ?? snapshot.aiLabel;
  return {
    ...base,
    threadId: snapshot.threadId,
    ...(aiLabel ? { aiLabel } : {}),
    status: snapshot.openInterruptIds.length > 0 ? 'interrupted' : lastRun?.error ? 'error' : 'idle',
    turns: snapshot.turns,
    interrupts: snapshot.interrupts,
    openInterruptIds: snapshot.openInterruptIds,
    board: snapshot.board ? { value: snapshot.board, stale: false, version: base.board.version + 1, received: true } : base.board,
    drafts: snapshot.drafts,
    ...(snapshot.lastRequest ? { lastRequest: snapshot.lastRequest } : {}),
    ...(snapshot.lastEventId ? { lastEventId: snapshot.lastEventId } : {}),
    ...(lastRun?.error ? { lastError: lastRun.error } : {}),
    // The wait of an unfinished run: restore() follows it, and the follow keeps it (store.ts again()).
    ...(snapshot.waitingForOthers?.length && lastRun && !lastRun.terminal ? { waitingForOthers: readWaitingForOthers(snapshot.waitingForOthers) } : {}),
  };
}
