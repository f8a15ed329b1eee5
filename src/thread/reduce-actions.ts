/**
 * The store's own actions: the requests it sends (a new turn, a resume, the
 * same run again), the connection, transport failures, drafts and restores.
 */
import type { Draft } from 'immer';
import { isDraft, original } from 'immer';
import type { StoreAction } from './actions.js';
import { diagnose, followUnfinished, leaveUnfinished, newRun, newTurn, type D, type DRun } from './draft.js';
import { failRun } from './reduce-run.js';
import { clientErrorView, streamEndedView, transportErrorView } from './error-view.js';
import { turnsFromHistory } from './history.js';
import type { ErrorView, RequestRecord, RunKind, RunView, ThreadState } from './state.js';
import { isRefusedTurn, reachedOf } from './turn-status.js';

/** A request goes out: the stream's Last-Event-ID belongs to its run, so a new run starts without one. */
function beginRequest(d: D, keepEventId = false): void {
  d.status = 'running';
  d.lastError = undefined;
  if (!keepEventId) d.lastEventId = undefined;
  d.waitingForOthers = [];
}

/**
 * Clears what a run streamed, before its events come again from the start:
 * its messages and calls, the steps it opened, its card and the interrupts
 * it ended with; the interrupts it answered wait for their outcome again.
 */
function resetRun(d: D, run: DRun): void {
  const turn = d.turns[d.turns.length - 1]!;
  for (const job of [...turn.stepOrder]) {
    if (turn.steps[job]!.runId !== run.runId) continue;
    if (run.items.some((i) => i.kind === 'step' && i.job === job)) {
      delete turn.steps[job];
      turn.stepOrder.splice(turn.stepOrder.indexOf(job), 1);
    }
  }
  if (turn.card?.runId === run.runId) turn.card = undefined;
  for (const id of run.interruptIds) {
    delete d.interrupts[id];
    const k = d.openInterruptIds.indexOf(id);
    if (k >= 0) d.openInterruptIds.splice(k, 1);
  }
  for (const entry of run.resume ?? []) {
    const i = d.interrupts[entry.interruptId];
    if (!i) continue;
    i.state = 'submitted';
    i.outcome = undefined;
    i.approved = undefined;
  }
  run.items = [];
  run.interruptIds = [];
  run.openSteps = 0;
  run.stepLimitReached = false;
  run.hiddenSteps = 0;
  run.outcome = undefined;
}

/**
 * The latest turn OZ took is followed again from its start: messages OZ
 * refused after it are dropped, and its runs, steps, card and interrupts give
 * way to one new run that the stream fills (with the interrupts that wait
 * now, under their current ids). Drafts stay: an interrupt that comes back
 * under the same id keeps its half-filled answer.
 */
function resync(d: D, a: Extract<StoreAction, { type: 'thread/resync' }>): void {
  while (d.turns.length > 0 && isRefusedTurn(d.turns[d.turns.length - 1] as ThreadState['turns'][number])) d.turns.pop();
  const turn = d.turns[d.turns.length - 1];
  if (!turn) return diagnose(d, 'out_of_order', 'load again with no turn');
  const runIds = new Set(turn.runs.map((r) => r.runId));
  for (const id of Object.keys(d.interrupts)) {
    const i = d.interrupts[id]!;
    if (i.turnId === turn.id || runIds.has(i.runId)) delete d.interrupts[id];
  }
  d.openInterruptIds = d.openInterruptIds.filter((id) => id in d.interrupts);
  turn.runs = [newRun(a.runId, 'follow', a.at) as DRun];
  turn.steps = {};
  turn.stepOrder = [];
  turn.card = undefined;
  turn.trimmed = undefined;
  beginRequest(d);
  d.lastRequest = requestRecord(a, 'follow');
}

/**
 * The request as sent, frozen. Its body (the whole history) is built from the
 * state before this step, so it holds no drafts; a frozen value is one Immer
 * does not walk looking for them, which it did node by node, the whole
 * history in a long thread, at every send (~2 ms in 500 turns).
 */
function requestRecord(a: Pick<RequestRecord, 'url' | 'runId' | 'body'>, kind: RunKind): RequestRecord {
  return Object.freeze({ url: a.url, runId: a.runId, kind, body: a.body });
}

function currentRun(d: D): DRun | undefined {
  const turn = d.turns[d.turns.length - 1];
  return turn?.runs[turn.runs.length - 1];
}

/** Marks the thread's error (and its run's: the same view) as having cleared the stored copy. */
function storageCleared(d: D): void {
  const base = (v: object): object => (isDraft(v) ? (original(v as Draft<object>) as object) : v);
  const error = d.lastError ? (base(d.lastError) as ErrorView) : undefined;
  if (!error || error.code !== 'revoked') return;
  const view = { ...(error as ErrorView), storageCleared: true } as Draft<ErrorView>;
  d.lastError = view;
  const turn = d.turns[d.turns.length - 1];
  for (const run of turn?.runs ?? []) if (run.error && base(run.error) === error) run.error = view;
}

