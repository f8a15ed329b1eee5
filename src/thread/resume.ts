/**
 * The resume builder: the answers to EVERY open interrupt of the caller, at
 * once (a resume that leaves one out ends with interrupts_open), each
 * payload checked against its interrupt's responseSchema before anything is
 * sent. The check is the forms layer's (`validateAnswer`): one validator path,
 * the draft the schema names in `$schema`, so the store never refuses what
 * the form accepts (or the other way round). It loads on first use
 * (src/forms/answer-check.ts): checking before it has loaded throws.
 */
import { answerCheck } from '../forms/answer-check.js';
import type { ResumeEntry } from '../protocol/index.js';
import type { InterruptView } from './state.js';

/**
 * One answer. An approval's yes or no is a `resolved` payload
 * (`{approved: true|false, comment?}`); `cancelled` declines without an
 * answer (it denies an approval and declines a question).
 */
export type InterruptAnswer = { status: 'resolved'; payload: unknown } | { status: 'cancelled' };

/** Answers by interrupt id. */
export type ResumeAnswers = Readonly<Record<string, InterruptAnswer>>;

/** Why one payload does not fit its schema. */
export interface AnswerProblem {
  /** JSON Pointer-ish location in the payload (`#/comment`). */
  path: string;
  /** Plain words for the person (the forms layer's). */
  message: string;
  /** The form field it belongs to (a field descriptor's `path`), when one does. */
  field?: string;
}

export type ResumeBuild =
  | { ok: true; entries: ResumeEntry[] }
  | {
      ok: false;
      /** Open interrupts with no answer. */
      missing: string[];
      /** Answers that do not fit their schema, by interrupt id. */
      invalid: Record<string, AnswerProblem[]>;
      /** Answers for interrupts that are not open. */
      unknown: string[];
      /** Answers for interrupts past their deadline (OZ denied them). */
      expired: string[];
    };

/** An approval's yes: a resolved payload. */
export function approve(comment?: string, confirm?: string): InterruptAnswer {
  return { status: 'resolved', payload: { approved: true, ...(comment ? { comment } : {}), ...(confirm !== undefined ? { confirm } : {}) } };
}

/** An approval's no, with its reason: a resolved payload (`approved: false`). */
export function deny(comment?: string): InterruptAnswer {
  return { status: 'resolved', payload: { approved: false, ...(comment ? { comment } : {}) } };
}

/** Declines without an answer (`cancelled`): denies an approval, declines a question. */
export function decline(): InterruptAnswer {
  return { status: 'cancelled' };
}

/**
 * Checks a payload against a response schema with the forms layer's
 * validator (the draft its `$schema` names; 2020-12 when none); [] when it
 * fits or there is no schema. A schema that cannot check anything (malformed,
 * an unresolvable `$ref`) takes the payload: OZ is the judge then, as the form is.
 */
export function validatePayload(schema: unknown, payload: unknown): AnswerProblem[] {
  if (schema === undefined || schema === null) return [];
  // The validator writes bookkeeping keys into the schema it is given: give it
  // a copy, never the (immutable, perhaps frozen) state's own, which it could
  // not write and would then call unchecked.
  const copy = typeof schema === 'object' ? (JSON.parse(JSON.stringify(schema)) as unknown) : schema;
  const validate = answerCheck();
  if (!validate) throw new Error('the answer check has not loaded yet: await loadAnswerCheck() (oz-agui) first');
  const result = validate(copy, payload);
  if (result.valid || !result.errors) return [];
  return result.errors.map((e) => ({ path: `#${e.path}`, message: e.message, ...(e.field !== undefined ? { field: e.field } : {}) }));
}

/**
 * Builds the resume entries for `open` (the caller's open interrupts, in
 * order) from `answers`. Refuses, listing every problem, when an interrupt
 * has no answer, an answer fits no schema, names an interrupt not open, or
 * (given `now`) answers one past its deadline. Never a partial resume.
 */
export function buildResume(open: readonly InterruptView[], answers: ResumeAnswers, now?: number): ResumeBuild {
  const missing: string[] = [];
  const invalid: Record<string, AnswerProblem[]> = {};
  const expired: string[] = [];
  const entries: ResumeEntry[] = [];
  const ids = new Set(open.map((i) => i.id));
  const unknown = Object.keys(answers).filter((id) => !ids.has(id));
  for (const interrupt of open) {
    const answer = Object.prototype.hasOwnProperty.call(answers, interrupt.id) ? answers[interrupt.id] : undefined;
    if (!answer) {
      missing.push(interrupt.id);
      continue;
    }
    if (now !== undefined && interrupt.deadline !== undefined && interrupt.deadline <= now) {
      expired.push(interrupt.id);
      continue;
    }
    if (answer.status === 'cancelled') {
      entries.push({ interruptId: interrupt.id, status: 'cancelled' });
      continue;
    }
    if (answer.status !== 'resolved') {
      invalid[interrupt.id] = [{ path: '#', message: 'an answer is resolved (with a payload) or cancelled' }];
      continue;
    }
    const problems = validatePayload(interrupt.responseSchema, answer.payload);
    if (problems.length > 0) invalid[interrupt.id] = problems;
    else entries.push({ interruptId: interrupt.id, status: 'resolved', payload: answer.payload });
  }
  if (missing.length || unknown.length || expired.length || Object.keys(invalid).length) {
    return { ok: false, missing, invalid, unknown, expired };
  }
  return { ok: true, entries };
}
