/**
 * The structured fields of a form: a group as a `<fieldset>` with its
 * `<legend>`, a list's and a map's rows with Add, Remove, Move up and Move
 * down (disabled at the list's limits, with the limit said in words), and a
 * variant as radios that switch the option's fields beneath them.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import { child, PICK, type FormNode, type RowNode } from '../../src/forms/index.js';
import { describedBy, invalid, labelText, noValueBox, notes, type FieldContext } from './field-parts.js';

/** fields.ts's `renderNode`, passed in: one node and everything under it. */
type RenderNode = (n: FormNode, ctx: FieldContext) => TemplateResult;

/** The id of a row's box, of a list's Add button, of a row's buttons. */
export const rowBoxId = (ctx: FieldContext, row: FormNode) => `${ctx.id(row.name)}-row`;
export const addButtonId = (ctx: FieldContext, list: FormNode) => `${ctx.id(list.name)}-add`;
export const rowButtonId = (ctx: FieldContext, row: FormNode, which: 'up' | 'down' | 'remove') => `${ctx.id(row.name)}-${which}`;

function group(n: FormNode, ctx: FieldContext, renderNode: RenderNode): TemplateResult {
  return html`<fieldset class="field group" part="field" aria-describedby=${ifDefined(describedBy(n, ctx))}>
    <legend>${labelText(n.field, ctx)}</legend>
    ${noValueBox(n, ctx)} ${n.isNull ? nothing : (n.children ?? []).map((c) => renderNode(c, ctx))} ${notes(n, ctx)}
  </fieldset>`;
}

function rowButtons(list: FormNode, row: RowNode, ctx: FieldContext, limitId: string | undefined): TemplateResult {
  const s = ctx.s;
  const hidden = html`<span class="visually-hidden"> ${row.label}</span>`;
  const removeBlocked = !row.canRemove;
  return html`<div class="row-buttons">
    ${
      list.field.kind === 'list'
        ? html`<button type="button" part="row-button" id=${rowButtonId(ctx, row.node, 'up')} ?disabled=${ctx.disabled || !row.canMoveUp}
            @click=${() => ctx.act({ type: 'move', node: list, index: row.index, by: -1 })}>${s.moveUp}${hidden}</button>
          <button type="button" part="row-button" id=${rowButtonId(ctx, row.node, 'down')} ?disabled=${ctx.disabled || !row.canMoveDown}
            @click=${() => ctx.act({ type: 'move', node: list, index: row.index, by: 1 })}>${s.moveDown}${hidden}</button>`
        : nothing
    }
    <button type="button" part="row-button" id=${rowButtonId(ctx, row.node, 'remove')} ?disabled=${ctx.disabled || removeBlocked}
      aria-describedby=${ifDefined(removeBlocked ? limitId : undefined)}
      @click=${() => ctx.act({ type: 'remove', node: list, index: row.index })}>${s.removeRow}${hidden}</button>
  </div>`;
}

function row(list: FormNode, r: RowNode, ctx: FieldContext, limitId: string | undefined, renderNode: RenderNode): TemplateResult {
  const value = r.node;
  // A row that is one value is labelled by the row ("Tags 2"); a row of several fields is a fieldset of its own.
  const body = r.key ? html`<div class="map-row">${renderNode(r.key, ctx)} ${renderNode(value, ctx)}</div>` : renderNode(value, ctx);
  return html`<li class="row" id=${rowBoxId(ctx, value)} part="row">
    ${r.key ? html`<fieldset class="group"><legend>${r.label}</legend>${body}</fieldset>` : body} ${rowButtons(list, r, ctx, limitId)}
  </li>`;
}

function rows(n: FormNode, ctx: FieldContext, renderNode: RenderNode): TemplateResult {
  const f = n.field;
  const s = ctx.s;
  const list = n.rows ?? [];
  const full = n.canAdd === false;
  const atMin = f.minItems !== undefined && f.minItems > 0 && list.length <= f.minItems;
  const limit = full && f.maxItems !== undefined ? s.rowsFull(f.maxItems) : atMin && f.minItems !== undefined ? s.rowsAtLeast(f.minItems) : undefined;
  const limitId = limit ? `${ctx.id(n.name)}-limit` : undefined;
  return html`<fieldset class="field group rows" part="field" data-kind=${f.kind} aria-describedby=${ifDefined(describedBy(n, ctx, limitId ? [limitId] : []))}>
    <legend>${labelText(f, ctx)}</legend>
    ${noValueBox(n, ctx)}
    ${
      n.isNull
        ? nothing
        : html`${list.length ? html`<ol class="row-list">${list.map((r) => row(n, r, ctx, limitId, renderNode))}</ol>` : html`<p class="hint">${s.noRows}</p>`}
          <div class="buttons">
            <button type="button" part="add-row" id=${addButtonId(ctx, n)} ?disabled=${ctx.disabled || full} aria-describedby=${ifDefined(full ? limitId : undefined)}
              @click=${() => ctx.act({ type: 'add', node: n })}>${s.addRow(f.label)}</button>
          </div>
          ${limit ? html`<p class="hint limit" id=${limitId!}>${limit}</p>` : nothing}`
    }
    ${notes(n, ctx)}
  </fieldset>`;
}

function variant(n: FormNode, ctx: FieldContext, renderNode: RenderNode): TemplateResult {
  const f = n.field;
  const name = child(n.name, PICK);
  const base = ctx.id(name);
  const option = n.option;
  const chosen = n.picked !== undefined ? f.variants?.[n.picked] : undefined;
  // A chosen option shows its own fields without a second legend that repeats the choice.
  const shown = option && chosen ? { ...option, field: { ...option.field, label: chosen.label } } : undefined;
  const inner = shown?.field.kind === 'group' ? (shown.children ?? []).map((c) => renderNode(c, ctx)) : shown ? renderNode(shown, ctx) : nothing;
  return html`<fieldset class="field group variant" part="field" aria-describedby=${ifDefined(describedBy(n, ctx))}>
    <legend>${labelText(f, ctx)}</legend>
    ${noValueBox(n, ctx)}
    ${
      n.isNull
        ? nothing
        : html`<div class="options">
            ${(f.variants ?? []).map(
              (v, i) => html`<div class="option">
                <input type="radio" id="${base}-${i}" name=${name} data-kind="variant" .value=${String(i)} .checked=${live(n.picked === i)}
                  ?required=${f.required} ?disabled=${ctx.disabled} aria-invalid=${ifDefined(invalid(n, ctx))} /><label for="${base}-${i}">${v.label}</label>
              </div>`,
            )}
          </div>
          ${shown ? html`<div class="variant-fields">${inner}</div>` : nothing}`
    }
    ${notes(n, ctx)}
  </fieldset>`;
}

/** A group, a list, a map or a variant, with everything under it. */
export function renderStructure(n: FormNode, ctx: FieldContext, renderNode: RenderNode): TemplateResult {
  switch (n.field.kind) {
    case 'group':
      return group(n, ctx, renderNode);
    case 'variant':
      return variant(n, ctx, renderNode);
    default:
      return rows(n, ctx, renderNode);
  }
}
