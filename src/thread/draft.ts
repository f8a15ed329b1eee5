/**
 * Small helpers the reducers share, over immer drafts of the state.
 */
import { isDraft, original, type Draft } from 'immer';
import { splitLabel } from './label.js';
import { MAX_DIAGNOSTICS } from './state.js';
import type { AssistantMessageView, Diagnostic, RunKind, RunView, ThreadState, ToolCallStatus, ToolCallView, TranscriptItem, Turn, UserMessageView } from './state.js';

export type D = Draft<ThreadState>;
export type DTurn = Draft<Turn>;
export type DRun = Draft<RunView>;

/** The event's SSE id and time, passed to every reducer. */
export interface EventContext {
  id: string | undefined;
  at: number | undefined;
}

/** Adds a diagnostic, keeping the newest MAX_DIAGNOSTICS. */
export function diagnose(d: D, kind: Diagnostic['kind'], message: string, ctx?: EventContext): void {
  const diag: Diagnostic = { kind, message, ...(ctx?.id ? { eventId: ctx.id } : {}), ...(ctx?.at !== undefined ? { at: ctx.at } : {}) };
  d.diagnostics.push(diag);
  if (d.diagnostics.length > MAX_DIAGNOSTICS) d.diagnostics.splice(0, d.diagnostics.length - MAX_DIAGNOSTICS);
}

/** A run with nothing in it yet (every key present: one hidden class for all runs). */
export function newRun(runId: string, kind: RunKind, at?: number): RunView {
  return {
    runId,
    kind,
    phase: 'requested',
    reached: 'none',
    outcome: undefined,
    items: [],
    interruptIds: [],
    resume: undefined,
    error: undefined,
    openSteps: 0,
    stepLimitReached: false,
    hiddenSteps: 0,
    terminal: false,
    requestedAt: at,
  };
}

/** A turn with nothing in it yet. */
export function newTurn(id: string, runs: RunView[], userMessage?: UserMessageView): Turn {
  return { id, userMessageId: id, userMessage, job: undefined, runs, steps: {}, stepOrder: [], card: undefined, trimmed: undefined };
}

type DMessage = Draft<AssistantMessageView>;
type DCall = Draft<ToolCallView>;

/** Where an item sits: turn, run and item indexes. */
type Where = [number, number, number];

/**
 * Searches the state's items newest first. Done on the base state, not the
 * draft: reading a draft's items would make a proxy of each one visited.
 */
function locate(base: ThreadState, match: (item: TranscriptItem) => boolean): Where | undefined {
  for (let t = base.turns.length - 1; t >= 0; t--) {
    const runs = base.turns[t]!.runs;
    for (let r = runs.length - 1; r >= 0; r--) {
      const items = runs[r]!.items;
      for (let i = items.length - 1; i >= 0; i--) if (match(items[i]!)) return [t, r, i];
    }
  }
  return undefined;
}

function itemAt(d: D, [t, r, i]: Where): Draft<TranscriptItem> {
  return d.turns[t]!.runs[r]!.items[i]!;
}

/** A streamed message's draft by id, from the newest run back. */
export function findMessageDraft(d: D, id: string): DMessage | undefined {
  const where = locate(original(d) ?? (d as ThreadState), (item) => item.kind === 'message' && item.message.id === id);
  if (!where) return undefined;
  const item = itemAt(d, where);
  return item.kind === 'message' ? item.message : undefined;
}

/** A tool call's draft by id, from the newest run back. */
export function findToolCallDraft(d: D, id: string): DCall | undefined {
  const has = (item: TranscriptItem) => (item.kind === 'tool_call' && item.call.id === id) || (item.kind === 'message' && item.message.toolCalls.some((c) => c.id === id));
  const where = locate(original(d) ?? (d as ThreadState), has);
  if (!where) return undefined;
  const item = itemAt(d, where);
  if (item.kind === 'tool_call') return item.call;
  if (item.kind !== 'message') return undefined;
  const calls = item.message.toolCalls;
  const k = (isDraft(calls) ? original(calls)! : calls).findIndex((c) => c.id === id);
  return k >= 0 ? item.message.toolCalls[k] : undefined;
}

