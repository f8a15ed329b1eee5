/**
 * The transcript's view types: the person's and the agent's messages, tool
 * calls, steps and cards, and the items a run's transcript lists them by.
 * Part of the thread's view model (state.ts re-exports them all).
 */

/** The person's message that opens a turn. */
export interface UserMessageView {
  readonly kind: 'user';
  /** The id this client gave it (sent in the history unless `ozId` is known). */
  readonly id: string;
  /** OZ's own id for it (`<job>:in`), once known. */
  readonly ozId?: string;
  readonly text: string;
  /** When it was sent (ms since the epoch, from the store's `now`). */
  readonly sentAt?: number;
}

/** A message the agent streams (TEXT_MESSAGE_*), in the run that streamed it. */
export interface AssistantMessageView {
  readonly kind: 'assistant';
  /** OZ's messageId: it names the turn's job, and the history sends it back. */
  readonly id: string;
  readonly role: 'assistant' | 'system' | 'developer' | 'user';
  readonly runId: string;
  /** The full text as streamed, AI label included: what the history sends. */
  readonly content: string;
  /** The tenant's AI label when the first content started with it (show it as a badge). */
  readonly label?: string;
  /** The text without the label: what to render. */
  readonly body: string;
  /** The content is still shorter than the label and might yet start with it. */
  readonly labelPending: boolean;
  /** TEXT_MESSAGE_END arrived (announce it now, not per token). */
  readonly complete: boolean;
  /** The tool calls whose parentMessageId names this message, in order. */
  readonly toolCalls: readonly ToolCallView[];
  /**
   * The id of a later message of the turn whose text holds this one's whole:
   * the stream skipped ahead (the run fell behind the job), this message was
   * cut where it jumped, and the run ended with the turn's whole answer as a
   * message of its own. Render this one folded: its text is in that one.
   */
  readonly repeatedIn?: string;
}

export type MessageView = UserMessageView | AssistantMessageView;

/**
 * A tool call of the turn's own.
 * - `running`: streaming its arguments, or running in OZ.
 * - `awaiting_approval`: an interrupt names its toolCallId (see `interruptId`).
 * - `done`: its result arrived.
 * - `denied`: the approval was answered no (`approved: false`) or declined.
 * - `unfinished`: its run ended before its result came (RUN_FINISHED without
 *   it, RUN_ERROR, a stream that closed, or the person stopped following).
 *   Neither an error nor a refusal: after a stop the job may still finish it
 *   in OZ. A run that starts on the turn again (a resume, a retry from the
 *   start) makes it `running` again, and its result makes it `done`.
 */
export type ToolCallStatus = 'running' | 'awaiting_approval' | 'done' | 'denied' | 'unfinished';

export interface ToolCallView {
  /** The model's own id: the call, its result and its approval name it. */
  readonly id: string;
  readonly name: string;
  readonly parentMessageId?: string;
  readonly runId: string;
  /** The arguments as streamed; a credential shows as OZ's placeholder. */
  readonly argsText: string;
  /** TOOL_CALL_END arrived. */
  readonly argsComplete: boolean;
  /** The arguments parsed as JSON at TOOL_CALL_END (absent when they do not parse). */
  readonly args?: unknown;
  /** Why the arguments did not parse, when they did not. */
  readonly argsError?: string;
  /** TOOL_CALL_RESULT's content and the tool message id it minted. */
  readonly result?: { readonly messageId: string; readonly content: unknown };
  readonly status: ToolCallStatus;
  /** The approval's interrupt, when one asked. */
  readonly interruptId?: string;
}

/** A job the turn delegated to, or a flow's step (STEP_STARTED/FINISHED, named by job id). */
export interface StepView {
  readonly job: string;
  readonly status: 'open' | 'finished';
  /** The run it last (re)started in: a resume starts the still-open steps again. */
  readonly runId: string;
  /** Its answer as a card (`oz0.card` for the step's job), when it sent one. */
  readonly card?: Readonly<Record<string, unknown>>;
}

/** The turn's answer drawn as a card (`oz0.card` for the turn's own job). */
export interface CardView {
  readonly job: string;
  readonly card: Readonly<Record<string, unknown>>;
  readonly runId: string;
}

/** One entry of a run's transcript, in arrival order. */
export type TranscriptItem =
  | { readonly kind: 'message'; readonly message: AssistantMessageView }
  | { readonly kind: 'tool_call'; readonly call: ToolCallView }
  | { readonly kind: 'step'; readonly job: string }
  | { readonly kind: 'card'; readonly job: string }
  | { readonly kind: 'error' };
