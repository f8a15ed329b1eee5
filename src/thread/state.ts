/**
 * The thread's view model: everything `<oz-agent-chat>` renders, as one
 * immutable value. The reducer never mutates a state it was given; what did
 * not change keeps its identity, so a renderer can compare by `===`:
 *
 * - a streaming message changes that message, its item, its run's `items`,
 *   the run, its turn and `turns`; every other turn, run, item and message
 *   keeps its identity;
 * - a tool call's progress changes that call, the message holding it (or its
 *   own item) and the containers above them;
 * - a board patch changes `board` (and only the containers on its paths).
 *
 * Messages and calls live inside their run's items, in order, not in records
 * keyed by id: a token then costs copies of a few small objects of stable
 * shape, where a record that grows with the thread (and whose keys give every
 * copy a new hidden class) costs microseconds per token. Look one up by id
 * with `findMessage` / `findToolCall`.
 *
 * How to render a thread:
 *
 * ```
 * for turn of state.turns:
 *   turn.userMessage                              (the person's words)
 *   for run of turn.runs:
 *     for item of run.items:
 *       'message'   -> item.message (label as a badge, body as text),
 *                      then item.message.toolCalls
 *       'tool_call' -> item.call                 (a call no message holds)
 *       'step'      -> turn.steps[item.job]      (open/finished, its card)
 *       'card'      -> turn.card                 (the turn's answer as a card)
 *       'error'     -> run.error
 *     run.interruptIds -> interrupts[id]        (forms while state is 'open')
 * state.waitingForOthers, state.lastError, state.board, state.connection
 * ```
 *
 * This module holds the thread-wide types and the initial state; the
 * transcript's types live in transcript-views.ts and the selectors in
 * selectors.ts (index.ts exports all three; this file imports neither back).
 */
import type {
  BoardEntry,
  BoardState,
  ConsoleLink,
  ErrorAction,
  Interrupt,
  OzInterruptMeta,
  ResumeEntry,
  ResumeOutcome,
  RunAgentRequest,
  RunErrorDetails,
  SpendRefusal,
  WaitingForOthers,
} from '../protocol/index.js';
import { emptyBoard } from '../protocol/index.js';
import type { ConnectionState } from '../transport/index.js';
import type { CardView, StepView, TranscriptItem, UserMessageView } from './transcript-views.js';

export type * from './transcript-views.js';

/**
 * Where the thread stands, for the composer and the status line.
 * - `idle`: nothing streams; a new message may be sent.
 * - `running`: a run streams.
 * - `waiting`: a run streams but the turn waits only for other people
 *   (`oz0.waiting`); see `waitingForOthers`. It goes on once they decide.
 * - `interrupted`: the last run ended waiting for the caller's answers; see
 *   `openInterruptIds`. Only `resume` moves it on.
 * - `error`: the last run failed or was refused; see `lastError`.
 */
export type ThreadStatus = 'idle' | 'running' | 'waiting' | 'interrupted' | 'error';

/**
 * How a run came to be: a new turn, the answers to interrupts, the same run
 * sent again (`retry`), or an unfinished run followed after a reload.
 */
export type RunKind = 'turn' | 'resume' | 'retry' | 'follow';

/** One run (one request and its stream); a turn spans several when resumed. */
export interface RunView {
  readonly runId: string;
  readonly kind: RunKind;
  /**
   * - `requested`: sent, nothing streamed yet;
   * - `streaming`: RUN_STARTED arrived;
   * - `finished`: RUN_FINISHED (see `outcome`);
   * - `error`: RUN_ERROR, or the request failed (see `error`);
   * - `stopped`: the client stopped following (the job runs on in OZ).
   */
  readonly phase: 'requested' | 'streaming' | 'finished' | 'error' | 'stopped';
  /**
   * How far its stream ever got, which says whether OZ took the run:
   * - `none`: nothing arrived (the request was refused, or never answered);
   * - `started`: RUN_STARTED, and at most its terminal event (a refusal such
   *   as history_mismatch comes this way);
   * - `events`: an event after RUN_STARTED that is not its end: OZ works on
   *   the turn. Never goes back (a retry from the start keeps it).
   * Absent in threads stored by an earlier version.
   */
  readonly reached?: 'none' | 'started' | 'events';
  /**
   * How many times the run was sent: 1, and one more for each time it is
   * sent again or followed again (`thread/again`). Absent: 1 (threads stored by an earlier version).
   */
  readonly attempt?: number;
  /**
   * The attempt whose stream brought RUN_STARTED, so that a page told of
   * the run's state at most once per batch of events can still tell that
   * an attempt started, even when it failed in the same batch.
   */
  readonly startedIn?: number;
  readonly outcome?: 'success' | 'interrupt' | 'cancelled';
  readonly items: readonly TranscriptItem[];
  /** The interrupts the run ended with (RUN_FINISHED outcome `interrupt`). */
  readonly interruptIds: readonly string[];
  /** The resume entries this run sent, for a `resume` run. */
  readonly resume?: readonly ResumeEntry[];
  readonly error?: ErrorView;
  /** Steps open in this run now. */
  readonly openSteps: number;
  /** MAX_OPEN_STEPS were open at once: the route does not show steps past that. */
  readonly stepLimitReached: boolean;
  /** STEP_STARTED events past the limit, not shown. */
  readonly hiddenSteps: number;
  /** A terminal event (RUN_FINISHED, RUN_ERROR) arrived. */
  readonly terminal: boolean;
  readonly requestedAt?: number;
}

