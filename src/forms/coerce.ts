/**
 * Form values (mostly strings, as inputs give them) → the payload the schema
 * asks for: numbers, booleans, arrays, ISO dates; empty fields left out.
 */
import { layoutForm } from './layout.js';
import { resolveMessages, type FormMessages } from './messages.js';
import { escapeSegment, isObject, setOwn } from './pointer.js';
import type { AnswerError, Choice, FieldDescriptor, FormDescriptor, FormNode, FormOptions } from './types.js';

/** What coercion made of the values, and the fields it could not read. */
export interface Coerced {
  payload: unknown;
  /** One error per field whose value could not be read (not a number, not JSON, an empty row, a name used twice). */
  problems: AnswerError[];
  /** Each place in the payload (a JSON pointer) → the name of the field drawn there. */
  places: Map<string, string>;
  /** Each place → the `oneOf`/`anyOf` options chosen on the way to it, outermost first. */
  trails: Map<string, number[]>;
  /** The form as drawn for these values. */
  tree: FormNode;
}

type FieldResult = { value?: unknown; problem?: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const LOCAL_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/;

function isEmpty(raw: unknown): boolean {
  return raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0);
}

function pick(choices: readonly Choice[] | undefined, raw: unknown): unknown {
  const hit = choices?.find((c) => c.value === raw) ?? choices?.find((c) => String(c.value) === String(raw));
  return hit ? hit.value : raw;
}

function toBoolean(raw: unknown): unknown {
  if (typeof raw === 'boolean') return raw;
  const s = String(raw).trim().toLowerCase();
  if (['true', 'on', 'yes', '1'].includes(s)) return true;
  if (['false', 'off', 'no', '0'].includes(s)) return false;
  return raw;
}

function toNumber(raw: unknown, m: FormMessages): FieldResult {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { value: raw } : { problem: m.notANumber };
  const s = String(raw).trim();
  if (s === '') return {};
  return NUMBER.test(s) ? { value: Number(s) } : { value: raw, problem: m.notANumber };
}

/**
 * A `datetime-local` value (local time, no zone, maybe no seconds) becomes an
 * ISO instant in UTC, read in the runtime's time zone: the person's, in a browser.
 */
function toDateTime(raw: unknown): unknown {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? raw : raw.toISOString();
  if (typeof raw !== 'string' || !LOCAL_DATE_TIME.test(raw)) return raw;
  const t = new Date(raw);
  return Number.isNaN(t.getTime()) ? raw : t.toISOString();
}

