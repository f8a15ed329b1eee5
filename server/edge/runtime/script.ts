/**
 * The scripted agents' DSL. A script is a generator: each helper yields one
 * operation the runtime carries out on the clock and returns its outcome, so a
 * script branches on decisions (`const r = yield* callTool(...)`).
 */
import type { SpendRefusal } from '../../../src/protocol/index.js';

/** A note as a script writes it. */
export interface NoteInput {
  kind: string;
  text: string;
  tags?: string[];
  labels?: string[];
  /** The wall the note is behind (readable only by people inside it). */
  wall?: string;
  /** Overrides the job's taint (a job that held no outside input). */
  tainted?: boolean;
}

/** A delegated step: its own job, running beside the others. */
export interface StepSpec {
  /** A short name, part of the step job's id. */
  name: string;
  script: Script;
  /** The wall the step is behind: no card, no content for those outside. */
  wall?: string;
  /** False for a step that holds no outside input. */
  tainted?: boolean;
}

/** Who decides a wait besides the caller. */
export type Deciders = 'self' | 'four-eyes' | 'admin';

export interface ToolOptions {
  /** Needs an approval: 'self' (the person who asked, or an approver) or 'four-eyes' (someone else). */
  approval?: Deciders;
  /** Asks the approver to type this argument's value. */
  confirmArg?: string;
  /** Can send data out: a tainted turn asks a person first. */
  sendsDataOut?: boolean;
  /** What the tool returns (default `{ok: true}`). */
  result?: unknown;
  /** How long the tool runs on the clock (silent meanwhile). */
  runMs?: number;
  /** The approval's wording. */
  what?: string;
}

export type FieldSchema = Record<string, unknown>;

export type Op =
  | { op: 'say'; text: string; chunks?: number; paceMs?: number }
  | ({ op: 'tool'; name: string; args: Record<string, unknown> } & ToolOptions)
  | { op: 'pin'; note: NoteInput; supersedes?: string }
  | { op: 'delegate'; steps: StepSpec[] }
  | { op: 'ask'; question: string; choices?: string[]; fields?: Record<string, FieldSchema>; required?: string[] }
  | { op: 'card'; card: Record<string, unknown> }
  | { op: 'wait'; kind: string; what: string; deciders: Deciders; unreadable?: boolean; emptySchema?: boolean }
  | { op: 'fail'; code: 'failed' | 'timed_out'; message: string }
  | { op: 'refuse'; refusal: EdgeSpendRefusal; message: string }
  | { op: 'partial' }
  | { op: 'sleep'; ms: number };

/** A tool call's outcome. */
export interface ToolOutcome {
  approved: boolean;
  comment?: string;
  result?: unknown;
}

/** A question's outcome: the answer's fields, or declined. */
export type AskOutcome = { answered: true; answer: Record<string, unknown> } | { answered: false };

/** A wait's outcome. */
export interface WaitOutcome {
  approved: boolean;
}

/** What a script knows of its turn. */
export interface ScriptContext {
  /** The newest user message's text. */
  text: string;
  /** This job's id. */
  job: string;
  /** Agent parameters from the runtime's options (agentParams[agent]). */
  params: Record<string, unknown>;
}

export type ScriptGen<T = void> = Generator<Op, T, unknown>;

/** An agent (or a step) as a script. */
export type Script = (ctx: ScriptContext) => ScriptGen;

/** Writes an answer: one message (chunked; paced on the clock when paceMs > 0). */
export function* say(text: string, opts: { chunks?: number; paceMs?: number } = {}): ScriptGen {
  yield { op: 'say', text, ...opts };
}

/** Calls a tool; waits for an approval when it needs one. */
export function* callTool(name: string, args: Record<string, unknown>, opts: ToolOptions = {}): ScriptGen<ToolOutcome> {
  return (yield { op: 'tool', name, args, ...opts }) as ToolOutcome;
}

/** Pins a note to the tree's board through `oz.board_write`; returns its id. */
export function* pin(note: NoteInput): ScriptGen<string> {
  return (yield { op: 'pin', note }) as string;
}

/** Pins a note that supersedes note `id`; returns the new note's id. */
export function* supersede(id: string, note: NoteInput): ScriptGen<string> {
  return (yield { op: 'pin', note, supersedes: id }) as string;
}

/** A note behind a wall. */
export function wall(label: string, note: NoteInput): NoteInput {
  return { ...note, wall: label };
}

/** Delegates to step jobs that run beside each other; returns when all have finished. */
export function* delegate(...steps: StepSpec[]): ScriptGen {
  yield { op: 'delegate', steps };
}

/** Asks the person a question: choices (an enum) or typed fields. */
export function* ask(question: string, form: { choices: string[] } | { fields: Record<string, FieldSchema>; required?: string[] }): ScriptGen<AskOutcome> {
  return (yield { op: 'ask', question, ...form }) as AskOutcome;
}

/** Draws the job's card (shown for the turn before the run ends, for a step when it finishes). */
export function* card(value: Record<string, unknown>): ScriptGen {
  yield { op: 'card', card: value };
}

/** A wait someone decides: an escalation, changeset or restart (confirmation). */
export function* waitFor(kind: string, what: string, deciders: Deciders = 'self'): ScriptGen<WaitOutcome> {
  return (yield { op: 'wait', kind, what, deciders }) as WaitOutcome;
}

/** A wait only other people decide (four eyes). */
export function* waitForOthers(what: string, opts: { unreadable?: boolean } = {}): ScriptGen<WaitOutcome> {
  return (yield { op: 'wait', kind: 'escalation', what, deciders: 'four-eyes', ...opts }) as WaitOutcome;
}

/** A budget wait: an admin's budget decision ends it (its schema is empty). */
export function* budgetWait(what: string): ScriptGen<WaitOutcome> {
  return (yield { op: 'wait', kind: 'budget', what, deciders: 'admin', emptySchema: true }) as WaitOutcome;
}

/** Ends the job: failed or timed_out. */
export function* fail(code: 'failed' | 'timed_out', message: string): ScriptGen {
  yield { op: 'fail', code, message };
}

/**
 * A spend refusal as a script states it: `figuresOf` says whose figures
 * (limit, used, unit) they are. The caller's own (their quota, their job
 * tree's limit, the default) are always shown; another person's or a team's
 * only to a caller who may read them (budget.read, or an admin's
 * budget.decide); the rest of the refusal is shown to everyone.
 */
export type EdgeSpendRefusal = SpendRefusal & { figuresOf?: 'caller' | 'others' };

/** Ends the job with a spend refusal (quota, tree limit). */
export function* quota(refusal: EdgeSpendRefusal, message: string): ScriptGen {
  yield { op: 'refuse', refusal, message };
}

/** Marks the turn's waits as readable only in part (a newer runtime wrote some). */
export function* partial(): ScriptGen {
  yield { op: 'partial' };
}

/** Waits on the clock. */
export function* sleep(ms: number): ScriptGen {
  yield { op: 'sleep', ms };
}

/** Defines a step. */
export function step(name: string, script: Script, opts: { wall?: string; tainted?: boolean } = {}): StepSpec {
  return { name, script, ...opts };
}
