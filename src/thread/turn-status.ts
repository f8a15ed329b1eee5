/**
 * What a turn's errors mean for the thread: whether OZ ever took the turn (a
 * refused new message is no turn of OZ's, so the history leaves it out), and
 * how sending again can help after an error.
 */
import type { ErrorView, Turn } from './state.js';

/**
 * RUN_ERROR codes that refuse a new message before OZ starts a turn for it:
 * the thread's turns are as they were (see "The history" and "Every open
 * interrupt at once" in the route's spec).
 */
export const REFUSED_TURN_CODES: ReadonlySet<string> = new Set(['history_mismatch', 'interrupts_pending', 'turn_waiting', 'revoked']);

/** The turn's first run was refused before OZ took it (a refusal code, or a request refused with a 4xx). */
export function isRefusedTurn(turn: Turn): boolean {
  const first = turn.runs[0];
  if (!first || first.kind !== 'turn' || first.phase !== 'error' || !first.error) return false;
  const e = first.error;
  if (e.source === 'run') return REFUSED_TURN_CODES.has(e.code);
  return e.source === 'http' && e.status !== undefined && e.status >= 400 && e.status < 500;
}

/** The thread's turns OZ took: every turn but those refused. */
export function acceptedTurns(turns: readonly Turn[]): Turn[] {
  return turns.filter((t) => !isRefusedTurn(t));
}

/**
 * How sending again can help after `error`:
 * - `new_turn`: the job ended (`failed`, `timed_out`): the same run would
 *   only follow the same end again, so the person's words go as a new turn;
 * - `same_run`: the connection, the service (`unavailable`, 5xx) or the
 *   reconnect budget failed: the same run again (same runId) follows the
 *   same turn, never starting a second one;
 * - `undefined`: sending again does not help.
 */
export function retryMode(error: ErrorView | undefined): 'new_turn' | 'same_run' | undefined {
  if (!error) return undefined;
  if (error.source === 'run') {
    if (error.code === 'failed' || error.code === 'timed_out') return 'new_turn';
    return error.code === 'unavailable' ? 'same_run' : undefined;
  }
  if (error.source === 'http') return (error.status !== undefined && error.status >= 500) || error.code === 'unavailable' || error.retryable ? 'same_run' : undefined;
  return 'same_run'; // network, gave_up, a stream that ended early or broke
}
