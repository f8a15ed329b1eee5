/**
 * A form as drawn now, for the values the person gave: list and map rows
 * counted, variants chosen, "no value" set, recursive references expanded as
 * far as the answer goes. Values are flat and plain JSON (a draft is kept as
 * it is): a control's value at its name (`items/0/name`), and beside it the
 * form's own state under names no property can have (a pointer segment never
 * holds a bare `~`): `items/~n` a row count, `pet/~v` the option chosen,
 * `note/~null` "no value", `tags/2/~k` a map row's name.
 */
import { resolveMessages, type FormMessages } from './messages.js';
import { escapeSegment, getOwn, setOwn } from './pointer.js';
import { JSON_FIELD_PATH, ROOT_FIELD_PATH, type FieldDescriptor, type FormDescriptor, type FormNode, type FormOptions, type RowNode } from './types.js';

/** How many times one recursive reference is expanded inside itself before the rest is JSON. */
export const MAX_REF_DEPTH = 8;

/** The suffixes of the form's own state in the values. */
export const ROWS = '~n';
export const PICK = '~v';
export const NULL = '~null';
export const ROW_KEY = '~k';

/** `parent/segment`, or `segment` at the root. */
export function child(parent: string, segment: string): string {
  return parent === '' ? segment : `${parent}/${segment}`;
}

/** Where a descriptor's answer sits in the values: `''` for an object's fields, `$answer` for another root, `$json` for the fallback. */
export function rootName(descriptor: FormDescriptor): string {
  if (descriptor.fallback) return JSON_FIELD_PATH;
  return descriptor.root?.kind === 'group' || !descriptor.root ? '' : ROOT_FIELD_PATH;
}

/** The descriptor's root field (an object's fields as a group, when it was made without one). */
export function rootField(descriptor: FormDescriptor): FieldDescriptor {
  return descriptor.root ?? { path: '', key: '', kind: 'group', label: descriptor.title ?? '', required: true, fields: descriptor.fields };
}

/** How many rows a list or a map shows: as many as the person made, else its minimum. */
export function rowCount(field: FieldDescriptor, values: Readonly<Record<string, unknown>>, name: string): number {
  const n = getOwn(values, child(name, ROWS));
  return Number.isInteger(n) && (n as number) >= 0 ? Math.min(n as number, 10_000) : (field.minItems ?? 0);
}

/** A `ref` field as the field it stands for (its own label and place), or a JSON field past the depth. */
function expandRef(field: FieldDescriptor, refs: Readonly<Record<string, FieldDescriptor>>, refDepth: number): FieldDescriptor {
  const target = field.ref !== undefined ? refs[field.ref] : undefined;
  const own = { path: field.path, key: field.key, label: field.label, required: field.required };
  if (!target || refDepth >= MAX_REF_DEPTH) {
    const json: FieldDescriptor = { ...own, kind: 'json', anyValue: !target };
    if (field.description) json.description = field.description;
    return json;
  }
  const out: FieldDescriptor = { ...target, ...own };
  const description = field.description ?? target.description;
  if (description) out.description = description;
  return out;
}

interface LayoutContext {
  values: Readonly<Record<string, unknown>>;
  refs: Readonly<Record<string, FieldDescriptor>>;
  m: FormMessages;
}

function rows(field: FieldDescriptor, name: string, ctx: LayoutContext, refDepth: number): { rows: RowNode[]; canAdd: boolean } {
  const n = rowCount(field, ctx.values, name);
  const inner = field.kind === 'list' ? field.item : field.value;
  const out: RowNode[] = [];
  for (let i = 0; inner && i < n; i++) {
    const rowName = child(name, String(i));
    const row: RowNode = {
      index: i,
      label: ctx.m.item(field.label, i + 1),
      node: layoutNode({ ...inner, label: field.kind === 'list' ? ctx.m.item(field.label, i + 1) : inner.label }, rowName, ctx, refDepth),
      canRemove: n > (field.minItems ?? 0),
      canMoveUp: field.kind === 'list' && i > 0,
      canMoveDown: field.kind === 'list' && i < n - 1,
    };
    if (field.kind === 'map' && field.keyField) row.key = { field: field.keyField, name: child(rowName, ROW_KEY), value: getOwn(ctx.values, child(rowName, ROW_KEY)) };
    out.push(row);
  }
  return { rows: out, canAdd: field.maxItems === undefined || n < field.maxItems };
}

