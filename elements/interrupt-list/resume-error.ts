/**
 * A resume's error, read for the list: which interrupts it marks (left out,
 * decided before it failed, the entry a check refused, the field a schema
 * refused) and the one action it offers.
 */
import type { ThreadState, ErrorView } from '../../src/thread/state.js';
import type { InterruptNotice } from '../interrupt-form/interrupt.js';
import type { InterruptStrings } from '../interrupt-form/strings.js';

/** Codes the list explains on its interrupts; other errors are the chat's (`<oz-error>`). */
const RESUME_CODES = new Set(['interrupts_open', 'interrupt_expired', 'interrupt_changed', 'not_a_decider', 'invalid_resume', 'permission_denied', 'failed_precondition']);
const MESSAGE_CODES = new Set(['interrupts_pending', 'turn_waiting']);

/** The error this list shows, when it is one of a resume (or a new message refused because the turn waits). */
export function listError(state: ThreadState): ErrorView | undefined {
  const error = state.lastError;
  if (!error || state.status !== 'error') return undefined;
  if (MESSAGE_CODES.has(error.code)) return error;
  const turn = state.turns[state.turns.length - 1];
  const run = turn?.runs.find((r) => r.runId === error.runId) ?? turn?.runs[turn.runs.length - 1];
  if (run?.kind !== 'resume') return undefined;
  return RESUME_CODES.has(error.code) || error.details.decided?.length || error.source !== 'run' ? error : undefined;
}

/** A caller who is no person is refused a resume with 403: show the interrupts read-only. */
export function refusedAsNoPerson(error: ErrorView | undefined): boolean {
  return !!error && error.source === 'http' && error.status === 403;
}

/** What the error says about one interrupt. */
export interface ErrorMark {
  highlight: boolean;
  notice?: InterruptNotice;
  fieldError?: { field: string; message: string };
}

export function markFor(id: string, error: ErrorView | undefined, openIds: readonly string[], s: InterruptStrings): ErrorMark {
  if (!error) return { highlight: false };
  const d = error.details;
  const reason = d.reason ?? error.message;
  const mine = d.entry === id || (d.entry === undefined && openIds.length === 1 && openIds[0] === id);
  if (d.decided?.includes(id)) return { highlight: false, notice: { tone: 'info', text: s.decidedBefore } };
  if (error.code === 'interrupts_open' && d.open?.includes(id)) return { highlight: true, notice: { tone: 'error', text: s.leftOut } };
  if (!mine) return { highlight: false };
  switch (error.code) {
    case 'invalid_resume':
      return d.field
        ? { highlight: true, fieldError: { field: d.field, message: reason || error.meaning } }
        : { highlight: true, notice: { tone: 'error', text: s.entryProblem(reason || error.meaning) } };
    case 'not_a_decider':
      return { highlight: true, notice: { tone: 'error', text: s.notYours } };
    case 'interrupt_expired':
      return { highlight: true, notice: { tone: 'error', text: s.expired } };
    case 'interrupt_changed':
    case 'permission_denied':
    case 'failed_precondition':
      return { highlight: true, notice: { tone: 'error', text: s.entryProblem(reason || error.meaning) } };
    default:
      return { highlight: false };
  }
}
