/**
 * What a job tree waits for, and how each wait becomes an AG-UI interrupt for
 * one caller: ids, response schemas, deciders (four eyes included) and OZ's
 * metadata keys.
 */
import type { ConsoleLink, Interrupt, InterruptReason, WaitingForOthers } from '../../../src/protocol/index.js';
import { META } from '../../../src/protocol/index.js';
import type { Deciders } from './script.js';

/** A decision taken on a wait. */
export interface Decision {
  approved: boolean;
  answer?: Record<string, unknown>;
  comment?: string;
  /** Who decided: a person, or 'edge' for a deadline. */
  by: string;
  via: string;
  expired?: boolean;
}

/** One wait of a job tree. */
export interface Wait {
  /** Internal id, stable across changes. */
  id: string;
  /** Bumped when what waits changes; part of the interrupt id. */
  version: number;
  /** Order of creation in the tree (oldest first). */
  seq: number;
  job: string;
  reason: InterruptReason;
  kind: string;
  what: string;
  message: string;
  toolCallId?: string;
  responseSchema: Record<string, unknown>;
  expiresAt: number;
  /** When the wait began (the re-check after a long wait counts from here). */
  createdAt?: number;
  /** The person whose turn it is (undefined for a turn started with a key). */
  requester?: string;
  deciders: Deciders;
  details?: Record<string, unknown>;
  choices?: string[];
  typed?: boolean;
  /** The value a person must type to approve (a `confirm` call). */
  confirmValue?: string;
  /** The waiting job's wall. */
  wall?: string;
  /** Not readable by this runtime (written by a newer one). */
  unreadable?: boolean;
  status: 'open' | 'decided';
  decision?: Decision;
  /** People who acknowledged a wait they cannot end (a budget wait). */
  acknowledged: Set<string>;
  /** Continues the job with the decision. */
  settle: (d: Decision) => void;
  cancelTimer?: () => void;
}

/** Someone as the decider rules see them. */
export interface Decider {
  person?: string;
  permissions: ReadonlySet<string>;
}

/** The opaque interrupt id of a wait's current version: `ozi1.<base64url>`. */
export function interruptId(wait: Pick<Wait, 'id' | 'version'>): string {
  return `ozi1.${Buffer.from(JSON.stringify({ w: wait.id, v: wait.version })).toString('base64url')}`;
}

/** Reads an interrupt id back; undefined when it is none of ours. */
export function parseInterruptId(id: string): { w: string; v: number } | undefined {
  if (!id.startsWith('ozi1.')) return undefined;
  try {
    const v = JSON.parse(Buffer.from(id.slice(5), 'base64url').toString('utf8')) as { w?: unknown; v?: unknown };
    return typeof v.w === 'string' && typeof v.v === 'number' ? { w: v.w, v: v.v } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `who` may decide the wait, approving (or answering) or denying. */
export function mayDecide(who: Decider, wait: Wait, approving: boolean): boolean {
  if (!who.person) return false;
  const isRequester = who.person === wait.requester;
  const approver = who.permissions.has('approvals.decide');
  if (wait.kind === 'budget') return who.permissions.has('budget.decide');
  if (wait.reason === 'input_required') return isRequester || (wait.requester === undefined && who.permissions.has('content'));
  switch (wait.deciders) {
    case 'self':
      return isRequester || approver;
    case 'four-eyes':
      return approving ? approver && !isRequester : isRequester || approver;
    case 'admin':
      return who.permissions.has('budget.decide');
  }
}

/** Whether the wait is one of the caller's interrupts (for a key: every wait; for a person: one they may say yes to). */
export function isCallersInterrupt(who: Decider & { kind: string }, wait: Wait): boolean {
  if (who.kind !== 'person') return true;
  if (wait.kind === 'budget') return (who.person === wait.requester && !wait.acknowledged.has(who.person ?? '')) || mayDecide(who, wait, true);
  return mayDecide(who, wait, true);
}

/** Who decides, in words. */
export function decidersInWords(wait: Wait): string {
  const asker = wait.requester ?? 'a person of the tenant';
  if (wait.kind === 'budget') return 'a tenant admin, with a budget decision';
  if (wait.reason === 'input_required') return wait.requester ? `${asker}, who asked` : 'a person of the tenant with the content permission';
  switch (wait.deciders) {
    case 'self':
      return wait.requester ? `${asker}, who asked, or a person who may decide approvals` : 'a person who may decide approvals';
    case 'four-eyes':
      return `a person who may decide approvals, other than ${asker} (four eyes)`;
    case 'admin':
      return 'a tenant admin';
  }
}

/** The schema of an approval's answer. */
export function approvalSchema(confirmValue?: string, confirmArg?: string): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    approved: { type: 'boolean', title: 'Approve' },
    comment: { type: 'string', title: 'Comment' },
  };
  if (confirmValue !== undefined) properties.confirm = { type: 'string', const: confirmValue, title: `Type ${confirmArg ?? 'the value'} to confirm` };
  return { type: 'object', properties, required: ['approved'], additionalProperties: false };
}

/** The schema of a question's answer: the choices as an enum. */
export function choiceSchema(choices: string[]): Record<string, unknown> {
  return { type: 'object', properties: { answer: { type: 'string', enum: [...choices] } }, required: ['answer'], additionalProperties: false };
}

/** The schema of a typed question: its fields. */
export function fieldsSchema(fields: Record<string, Record<string, unknown>>, required?: string[]): Record<string, unknown> {
  return { type: 'object', properties: fields, required: required ?? Object.keys(fields), additionalProperties: false };
}

/** How a caller sees waits. */
export interface WaitView {
  content: boolean;
  clearances: ReadonlySet<string>;
  aiLabel: string;
  console: (job: string) => ConsoleLink | undefined;
}

/** A wait as the caller's interrupt. */
export function toInterrupt(wait: Wait, view: WaitView): Interrupt {
  const metadata: Record<string, unknown> = {
    [META.kind]: wait.kind,
    [META.what]: wait.what,
    [META.job]: wait.job,
    [META.deciders]: decidersInWords(wait),
    [META.aiLabel]: view.aiLabel,
  };
  const visible = !wait.wall || view.clearances.has(wait.wall);
  if (wait.details && view.content && visible) metadata[META.details] = wait.details;
  if (wait.choices) metadata[META.choices] = [...wait.choices];
  if (wait.typed) metadata[META.typed] = true;
  const link = view.console(wait.job);
  if (link) metadata[META.console] = link;
  const interrupt: Interrupt = {
    id: interruptId(wait),
    reason: wait.reason,
    message: wait.message,
    responseSchema: wait.responseSchema,
    expiresAt: new Date(wait.expiresAt).toISOString(),
    metadata,
  };
  if (wait.toolCallId) interrupt.toolCallId = wait.toolCallId;
  return interrupt;
}

/** A wait as one someone else decides. */
export function toWaitingForOthers(wait: Wait, view: WaitView): WaitingForOthers {
  const w: WaitingForOthers = { job: wait.job, what: wait.what, deciders: decidersInWords(wait) };
  const link = view.console(wait.job);
  if (link) w.console = link;
  return w;
}

/** Splits a tree's open, readable waits into the caller's interrupts and the others', oldest first. */
export function partitionWaits(waits: readonly Wait[], who: Decider & { kind: string }): { mine: Wait[]; others: Wait[] } {
  const open = waits.filter((w) => w.status === 'open' && !w.unreadable).sort((a, b) => a.seq - b.seq);
  const mine = open.filter((w) => isCallersInterrupt(who, w));
  return { mine, others: open.filter((w) => !mine.includes(w)) };
}
