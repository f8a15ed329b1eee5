/**
 * Form nodes (src/forms) as native controls: `<label>`, `<fieldset>` /
 * `<legend>` for groups, radio and checkbox sets, rows and variants;
 * `aria-describedby` to the schema's description and the field's errors,
 * `aria-invalid`. Groups, lists, maps and variants are in structures.ts, what
 * both use (the context, ids, labels, notes) in field-parts.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import type { FieldDescriptor, FormNode } from '../../src/forms/index.js';
import { getOwn, setOwn } from '../../src/forms/pointer.js';
import { describedBy, invalid, labelText, noValueBox, notes, type FieldContext } from './field-parts.js';
import { renderStructure } from './structures.js';

const INPUT_TYPES: Partial<Record<FieldDescriptor['kind'], string>> = {
  number: 'number',
  integer: 'number',
  date: 'date',
  'date-time': 'datetime-local',
  email: 'email',
  url: 'url',
  text: 'text',
};

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function choiceGroup(n: FormNode, ctx: FieldContext, multi: boolean): TemplateResult {
  const f = n.field;
  const raw = n.value;
  const picked = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
  const base = ctx.id(n.name);
  return html`<fieldset class="field group" part="field" aria-describedby=${ifDefined(describedBy(n, ctx))}>
    <legend>${labelText(f, ctx)}</legend>
    ${
      n.isNull
        ? nothing
        : (f.choices ?? []).map(
            (c, i) => html`<div class="option">
            <input
              type=${multi ? 'checkbox' : 'radio'}
              id="${base}-${i}"
              name=${n.name}
              data-kind=${f.kind}
              .value=${String(c.value)}
              .checked=${live(picked.includes(String(c.value)))}
              ?required=${!multi && f.required}
              ?disabled=${ctx.disabled}
              aria-invalid=${ifDefined(invalid(n, ctx))}
            /><label for="${base}-${i}">${c.label}</label>
          </div>`,
          )
    }
    ${noValueBox(n, ctx)} ${notes(n, ctx)}
  </fieldset>`;
}

function checkbox(n: FormNode, ctx: FieldContext): TemplateResult {
  const id = ctx.id(n.name);
  return html`<div class="field check" part="field">
    <input
      type="checkbox"
      id=${id}
      name=${n.name}
      data-kind="boolean"
      .checked=${live(n.value === true)}
      ?disabled=${ctx.disabled || n.isNull === true}
      aria-describedby=${ifDefined(describedBy(n, ctx))}
      aria-invalid=${ifDefined(invalid(n, ctx))}
    /><label for=${id}>${labelText(n.field, ctx)}</label>
    ${noValueBox(n, ctx)} ${notes(n, ctx)}
  </div>`;
}

function textarea(n: FormNode, ctx: FieldContext, extra: TemplateResult | typeof nothing = nothing): TemplateResult {
  const f = n.field;
  const id = ctx.id(n.name);
  const json = f.kind === 'json';
  return html`<div class="field" part="field">
    <label for=${id}>${labelText(f, ctx)}</label>
    <textarea
      id=${id}
      name=${n.name}
      data-kind=${f.kind}
      rows=${json ? 6 : 3}
      class=${json ? 'mono' : ''}
      spellcheck=${json ? 'false' : 'true'}
      .value=${live(n.isNull ? '' : text(n.value))}
      ?required=${f.required}
      ?disabled=${ctx.disabled || n.isNull === true}
      maxlength=${ifDefined(f.maxLength)}
      aria-describedby=${ifDefined(describedBy(n, ctx, json && (f.outline || f.example) ? [`${id}-help`] : []))}
      aria-invalid=${ifDefined(invalid(n, ctx))}
    ></textarea>
    ${noValueBox(n, ctx)} ${notes(n, ctx)} ${extra}
  </div>`;
}

function input(n: FormNode, ctx: FieldContext): TemplateResult {
  const f = n.field;
  const id = ctx.id(n.name);
  const numeric = f.kind === 'number' || f.kind === 'integer';
  return html`<div class="field" part="field">
    <label for=${id}>${labelText(f, ctx)}</label>
    <input
      type=${INPUT_TYPES[f.kind] ?? 'text'}
      id=${id}
      name=${n.name}
      data-kind=${f.kind}
      autocomplete="off"
      .value=${live(n.isNull ? '' : text(n.value))}
      ?required=${f.required || f.mustEqual !== undefined}
      ?disabled=${ctx.disabled || n.isNull === true}
      min=${ifDefined(numeric ? f.min : undefined)}
      max=${ifDefined(numeric ? f.max : undefined)}
      step=${ifDefined(numeric ? f.step : undefined)}
      inputmode=${ifDefined(f.kind === 'integer' ? 'numeric' : undefined)}
      maxlength=${ifDefined(f.maxLength)}
      aria-describedby=${ifDefined(describedBy(n, ctx))}
      aria-invalid=${ifDefined(invalid(n, ctx))}
    />
    ${noValueBox(n, ctx)} ${notes(n, ctx)}
  </div>`;
}

/** What a JSON field asks, in words, and an answer that fits (with a button that copies it in). */
function jsonHelp(n: FormNode, ctx: FieldContext): TemplateResult | typeof nothing {
  const f = n.field;
  if (!f.outline?.length && !f.example) return nothing;
  const entry = (e: NonNullable<FieldDescriptor['outline']>[number]): TemplateResult =>
    html`<li>
      <strong>${e.label}</strong>${e.required ? nothing : html` <span class="optional">${ctx.optional}</span>`}: ${e.type}${e.description ? html` — ${e.description}` : nothing}
      ${e.parts?.length ? html`<ul>${e.parts.map(entry)}</ul>` : nothing}
    </li>`;
  return html`<div class="json-help" id="${ctx.id(n.name)}-help">
    ${f.outline?.length ? html`<p class="hint">${ctx.s.jsonAsks}</p><ul class="outline">${f.outline.map(entry)}</ul>` : nothing}
    ${f.example ? html`<p class="hint">${ctx.s.jsonExample}</p><pre class="mono example">${f.example}</pre>` : nothing}
    ${f.example ? html`<button type="button" class="use-example" ?disabled=${ctx.disabled} @click=${() => ctx.act({ type: 'example', node: n })}>${ctx.s.useExample}</button>` : nothing}
  </div>`;
}

