/**
 * What drawing a schema into fields shares between schema-to-form.ts and
 * variants.ts: the context drawing carries along and the first steps of every
 * field. The context carries the drawing functions themselves, so variants
 * draw their options without importing schema-to-form.ts back (no circle).
 */
import { nonEmptyString } from './leaf-fields.js';
import type { FormMessages } from './messages.js';
import { isObject, joinPath, type JsonObject } from './pointer.js';
import type { FieldDescriptor } from './types.js';

/** Keywords that say nothing about the answer: a schema of only these accepts anything. */
const ANNOTATIONS = new Set(['$schema', '$id', '$comment', '$defs', 'definitions', 'title', 'description', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'default', '$anchor']);

/** What drawing a schema carries along: its root (for `$ref`), the references being expanded, the budget. */
export interface DrawContext {
  root: unknown;
  legacy: boolean;
  m: FormMessages;
  refs: Record<string, FieldDescriptor>;
  expanding: readonly string[];
  depth: number;
  budget: { fields: number };
  /** schema-to-form.ts's `draw`: one schema's field at `keys`. */
  draw(schema: unknown, keys: readonly string[], required: boolean, ctx: DrawContext): FieldDescriptor | null | undefined;
  /** schema-to-form.ts's `typedField`: a schema with one type, no alternatives, no references. */
  typedField(s: JsonObject, keys: readonly string[], required: boolean, type: string | undefined, ctx: DrawContext): FieldDescriptor | undefined;
}

/** `due_date` → `Due date`, `maxCount` → `Max count`. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** Whether a schema (`true` or an object) asks for nothing at all. */
export function isEmptySchema(schema: unknown): boolean {
  return schema === true || (isObject(schema) && Object.keys(schema).every((k) => ANNOTATIONS.has(k)));
}

/** The types a schema names (null apart); undefined when it names none, null when `type` is malformed. */
export function typesOf(s: JsonObject): { types?: string[]; nullable: boolean } | null {
  const t = s.type;
  if (t === undefined) return { nullable: s.nullable === true };
  const list = typeof t === 'string' ? [t] : Array.isArray(t) ? t : null;
  if (!list || list.length === 0 || !list.every((x) => typeof x === 'string')) return null;
  const types = [...new Set(list.filter((x) => x !== 'null') as string[])];
  const nullable = list.includes('null') || s.nullable === true;
  return types.length ? { types, nullable } : { types: ['null'], nullable: true };
}

/** The base of a field at `keys`: its path, key, label, description, required. */
export function baseField(s: JsonObject | undefined, keys: readonly string[], required: boolean): FieldDescriptor {
  const key = keys[keys.length - 1] ?? '';
  const base: FieldDescriptor = { path: joinPath(keys), key, kind: 'text', label: nonEmptyString(s?.title) ?? humanise(key), required };
  const description = nonEmptyString(s?.description);
  if (description) base.description = description;
  return base;
}
