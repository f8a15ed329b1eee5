/**
 * OZ's interrupts: the reasons a turn waits for a person, the metadata keys
 * OZ puts on each, and a reader that turns loose metadata into typed fields.
 */
import type { Interrupt } from '@ag-ui/core';
import type { ConsoleLink } from './route.js';

export const INTERRUPT_REASONS = ['tool_call', 'input_required', 'confirmation'] as const;
export type InterruptReason = (typeof INTERRUPT_REASONS)[number];

/** Every metadata key OZ sets on an interrupt (and, for waiting-for-others, on RUN_FINISHED). */
export const META = {
  kind: 'oz0/kind',
  what: 'oz0/what',
  job: 'oz0/job',
  details: 'oz0/details',
  choices: 'oz0/choices',
  deciders: 'oz0/deciders',
  typed: 'oz0/typed',
  aiLabel: 'oz0/ai-label',
  console: 'oz0/console',
  waitingForOthers: 'oz0/waiting-for-others',
} as const;

/** What kind of wait it is in OZ (`oz0/kind`). Open: OZ may add kinds. */
export type WaitKind = 'approval' | 'question' | 'escalation' | 'changeset' | 'restart' | 'budget' | (string & {});

/** One wait that someone other than the caller decides. */
export interface WaitingForOthers {
  /** The job that waits. */
  job: string;
  /** What waits, in words. */
  what: string;
  /** Who decides, in words. */
  deciders: string;
  /** The job's page in the console, where the operator set a public URL. */
  console?: ConsoleLink;
}

/** An interrupt's OZ metadata, read and typed; absent keys stay undefined. */
export interface OzInterruptMeta {
  kind?: WaitKind;
  what?: string;
  job?: string;
  details?: Record<string, unknown>;
  choices?: string[];
  deciders?: string;
  typed?: boolean;
  aiLabel?: string;
  console?: ConsoleLink;
}

/** An approval's answer: `{approved, comment?, confirm?}`. */
export interface ApprovalPayload {
  approved: boolean;
  comment?: string;
  /** A typed argument's value, for a call that asks a person to type it. */
  confirm?: string;
}

/** A question's answer: `{answer}`, or a typed question's fields. */
export type QuestionPayload = { answer: string } | Record<string, unknown>;

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function readConsoleLink(v: unknown): ConsoleLink | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const { label, url } = v as { label?: unknown; url?: unknown };
  return typeof label === 'string' && typeof url === 'string' ? { label, url } : undefined;
}

export function readWaitingForOthers(v: unknown): WaitingForOthers[] {
  if (!Array.isArray(v)) return [];
  const out: WaitingForOthers[] = [];
  for (const item of v) {
    if (!item || typeof item !== 'object') continue;
    const w = item as Record<string, unknown>;
    const job = str(w.job);
    if (!job) continue;
    const entry: WaitingForOthers = { job, what: str(w.what) ?? '', deciders: str(w.deciders) ?? '' };
    const link = readConsoleLink(w.console);
    if (link) entry.console = link;
    out.push(entry);
  }
  return out;
}

/** Reads OZ's metadata keys from an interrupt, ignoring what has the wrong type. */
export function readInterruptMeta(interrupt: Pick<Interrupt, 'metadata'>): OzInterruptMeta {
  const m = (interrupt.metadata ?? {}) as Record<string, unknown>;
  const meta: OzInterruptMeta = {};
  const kind = str(m[META.kind]);
  if (kind) meta.kind = kind;
  const what = str(m[META.what]);
  if (what) meta.what = what;
  const job = str(m[META.job]);
  if (job) meta.job = job;
  const details = m[META.details];
  if (details && typeof details === 'object' && !Array.isArray(details)) meta.details = details as Record<string, unknown>;
  const choices = m[META.choices];
  if (Array.isArray(choices) && choices.every((c) => typeof c === 'string')) meta.choices = choices as string[];
  const deciders = str(m[META.deciders]);
  if (deciders) meta.deciders = deciders;
  if (typeof m[META.typed] === 'boolean') meta.typed = m[META.typed] as boolean;
  const aiLabel = str(m[META.aiLabel]);
  if (aiLabel) meta.aiLabel = aiLabel;
  const link = readConsoleLink(m[META.console]);
  if (link) meta.console = link;
  return meta;
}

export function isInterruptReason(reason: string): reason is InterruptReason {
  return (INTERRUPT_REASONS as readonly string[]).includes(reason);
}

/** Whether an interrupt's deadline has passed at `now` (ms since the epoch). */
export function isInterruptExpired(interrupt: Pick<Interrupt, 'expiresAt'>, now: number): boolean {
  if (!interrupt.expiresAt) return false;
  const t = Date.parse(interrupt.expiresAt);
  return Number.isFinite(t) && t <= now;
}