/** One node of a form (and everything under it) as native controls. */
export function renderNode(n: FormNode, ctx: FieldContext): TemplateResult {
  switch (n.field.kind) {
    case 'group':
    case 'list':
    case 'map':
    case 'variant':
      return renderStructure(n, ctx, renderNode);
    case 'choice':
      return choiceGroup(n, ctx, false);
    case 'multi-choice':
      return choiceGroup(n, ctx, true);
    case 'boolean':
      return checkbox(n, ctx);
    case 'textarea':
      return textarea(n, ctx);
    case 'json':
      return textarea(n, ctx, jsonHelp(n, ctx));
    default:
      return input(n, ctx);
  }
}

/** A top-level field outside a layout (the approval's comment and confirm), at its path. */
export function renderField(f: FieldDescriptor, ctx: FieldContext): TemplateResult {
  return renderNode({ field: f, name: f.path, value: getOwn(ctx.values, f.path) }, ctx);
}

/** Reads a control's value into a draft's values (checkbox groups as arrays, a variant's choice as its number). */
export function readControl(target: HTMLInputElement | HTMLTextAreaElement, values: Record<string, unknown>): Record<string, unknown> {
  const name = target.name;
  const kind = target.dataset.kind;
  const next = { ...values };
  let value: unknown = target.value;
  if (kind === 'boolean') value = (target as HTMLInputElement).checked;
  else if (kind === 'null') value = (target as HTMLInputElement).checked || '';
  else if (kind === 'variant') value = Number(target.value);
  else if (kind === 'multi-choice') {
    const form = target.closest('form');
    const boxes = form ? [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((b) => b.name === name) : [];
    value = boxes.filter((b) => b.checked).map((b) => b.value);
  }
  // A field may be named `__proto__`: set and delete own properties only.
  if (value === '') delete next[name];
  else setOwn(next, name, value);
  return next;
}
