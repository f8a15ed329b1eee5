/**
 * JSON Schema → form descriptor. The question kinds agents ask become fields:
 * single values, groups nested to any depth, lists of rows, key/value maps,
 * a choice of variants (`oneOf`/`anyOf`, a `type` list), "no value" for
 * nullable types, local `$ref`s (a recursive one drawn lazily). A part no
 * form can draw becomes a JSON field that says what it asks; a root no form
 * can draw makes the whole form that JSON field. Never a throw.
 */
import { resolveMessages } from './messages.js';
import { exampleFor, outlineFor } from './outline.js';
import { choiceField, constField, multiChoiceField, nonEmptyString, numberField, stringField, count } from './leaf-fields.js';
import { isObject, setOwn, type JsonObject } from './pointer.js';
import { resolve, target, without } from './resolve.js';
import { variantField } from './variants.js';
import { baseField, isEmptySchema, typesOf, type DrawContext } from './field-base.js';
import { JSON_FIELD_PATH, ROOT_FIELD_PATH, type FieldDescriptor, type FormDescriptor, type FormOptions } from './types.js';

/** Keywords that constrain an answer in ways a generated form cannot show: that part is JSON. */
const UNDRAWABLE = [
  '$dynamicRef',
  '$recursiveRef',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'prefixItems',
  'additionalItems',
  'contains',
  'minContains',
  'maxContains',
];

/** How deep fields nest before the rest is JSON; how many fields one form draws before the rest is JSON. */
const MAX_DEPTH = 24;
const MAX_FIELDS = 2000;

/** A JSON field for a part no form can draw: what it asks, in words, and an answer that fits. */
export function jsonField(s: unknown, keys: readonly string[], required: boolean, ctx: DrawContext): FieldDescriptor {
  const field: FieldDescriptor = { ...baseField(isObject(s) ? s : undefined, keys, required), kind: 'json' };
  if (isObject(s) && s.default !== undefined) field.default = JSON.stringify(s.default, null, 2);
  if (isEmptySchema(s)) {
    field.anyValue = true;
    return field;
  }
  const outline = outlineFor(s, ctx.root, ctx.m);
  if (outline.length) field.outline = outline;
  const example = exampleFor(s, ctx.root);
  if (example !== undefined) field.example = example;
  return field;
}

/** A cycle: a `ref` field, its target drawn once into `ctx.refs`. */
function refField(s: JsonObject, ref: string, keys: readonly string[], required: boolean, ctx: DrawContext): FieldDescriptor {
  if (!Object.hasOwn(ctx.refs, ref)) {
    const t = target(ctx.root, ref);
    ctx.refs[ref] = { ...baseField(undefined, [], true), kind: 'ref', ref }; // a placeholder while it is drawn
    const drawn = draw(t, [], true, { ...ctx, expanding: [ref], depth: ctx.depth + 1 });
    // A reference that only names itself again (a loop of `$ref`s) holds no field: JSON.
    ctx.refs[ref] = drawn && drawn.kind !== 'ref' ? drawn : jsonField(t, [], true, ctx);
  }
  if (ctx.refs[ref]?.kind === 'json') return jsonField(s, keys, required, ctx);
  const t = target(ctx.root, ref);
  const base = baseField(isObject(t) ? { ...t, ...without(s, '$ref') } : s, keys, required);
  return { ...base, kind: 'ref', ref };
}

/** An array: checkboxes for an enum's values, else rows of its item. */
function arrayField(base: FieldDescriptor, s: JsonObject, ctx: DrawContext): FieldDescriptor {
  if (Array.isArray(s.items)) return jsonField(s, splitPath(base.path), base.required, ctx);
  const multi = multiChoiceField(base, s, (items) => !('$ref' in items) && !UNDRAWABLE.some((k) => k in items) && !items.oneOf && !items.anyOf);
  if (multi) return multi;
  const items = s.items === undefined || s.items === true ? { type: 'string' } : s.items;
  const item = draw(items, [], true, ctx) ?? jsonField(items, [], true, ctx);
  const field: FieldDescriptor = { ...base, kind: 'list', item: { ...item, label: base.label } };
  const minItems = count(s.minItems);
  const maxItems = count(s.maxItems);
  if (minItems !== undefined) field.minItems = minItems;
  if (maxItems !== undefined) field.maxItems = maxItems;
  if (s.uniqueItems === true) field.uniqueItems = true;
  if (Array.isArray(s.default)) field.default = s.default;
  return field;
}

