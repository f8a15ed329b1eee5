/** OZ's CUSTOM events: `oz0.card`, `oz0.waiting`, `oz0.resume`. */
import { readWaitingForOthers, type WaitingForOthers } from './interrupts.js';

export const OZ_CARD = 'oz0.card';
export const OZ_WAITING = 'oz0.waiting';
export const OZ_RESUME = 'oz0.resume';

/** A card drawn from an answer that matches its schema. */
export interface OzCardValue {
  /** The job whose answer it shows: the turn's own, or a step's. */
  job: string;
  /** The card object; `type` (when a string) picks a renderer. */
  card: Record<string, unknown>;
}

/** The turn waits only for other people's decisions; the run goes on once they decide. */
export interface OzWaitingValue {
  waiting: WaitingForOthers[];
}

export const RESUME_OUTCOMES = ['decided', 'already_decided', 'acknowledged'] as const;
export type ResumeOutcome = (typeof RESUME_OUTCOMES)[number];

/** How a resume took one entry; `approved` only for a decision this resume made. */
export interface OzResumeValue {
  interruptId: string;
  outcome: ResumeOutcome;
  approved?: boolean;
}

export function readOzCard(value: unknown): OzCardValue | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { job, card } = value as { job?: unknown; card?: unknown };
  if (typeof job !== 'string' || !card || typeof card !== 'object' || Array.isArray(card)) return undefined;
  return { job, card: card as Record<string, unknown> };
}

export function readOzWaiting(value: unknown): OzWaitingValue | undefined {
  if (!value || typeof value !== 'object' || !Array.isArray((value as { waiting?: unknown }).waiting)) return undefined;
  return { waiting: readWaitingForOthers((value as { waiting: unknown }).waiting) };
}

export function readOzResume(value: unknown): OzResumeValue | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { interruptId, outcome, approved } = value as Record<string, unknown>;
  if (typeof interruptId !== 'string') return undefined;
  if (typeof outcome !== 'string' || !(RESUME_OUTCOMES as readonly string[]).includes(outcome)) return undefined;
  const out: OzResumeValue = { interruptId, outcome: outcome as ResumeOutcome };
  if (typeof approved === 'boolean') out.approved = approved;
  return out;
}
