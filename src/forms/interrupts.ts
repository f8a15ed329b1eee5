/**
 * Form helpers for OZ's interrupts: the approval shape (rendered as Approve /
 * Deny rather than a checkbox), a question's choices, and where a draft is kept.
 */
import type { Interrupt } from '../protocol/events.js';
import { readInterruptMeta } from '../protocol/interrupts.js';
import { schemaToForm } from './schema-to-form.js';
import type { Choice } from './types.js';

/**
 * `approval`: `{approved: boolean, comment?: string}`; `approval-with-confirm`:
 * the same with a `confirm` field whose value the person must type (a `const`).
 */
export type ApprovalSchemaKind = 'approval' | 'approval-with-confirm';

/**
 * Detects the approval shape `{approved: boolean, comment?: string, confirm?: const}`
 * so the UI can render Approve and Deny buttons instead of a generic boolean.
 * Undefined for any other schema (including an `approved` that is itself a const).
 */
export function approvalSchemaKind(schema: unknown): ApprovalSchemaKind | undefined {
  const form = schemaToForm(schema);
  if (form.fallback || form.acceptsAnything || form.root?.kind !== 'group' || form.root.alternatives || form.root.extra) return undefined;
  const byKey = new Map(form.fields.map((f) => [f.key, f]));
  const approved = byKey.get('approved');
  if (!approved || approved.kind !== 'boolean' || approved.mustEqual !== undefined) return undefined;
  const comment = byKey.get('comment');
  if (comment && ((comment.kind !== 'text' && comment.kind !== 'textarea') || comment.mustEqual !== undefined)) return undefined;
  const confirm = byKey.get('confirm');
  if (confirm && typeof confirm.mustEqual !== 'string') return undefined;
  if ([...byKey.keys()].some((k) => k !== 'approved' && k !== 'comment' && k !== 'confirm')) return undefined;
  return confirm ? 'approval-with-confirm' : 'approval';
}

/**
 * A question's choices: `oz0/choices` from the metadata, else the enum of the
 * `answer` property of its `responseSchema`; empty when it asks for free text.
 */
export function questionChoices(interrupt: Pick<Interrupt, 'metadata' | 'responseSchema'>): Choice[] {
  const { choices } = readInterruptMeta(interrupt);
  if (choices?.length) return choices.map((c) => ({ value: c, label: c }));
  const answer = schemaToForm(interrupt.responseSchema).fields.find((f) => f.path === 'answer');
  return answer?.kind === 'choice' && answer.choices ? answer.choices.map((c) => ({ ...c })) : [];
}

/** The persistence key of an interrupt's half-filled answer. */
export function draftKey(interruptId: string): string {
  return `oz-agui/draft/${interruptId}`;
}