/** One turn of the conversation: the person's message and every run it took. */
export interface Turn {
  /** Local id (the same as `userMessageId`). */
  readonly id: string;
  /** The id of the person's message (the same as `id`; '' for a turn replayed without one). */
  readonly userMessageId: string;
  readonly userMessage?: UserMessageView;
  /** The turn's job in OZ, once a card or message of its own named it. */
  readonly job?: string;
  readonly runs: readonly RunView[];
  /** Steps by job id, in `stepOrder`. */
  readonly steps: Readonly<Record<string, StepView>>;
  readonly stepOrder: readonly string[];
  readonly card?: CardView;
  /** Its runs' content was dropped to fit storage; only the person's message is left. */
  readonly trimmed?: boolean;
}

/**
 * An interrupt of the caller's, with OZ's metadata read.
 * - `open`: waits for an answer (render a form; `drafts[id]` holds unsent input);
 * - `submitted`: sent in a resume, no outcome yet;
 * - `answered`: the resume took it (see `outcome`, `approved`).
 */
export interface InterruptView {
  readonly id: string;
  readonly runId: string;
  readonly turnId: string;
  readonly reason: string;
  /** The question or approval text, AI label included. */
  readonly message?: string;
  /** The AI label split off `message`, when it starts with it. */
  readonly label?: string;
  /** `message` without the label. */
  readonly body?: string;
  readonly toolCallId?: string;
  readonly responseSchema?: Readonly<Record<string, unknown>>;
  readonly expiresAt?: string;
  /** `expiresAt` in ms since the epoch (OZ denies it then). */
  readonly deadline?: number;
  readonly meta: OzInterruptMeta;
  readonly state: 'open' | 'submitted' | 'answered';
  /** What the resume sent for it. */
  readonly sent?: { readonly status: 'resolved' | 'cancelled'; readonly payload?: unknown };
  /** How OZ took the answer (`oz0.resume`). */
  readonly outcome?: ResumeOutcome;
  /** The decision this resume made, when it made one. */
  readonly approved?: boolean;
  /** The interrupt as it arrived. */
  readonly raw: Interrupt;
}

/** Where an error came from: the run (RUN_ERROR), a refused request, the network, the stream, or this client (nothing to load). */
export type ErrorSource = 'run' | 'http' | 'network' | 'stream' | 'client';

/** An error, with what it means for the person and what they can do. */
export interface ErrorView {
  /** RUN_ERROR's code, the HTTP body's code, or one derived from the status. */
  readonly code: string;
  /** The message as sent (RUN_ERROR's, or the HTTP body's). Never a raw exception. */
  readonly message: string;
  /** The catalogue's plain wording (describeError; translate by `code`). */
  readonly meaning: string;
  /**
   * The catalogue entry to show when it is not the code's own, because what
   * the code means depends on what was sent: `history_unavailable` for a
   * history_mismatch that loading the thread again met too. Translate by it.
   */
  readonly key?: string;
  /**
   * The request was refused, or failed, while following again a run OZ had
   * taken (a reconnect with Last-Event-ID): the turn goes on in OZ, and
   * following it again (`followAgain()`) picks it up once the cause is gone.
   */
  readonly reconnect?: boolean;
  /** This thread's copy in the browser's storage was removed (`revoked`: the person may no longer read it). */
  readonly storageCleared?: boolean;
  readonly action: ErrorAction;
  readonly source: ErrorSource;
  /** The HTTP status of a refused request. */
  readonly status?: number;
  /** Whether sending the same run again may help. */
  readonly retryable: boolean;
  /** A budget, quota or limit's refusal (rawEvent.oz0). */
  readonly spend?: SpendRefusal;
  readonly details: RunErrorDetails;
  /** Where people decide (a refused resume's body). */
  readonly console?: ConsoleLink;
  /** Who decides what the turn waits for (`turn_waiting`'s `oz0/waiting-for-others`). */
  readonly waitingForOthers?: WaitingForOthers[];
  readonly runId?: string;
  readonly at?: number;
}

