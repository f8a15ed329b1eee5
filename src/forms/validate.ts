/**
 * Checks an answer against its schema with @cfworker/json-schema (no eval, so
 * a strict CSP holds) and words each failure plainly, tied to its field.
 */
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { coerceValues } from './coerce.js';
import { resolveMessages, type FormMessages } from './messages.js';
import { isObject, joinPath, pointerKeys, toPointer, walk, type JsonObject } from './pointer.js';
import { allFields, schemaToForm } from './schema-to-form.js';
import type { AnswerError, AnswerValidation, FieldDescriptor, FormDescriptor, FormOptions, FormValidation } from './types.js';

/** Keywords whose error only sums up the errors listed after it. */
const SUMMARIES = new Set([
  'properties', 'items', 'prefixItems', 'additionalItems', 'additionalProperties', 'patternProperties',
  'unevaluatedProperties', 'unevaluatedItems', '$ref', '$recursiveRef', '$dynamicRef', 'allOf', 'dependentSchemas', 'if',
]);

/** Keywords whose subschemas are alternatives: their inner errors are no advice. */
const ALTERNATIVES = new Set(['anyOf', 'oneOf', 'not', 'contains']);
/** Keywords followed in a location by a name or an index rather than a keyword. */
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies', 'allOf', 'prefixItems']);

/** Whether an error comes from inside an alternative (a failed branch of oneOf, say). */
function insideAlternative(schemaKeys: readonly string[]): boolean {
  for (let i = 0; i < schemaKeys.length - 1; i++) {
    const key = schemaKeys[i] ?? '';
    if (ALTERNATIVES.has(key)) return true;
    if (NAMED.has(key) || (key === 'items' && /^\d+$/.test(schemaKeys[i + 1] ?? ''))) i++;
  }
  return false;
}

/** Follows a keyword location down a schema, through local `$ref`s. */
function schemaAt(root: unknown, keys: readonly string[]): JsonObject | undefined {
  let at: unknown = root;
  for (const key of keys) {
    const ref = isObject(at) ? at.$ref : undefined;
    at = key === '$ref' && typeof ref === 'string' && ref.startsWith('#') ? walk(root, pointerKeys(ref)) : walk(at, [key]);
  }
  return isObject(at) ? at : undefined;
}