/** `additionalProperties` (a schema, or `true`: text) as key/value rows. */
function mapField(base: FieldDescriptor, extra: unknown, s: JsonObject, ctx: DrawContext): FieldDescriptor {
  const valueSchema = extra === undefined || extra === true || isEmptySchema(extra) ? { type: 'string' } : extra;
  const value = draw(valueSchema, [], true, ctx) ?? jsonField(valueSchema, [], true, ctx);
  const field: FieldDescriptor = {
    ...base,
    kind: 'map',
    value: { ...value, label: value.label || ctx.m.valueLabel },
    keyField: { path: '', key: '', kind: 'text', label: ctx.m.keyLabel, required: true },
  };
  const min = count(s.minProperties);
  const max = count(s.maxProperties);
  if (min !== undefined) field.minItems = min;
  if (max !== undefined) field.maxItems = max;
  if (isObject(s.default)) field.default = s.default;
  return field;
}

/** An object: a group of its properties (with a map of other entries when it takes them), or a map alone. */
function objectField(base: FieldDescriptor, s: JsonObject, ctx: DrawContext): FieldDescriptor | undefined {
  const { properties, required = [], additionalProperties: extra } = s;
  if (properties !== undefined && !isObject(properties)) return undefined;
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) return undefined;
  // A required name no property describes may hold anything.
  const props: JsonObject = { ...(properties ?? {}) };
  for (const r of required) if (!Object.hasOwn(props, r)) setOwn(props, r, true);
  const none = Object.keys(props).length === 0;
  const asMap = none && (properties === undefined ? extra !== false : extra === true || (isObject(extra) && !isEmptySchema(extra)));
  if (asMap && s.maxProperties !== 0) return mapField(base, extra, s, ctx);
  const fields: FieldDescriptor[] = [];
  for (const [key, prop] of Object.entries(props)) {
    const field = draw(prop, [...splitPath(base.path), key], required.includes(key), ctx);
    if (field === undefined) return undefined;
    if (field !== null) fields.push(field);
  }
  const group: FieldDescriptor = { ...base, kind: 'group', fields };
  if (isObject(extra) && !isEmptySchema(extra)) {
    group.extra = mapField({ ...baseField(undefined, [], false), label: ctx.m.otherEntries }, extra, {}, ctx);
    group.extraKey = '~x';
  }
  return group;
}

function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('/').map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A schema with one type, no alternatives, no references: its field. Undefined when it is none. */
export function typedField(s: JsonObject, keys: readonly string[], required: boolean, type: string | undefined, ctx: DrawContext): FieldDescriptor | undefined {
  const base = baseField(s, keys, required);
  if ('const' in s) return constField(base, s, type);
  if ('enum' in s) return choiceField(base, s, type);
  const t = type ?? inferType(s);
  switch (t) {
    case 'boolean':
      return typeof s.default === 'boolean' ? { ...base, kind: 'boolean', default: s.default } : { ...base, kind: 'boolean' };
    case 'string':
      return stringField(base, s);
    case 'number':
    case 'integer':
      return numberField(base, s, t === 'integer');
    case 'array':
      return arrayField(base, s, { ...ctx, depth: ctx.depth + 1 });
    case 'object':
      return objectField(base, s, { ...ctx, depth: ctx.depth + 1 });
    default:
      return undefined;
  }
}

/** The type a schema without `type` asks by its keywords; undefined when it could be anything. */
function inferType(s: JsonObject): string | undefined {
  if ('properties' in s || 'additionalProperties' in s || 'required' in s) return 'object';
  if ('items' in s || 'minItems' in s || 'maxItems' in s) return 'array';
  if ('minLength' in s || 'maxLength' in s || 'pattern' in s || 'format' in s) return 'string';
  if ('minimum' in s || 'maximum' in s || 'multipleOf' in s) return 'number';
  return undefined;
}

/**
 * One schema's field at `keys`. `null` for a property that must be absent
 * (`false`); a JSON field for a part no form can draw; undefined only for a
 * malformed object (the caller then draws its parent as JSON).
 */
