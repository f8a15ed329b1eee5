/**
 * The run's life: RUN_STARTED, RUN_FINISHED (success, interrupt, cancelled;
 * oz0/waiting-for-others in its metadata), RUN_ERROR (every code, spend
 * refusals, details), and the CUSTOM events about waiting: `oz0.waiting`
 * and `oz0.resume`.
 */
import type { RunErrorEvent, RunFinishedEvent, RunStartedEvent } from '@ag-ui/core';
import type { Draft } from 'immer';
import { describeError, META, readInterruptMeta, readOzResume, readOzWaiting, readWaitingForOthers } from '../protocol/index.js';
import type { Interrupt } from '../protocol/index.js';
import { completeMessages, diagnose, ensureRun, findToolCallDraft, followUnfinished, leaveUnfinished, messagesOf, relabel, type D, type DRun, type DTurn, type EventContext } from './draft.js';
import { runErrorView } from './error-view.js';
import { splitLabel } from './label.js';
import type { AssistantMessageView, ErrorView, InterruptView } from './state.js';

type DMessage = Draft<AssistantMessageView>;

export function runStarted(d: D, e: RunStartedEvent, ctx: EventContext): void {
  const { run } = ensureRun(d, e.runId);
  if (run.runId === '') run.runId = e.runId;
  // A run that follows the turn from its start (load again) streams the run it follows, under that run's id.
  else if (e.runId && e.runId !== run.runId && run.kind !== 'follow') diagnose(d, 'out_of_order', `RUN_STARTED for run ${e.runId} while following ${run.runId}`, ctx);
  if (e.threadId && e.threadId !== d.threadId) diagnose(d, 'out_of_order', `RUN_STARTED for thread ${e.threadId}, not ${d.threadId}`, ctx);
  run.phase = 'streaming';
  if (run.reached !== 'events') run.reached = 'started';
  run.startedIn = run.attempt ?? 1;
  d.status = 'running';
  // A resume, or a retry from the start, follows the turn again: a call a run before it left unfinished may finish now.
  followUnfinished(d);
}

function interruptView(i: Interrupt, runId: string, turnId: string, label: string | undefined): InterruptView {
  const meta = readInterruptMeta(i);
  const deadline = i.expiresAt ? Date.parse(i.expiresAt) : NaN;
  const split = i.message !== undefined ? splitLabel(i.message, label ?? meta.aiLabel) : undefined;
  return {
    id: i.id,
    runId,
    turnId,
    reason: i.reason,
    meta,
    state: 'open',
    raw: i,
    ...(i.message !== undefined ? { message: i.message, body: split!.body } : {}),
    ...(split?.label !== undefined ? { label: split.label } : {}),
    ...(i.toolCallId ? { toolCallId: i.toolCallId } : {}),
    ...(i.responseSchema ? { responseSchema: i.responseSchema } : {}),
    ...(i.expiresAt ? { expiresAt: i.expiresAt } : {}),
    ...(Number.isFinite(deadline) ? { deadline } : {}),
  };
}

/** The interrupts a resume run sent: answered when it finishes (the run streamed on), their drafts done with. */
function settleSubmitted(d: D, run: DRun): void {
  for (const entry of run.resume ?? []) {
    const i = d.interrupts[entry.interruptId];
    if (i && i.state === 'submitted') i.state = 'answered';
    if (i?.state === 'answered') delete d.drafts[entry.interruptId];
  }
}

/**
 * The tenant's AI label as the route names it (`oz0/ai-label` of the run's
 * interrupts) replaces the one assumed until then (the app's, or OZ's "AI: "
 * default), and every message and interrupt is split at it again.
 */
function learnLabel(d: D, interrupts: readonly unknown[]): void {
  for (const raw of interrupts) {
    if (!raw || typeof raw !== 'object') continue;
    const label = readInterruptMeta(raw as Interrupt).aiLabel;
    if (!label || label === d.aiLabel) return;
    d.aiLabel = label;
    relabel(d, label);
    return;
  }
}

/**
 * After a skip ahead (see "Reconnecting" in the route's spec) the turn's
 * whole answer comes as a message of its own, and the messages before it,
 * the one the stream cut included, hold parts of it. When the turn's last
 * message holds every earlier message's text, in order, and one of them
 * stops in the middle of its part (cut), those are marked `repeatedIn` it:
 * shown folded, so no text shows twice.
 */
function foldRepeated(turn: DTurn): void {
  const messages: DMessage[] = [];
  for (const run of turn.runs) for (const m of messagesOf(run)) if (m.role === 'assistant') messages.push(m);
  const whole = messages.pop();
  if (!whole || messages.length === 0) return;
  const text = whole.body;
  const covered: DMessage[] = [];
  let from = 0;
  let cut = false;
  for (const m of messages) {
    const part = m.body.trim();
    if (!part || m.repeatedIn) continue;
    const at = text.indexOf(part, from);
    if (at < 0) return;
    // The whole answer opens with the earlier messages' text: it repeats them, even when the
    // stream jumped at a paragraph's end (nothing cut mid-sentence to tell by).
    if (covered.length === 0 && text.slice(0, at).trim() === '') cut = true;
    from = at + part.length;
    // Cut where the stream jumped: the whole answer goes on with the same paragraph.
    if (from < text.length && !/^\s*\n\s*\n/.test(text.slice(from, from + 8)) && /\S/.test(text.slice(from, from + 8))) cut = true;
    covered.push(m);
  }
  if (!cut || covered.length === 0) return;
  for (const m of covered) m.repeatedIn = whole.id;
}

