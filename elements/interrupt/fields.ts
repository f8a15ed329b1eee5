/**
 * Field descriptors (src/forms) as native controls: `<label>`, `<fieldset>` /
 * `<legend>` for radio and checkbox groups, `aria-describedby` to the
 * schema's description and the field's errors, `aria-invalid`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import type { FieldDescriptor } from '../../src/forms/index.js';

export interface FieldContext {
  /** A DOM id for a field path, unique in the form. */
  id: (path: string) => string;
  values: Readonly<Record<string, unknown>>;
  /** Messages to show now, by field path. */
  messages: Readonly<Record<string, readonly string[]>>;
  disabled: boolean;
  optional: string;
}

const INPUT_TYPES: Partial<Record<FieldDescriptor['kind'], string>> = {
  number: 'number',
  integer: 'number',
  date: 'date',
  'date-time': 'datetime-local',
  email: 'email',
  url: 'url',
  text: 'text',
};

function describedBy(f: FieldDescriptor, ctx: FieldContext): string | undefined {
  const ids: string[] = [];
  if (f.description) ids.push(`${ctx.id(f.path)}-desc`);
  if (ctx.messages[f.path]?.length) ids.push(`${ctx.id(f.path)}-err`);
  return ids.length ? ids.join(' ') : undefined;
}

function invalid(f: FieldDescriptor, ctx: FieldContext): 'true' | undefined {
  return ctx.messages[f.path]?.length ? 'true' : undefined;
}

function labelText(f: FieldDescriptor, ctx: FieldContext) {
  return html`${f.label}${f.required || f.mustEqual !== undefined ? nothing : html` <span class="optional">${ctx.optional}</span>`}`;
}

/** The description and the messages under a field. */
function notes(f: FieldDescriptor, ctx: FieldContext) {
  const messages = ctx.messages[f.path] ?? [];
  return html`${f.description ? html`<p class="desc" part="field-description" id="${ctx.id(f.path)}-desc">${f.description}</p>` : nothing}
  ${messages.length
    ? html`<p class="field-error" part="field-error" id="${ctx.id(f.path)}-err">${messages.join(' ')}</p>`
    : nothing}`;
}

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function choiceGroup(f: FieldDescriptor, ctx: FieldContext, multi: boolean): TemplateResult {
  const raw = ctx.values[f.path];
  const picked = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
  const base = ctx.id(f.path);
  return html`<fieldset class="field group" part="field" aria-describedby=${ifDefined(describedBy(f, ctx))}>
    <legend>${labelText(f, ctx)}</legend>
    ${(f.choices ?? []).map(
      (c, i) => html`<div class="option">
        <input
          type=${multi ? 'checkbox' : 'radio'}
          id="${base}-${i}"
          name=${f.path}
          data-kind=${f.kind}
          .value=${String(c.value)}
          .checked=${live(picked.includes(String(c.value)))}
          ?required=${!multi && f.required}
          ?disabled=${ctx.disabled}
          aria-invalid=${ifDefined(invalid(f, ctx))}
        /><label for="${base}-${i}">${c.label}</label>
      </div>`,
    )}
    ${notes(f, ctx)}
  </fieldset>`;
}

/** One field as its native control(s). */
export function renderField(f: FieldDescriptor, ctx: FieldContext): TemplateResult {
  const id = ctx.id(f.path);
  switch (f.kind) {
    case 'group':
      return html`<fieldset class="field group" part="field" aria-describedby=${ifDefined(describedBy(f, ctx))}>
        <legend>${labelText(f, ctx)}</legend>
        ${(f.fields ?? []).map((inner) => renderField(inner, ctx))} ${notes(f, ctx)}
      </fieldset>`;
    case 'choice':
      return choiceGroup(f, ctx, false);
    case 'multi-choice':
      return choiceGroup(f, ctx, true);
    case 'boolean':
      return html`<div class="field check" part="field">
        <input
          type="checkbox"
          id=${id}
          name=${f.path}
          data-kind="boolean"
          .checked=${live(ctx.values[f.path] === true)}
          ?disabled=${ctx.disabled}
          aria-describedby=${ifDefined(describedBy(f, ctx))}
          aria-invalid=${ifDefined(invalid(f, ctx))}
        /><label for=${id}>${labelText(f, ctx)}</label>
        ${notes(f, ctx)}
      </div>`;
    case 'textarea':
    case 'json':
      return html`<div class="field" part="field">
        <label for=${id}>${labelText(f, ctx)}</label>
        <textarea
          id=${id}
          name=${f.path}
          data-kind=${f.kind}
          rows=${f.kind === 'json' ? 6 : 3}
          class=${f.kind === 'json' ? 'mono' : ''}
          .value=${live(text(ctx.values[f.path]))}
          ?required=${f.required}
          ?disabled=${ctx.disabled}
          maxlength=${ifDefined(f.maxLength)}
          aria-describedby=${ifDefined(describedBy(f, ctx))}
          aria-invalid=${ifDefined(invalid(f, ctx))}
        ></textarea>
        ${notes(f, ctx)}
      </div>`;
    default: {
      const numeric = f.kind === 'number' || f.kind === 'integer';
      return html`<div class="field" part="field">
        <label for=${id}>${labelText(f, ctx)}</label>
        <input
          type=${INPUT_TYPES[f.kind] ?? 'text'}
          id=${id}
          name=${f.path}
          data-kind=${f.kind}
          autocomplete="off"
          .value=${live(text(ctx.values[f.path]))}
          ?required=${f.required || f.mustEqual !== undefined}
          ?disabled=${ctx.disabled}
          min=${ifDefined(numeric ? f.min : undefined)}
          max=${ifDefined(numeric ? f.max : undefined)}
          step=${ifDefined(numeric ? f.step : undefined)}
          inputmode=${ifDefined(f.kind === 'integer' ? 'numeric' : undefined)}
          maxlength=${ifDefined(f.maxLength)}
          aria-describedby=${ifDefined(describedBy(f, ctx))}
          aria-invalid=${ifDefined(invalid(f, ctx))}
        />
        ${notes(f, ctx)}
      </div>`;
    }
  }
}

/** Reads a control's value into a draft's values (checkbox groups as arrays). */
export function readControl(target: HTMLInputElement | HTMLTextAreaElement, values: Record<string, unknown>): Record<string, unknown> {
  const name = target.name;
  const kind = target.dataset.kind;
  const next = { ...values };
  if (kind === 'boolean') next[name] = (target as HTMLInputElement).checked;
  else if (kind === 'multi-choice') {
    const form = target.closest('form');
    const boxes = form ? [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((b) => b.name === name) : [];
    next[name] = boxes.filter((b) => b.checked).map((b) => b.value);
  } else next[name] = target.value;
  if (next[name] === '') delete next[name];
  return next;
}
