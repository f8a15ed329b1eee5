/**
 * Checks an answer against its schema with @cfworker/json-schema (no eval, so
 * a strict CSP holds) and words each failure plainly, tied to its field.
 */
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { registerAnswerCheck } from './answer-check.js';
import { coerceValues, type Coerced } from './coerce.js';
import { rootName, walkNodes } from './layout.js';
import { resolveMessages, type FormMessages } from './messages.js';
import { isObject, pointerKeys, toPointer, walk, type JsonObject } from './pointer.js';
import { humanise } from './field-base.js';
import { schemaToForm } from './schema-to-form.js';
import type { AnswerError, AnswerValidation, FieldDescriptor, FormDescriptor, FormNode, FormOptions, FormValidation } from './types.js';
import { valuesFor } from './values.js';

/** Keywords whose error only sums up the errors listed after it. */
const SUMMARIES = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  'additionalProperties',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$ref',
  '$recursiveRef',
  '$dynamicRef',
  'allOf',
  'dependentSchemas',
  'if',
]);

/** Keywords followed in a location by a name or an index rather than a keyword. */
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies', 'allOf', 'prefixItems']);

/**
 * The `oneOf`/`anyOf` options a keyword location goes through, outermost
 * first; undefined when it goes through `not` or `contains` (whose inner
 * errors are no advice).
 */
function alternativesOf(schemaKeys: readonly string[]): number[] | undefined {
  const out: number[] = [];
  for (let i = 0; i < schemaKeys.length - 1; i++) {
    const key = schemaKeys[i] ?? '';
    const next = schemaKeys[i + 1] ?? '';
    if (key === 'not' || key === 'contains') return undefined;
    if (key === 'oneOf' || key === 'anyOf') {
      out.push(Number(next));
      i++;
    } else if (NAMED.has(key) || (key === 'items' && /^\d+$/.test(next))) i++;
  }
  return out;
}

function startsWith(list: readonly number[], prefix: readonly number[]): boolean {
  return prefix.length <= list.length && prefix.every((n, i) => list[i] === n);
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
/**
 * The schema with OpenAPI's `nullable: true` said in JSON Schema (`null`
 * added to its `type`), as the form offers "No value" for it. Kept by
 * identity: the same schema object is rewritten once.
 */
const nullableSaid = new WeakMap<object, unknown>();
function sayNullable(schema: unknown): unknown {
  if (!JSON.stringify(schema).includes('"nullable":true')) return schema;
  const cached = nullableSaid.get(schema as object);
  if (cached !== undefined) return cached;
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (!isObject(v)) return v;
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) out[k] = k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? x : rewrite(x);
    if (v.nullable === true && typeof v.type === 'string' && v.type !== 'null') out.type = [v.type, 'null'];
    else if (v.nullable === true && Array.isArray(v.type) && !v.type.includes('null')) out.type = [...v.type, 'null'];
    return out;
  };
  const out = rewrite(schema);
  nullableSaid.set(schema as object, out);
  return out;
}

function run(schema: unknown, payload: unknown): OutputUnit[] | 'unchecked' {
  if (typeof schema !== 'boolean' && !isObject(schema)) return 'unchecked';
  try {
    // What goes over the wire: undefined members dropped, dates as strings.
    const instance = JSON.parse(JSON.stringify(payload)) as unknown;
    const checked = typeof schema === 'boolean' ? schema : sayNullable(schema);
    return new Validator(checked as Schema | boolean, schemaDraft(schema), false).validate(instance).errors;
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
    integer: m.notAnInteger,
    number: m.notANumber,
    boolean: m.notABoolean,
    string: m.notText,
    array: m.notAList,
    object: m.notAGroup,
  };
  return (typeof t === 'string' ? byType[t] : undefined) ?? m.doesNotFit;
}

function bound(n: number | undefined, say: (n: number) => string, m: FormMessages): string {
  return n === undefined ? m.doesNotFit : say(n);
}

