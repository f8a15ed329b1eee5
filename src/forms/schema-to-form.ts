/**
 * JSON Schema → form descriptor, for the subset OZ sends in an interrupt's
 * `responseSchema`. Anything outside it becomes one JSON text field checked
 * against the whole schema: never a dead end, never a throw.
 */
import { resolveMessages } from './messages.js';
import { isObject, joinPath, type JsonObject } from './pointer.js';
import {
  JSON_FIELD_PATH,
  type Choice,
  type ChoiceValue,
  type FieldDescriptor,
  type FormDescriptor,
  type FormOptions,
} from './types.js';

/** Keywords that constrain an answer in ways a generated form cannot show. */
const UNSUPPORTED = [
  '$ref', '$dynamicRef', '$recursiveRef', 'oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else',
  'patternProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'dependencies',
  'unevaluatedProperties', 'unevaluatedItems', 'prefixItems', 'additionalItems', 'contains',
  'minProperties', 'maxProperties',
];

/** Keywords that say nothing about the answer: a schema of only these accepts anything. */
const ANNOTATIONS = new Set([
  '$schema', '$id', '$comment', '$defs', 'definitions', 'title', 'description', 'examples',
  'deprecated', 'readOnly', 'writeOnly',
]);

/** Free-text keys that read better in a text area when no maxLength says otherwise. */
const LONG_TEXT = /comment|answer|reason|note|message|description|details|body|explanation|feedback/i;

/** A long string (maxLength above this) is a text area. */
const TEXTAREA_ABOVE = 200;

/** `due_date` → `Due date`, `maxCount` → `Max count`. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function finite(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function count(v: unknown): number | undefined {
  return Number.isInteger(v) && (v as number) >= 0 ? (v as number) : undefined;
}

/** The one type a schema names, with `null` beside it allowed; null when unusable. */
function schemaType(s: JsonObject): string | undefined | null {
  const t = s.type;
  if (t === undefined || typeof t === 'string') return t;
  if (!Array.isArray(t)) return null;
  const others = t.filter((x) => x !== 'null');
  return others.length === 1 && typeof others[0] === 'string' ? others[0] : null;
}

/** Whether a schema (`true` or an object) asks for nothing at all. */
export function isEmptySchema(schema: unknown): boolean {
  return schema === true || (isObject(schema) && Object.keys(schema).every((k) => ANNOTATIONS.has(k)));
}

