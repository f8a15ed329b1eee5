/**
 * The wire format of the backend token proxy's opt-in inspection feed
 * (`<base>/__inspect/runs`): what the proxy sends and inspector/feed reads.
 */

/** Where a run stands in the feed. */
export type InspectRunStatus =
  /** A stream of it is open through the proxy. */
  | 'running'
  /** RUN_FINISHED (success or cancelled). */
  | 'finished'
  /** RUN_FINISHED with an interrupt outcome: the turn waits for the person. */
  | 'interrupted'
  /** RUN_ERROR. */
  | 'error'
  /** Every stream of it ended before the run did (the person went away, or the stream broke); a reconnect makes it running again. */
  | 'dropped';

/** One run in the feed's list (JSON). */
export interface InspectRunSummary {
  runId: string;
  threadId: string;
  agent: string;
  tenant: string;
  /** The app's label for the person, from `inspect.person`. */
  person?: string;
  /** When its first stream opened (ms since the epoch). */
  startedAt: number;
  /** When it ended (terminal event, or dropped). */
  endedAt?: number;
  status: InspectRunStatus;
  /** AG-UI events seen (kept and dropped). */
  events: number;
  /** Events not kept: pushed out by the bounds, or larger than `maxBytesPerRun` (this proxy always sends it; readers tolerate its absence). */
  dropped?: number;
}