/** Applies a store action to a draft. */
export function reduceAction(d: D, a: StoreAction): void {
  switch (a.type) {
    case 'thread/send': {
      beginRequest(d);
      // Interrupts past their deadline were denied by OZ: they hold the thread no longer.
      for (const id of a.expired ?? []) delete d.drafts[id];
      if (a.expired?.length) d.openInterruptIds = d.openInterruptIds.filter((id) => !a.expired!.includes(id));
      const user = { kind: 'user' as const, id: a.turnId, text: a.text, sentAt: a.at };
      d.turns.push(newTurn(a.turnId, [newRun(a.runId, 'turn', a.at)], user) as Draft<ThreadState['turns'][number]>);
      d.lastRequest = requestRecord(a, 'turn');
      return;
    }
    case 'thread/resume': {
      const turn = d.turns[d.turns.length - 1];
      if (!turn) return diagnose(d, 'out_of_order', 'resume with no turn');
      beginRequest(d);
      const run: RunView = { ...newRun(a.runId, 'resume', a.at), resume: a.entries };
      turn.runs.push(run as DRun);
      for (const entry of a.entries) {
        const i = d.interrupts[entry.interruptId];
        if (!i) continue;
        i.state = 'submitted';
        i.sent = entry.status === 'resolved' ? { status: 'resolved', payload: entry.payload } : { status: 'cancelled' };
        // The draft stays until OZ decides (oz0.resume) or the run streams on:
        // a refused resume gives the interrupt back with its answer intact.
      }
      const sent = new Set(a.entries.map((e) => e.interruptId));
      d.openInterruptIds = d.openInterruptIds.filter((id) => !sent.has(id));
      d.lastRequest = requestRecord(a, 'resume');
      return;
    }
    case 'thread/again': {
      const run = currentRun(d);
      if (!run) return diagnose(d, 'out_of_order', `${a.kind} with no run`);
      if (a.fromStart) resetRun(d, run);
      beginRequest(d, !a.fromStart);
      run.phase = 'requested';
      run.attempt = (run.attempt ?? 1) + 1;
      run.terminal = false;
      run.error = undefined;
      run.items = run.items.filter((i) => i.kind !== 'error');
      // Followed again: its calls may still finish in this stream.
      followUnfinished(d);
      return;
    }
    case 'thread/resync':
      return resync(d, a);
    case 'thread/connection':
      d.connection = a.state as Draft<ThreadState['connection']>;
      return;
    case 'thread/transport-error': {
      const run = currentRun(d);
      // Refused while following a run OZ had taken (a reconnect): the turn goes on in OZ.
      const reconnect = !!a.reconnect && !!run && reachedOf(run as RunView) !== 'none';
      const view = transportErrorView(a.error, run?.runId, a.at, reconnect);
      if (run) failRun(d, run, view);
      else {
        d.lastError = view;
        d.status = 'error';
      }
      return;
    }
    case 'thread/stream-closed': {
      const run = currentRun(d);
      if (a.reason === 'ended') {
        const view = streamEndedView(run?.runId, a.at);
        if (run) failRun(d, run, view);
        return;
      }
      if (run && !run.terminal) run.phase = 'stopped';
      // No longer followed here: its calls did not finish while we watched (OZ may still finish them).
      leaveUnfinished(d);
      if (d.status === 'running' || d.status === 'waiting') d.status = d.openInterruptIds.length > 0 ? 'interrupted' : 'idle';
      return;
    }
    case 'thread/invalid-event':
      return diagnose(d, 'invalid_event', a.error, { id: a.id, at: a.at });
    case 'thread/draft':
      if (a.value === undefined) delete d.drafts[a.interruptId];
      else d.drafts[a.interruptId] = a.value as Draft<unknown>;
      return;
    case 'thread/restore':
      return; // a whole new state: see reducer.ts
    case 'thread/storage-cleared':
      return storageCleared(d);
    case 'thread/client-error': {
      d.lastError = clientErrorView(a.code, a.message, a.at) as Draft<ErrorView>;
      d.status = 'error';
      return;
    }
    case 'thread/load-history': {
      d.turns = turnsFromHistory(a.messages, d.aiLabel) as Draft<ThreadState['turns']>;
      d.interrupts = {};
      d.openInterruptIds = [];
      d.waitingForOthers = [];
      d.lastError = undefined;
      d.lastRequest = undefined;
      d.lastEventId = undefined;
      d.status = 'idle';
      return;
    }
    case 'thread/diagnostic':
      return diagnose(d, a.kind, a.message, { id: undefined, at: a.at });
  }
}
