/**
 * Form values (mostly strings, as inputs give them) → the payload the schema
 * asks for: numbers, booleans, arrays, ISO dates; empty fields left out.
 */
import { resolveMessages, type FormMessages } from './messages.js';
import { isObject } from './pointer.js';
import type { AnswerError, Choice, FieldDescriptor, FormDescriptor, FormOptions } from './types.js';

/** What coercion made of the values, and the fields it could not read. */
export interface Coerced {
  payload: unknown;
  /** One error per field whose value could not be read (not a number, not JSON). */
  problems: AnswerError[];
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

function coerceField(field: FieldDescriptor, raw: unknown, m: FormMessages): FieldResult {
  if (field.kind === 'group') return {}; // groups are read by coerceFields
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
      } catch {
        return { problem: m.invalidJson };
      }
    default:
      return { value: typeof raw === 'string' ? raw : String(raw) };
  }
}

/** A field's raw value: by its `path`, else by its key (nested under its group's key). */
function read(values: Record<string, unknown>, field: FieldDescriptor, group?: FieldDescriptor): unknown {
  if (Object.hasOwn(values, field.path)) return values[field.path];
  const scope = group ? values[group.key] : values;
  return isObject(scope) && Object.hasOwn(scope, field.key) ? scope[field.key] : undefined;
}

function coerceFields(
  fields: readonly FieldDescriptor[],
  values: Record<string, unknown>,
  m: FormMessages,
  problems: AnswerError[],
  group?: FieldDescriptor,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'group') {
      const inner = coerceFields(field.fields ?? [], values, m, problems, field);
      if (field.required || Object.keys(inner).length > 0) out[field.key] = inner;
      continue;
    }
    const { value, problem } = coerceField(field, read(values, field, group), m);
    if (problem) problems.push({ path: `/${field.path}`, field: field.path, message: problem });
    if (value !== undefined) out[field.key] = value;
  }
  return out;
}

/** Coerces values and notes what could not be read; used by {@link valuesToPayload} and `validateForm`. */
export function coerceValues(descriptor: FormDescriptor, values: Record<string, unknown>, options: FormOptions = {}): Coerced {
  const m = resolveMessages(options.messages);
  const problems: AnswerError[] = [];
  if (descriptor.fallback) {
    const field = descriptor.fields[0];
    if (!field) return { payload: undefined, problems };
    const { value, problem } = coerceField(field, read(values, field), m);
    if (problem) problems.push({ path: '', field: field.path, message: problem });
    return { payload: value, problems };
  }
  return { payload: coerceFields(descriptor.fields, values, m, problems), problems };
}

/**
 * Coerces form values to the schema's types. `values` is keyed by each field's
 * `path` (`address/street`), or nested by key (`{address: {street}}`).
 *
 * Numbers and integers are parsed (text that is no number is kept as typed, for
 * the validator to refuse); booleans accept `true/false/on/off/yes/no`; choices
 * map back to their enum values; dates stay `YYYY-MM-DD`; a `datetime-local`
 * value becomes an ISO instant; the JSON field is parsed (undefined when it is
 * not JSON). An empty field (`''`, `[]`, undefined) is left out, so a required
 * one reads as missing; an optional group with nothing in it is left out.
 */
export function valuesToPayload(descriptor: FormDescriptor, values: Record<string, unknown>): unknown {
  return coerceValues(descriptor, values).payload;
}

/**
 * The values to prefill a form with: each field's `default` (the JSON field's
 * as text), never a `mustEqual` value. Booleans without a default stay unset:
 * a renderer that shows a checkbox sends `false` for an unticked one.
 */
export function initialValues(descriptor: FormDescriptor): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of descriptor.fields.flatMap((f) => [f, ...(f.fields ?? [])])) {
    if (field.default !== undefined && field.mustEqual === undefined) out[field.path] = field.default;
  }
  return out;
}