/** Plain words for one validator error; `node` is the schema object holding the keyword. */
function wordsFor(unit: OutputUnit, node: JsonObject | undefined, field: FieldDescriptor | undefined, m: FormMessages): string {
  switch (unit.keyword) {
    case 'required':
      return m.required;
    case 'type':
      return typeMessage(node?.type, m);
    case 'const':
      return node?.const === true ? m.mustBeChecked : node && 'const' in node ? m.mustEqual(show(node.const)) : m.doesNotFit;
    case 'enum': {
      const labels = field?.choices?.map((c) => c.label) ?? (Array.isArray(node?.enum) ? node.enum.map(show) : undefined);
      return labels ? m.oneOf(labels) : m.doesNotFit;
    }
    case 'minimum':
      return bound(num(node, 'minimum'), node?.exclusiveMinimum === true ? m.exclusiveMinimum : m.minimum, m);
    case 'maximum':
      return bound(num(node, 'maximum'), node?.exclusiveMaximum === true ? m.exclusiveMaximum : m.maximum, m);
    case 'exclusiveMinimum':
      return bound(num(node, 'exclusiveMinimum'), m.exclusiveMinimum, m);
    case 'exclusiveMaximum':
      return bound(num(node, 'exclusiveMaximum'), m.exclusiveMaximum, m);
    case 'multipleOf':
      return bound(num(node, 'multipleOf'), m.multipleOf, m);
    case 'minLength':
      return bound(num(node, 'minLength'), m.minLength, m);
    case 'maxLength':
      return bound(num(node, 'maxLength'), m.maxLength, m);
    case 'minItems':
      return bound(num(node, 'minItems'), field?.kind === 'multi-choice' ? m.minItems : m.minRows, m);
    case 'maxItems':
      return bound(num(node, 'maxItems'), field?.kind === 'multi-choice' ? m.maxItems : m.maxRows, m);
    case 'minProperties':
      return bound(num(node, 'minProperties'), m.minEntries, m);
    case 'maxProperties':
      return bound(num(node, 'maxProperties'), m.maxEntries, m);
    case 'uniqueItems':
      return m.uniqueItems;
    case 'pattern':
      return m.pattern;
    case 'format':
      return typeof node?.format === 'string' ? m.format(node.format) : m.doesNotFit;
    case 'false':
      return m.notExpected;
    default:
      return m.doesNotFit;
  }
}

/** Where in a JSON answer, in words: `Items › 2 › Name`. */
function where(keys: readonly string[]): string {
  return keys.map((k) => (/^\d+$/.test(k) ? String(Number(k) + 1) : humanise(k))).join(' › ');
}

/** The deepest place a form drew at or above `keys`: its name, its node, the options chosen to reach it, and how deep it is. */
function placeOf(keys: readonly string[], coerced: Coerced, nodes: Map<string, FormNode>) {
  for (let n = keys.length; n >= 0; n--) {
    const pointer = toPointer(keys.slice(0, n));
    const name = coerced.places.get(pointer);
    if (name !== undefined) return { name, node: nodes.get(name), trail: coerced.trails.get(pointer) ?? [], depth: n };
  }
  return undefined;
}

function summaryWords(unit: OutputUnit, m: FormMessages): string {
  const matches = /\((\d+) matches\)/.exec(unit.error);
  return unit.keyword === 'oneOf' && matches && Number(matches[1]) > 1 ? m.fitsSeveral : m.fitsNoOption;
}

