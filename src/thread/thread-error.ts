/**
 * The thread store's one error type, thrown only for a call the store
 * refuses before sending anything (a second send while a turn runs, an
 * incomplete resume…). What goes wrong on the wire becomes state instead.
 */
import type { AnswerProblem } from './resume.js';

export type ThreadErrorCode =
  /** A run streams: wait for it, or stop() following it. */
  | 'turn_running'
  /** The turn waits for the caller's answers: resume() first. */
  | 'interrupts_open'
  /** resume() with nothing open to answer. */
  | 'nothing_to_resume'
  /** The answers leave some out, do not fit, or are late (see `missing`, `invalid`…). */
  | 'resume_refused'
  /** retry() with no request sent yet. */
  | 'nothing_to_retry'
  /** resync() with no turn of OZ's known. */
  | 'nothing_to_load'
  /** send() with no text. */
  | 'empty_message'
  /** The request's body would pass the route's 4 MiB limit (the history counts too): nothing was sent, the words are the caller's to keep. */
  | 'too_large'
  /** loadHistory() with messages that hold no turn (no user message with an id and words). */
  | 'bad_history'
  /** checkAnswers() before the answer check loaded (it loads when a run starts): await loadAnswerCheck(). */
  | 'not_ready'
  /** The store was disposed. */
  | 'disposed';

export interface ResumeRefusal {
  missing: string[];
  invalid: Record<string, AnswerProblem[]>;
  unknown: string[];
  expired: string[];
}

/** A call the store refused; nothing was sent. */
export class ThreadError extends Error {
  readonly code: ThreadErrorCode;
  /** For `resume_refused`: what is wrong, by interrupt. */
  readonly resume?: ResumeRefusal;

  constructor(code: ThreadErrorCode, message: string, resume?: ResumeRefusal) {
    super(message);
    this.name = 'ThreadError';
    this.code = code;
    if (resume) this.resume = resume;
  }
}

/** True for a {@link ThreadError} (also across bundle copies). */
export function isThreadError(value: unknown): value is ThreadError {
  return value instanceof ThreadError || (value instanceof Error && value.name === 'ThreadError' && typeof (value as { code?: unknown }).code === 'string');
}
