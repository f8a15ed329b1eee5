/**
 * The fields of single values: text, numbers, dates, yes/no, choices, and a
 * value the person must type exactly (`const`).
 */
import { isObject, type JsonObject } from './pointer.js';
import type { Choice, ChoiceValue, FieldDescriptor } from './types.js';

/** Free-text keys that read better in a text area when no maxLength says otherwise. */
const LONG_TEXT = /comment|answer|reason|note|message|description|details|body|explanation|feedback/i;

/** A long string (maxLength above this) is a text area. */
const TEXTAREA_ABOVE = 200;

export function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

export function finite(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function count(v: unknown): number | undefined {
  return Number.isInteger(v) && (v as number) >= 0 ? (v as number) : undefined;
}

/** An enum's options (null left out: a nullable field offers "No value"); undefined when one is no primitive. */
export function choicesOf(values: unknown): Choice[] | undefined {
  if (!Array.isArray(values) || values.length === 0) return undefined;
  const out: Choice[] = [];
  for (const v of values) {
    if (v === null) continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return undefined;
    if (out.some((c) => c.value === v)) continue;
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

export function stringField(base: FieldDescriptor, s: JsonObject): FieldDescriptor {
  const minLength = count(s.minLength);
  const maxLength = count(s.maxLength);
  const pattern = typeof s.pattern === 'string' && compiles(s.pattern) ? s.pattern : undefined;
  const formats: Record<string, FieldDescriptor['kind']> = {
    date: 'date',
    'date-time': 'date-time',
    email: 'email',
    uri: 'url',
    url: 'url',
    iri: 'url',
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

export function numberField(base: FieldDescriptor, s: JsonObject, integer: boolean): FieldDescriptor {
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

/** An array of enum values: checkboxes. Undefined when its items are no enum. */
export function multiChoiceField(base: FieldDescriptor, s: JsonObject, plain: (items: JsonObject) => boolean): FieldDescriptor | undefined {
  const items = s.items;
  if (!isObject(items) || !plain(items)) return undefined;
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

/** A `const`: a value to type (or tick) exactly. Undefined for a const no control can type (an object, a type that contradicts it). */
export function constField(base: FieldDescriptor, s: JsonObject, type: string | undefined): FieldDescriptor | undefined {
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

/** An enum: one choice. Undefined when an option is no primitive. */
export function choiceField(base: FieldDescriptor, s: JsonObject, type: string | undefined): FieldDescriptor | undefined {
  const choices = type === 'array' || type === 'object' ? undefined : choicesOf(s.enum);
  if (!choices) return undefined;
  const field: FieldDescriptor = { ...base, kind: 'choice', choices };
  if (choices.some((c) => c.value === s.default)) field.default = s.default;
  if (Array.isArray(s.enum) && s.enum.includes(null)) field.nullable = true;
  return field;
}
