/**
 * What a turn's errors mean for the thread: whether OZ ever took the turn (a
 * refused new message is no turn of OZ's, so the history leaves it out), and
 * how sending again can help after an error.
 */
import type { ErrorView, RunView, Turn } from './state.js';

/**
 * RUN_ERROR codes that refuse a new message before OZ starts a turn for it:
 * the thread's turns are as they were (see "The history" and "Every open
 * interrupt at once" in the route's spec). They come right after RUN_STARTED;
 * the same code after the turn streamed (`revoked` mid-turn) ends a turn OZ took.
 */
export const REFUSED_TURN_CODES: ReadonlySet<string> = new Set(['history_mismatch', 'interrupts_pending', 'turn_waiting', 'revoked']);

/** How far a run's stream got (RunView.reached), also for a run stored by an earlier version. */
export function reachedOf(run: RunView): NonNullable<RunView['reached']> {
  if (run.reached) return run.reached;
  if (run.items.some((i) => i.kind !== 'error') || run.phase === 'finished') return 'events';
  return run.error?.source === 'run' ? 'started' : 'none';
}

/**
 * Whether OZ ever took the turn, decided from how far its first run got, not
 * from the status code alone: a turn whose stream went past RUN_STARTED is
 * OZ's, whatever failed after (a 401 of an expired session, a 403 or a 400
 * for a stale Last-Event-ID on a reconnect, a RUN_ERROR `revoked` mid-turn).
 * Not taken: a first run that failed before RUN_STARTED (a refused request,
 * a network that never answered), or RUN_STARTED then one of
 * {@link REFUSED_TURN_CODES} with nothing between.
 */
export function isRefusedTurn(turn: Turn): boolean {
  const first = turn.runs[0];
  if (!first || first.kind !== 'turn' || first.phase !== 'error' || !first.error) return false;
  const reached = reachedOf(first);
  if (reached === 'events') return false;
  if (reached === 'none') return true;
  return first.error.source === 'run' && REFUSED_TURN_CODES.has(first.error.code);
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