/** The draft a schema names in `$schema`; 2020-12 when it names none. */
export function schemaDraft(schema: unknown): SchemaDraft {
  const id = isObject(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (id.includes('draft-04')) return '4';
  if (id.includes('draft-06') || id.includes('draft-07')) return '7';
  if (id.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** The validator's errors, or 'unchecked' when the schema cannot check anything (malformed). */
function run(schema: unknown, payload: unknown): OutputUnit[] | 'unchecked' {
  if (typeof schema !== 'boolean' && !isObject(schema)) return 'unchecked';
  try {
    // What goes over the wire: undefined members dropped, dates as strings.
    const instance = JSON.parse(JSON.stringify(payload)) as unknown;
    return new Validator(schema as Schema | boolean, schemaDraft(schema), false).validate(instance).errors;
  } catch {
    return 'unchecked'; // an unresolvable $ref or a pattern that does not compile: the server judges
  }
}

function num(node: JsonObject | undefined, key: string): number | undefined {
  const v = node?.[key];
  return typeof v === 'number' ? v : undefined;
}

function show(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function typeMessage(expected: unknown, m: FormMessages): string {
  const t = Array.isArray(expected) ? expected.find((x) => x !== 'null') : expected;
  const byType: Record<string, string> = {
    integer: m.notAnInteger, number: m.notANumber, boolean: m.notABoolean,
    string: m.notText, array: m.notAList, object: m.notAGroup,
  };
  return (typeof t === 'string' ? byType[t] : undefined) ?? m.doesNotFit;
}

function bound(n: number | undefined, say: (n: number) => string, m: FormMessages): string {
  return n === undefined ? m.doesNotFit : say(n);
}

/** Plain words for one validator error; `node` is the schema object holding the keyword. */
function wordsFor(unit: OutputUnit, node: JsonObject | undefined, field: FieldDescriptor | undefined, m: FormMessages): string {
  switch (unit.keyword) {
    case 'required': return m.required;
    case 'type': return typeMessage(node?.type, m);
    case 'const': return node?.const === true ? m.mustBeChecked : node && 'const' in node ? m.mustEqual(show(node.const)) : m.doesNotFit;
    case 'enum': {
      const labels = field?.choices?.map((c) => c.label) ?? (Array.isArray(node?.enum) ? node.enum.map(show) : undefined);
      return labels ? m.oneOf(labels) : m.doesNotFit;
    }
    case 'minimum': return bound(num(node, 'minimum'), node?.exclusiveMinimum === true ? m.exclusiveMinimum : m.minimum, m);
    case 'maximum': return bound(num(node, 'maximum'), node?.exclusiveMaximum === true ? m.exclusiveMaximum : m.maximum, m);
    case 'exclusiveMinimum': return bound(num(node, 'exclusiveMinimum'), m.exclusiveMinimum, m);
    case 'exclusiveMaximum': return bound(num(node, 'exclusiveMaximum'), m.exclusiveMaximum, m);
    case 'multipleOf': return bound(num(node, 'multipleOf'), m.multipleOf, m);
    case 'minLength': return bound(num(node, 'minLength'), m.minLength, m);
    case 'maxLength': return bound(num(node, 'maxLength'), m.maxLength, m);
    case 'minItems': return bound(num(node, 'minItems'), m.minItems, m);
    case 'maxItems': return bound(num(node, 'maxItems'), m.maxItems, m);
    case 'uniqueItems': return m.uniqueItems;
    case 'pattern': return m.pattern;
    case 'format': return typeof node?.format === 'string' ? m.format(node.format) : m.doesNotFit;
    case 'false': return m.notExpected;
    default: return m.doesNotFit;
  }
}

/** The field an instance location belongs to: the deepest field whose path starts it. */
function fieldAt(fields: readonly FieldDescriptor[], keys: readonly string[]): FieldDescriptor | undefined {
  let best: FieldDescriptor | undefined;
  for (let n = 1; n <= keys.length; n++) {
    const path = joinPath(keys.slice(0, n));
    best = fields.find((f) => f.path === path) ?? best;
  }
  return best;
}

/** The validator's errors as plain messages tied to the descriptor's fields. */
function explain(units: readonly OutputUnit[], descriptor: FormDescriptor, m: FormMessages): AnswerError[] {
  const fields = allFields(descriptor);
  const out: AnswerError[] = [];
  const seen = new Set<string>();
  for (const unit of units) {
    const schemaKeys = pointerKeys(unit.keywordLocation);
    if (SUMMARIES.has(unit.keyword) || insideAlternative(schemaKeys)) continue;
    const keys = pointerKeys(unit.instanceLocation);
    const missing = unit.keyword === 'required' ? /"(.*)"\.?$/.exec(unit.error)?.[1] : undefined;
    if (missing !== undefined) keys.push(missing);
    const node = schemaAt(descriptor.schema, schemaKeys.slice(0, -1));
    const field = descriptor.fallback ? fields[0] : fieldAt(fields, keys);
    const path = toPointer(keys);
    let message = wordsFor(unit, node, field, m);
    if (descriptor.fallback && path !== '') message = m.at(path, message);
    const error: AnswerError = { path, message };
    if (field) error.field = field.path;
    const id = `${error.field ?? ''}\u0000${path}\u0000${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(error);
  }
  return out;
}

function check(descriptor: FormDescriptor, payload: unknown, m: FormMessages): { errors: AnswerError[]; unchecked: boolean } {
  if (descriptor.acceptsAnything) return { errors: [], unchecked: false };
  if (payload === undefined) {
    const only = descriptor.fallback ? descriptor.fields[0] : undefined;
    const error: AnswerError = only ? { path: '', field: only.path, message: m.required } : { path: '', message: m.required };
    return { errors: [error], unchecked: false };
  }
  const units = run(descriptor.schema, payload);
  return units === 'unchecked' ? { errors: [], unchecked: true } : { errors: explain(units, descriptor, m), unchecked: false };
}

/**
 * Checks an answer (a resume entry's payload) against its schema, with
 * human messages per field ("Enter a number no larger than 10", "Required").
 * A schema that cannot be used to check (malformed, an unresolvable `$ref`)
 * gives `{valid: true, unchecked: true}`: the server is the judge then.
 */
export function validateAnswer(schema: unknown, payload: unknown, options: FormOptions = {}): AnswerValidation {
  const m = resolveMessages(options.messages);
  const descriptor = schemaToForm(schema, options);
  const { errors, unchecked } = check(descriptor, payload, m);
  if (errors.length) return { valid: false, errors };
  return unchecked ? { valid: true, unchecked: true } : { valid: true };
}

/**
 * Coerces a form's values and checks them: messages by field `path` for
 * `aria-describedby`, the rest as form messages, and `complete` when the
 * answer may be sent. A field whose text could not be read (not a number, not
 * JSON) shows that, not the validator's consequent complaints.
 */
export function validateForm(
  descriptor: FormDescriptor,
  values: Record<string, unknown>,
  options: FormOptions = {},
): FormValidation {
  const m = resolveMessages(options.messages);
  const { payload, problems } = coerceValues(descriptor, values, options);
  const unreadable = new Set(problems.map((p) => p.field));
  const errors = [...problems, ...check(descriptor, payload, m).errors.filter((e) => !e.field || !unreadable.has(e.field))];
  const fieldMessages: Record<string, string[]> = {};
  const formMessages: string[] = [];
  for (const e of errors) {
    if (e.field === undefined) formMessages.push(e.message);
    else (fieldMessages[e.field] ??= []).push(e.message);
  }
  return { complete: errors.length === 0, payload, fieldMessages, formMessages, errors };
}