function toDate(raw: unknown): unknown {
  if (raw instanceof Date && !Number.isNaN(raw.getTime())) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${raw.getFullYear()}-${pad(raw.getMonth() + 1)}-${pad(raw.getDate())}`;
  }
  return raw;
}

/** Where JSON.parse stopped, as line and column, from its message. */
function jsonProblem(raw: string, error: unknown, m: FormMessages): string {
  const text = error instanceof Error ? error.message : '';
  const at = /position (\d+)/.exec(text)?.[1] ?? (/end of JSON/i.test(text) ? String(raw.length) : undefined);
  if (at === undefined) return m.invalidJson;
  const before = raw.slice(0, Number(at));
  const lines = before.split('\n');
  return m.invalidJsonAt(lines.length, (lines[lines.length - 1]?.length ?? 0) + 1);
}

function coerceField(field: FieldDescriptor, raw: unknown, m: FormMessages): FieldResult {
  // A required set of boxes that may be left all unticked is answered by that: none.
  if (field.kind === 'multi-choice' && field.required && !field.minItems && isEmpty(raw)) return { value: [] };
  if (isEmpty(raw)) return {};
  switch (field.kind) {
    case 'boolean':
      return { value: toBoolean(raw) };
    case 'number':
    case 'integer':
      return toNumber(raw, m);
    case 'choice':
      return { value: pick(field.choices, raw) };
    case 'multi-choice':
      return { value: (Array.isArray(raw) ? raw : [raw]).map((r) => pick(field.choices, r)) };
    case 'date':
      return { value: toDate(raw) };
    case 'date-time':
      return { value: toDateTime(raw) };
    case 'json':
      if (typeof raw !== 'string') return { value: raw };
      if (raw.trim() === '') return {};
      try {
        return { value: JSON.parse(raw) as unknown };
      } catch (error) {
        return field.anyValue ? { value: raw } : { problem: jsonProblem(raw, error, m) };
      }
    default:
      return { value: typeof raw === 'string' ? raw : String(raw) };
  }
}

interface CoerceContext {
  values: Readonly<Record<string, unknown>>;
  m: FormMessages;
  problems: AnswerError[];
  places: Map<string, string>;
  trails: Map<string, number[]>;
}

function problem(ctx: CoerceContext, pointer: string, name: string, message: string): void {
  ctx.problems.push({ path: pointer, field: name, message });
}

function coerceGroup(node: FormNode, pointer: string, trail: number[], ctx: CoerceContext): unknown {
  const out: Record<string, unknown> = {};
  const own = new Set((node.field.fields ?? []).map((f) => f.key));
  for (const c of node.children ?? []) {
    if (c.field === node.field.extra) {
      const extra = coerceNode(c, pointer, trail, ctx);
      for (const [k, v] of Object.entries(isObject(extra) ? extra : {})) {
        if (own.has(k)) problem(ctx, pointer, c.name, ctx.m.keyTaken);
        else setOwn(out, k, v);
      }
      continue;
    }
    const v = coerceNode(c, `${pointer}/${escapeSegment(c.field.key)}`, trail, ctx);
    if (v !== undefined) setOwn(out, c.field.key, v);
  }
  return node.field.required || Object.keys(out).length > 0 ? out : undefined;
}

function coerceRows(node: FormNode, pointer: string, trail: number[], ctx: CoerceContext): unknown {
  const rows = node.rows ?? [];
  if (node.field.kind === 'list') {
    const out: unknown[] = [];
    for (const r of rows) {
      const v = coerceNode(r.node, `${pointer}/${out.length}`, trail, ctx);
      if (v === undefined) problem(ctx, `${pointer}/${out.length}`, r.node.name, ctx.m.emptyItem);
      else out.push(v);
    }
    return out.length || node.field.required || rows.length ? out : undefined;
  }
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    const key = typeof r.key?.value === 'string' ? r.key.value : '';
    const at = `${pointer}/${escapeSegment(key)}`;
    const v = coerceNode(r.node, at, trail, ctx);
    if (key === '') {
      if (v !== undefined) problem(ctx, at, r.key?.name ?? r.node.name, ctx.m.emptyKey);
      continue;
    }
    if (Object.hasOwn(out, key)) problem(ctx, at, r.key?.name ?? r.node.name, ctx.m.duplicateKey);
    if (v === undefined) problem(ctx, at, r.node.name, ctx.m.emptyItem);
    else setOwn(out, key, v);
  }
  return Object.keys(out).length || node.field.required || rows.length ? out : undefined;
}

/** One node's part of the payload; undefined when it is left empty. */
function coerceNode(node: FormNode, pointer: string, outer: number[], ctx: CoerceContext): unknown {
  const field = node.field;
  const trail = field.alternatives ? [...outer, ...field.alternatives] : outer;
  ctx.places.set(pointer, node.name);
  ctx.trails.set(pointer, trail);
  if (node.isNull) return null;
  switch (field.kind) {
    case 'group':
      return coerceGroup(node, pointer, trail, ctx);
    case 'list':
    case 'map':
      return coerceRows(node, pointer, trail, ctx);
    case 'variant': {
      const option = node.picked !== undefined ? field.variants?.[node.picked] : undefined;
      if (!option || !node.option) return undefined;
      const inner = option.index >= 0 ? [...trail, option.index] : trail;
      const v = coerceNode(node.option, pointer, inner, ctx);
      return field.discriminator !== undefined && isObject(v) ? { [field.discriminator]: option.tag, ...v } : v;
    }
    default: {
      const { value, problem: p } = coerceField(field, node.value, ctx.m);
      if (p) problem(ctx, pointer, node.name, p);
      return value;
    }
  }
}

/** Coerces values and notes what could not be read; used by {@link valuesToPayload} and `validateForm`. */
export function coerceValues(descriptor: FormDescriptor, values: Record<string, unknown>, options: FormOptions = {}): Coerced {
  const m = resolveMessages(options.messages);
  const tree = layoutForm(descriptor, values, options);
  const ctx: CoerceContext = { values, m, problems: [], places: new Map(), trails: new Map() };
  const payload = coerceNode(tree, '', [], ctx);
  for (const p of ctx.problems) if (descriptor.fallback) p.path = '';
  return { payload, problems: ctx.problems, places: ctx.places, trails: ctx.trails, tree };
}

/**
 * Coerces form values to the schema's types. `values` is keyed by each
 * control's name (`address/street`, `items/0/name`; see layout.ts).
 *
 * Numbers and integers are parsed (text that is no number is kept as typed, for
 * the validator to refuse); booleans accept `true/false/on/off/yes/no`; choices
 * map back to their enum values; dates stay `YYYY-MM-DD`; a `datetime-local`
 * value becomes an ISO instant; a JSON field is parsed (undefined when it is
 * not JSON). An empty field (`''`, `[]`, undefined) is left out, so a required
 * one reads as missing; an optional group with nothing in it is left out; a
 * variant adds its tag; "no value" is `null`.
 */
export function valuesToPayload(descriptor: FormDescriptor, values: Record<string, unknown>): unknown {
  return coerceValues(descriptor, values).payload;
}