export function runFinished(d: D, e: RunFinishedEvent, ctx: EventContext): void {
  const { turn, run } = ensureRun(d, e.runId);
  run.phase = 'finished';
  run.terminal = true;
  completeMessages(d, run);
  foldRepeated(turn);
  settleSubmitted(d, run);
  d.waitingForOthers = readWaitingForOthers((e.metadata as Record<string, unknown> | undefined)?.[META.waitingForOthers]);
  const outcome = e.outcome;
  if (!outcome) {
    run.outcome = 'success';
  } else if (outcome.type === 'interrupt') {
    run.outcome = 'interrupt';
    const list = Array.isArray(outcome.interrupts) ? outcome.interrupts : [];
    learnLabel(d, list);
    for (const raw of list) {
      if (!raw || typeof raw.id !== 'string' || typeof raw.reason !== 'string') {
        diagnose(d, 'invalid_event', 'RUN_FINISHED holds an interrupt without id or reason', ctx);
        continue;
      }
      const view = interruptView(raw, run.runId, turn.id, d.aiLabel);
      d.interrupts[raw.id] = view as Draft<InterruptView>;
      if (!run.interruptIds.includes(raw.id)) run.interruptIds.push(raw.id);
      if (!d.openInterruptIds.includes(raw.id)) d.openInterruptIds.push(raw.id);
      const call = view.toolCallId ? findToolCallDraft(d, view.toolCallId) : undefined;
      if (call && call.status !== 'done') {
        call.status = 'awaiting_approval';
        call.interruptId = raw.id;
      }
    }
  } else if (outcome.type === 'cancelled') {
    run.outcome = 'cancelled';
  } else {
    run.outcome = 'success';
  }
  leaveUnfinished(d);
  d.status = d.openInterruptIds.length > 0 ? 'interrupted' : 'idle';
}

/**
 * After a failed resume run: its entries no decision took wait again (all or
 * nothing), except those the error names as decided.
 */
export function reopenUndecided(d: D, run: DRun, decided: readonly string[] | undefined): void {
  for (const entry of run.resume ?? []) {
    const i = d.interrupts[entry.interruptId];
    if (!i || i.state !== 'submitted') continue;
    if (decided?.includes(i.id)) {
      i.state = 'answered';
      delete d.drafts[i.id];
      continue;
    }
    i.state = 'open';
    if (!d.openInterruptIds.includes(i.id)) d.openInterruptIds.push(i.id);
  }
}

/** Puts an error in the run's transcript and as the thread's last error; the calls it was running are left unfinished. */
export function failRun(d: D, run: DRun, view: ErrorView): void {
  run.error = view;
  run.phase = 'error';
  if (!run.items.some((i) => i.kind === 'error')) run.items.push({ kind: 'error' });
  d.lastError = view;
  d.status = 'error';
  reopenUndecided(d, run, view.details.decided);
  leaveUnfinished(d);
}

export function runError(d: D, e: RunErrorEvent, ctx: EventContext): void {
  const { run } = ensureRun(d);
  run.terminal = true;
  completeMessages(d, run);
  let view = runErrorView(e, run.runId || undefined, ctx.at ?? e.timestamp);
  // history_mismatch on a run that follows the latest turn (loading again): the thread has turns
  // this page lacks (another tab or device added them), so loading again cannot help.
  if (run.kind === 'follow' && view.code === 'history_mismatch') {
    const entry = describeError('history_unavailable');
    view = { ...view, key: 'history_unavailable', meaning: entry.meaning, action: entry.action, retryable: false };
  }
  failRun(d, run, view);
  // turn_waiting names who decides: shown as what waits for others.
  if (view.waitingForOthers?.length) d.waitingForOthers = view.waitingForOthers as Draft<D['waitingForOthers']>;
}

/** `oz0.waiting`: the turn waits only for others; the run streams on once they decide. */
export function waiting(d: D, value: unknown, ctx: EventContext): void {
  const w = readOzWaiting(value);
  if (!w) {
    diagnose(d, 'malformed_custom', 'oz0.waiting without {waiting: [...]}', ctx);
    return;
  }
  d.waitingForOthers = w.waiting;
  d.status = 'waiting';
}

/** `oz0.resume`: how the resume took one entry. */
export function resumeOutcome(d: D, value: unknown, ctx: EventContext): void {
  const r = readOzResume(value);
  if (!r) {
    diagnose(d, 'malformed_custom', 'oz0.resume without {interruptId, outcome}', ctx);
    return;
  }
  const i = d.interrupts[r.interruptId];
  if (!i) {
    diagnose(d, 'out_of_order', `oz0.resume for interrupt ${r.interruptId} this thread never saw`, ctx);
    return;
  }
  i.state = 'answered';
  i.outcome = r.outcome;
  if (r.approved !== undefined) i.approved = r.approved;
  delete d.drafts[i.id];
  const idx = d.openInterruptIds.indexOf(i.id);
  if (idx >= 0) d.openInterruptIds.splice(idx, 1);
  const call = i.toolCallId ? findToolCallDraft(d, i.toolCallId) : undefined;
  if (!call || call.status === 'done') return;
  const denied = r.approved === false || (r.approved === undefined && r.outcome === 'decided' && i.sent?.status === 'cancelled');
  if (denied) call.status = 'denied';
  else if (call.status === 'awaiting_approval') call.status = 'running';
}
