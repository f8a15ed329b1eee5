/**
 * A JSON answer → the flat values a form shows it with (see layout.ts): the
 * schema's defaults to prefill, and an answer sent before to fill it in again.
 */
import { child, MAX_REF_DEPTH, NULL, PICK, rootField, rootName, ROW_KEY, ROWS } from './layout.js';
import { escapeSegment, getOwn, isObject, setOwn } from './pointer.js';
import type { FieldDescriptor, FormDescriptor } from './types.js';

type Values = Record<string, unknown>;

/** Whether `value` is the kind of value a field holds (to pick a variant's option for it). */
function fitsKind(field: FieldDescriptor, value: unknown): boolean {
  switch (field.kind) {
    case 'group':
      return isObject(value) && (field.fields ?? []).every((f) => !f.required || Object.hasOwn(value, f.key));
    case 'map':
      return isObject(value);
    case 'list':
    case 'multi-choice':
      return Array.isArray(value);
    case 'boolean':
      return typeof value === 'boolean' && (field.mustEqual === undefined || field.mustEqual === value);
    case 'number':
    case 'integer':
      return typeof value === 'number' && (field.kind === 'number' || Number.isInteger(value));
    case 'choice':
      return (field.choices ?? []).some((c) => c.value === value);
    case 'json':
    case 'ref':
      return true;
    default:
      return typeof value === 'string' && (field.mustEqual === undefined || field.mustEqual === value);
  }
}

/** Which option of a variant `value` is: by its tag, else the first whose kind it has. */
function optionFor(field: FieldDescriptor, value: unknown): number | undefined {
  const options = field.variants ?? [];
  if (field.discriminator !== undefined) {
    const tag = isObject(value) ? getOwn(value, field.discriminator) : undefined;
    const i = options.findIndex((o) => o.tag === tag);
    return i >= 0 ? i : undefined;
  }
  const i = options.findIndex((o) => o.field && fitsKind(o.field, value));
  return i >= 0 ? i : undefined;
}

/**
 * Writes `value` into `out` as the values of `field` at `name`. Whatever does
 * not fit the field is left out (the person fills that part in afresh).
 */
export function writeValues(field: FieldDescriptor, value: unknown, name: string, out: Values, refs: Readonly<Record<string, FieldDescriptor>>, depth = 0): void {
  if (value === undefined) return;
  if (value === null && field.nullable) {
    setOwn(out, child(name, NULL), true);
    return;
  }
  switch (field.kind) {
    case 'ref': {
      const target = field.ref !== undefined ? refs[field.ref] : undefined;
      if (target && depth < MAX_REF_DEPTH) writeValues({ ...target, key: field.key }, value, name, out, refs, depth + 1);
      else setOwn(out, name, JSON.stringify(value, null, 2));
      return;
    }
    case 'group': {
      if (!isObject(value)) return;
      for (const f of field.fields ?? []) writeValues(f, getOwn(value, f.key), child(name, escapeSegment(f.key)), out, refs, depth);
      if (field.extra && field.extraKey) {
        const own = new Set((field.fields ?? []).map((f) => f.key));
        const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !own.has(k)));
        if (Object.keys(rest).length) writeValues(field.extra, rest, child(name, field.extraKey), out, refs, depth);
      }
      return;
    }
    case 'list':
      if (!Array.isArray(value) || !field.item) return;
      setOwn(out, child(name, ROWS), value.length);
      value.forEach((v, i) => writeValues(field.item!, v, child(name, String(i)), out, refs, depth));
      return;
    case 'map': {
      if (!isObject(value) || !field.value) return;
      const entries = Object.entries(value);
      setOwn(out, child(name, ROWS), entries.length);
      entries.forEach(([k, v], i) => {
        setOwn(out, child(child(name, String(i)), ROW_KEY), k);
        writeValues(field.value!, v, child(name, String(i)), out, refs, depth);
      });
      return;
    }
    case 'variant': {
      const i = optionFor(field, value);
      const option = i !== undefined ? field.variants?.[i] : undefined;
      if (i === undefined || !option?.field) return;
      setOwn(out, child(name, PICK), i);
      writeValues(option.field, value, name, out, refs, depth);
      return;
    }
    case 'json':
      setOwn(out, name, JSON.stringify(value, null, 2));
      return;
    default:
      if (field.mustEqual === undefined && fitsKind(field, value)) setOwn(out, name, value);
  }
}

/** Every field's `default` at its place (fields inside a default already written keep it). */
function writeDefaults(field: FieldDescriptor, name: string, out: Values, refs: Readonly<Record<string, FieldDescriptor>>): void {
  if (field.default !== undefined && field.mustEqual === undefined) {
    if (field.kind === 'json') setOwn(out, name, field.default);
    else writeValues(field, field.default, name, out, refs);
    return;
  }
  if (field.kind === 'group') {
    for (const f of field.fields ?? []) writeDefaults(f, child(name, escapeSegment(f.key)), out, refs);
  }
}

/**
 * The values to prefill a form with: each field's `default` (the JSON
 * field's as text), never a `mustEqual` value. Booleans without a default
 * stay unset: a renderer that shows a checkbox sends `false` for an unticked
 * one. Rows inside lists start from the list's default, else its minimum.
 */
export function initialValues(descriptor: FormDescriptor): Values {
  const out: Values = {};
  writeDefaults(rootField(descriptor), rootName(descriptor), out, descriptor.refs ?? {});
  return out;
}

/** The values that show `answer` in the form (an answer sent before, to fill it in again). */
export function valuesFor(descriptor: FormDescriptor, answer: unknown): Values {
  const out: Values = {};
  if (descriptor.fallback) {
    if (answer !== undefined) setOwn(out, rootName(descriptor), JSON.stringify(answer, null, 2));
    return out;
  }
  writeValues(rootField(descriptor), answer, rootName(descriptor), out, descriptor.refs ?? {});
  return out;
}