function choicesOf(values: unknown): Choice[] | undefined {
  if (!Array.isArray(values) || values.length === 0) return undefined;
  const out: Choice[] = [];
  for (const v of values) {
    if (v === null) continue; // a nullable enum: leaving it empty is the null answer
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return undefined;
    out.push({ value: v as ChoiceValue, label: String(v) });
  }
  return out.length ? out : undefined;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function stringField(base: FieldDescriptor, s: JsonObject): FieldDescriptor {
  const minLength = count(s.minLength);
  const maxLength = count(s.maxLength);
  const pattern = typeof s.pattern === 'string' && compiles(s.pattern) ? s.pattern : undefined;
  const formats: Record<string, FieldDescriptor['kind']> = {
    date: 'date', 'date-time': 'date-time', email: 'email', uri: 'url', url: 'url', iri: 'url',
  };
  const byFormat = typeof s.format === 'string' ? formats[s.format] : undefined;
  const long = maxLength !== undefined ? maxLength > TEXTAREA_ABOVE : LONG_TEXT.test(base.key);
  const kind = byFormat ?? (pattern === undefined && long ? 'textarea' : 'text');
  const field: FieldDescriptor = { ...base, kind };
  if (minLength !== undefined) field.minLength = minLength;
  if (maxLength !== undefined) field.maxLength = maxLength;
  if (pattern !== undefined) field.pattern = pattern;
  if (typeof s.default === 'string') field.default = s.default;
  return field;
}

function numberField(base: FieldDescriptor, s: JsonObject, integer: boolean): FieldDescriptor {
  const field: FieldDescriptor = { ...base, kind: integer ? 'integer' : 'number' };
  let min = finite(s.minimum);
  let max = finite(s.maximum);
  let exMin = s.exclusiveMinimum === true && min !== undefined; // draft 4's boolean form
  let exMax = s.exclusiveMaximum === true && max !== undefined;
  const eMin = finite(s.exclusiveMinimum);
  const eMax = finite(s.exclusiveMaximum);
  if (eMin !== undefined && (min === undefined || eMin >= min)) [min, exMin] = [eMin, true];
  if (eMax !== undefined && (max === undefined || eMax <= max)) [max, exMax] = [eMax, true];
  if (integer && min !== undefined) [min, exMin] = [exMin ? Math.floor(min) + 1 : Math.ceil(min), false];
  if (integer && max !== undefined) [max, exMax] = [exMax ? Math.ceil(max) - 1 : Math.floor(max), false];
  if (min !== undefined) field.min = min;
  if (max !== undefined) field.max = max;
  if (exMin) field.exclusiveMin = true;
  if (exMax) field.exclusiveMax = true;
  const step = finite(s.multipleOf);
  field.step = step !== undefined && step > 0 ? step : integer ? 1 : 'any';
  if (finite(s.default) !== undefined) field.default = s.default;
  return field;
}

function multiChoiceField(base: FieldDescriptor, s: JsonObject): FieldDescriptor | undefined {
  const items = s.items;
  if (!isObject(items) || UNSUPPORTED.some((k) => k in items)) return undefined;
  const choices = choicesOf(items.enum);
  if (!choices) return undefined;
  const field: FieldDescriptor = { ...base, kind: 'multi-choice', choices };
  const minItems = count(s.minItems);
  const maxItems = count(s.maxItems);
  if (minItems !== undefined) field.minItems = minItems;
  if (maxItems !== undefined) field.maxItems = maxItems;
  if (s.uniqueItems === true) field.uniqueItems = true;
  if (Array.isArray(s.default) && s.default.every((d) => choices.some((c) => c.value === d))) field.default = s.default;
  return field;
}

function constField(base: FieldDescriptor, s: JsonObject, type: string | undefined): FieldDescriptor | undefined {
  const c = s.const;
  let kind: FieldDescriptor['kind'];
  if (typeof c === 'string' && (type === undefined || type === 'string')) kind = 'text';
  else if (typeof c === 'boolean' && (type === undefined || type === 'boolean')) kind = 'boolean';
  else if (typeof c === 'number' && (type === undefined || type === 'number' || type === 'integer')) {
    kind = type === 'integer' || (type === undefined && Number.isInteger(c)) ? 'integer' : 'number';
  } else return undefined;
  const field: FieldDescriptor = { ...base, kind, mustEqual: c };
  if (kind === 'number' || kind === 'integer') field.step = 'any';
  return field;
}

/** One property's field; undefined when it is outside the subset. */
function fieldFor(s: unknown, keys: string[], required: boolean, depth: number): FieldDescriptor | undefined {
  if (!isObject(s) || UNSUPPORTED.some((k) => k in s)) return undefined;
  const type = schemaType(s);
  if (type === null) return undefined;
  const key = keys[keys.length - 1] ?? '';
  const base: FieldDescriptor = { path: joinPath(keys), key, kind: 'text', label: nonEmptyString(s.title) ?? humanise(key), required };
  const description = nonEmptyString(s.description);
  if (description) base.description = description;
  if ('const' in s) return constField(base, s, type);
  if ('enum' in s) {
    const choices = type === 'array' || type === 'object' ? undefined : choicesOf(s.enum);
    if (!choices) return undefined;
    const field: FieldDescriptor = { ...base, kind: 'choice', choices };
    if (choices.some((c) => c.value === s.default)) field.default = s.default;
    return field;
  }
  switch (type) {
    case 'boolean':
      return typeof s.default === 'boolean' ? { ...base, kind: 'boolean', default: s.default } : { ...base, kind: 'boolean' };
    case 'string':
      return stringField(base, s);
    case 'number':
    case 'integer':
      return numberField(base, s, type === 'integer');
    case 'array':
      return multiChoiceField(base, s);
    case 'object': {
      if (depth > 0) return undefined;
      const fields = objectFields(s, keys, depth + 1);
      return fields ? { ...base, kind: 'group', fields } : undefined;
    }
    default:
      return undefined;
  }
}

/** An object schema's fields, in property order; undefined when outside the subset. */
function objectFields(s: JsonObject, keys: string[], depth: number): FieldDescriptor[] | undefined {
  if (UNSUPPORTED.some((k) => k in s)) return undefined;
  const type = schemaType(s);
  if (type !== 'object' && type !== undefined) return undefined;
  const { properties, required = [], additionalProperties } = s;
  if (!isObject(properties)) return undefined;
  if (additionalProperties !== undefined && typeof additionalProperties !== 'boolean' && !isEmptySchema(additionalProperties)) {
    return undefined;
  }
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string' && Object.hasOwn(properties, r))) {
    return undefined;
  }
  const fields: FieldDescriptor[] = [];
  for (const [key, prop] of Object.entries(properties)) {
    const field = fieldFor(prop, [...keys, key], required.includes(key), depth);
    if (!field) return undefined;
    fields.push(field);
  }
  return fields;
}

/**
 * Turns an interrupt's `responseSchema` into a form descriptor.
 *
 * - `{}` / `true` (a budget wait): no fields, `acceptsAnything: true`.
 * - An object with properties in the subset: one field per property, in order.
 * - Anything else (oneOf, $ref, free-form objects, malformed schemas such as
 *   `null` or `{properties: 5}`): `fallback: true` and one `json` field at
 *   {@link JSON_FIELD_PATH}, whose `default` is the schema's default as JSON text.
 */
export function schemaToForm(schema: unknown, options: FormOptions = {}): FormDescriptor {
  const root = isObject(schema) ? schema : undefined;
  const head: Pick<FormDescriptor, 'title' | 'description'> = {};
  const title = nonEmptyString(root?.title);
  const description = nonEmptyString(root?.description);
  if (title) head.title = title;
  if (description) head.description = description;
  if (isEmptySchema(schema)) return { schema, ...head, fields: [], acceptsAnything: true, fallback: false };
  const fields = root ? objectFields(root, [], 0) : undefined;
  if (fields) return { schema, ...head, fields, acceptsAnything: false, fallback: false };
  const json: FieldDescriptor = {
    path: JSON_FIELD_PATH,
    key: JSON_FIELD_PATH,
    kind: 'json',
    label: title ?? resolveMessages(options.messages).jsonLabel,
    required: true,
  };
  if (description) json.description = description;
  if (root && root.default !== undefined) json.default = JSON.stringify(root.default, null, 2);
  return { schema, ...head, fields: [json], acceptsAnything: false, fallback: true };
}

/** Every field of a descriptor, groups' fields after their group. */
export function allFields(descriptor: FormDescriptor): FieldDescriptor[] {
  return descriptor.fields.flatMap((f) => [f, ...(f.fields ?? [])]);
}