/** The messages of a run, as drafts. */
export function messagesOf(run: DRun): DMessage[] {
  const out: DMessage[] = [];
  for (const item of run.items) if (item.kind === 'message') out.push(item.message);
  return out;
}

/**
 * The current turn and run. Events with no run to go to (a recording replayed
 * into an empty thread) get an implicit turn without a user message.
 */
export function ensureRun(d: D, runId?: string): { turn: DTurn; run: DRun } {
  if (d.turns.length === 0) d.turns.push(newTurn('', []) as DTurn);
  const turn = d.turns[d.turns.length - 1]!;
  if (turn.runs.length === 0) turn.runs.push(newRun(runId ?? '', 'follow') as DRun);
  return { turn, run: turn.runs[turn.runs.length - 1]! };
}

/** An event past RUN_STARTED arrived in the current run: OZ works on its turn (see RunView.reached). */
export function markWorked(d: D): void {
  const turn = d.turns[d.turns.length - 1];
  const run = turn?.runs[turn.runs.length - 1];
  if (run && run.reached !== 'events') run.reached = 'events';
}

/** Splits every message and interrupt again at `label`: the route named the tenant's (it replaces the one assumed). */
export function relabel(d: D, label: string): void {
  for (const turn of d.turns) for (const run of turn.runs) for (const m of messagesOf(run)) if (m.label !== label) applySplit(m, label);
  for (const id of Object.keys(d.interrupts)) {
    const i = d.interrupts[id]!;
    if (i.message === undefined || i.label === label) continue;
    const s = splitLabel(i.message, label);
    i.label = s.label;
    i.body = s.label ? s.body : i.message;
  }
}

/** Sets label, body and labelPending of a message from its whole content (never deletes a key). */
export function applySplit(m: DMessage, label: string | undefined): void {
  const s = splitLabel(m.content, label);
  m.label = s.label;
  m.body = s.pending && m.complete ? m.content : s.body;
  m.labelPending = s.pending && !m.complete;
}

/** Marks the run's messages complete (a run that ended leaves nothing streaming). */
export function completeMessages(d: D, run: DRun): void {
  for (const m of messagesOf(run)) {
    if (m.complete) continue;
    m.complete = true;
    if (m.labelPending) applySplit(m, d.aiLabel);
  }
}

/**
 * Moves the current turn's calls in status `from` to `to`. Where this step
 * kept a run's items (it only ever appends to them) they are read on the base
 * state, so only the items holding such a call become drafts: reading every
 * item through a draft costs a turn of 300 messages over a millisecond. Items
 * this step replaced (a retry from the start clears them) are read as they are.
 */
function moveCalls(d: D, from: ToolCallStatus, to: ToolCallStatus): void {
  const turn = d.turns[d.turns.length - 1];
  if (!turn) return;
  const moves = (c: ToolCallView) => c.status === from;
  for (const run of turn.runs) {
    const items = run.items;
    const read = (isDraft(items) ? original(items)! : items) as readonly TranscriptItem[];
    read.forEach((item, i) => {
      if (item.kind === 'tool_call' ? !moves(item.call) : item.kind !== 'message' || !item.message.toolCalls.some(moves)) return;
      const drafted = items[i]!;
      const calls = drafted.kind === 'tool_call' ? [drafted.call] : drafted.kind === 'message' ? drafted.message.toolCalls : [];
      for (const call of calls) if (call.status === from) call.status = to;
    });
  }
}

/**
 * A run of the turn ended (finished, failed, stopped, or its stream closed):
 * its calls still `running` are `unfinished`, since no result will reach this
 * client unless a later run follows the turn again. A call that waits for
 * approval keeps waiting.
 */
export function leaveUnfinished(d: D): void {
  moveCalls(d, 'running', 'unfinished');
}

/** A run follows the turn again: its unfinished calls may still finish, so they show as running until it ends. */
export function followUnfinished(d: D): void {
  moveCalls(d, 'unfinished', 'running');
}