/** The validator's errors as plain messages tied to the fields drawn where they are. */
function explain(units: readonly OutputUnit[], descriptor: FormDescriptor, coerced: Coerced, m: FormMessages): AnswerError[] {
  const nodes = new Map<string, FormNode>();
  walkNodes(coerced.tree, (n) => nodes.set(n.name, n));
  const out: AnswerError[] = [];
  const summaries: AnswerError[] = [];
  const seen = new Set<string>();
  for (const unit of units) {
    if (SUMMARIES.has(unit.keyword)) continue;
    const schemaKeys = pointerKeys(unit.keywordLocation);
    const alternatives = alternativesOf(schemaKeys);
    if (!alternatives) continue;
    const keys = pointerKeys(unit.instanceLocation);
    const missing = unit.keyword === 'required' ? /"(.*)"\.?$/.exec(unit.error)?.[1] : undefined;
    if (missing !== undefined) keys.push(missing);
    const place = placeOf(keys, coerced, nodes);
    if (!startsWith(place?.trail ?? [], alternatives)) continue; // an option the person did not choose
    const summary = unit.keyword === 'oneOf' || unit.keyword === 'anyOf';
    const node = schemaAt(descriptor.schema, schemaKeys.slice(0, -1));
    let message = summary ? summaryWords(unit, m) : wordsFor(unit, node, place?.node?.field, m);
    if (place?.node?.field.kind === 'json' && place.depth < keys.length) message = m.at(where(keys.slice(place.depth)), message);
    const error: AnswerError = { path: toPointer(keys), message };
    if (place && place.name !== '') error.field = place.name;
    const id = `${error.field ?? ''}\u0000${error.path}\u0000${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    (summary ? summaries : out).push(error);
  }
  // "fits none of the options" only where nothing more precise was said.
  for (const s of summaries) if (!out.some((e) => e.path === s.path || e.path.startsWith(`${s.path}/`))) out.push(s);
  return out;
}

function check(descriptor: FormDescriptor, coerced: Coerced, m: FormMessages): { errors: AnswerError[]; unchecked: boolean } {
  if (descriptor.acceptsAnything) return { errors: [], unchecked: false };
  if (coerced.payload === undefined) {
    const name = rootName(descriptor);
    const error: AnswerError = name === '' ? { path: '', message: m.required } : { path: '', field: name, message: m.required };
    return { errors: [error], unchecked: false };
  }
  const units = run(descriptor.schema, coerced.payload);
  return units === 'unchecked' ? { errors: [], unchecked: true } : { errors: explain(units, descriptor, coerced, m), unchecked: false };
}

/** An answer as if the form had made it: drawn with its values, so errors find their fields. */
function coercedFor(descriptor: FormDescriptor, payload: unknown, options: FormOptions): Coerced {
  if (descriptor.fallback || payload === undefined) {
    const name = rootName(descriptor);
    return { ...coerceValues(descriptor, {}, options), payload, places: new Map([['', name]]), trails: new Map() };
  }
  const coerced = coerceValues(descriptor, valuesFor(descriptor, payload), options);
  return { ...coerced, payload };
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
  const { errors, unchecked } = check(descriptor, coercedFor(descriptor, payload, options), m);
  if (errors.length) return { valid: false, errors };
  return unchecked ? { valid: true, unchecked: true } : { valid: true };
}

/**
 * Coerces a form's values and checks them: messages by field name (`FormNode.name`) for
 * `aria-describedby`, the rest as form messages, and `complete` when the
 * answer may be sent. A field whose text could not be read (not a number, not
 * JSON) shows that, not the validator's consequent complaints.
 */
export function validateForm(descriptor: FormDescriptor, values: Record<string, unknown>, options: FormOptions = {}): FormValidation {
  const m = resolveMessages(options.messages);
  const coerced = coerceValues(descriptor, values, options);
  const { payload, problems } = coerced;
  const unreadable = new Set(problems.map((p) => p.field));
  const errors = [...problems, ...check(descriptor, coerced, m).errors.filter((e) => !e.field || !unreadable.has(e.field))];
  const fieldMessages: Record<string, string[]> = {};
  const formMessages: string[] = [];
  for (const e of errors) {
    if (e.field === undefined) formMessages.push(e.message);
    else (fieldMessages[e.field] ??= []).push(e.message);
  }
  return { complete: errors.length === 0, payload, fieldMessages, formMessages, errors };
}

// The thread store reaches the validator through this slot (answer-check.ts), so the bundle can load it on first use.
registerAnswerCheck(validateAnswer);
