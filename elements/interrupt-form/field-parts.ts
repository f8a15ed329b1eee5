/**
 * What every rendered field uses, the leaf controls (fields.ts) and the
 * structures (structures.ts) alike: the context a form renders in, DOM ids,
 * `aria-describedby` and `aria-invalid`, the label, the notes under a field
 * and the "no value" box. Here, so neither of the two imports the other for
 * them (structures get fields.ts's `renderNode` as an argument).
 */
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { child, NULL, type FieldDescriptor, type FormNode } from '../../src/forms/index.js';
import type { InterruptStrings } from './strings.js';

/** What a row, a variant or an example button asks the element to do. */
export type FieldAction =
  { type: 'add'; node: FormNode } | { type: 'remove'; node: FormNode; index: number } | { type: 'move'; node: FormNode; index: number; by: -1 | 1 } | { type: 'example'; node: FormNode };

export interface FieldContext {
  /** A DOM id for a control's name, unique in the form. */
  id: (name: string) => string;
  /** The values by name (for fields rendered without a layout: the approval's comment and confirm). */
  values: Readonly<Record<string, unknown>>;
  /** Messages to show now, by name. */
  messages: Readonly<Record<string, readonly string[]>>;
  disabled: boolean;
  optional: string;
  s: InterruptStrings;
  act: (action: FieldAction) => void;
}

/** A DOM id for a name: `f-` and the name with every character outside [A-Za-z0-9-] written as `_hex_`. */
export function idFor(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9-]/g, (c) => `_${c.codePointAt(0)!.toString(16)}_`)}`;
}

export function describedBy(n: FormNode, ctx: FieldContext, more: string[] = []): string | undefined {
  const ids: string[] = [];
  if (n.field.description) ids.push(`${ctx.id(n.name)}-desc`);
  if (ctx.messages[n.name]?.length) ids.push(`${ctx.id(n.name)}-err`);
  ids.push(...more);
  return ids.length ? ids.join(' ') : undefined;
}

export function invalid(n: FormNode, ctx: FieldContext): 'true' | undefined {
  return ctx.messages[n.name]?.length ? 'true' : undefined;
}

export function labelText(f: FieldDescriptor, ctx: FieldContext) {
  return html`${f.label}${f.required || f.mustEqual !== undefined ? nothing : html` <span class="optional">${ctx.optional}</span>`}`;
}

/** The description and the messages under a field. */
export function notes(n: FormNode, ctx: FieldContext) {
  const messages = ctx.messages[n.name] ?? [];
  return html`${n.field.description ? html`<p class="desc" part="field-description" id="${ctx.id(n.name)}-desc">${n.field.description}</p>` : nothing}
  ${messages.length ? html`<p class="field-error" part="field-error" id="${ctx.id(n.name)}-err">${messages.join(' ')}</p>` : nothing}`;
}

/** The "no value" box of a nullable field. */
export function noValueBox(n: FormNode, ctx: FieldContext) {
  if (!n.field.nullable) return nothing;
  const name = child(n.name, NULL);
  const id = ctx.id(name);
  return html`<div class="option no-value">
    <input type="checkbox" id=${id} name=${name} data-kind="null" .checked=${live(n.isNull === true)} ?disabled=${ctx.disabled} /><label for=${id}
      >${ctx.s.noValue}<span class="visually-hidden"> (${n.field.label})</span></label
    >
  </div>`;
}