function layoutNode(field: FieldDescriptor, name: string, ctx: LayoutContext, refDepth: number): FormNode {
  if (field.kind === 'ref') return layoutNode(expandRef(field, ctx.refs, refDepth), name, ctx, refDepth + 1);
  const node: FormNode = { field, name };
  if (field.nullable && getOwn(ctx.values, child(name, NULL)) === true) node.isNull = true;
  switch (field.kind) {
    case 'group': {
      node.children = (field.fields ?? []).map((f) => layoutNode(f, child(name, escapeSegment(f.key)), ctx, refDepth));
      if (field.extra && field.extraKey) node.children.push(layoutNode(field.extra, child(name, field.extraKey), ctx, refDepth));
      return node;
    }
    case 'list':
    case 'map':
      return Object.assign(node, rows(field, name, ctx, refDepth));
    case 'variant': {
      const raw = getOwn(ctx.values, child(name, PICK));
      const picked = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : undefined;
      const option = picked !== undefined ? field.variants?.[picked] : undefined;
      if (option?.field) {
        node.picked = picked;
        node.option = layoutNode({ ...option.field, required: true }, name, ctx, refDepth);
      }
      return node;
    }
    default:
      node.value = getOwn(ctx.values, name);
      return node;
  }
}

/** The form as drawn for `values`: the root node, whose tree names every control. */
export function layoutForm(descriptor: FormDescriptor, values: Readonly<Record<string, unknown>>, options: FormOptions = {}): FormNode {
  const ctx: LayoutContext = { values, refs: descriptor.refs ?? {}, m: resolveMessages(options.messages) };
  return layoutNode(rootField(descriptor), rootName(descriptor), ctx, 0);
}

/** Every node of a tree, parents first (a list's key fields and rows, a variant's option). */
export function walkNodes(node: FormNode, visit: (n: FormNode) => void): void {
  visit(node);
  for (const c of node.children ?? []) walkNodes(c, visit);
  for (const r of node.rows ?? []) {
    if (r.key) visit(r.key);
    walkNodes(r.node, visit);
  }
  if (node.option) walkNodes(node.option, visit);
}

function under(key: string, name: string): boolean {
  return name === '' || key === name || key.startsWith(`${name}/`);
}

/**
 * The values with row `from` of the list or map at `name` moved to `to`
 * (undefined `to`: removed; the rows after it move up), its count set to `count`.
 */
function renumber(values: Readonly<Record<string, unknown>>, name: string, map: (i: number) => number | undefined, count: number): Record<string, unknown> {
  const prefix = name === '' ? '' : `${name}/`;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const m = key.startsWith(prefix) ? /^(\d+)(\/.*)?$/.exec(key.slice(prefix.length)) : null;
    if (!m) {
      setOwn(out, key, value);
      continue;
    }
    const to = map(Number(m[1]));
    if (to !== undefined) setOwn(out, `${prefix}${to}${m[2] ?? ''}`, value);
  }
  out[child(name, ROWS)] = count;
  return out;
}

/** The values with one more row in the list or map `node`. */
export function addRow(values: Readonly<Record<string, unknown>>, node: FormNode): Record<string, unknown> {
  const n = node.rows?.length ?? 0;
  const out = renumber(values, node.name, (i) => (i < n ? i : undefined), n + 1);
  return out;
}

/** The values without row `index` of `node` (the rows after it move up). */
export function removeRow(values: Readonly<Record<string, unknown>>, node: FormNode, index: number): Record<string, unknown> {
  const n = node.rows?.length ?? 0;
  return renumber(values, node.name, (i) => (i === index || i >= n ? undefined : i > index ? i - 1 : i), Math.max(n - 1, 0));
}

/** The values with rows `index` and `index + by` of `node` swapped. */
export function moveRow(values: Readonly<Record<string, unknown>>, node: FormNode, index: number, by: -1 | 1): Record<string, unknown> {
  const n = node.rows?.length ?? 0;
  const other = index + by;
  if (other < 0 || other >= n) return { ...values };
  return renumber(values, node.name, (i) => (i === index ? other : i === other ? index : i >= n ? undefined : i), n);
}

/** Whether anything is filled in at or under `name`. */
export function filledUnder(values: Readonly<Record<string, unknown>>, name: string): boolean {
  return Object.entries(values).some(([k, v]) => under(k, name) && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
}