/** The agent state: the job tree's board, as the stream keeps it. */
export interface BoardView {
  readonly value: BoardState;
  /** A patch failed: the board may be behind until the next STATE_SNAPSHOT. */
  readonly stale: boolean;
  /** The last failed patch, for the inspector. */
  readonly lastPatchError?: PatchErrorView;
  /** Bumped on every change. */
  readonly version: number;
  /** A state event arrived (a caller who may not read the board gets none). */
  readonly received: boolean;
  /**
   * Earlier versions of notes, by their id: a note a STATE_DELTA `replace`
   * took off the board when the note put in its place supersedes it. The
   * board shows them folded under their successor. Kept (same object) while
   * no note is superseded; a STATE_SNAPSHOT resets it. Read it by id with
   * `supersededById`.
   */
  readonly superseded?: SupersededNotes;
}

/**
 * Earlier versions of notes as an append-only log shared between states:
 * a state sees the first `count` entries of `notes`. Keeping one more version
 * costs O(1), not a copy of every version kept so far (boards supersede often).
 */
export interface SupersededNotes {
  readonly notes: readonly BoardEntry[];
  readonly count: number;
}

export interface PatchErrorView {
  readonly message: string;
  /** Which operation of the patch failed. */
  readonly index: number;
  readonly path?: string;
  readonly eventId?: string;
}

/** Something odd in the stream or storage, kept for the inspector; never thrown. */
export interface Diagnostic {
  readonly kind: 'unknown_event' | 'unhandled_event' | 'malformed_custom' | 'invalid_event' | 'out_of_order' | 'patch_failed' | 'bad_snapshot' | 'bad_note' | 'step_limit' | 'storage';
  readonly message: string;
  readonly eventId?: string;
  readonly at?: number;
}

/** The request that started the current run: what retry() and restore() send again. */
export interface RequestRecord {
  readonly url: string;
  readonly runId: string;
  readonly kind: RunKind;
  readonly body: RunAgentRequest;
}

/** The whole view model of one thread. */
export interface ThreadState {
  readonly threadId: string;
  /** The tenant's AI label (store option, or learned from `oz0/ai-label`). */
  readonly aiLabel?: string;
  readonly status: ThreadStatus;
  readonly turns: readonly Turn[];
  readonly interrupts: Readonly<Record<string, InterruptView>>;
  /** The caller's interrupts that wait for an answer, oldest first. */
  readonly openInterruptIds: readonly string[];
  /** Waits other people decide (RUN_FINISHED's oz0/waiting-for-others, oz0.waiting). */
  readonly waitingForOthers: readonly WaitingForOthers[];
  readonly connection: ConnectionState;
  readonly board: BoardView;
  readonly lastError?: ErrorView;
  /** Unsent answers by interrupt id (the forms layer fills them). */
  readonly drafts: Readonly<Record<string, unknown>>;
  /** The last SSE id seen: what Last-Event-ID resumes from. */
  readonly lastEventId?: string;
  readonly lastRequest?: RequestRecord;
  /** Bounded (MAX_DIAGNOSTICS, newest last). */
  readonly diagnostics: readonly Diagnostic[];
}

/** Diagnostics kept at most. */
export const MAX_DIAGNOSTICS = 200;

/** A fresh thread with nothing in it. */
export function initialThreadState(threadId: string, options: { aiLabel?: string } = {}): ThreadState {
  // Every optional key is present (undefined) from the start and never
  // deleted, so each copy keeps one hidden class (see the note above).
  return {
    threadId,
    aiLabel: options.aiLabel || undefined,
    status: 'idle',
    turns: [],
    interrupts: {},
    openInterruptIds: [],
    waitingForOthers: [],
    connection: { status: 'closed' },
    board: { value: emptyBoard(), stale: false, version: 0, received: false },
    lastError: undefined,
    drafts: {},
    lastEventId: undefined,
    lastRequest: undefined,
    diagnostics: [],
  };
}