export function draw(schema: unknown, keys: readonly string[], required: boolean, ctx: DrawContext): FieldDescriptor | null | undefined {
  if (schema === false) return null;
  if (ctx.depth > MAX_DEPTH || ++ctx.budget.fields > MAX_FIELDS) return jsonField(schema, keys, required, ctx);
  if (isEmptySchema(schema) || !isObject(schema)) return jsonField(schema, keys, required, ctx);
  const r = resolve(ctx.root, schema, ctx.expanding, ctx.legacy);
  if (!r.ok) return r.cycle ? refField(schema, r.cycle, keys, required, ctx) : jsonField(schema, keys, required, ctx);
  const s = r.schema;
  const inner: DrawContext = r.refs.length ? { ...ctx, expanding: [...ctx.expanding, ...r.refs] } : ctx;
  if (UNDRAWABLE.some((k) => k in s) || isEmptySchema(s)) return jsonField(s, keys, required, inner);
  let field: FieldDescriptor | undefined;
  if (s.oneOf !== undefined || s.anyOf !== undefined) field = variantField(s, keys, required, inner);
  else {
    const t = typesOf(s);
    if (t?.types && t.types.length > 1) field = variantField(s, keys, required, inner);
    else if (t && t.types?.[0] !== 'null') {
      field = typedField(s, keys, required, t.types?.[0], inner);
      if (field && t.nullable) field.nullable = true;
    }
  }
  return field ?? jsonField(s, keys, required, inner);
}

function head(root: JsonObject | undefined): Pick<FormDescriptor, 'title' | 'description'> {
  const out: Pick<FormDescriptor, 'title' | 'description'> = {};
  const title = nonEmptyString(root?.title);
  const description = nonEmptyString(root?.description);
  if (title) out.title = title;
  if (description) out.description = description;
  return out;
}

/**
 * Turns an interrupt's `responseSchema` into a form descriptor.
 *
 * - `{}` / `true` (a budget wait): no fields, `acceptsAnything: true`.
 * - An object: its properties as fields (groups, lists, maps, variants, nested
 *   to any depth); a list, a map, a variant or a single value at the root is
 *   one field at {@link ROOT_FIELD_PATH}.
 * - A root no form can draw (`not`, `if`, a remote `$ref`, a malformed schema
 *   such as `null` or `{properties: 5}`): `fallback: true` and one `json`
 *   field at {@link JSON_FIELD_PATH} with the schema's outline in words, an
 *   example that fits, and the schema's default as JSON text.
 */
export function schemaToForm(schema: unknown, options: FormOptions = {}): FormDescriptor {
  const rootObject = isObject(schema) ? schema : undefined;
  const top = head(rootObject);
  if (isEmptySchema(schema)) return { schema, ...top, fields: [], acceptsAnything: true, fallback: false };
  const m = resolveMessages(options.messages);
  const legacy = typeof rootObject?.$schema === 'string' && /draft-0[4-7]/.test(rootObject.$schema);
  const ctx: DrawContext = { root: schema, legacy, m, refs: {}, expanding: ['#'], depth: 0, budget: { fields: 0 }, draw, typedField };
  let root: FieldDescriptor | null | undefined;
  try {
    root = rootObject ? draw(rootObject, [], true, ctx) : undefined;
  } catch {
    root = undefined; // a schema too strange to walk: the JSON field, checked by the validator
  }
  if (root && root.kind !== 'json') {
    const refs = Object.keys(ctx.refs).length ? { refs: ctx.refs } : {};
    if (root.kind === 'group') return { schema, ...top, fields: root.fields ?? [], acceptsAnything: false, fallback: false, root, ...refs };
    const at: FieldDescriptor = { ...root, path: ROOT_FIELD_PATH, key: ROOT_FIELD_PATH, label: top.title ?? m.jsonLabel.replace(/\s*\(JSON\)$/, '') };
    return { schema, ...top, fields: [at], acceptsAnything: false, fallback: false, root: at, ...refs };
  }
  const json: FieldDescriptor = root?.kind === 'json' ? { ...root } : jsonField(schema, [], true, ctx);
  Object.assign(json, { path: JSON_FIELD_PATH, key: JSON_FIELD_PATH, label: top.title ?? m.jsonLabel, required: true });
  delete json.anyValue;
  if (top.description) json.description = top.description;
  return { schema, ...top, fields: [json], acceptsAnything: false, fallback: true, root: json };
}
