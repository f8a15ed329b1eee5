/**
 * A choice of shapes: `oneOf`/`anyOf` (each option merged with the schema
 * around it), or a `type` list. Options that are objects sharing a property
 * with a different `const` in each are tagged: the choice fills that
 * property in. A `null` option makes the field nullable instead.
 */
import { isObject, type JsonObject } from './pointer.js';
import { merge, resolve, without } from './resolve.js';
import { baseField, typesOf, type DrawContext } from './field-base.js';
import type { ChoiceValue, FieldDescriptor, FieldKind, VariantOption } from './types.js';

/** The kind of value each field kind holds, for an option's label. */
const KIND_TYPE: Partial<Record<FieldKind, 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object'>> = {
  group: 'object',
  map: 'object',
  list: 'array',
  'multi-choice': 'array',
  boolean: 'boolean',
  number: 'number',
  integer: 'integer',
  text: 'string',
  textarea: 'string',
  date: 'string',
  'date-time': 'string',
  email: 'string',
  url: 'string',
};

interface Candidate {
  schema: JsonObject;
  /** Its index in `oneOf`/`anyOf`; -1 for a `type` list's option (the validator names no index). */
  index: number;
}

function isNullOnly(s: JsonObject): boolean {
  if (s.const === null) return true;
  if (Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((v) => v === null)) return true;
  const t = typesOf(s);
  return t?.types?.[0] === 'null';
}

/** The options of `oneOf`/`anyOf`, resolved and merged with what the schema says beside them. */
function candidates(s: JsonObject, ctx: DrawContext): { list: Candidate[]; nullable: boolean } | undefined {
  const raw = s.oneOf ?? s.anyOf;
  if ((s.oneOf !== undefined && s.anyOf !== undefined) || !Array.isArray(raw) || raw.length === 0) return undefined;
  const rest = without(s, 'oneOf', 'anyOf', 'title', 'description', 'default', 'examples');
  const restTypes = typesOf(rest);
  let nullable = restTypes?.nullable === true;
  const list: Candidate[] = [];
  for (const [index, option] of raw.entries()) {
    if (option === false) continue;
    if (option !== true && !isObject(option)) return undefined;
    const r = option === true ? { ok: true as const, schema: {}, refs: [] } : resolve(ctx.root, option, ctx.expanding, ctx.legacy);
    if (!r.ok) return undefined;
    if (isNullOnly(r.schema)) {
      nullable = true;
      continue;
    }
    const merged = merge(rest, without(r.schema, '$defs', 'definitions'));
    if (!merged) return undefined;
    list.push({ schema: merged, index });
  }
  return { list, nullable };
}

/** The property whose `const` tells object options apart, and each option's value of it. */
function tagOf(fields: FieldDescriptor[]): { key: string; tags: ChoiceValue[] } | undefined {
  if (fields.length < 2 || !fields.every((f) => f.kind === 'group')) return undefined;
  const tagValue = (f: FieldDescriptor | undefined): ChoiceValue | undefined => {
    if (!f) return undefined;
    const v = f.mustEqual !== undefined ? f.mustEqual : f.kind === 'choice' && f.choices?.length === 1 ? f.choices[0]?.value : undefined;
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
  };
  for (const candidate of fields[0]?.fields ?? []) {
    const tags = fields.map((f) => tagValue(f.fields?.find((x) => x.key === candidate.key)));
    if (tags.some((t) => t === undefined)) continue;
    if (new Set(tags.map((t) => JSON.stringify(t))).size !== tags.length) continue;
    return { key: candidate.key, tags: tags as ChoiceValue[] };
  }
  return undefined;
}

/** Labels that tell the options apart: a title, the tag, the type in words, or the option's number. */
function labelOptions(options: VariantOption[], fields: FieldDescriptor[], titles: (string | undefined)[], ctx: DrawContext): void {
  options.forEach((o, i) => {
    const type = KIND_TYPE[fields[i]!.kind];
    o.label = titles[i] ?? (o.tag !== undefined ? String(o.tag) : type ? ctx.m.typeLabel[type] : ctx.m.option(i + 1));
  });
  const seen = new Map<string, number>();
  for (const o of options) seen.set(o.label, (seen.get(o.label) ?? 0) + 1);
  options.forEach((o, i) => {
    if ((seen.get(o.label) ?? 0) > 1) o.label = `${o.label} ${i + 1}`;
  });
}

/**
 * A `variant` field for a schema with `oneOf`/`anyOf` or several types; a
 * plain field when one option is left (a nullable one, say); undefined when
 * an option cannot be drawn or merged.
 */
export function variantField(s: JsonObject, keys: readonly string[], required: boolean, ctx: DrawContext): FieldDescriptor | undefined {
  const base = baseField(s, keys, required);
  let found: { list: Candidate[]; nullable: boolean } | undefined;
  if (s.oneOf !== undefined || s.anyOf !== undefined) found = candidates(s, ctx);
  else {
    const t = typesOf(s);
    const rest = without(s, 'type', 'title', 'description', 'default', 'examples', 'nullable');
    found = t?.types ? { list: t.types.map((type) => ({ schema: { ...rest, type }, index: -1 })), nullable: t.nullable } : undefined;
  }
  if (!found || found.list.length === 0) return undefined;
  if (found.list.length === 1) {
    const only = found.list[0]!;
    const titled = { ...only.schema, ...(s.title !== undefined ? { title: s.title } : {}), ...(s.description !== undefined ? { description: s.description } : {}) };
    const field = ctx.draw(titled, keys, required, ctx);
    if (!field) return undefined;
    if (found.nullable) field.nullable = true;
    if (only.index >= 0) field.alternatives = [only.index, ...(field.alternatives ?? [])];
    return field;
  }
  const fields: FieldDescriptor[] = [];
  for (const c of found.list) {
    const t = typesOf(c.schema);
    const f = c.index < 0 ? ctx.typedField(c.schema, keys, true, t?.types?.[0], ctx) : ctx.draw(c.schema, keys, true, ctx);
    if (!f) return undefined;
    fields.push(f);
  }
  const tag = tagOf(fields);
  const options: VariantOption[] = fields.map((f, i) => {
    const option: VariantOption = { label: '', index: found.list[i]!.index, field: f };
    if (f.description) option.description = f.description;
    if (tag) {
      option.tag = tag.tags[i]!;
      option.field = { ...f, fields: (f.fields ?? []).filter((x) => x.key !== tag.key) };
    }
    return option;
  });
  const titles = found.list.map((c) => (typeof c.schema.title === 'string' && c.schema.title.trim() ? c.schema.title : undefined));
  labelOptions(options, fields, titles, ctx);
  const field: FieldDescriptor = { ...base, kind: 'variant', variants: options };
  if (tag) field.discriminator = tag.key;
  if (found.nullable) field.nullable = true;
  if (s.default !== undefined) field.default = s.default;
  return field;
}
