/**
 * For a part of a schema no form can draw: what it asks, in words (titles,
 * descriptions, kinds of value), and an example answer that fits (made from
 * the schema, and shown only when the validator accepts it).
 */
import { Validator, type Schema } from '@cfworker/json-schema';
import type { FormMessages } from './messages.js';
import { isObject, type JsonObject } from './pointer.js';
import { resolve } from './resolve.js';
import type { OutlineEntry } from './types.js';

const MAX_OUTLINE_DEPTH = 4;
const MAX_EXAMPLE_DEPTH = 8;
const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  date: '2026-01-31',
  'date-time': '2026-01-31T09:00:00Z',
  time: '09:00:00',
  email: 'name@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  iri: 'https://example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function folded(s: unknown, root: unknown): JsonObject | undefined {
  if (!isObject(s)) return undefined;
  const r = resolve(root, s, []);
  return r.ok ? r.schema : undefined;
}

function words(key: string): string {
  const w = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return w ? w.charAt(0).toUpperCase() + w.slice(1) : key;
}

function typeWords(s: JsonObject, m: FormMessages): string {
  if ('const' in s) return m.mustEqual(JSON.stringify(s.const));
  if (Array.isArray(s.enum)) return m.oneOf(s.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))));
  if (s.oneOf || s.anyOf) return m.severalShapes;
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  const label = typeof t === 'string' ? m.typeLabel[t as keyof FormMessages['typeLabel']] : undefined;
  if (!label) return m.anyValue;
  const details: string[] = [];
  if (typeof s.format === 'string') details.push(s.format);
  for (const k of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems']) {
    if (typeof s[k] === 'number') details.push(`${words(k).toLowerCase()} ${s[k] as number}`);
  }
  if (s.type !== t || s.nullable === true) details.push(m.noValue.toLowerCase());
  return m.outlineType(label, details.length ? details.join(', ') : undefined);
}

function entry(schema: unknown, label: string, required: boolean, root: unknown, m: FormMessages, depth: number): OutlineEntry {
  const s = folded(schema, root) ?? (isObject(schema) ? schema : {});
  const out: OutlineEntry = { label: typeof s.title === 'string' && s.title.trim() ? s.title : label, type: typeWords(s, m), required };
  if (typeof s.description === 'string' && s.description.trim()) out.description = s.description;
  if (depth >= MAX_OUTLINE_DEPTH) return out;
  const parts = partsOf(s, root, m, depth + 1);
  if (parts.length) out.parts = parts;
  return out;
}

function partsOf(s: JsonObject, root: unknown, m: FormMessages, depth: number): OutlineEntry[] {
  if (isObject(s.properties)) {
    const required = Array.isArray(s.required) ? s.required : [];
    return Object.entries(s.properties).map(([k, v]) => entry(v, words(k), required.includes(k), root, m, depth));
  }
  if (isObject(s.items)) return [entry(s.items, m.item(m.typeLabel.array, 1).replace(/ 1$/, ''), true, root, m, depth)];
  const options = s.oneOf ?? s.anyOf;
  if (Array.isArray(options)) return options.map((o, i) => entry(o, m.option(i + 1), false, root, m, depth));
  return [];
}

/** What a schema asks, in words: an object's properties, or one line for anything else. */
export function outlineFor(schema: unknown, root: unknown, m: FormMessages): OutlineEntry[] {
  const s = folded(schema, root);
  if (!s) return [];
  if (isObject(s.properties)) return partsOf(s, root, m, 1);
  return [entry(s, typeof s.title === 'string' ? s.title : m.valueLabel, true, root, m, 1)];
}

function numberExample(s: JsonObject): number {
  const integer = s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer'));
  let n = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
  if (typeof s.maximum === 'number' && n > s.maximum) n = s.maximum;
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0) n = Math.ceil(n / s.multipleOf) * s.multipleOf;
  return integer ? Math.ceil(n) : n;
}

function objectExample(s: JsonObject, root: unknown, depth: number, all: boolean): unknown {
  const out: JsonObject = {};
  const required = Array.isArray(s.required) ? s.required : [];
  const props = isObject(s.properties) ? s.properties : {};
  for (const [k, v] of Object.entries(props)) {
    if (!all && !required.includes(k)) continue;
    const value = example(v, root, depth + 1, all);
    if (value === undefined) {
      if (required.includes(k)) return undefined;
      continue;
    }
    out[k] = value;
  }
  return out;
}

/** A value for `schema`, made from its keywords; undefined when none comes to mind. */
function example(schema: unknown, root: unknown, depth: number, all: boolean): unknown {
  if (depth > MAX_EXAMPLE_DEPTH) return undefined;
  const s = folded(schema, root);
  if (!s) return schema === true ? 'text' : undefined;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const options = s.oneOf ?? s.anyOf;
  if (Array.isArray(options) && options.length) return example(options[0], root, depth + 1, all);
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (t ?? (isObject(s.properties) ? 'object' : s.items ? 'array' : undefined)) {
    case 'object':
      return objectExample(s, root, depth, all);
    case 'array': {
      const n = Math.max(typeof s.minItems === 'number' ? s.minItems : 1, 0);
      const max = typeof s.maxItems === 'number' ? s.maxItems : n;
      const item = Math.min(n, max) > 0 ? example(s.items ?? {}, root, depth + 1, all) : undefined;
      if (Math.min(n, max) > 0 && item === undefined) return undefined;
      return Array.from({ length: Math.min(n, max, 3) }, () => item);
    }
    case 'string': {
      const text = typeof s.format === 'string' ? (FORMAT_EXAMPLES[s.format] ?? 'text') : 'text';
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      return text.length >= min ? text : text.padEnd(min, 'x');
    }
    case 'number':
    case 'integer':
      return numberExample(s);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

function fits(value: unknown, schema: unknown, root: unknown): boolean {
  try {
    const defs: JsonObject = {};
    if (isObject(root) && schema !== root) for (const k of ['$defs', 'definitions']) if (root[k] !== undefined) defs[k] = root[k];
    const s = isObject(schema) ? { ...defs, ...schema } : schema;
    return new Validator(s as Schema, '2020-12', false).validate(value).valid;
  } catch {
    return false;
  }
}

/** An answer that fits `schema` (tried with every property, then with the required ones), as JSON text. */
export function exampleFor(schema: unknown, root: unknown): string | undefined {
  for (const all of [true, false]) {
    try {
      const value = example(schema, root, 0, all);
      if (value !== undefined && fits(value, schema, root)) return JSON.stringify(value, null, 2);
    } catch {
      // a schema too strange to make an example of: none shown
    }
  }
  return undefined;
}
