/**
 * Properties of the forms layer (issue #18, forms a non-technical person can
 * fill), over random schemas: objects, arrays, oneOf/anyOf, $ref (recursive
 * too), nullable types, enums, nested. schemaToForm never throws and gives a
 * form or the JSON fallback; every message is in words, never the validator's
 * own; and for every drawn form, the answer a person makes by taking the
 * defaults, the first choice of each variant and the fewest rows passes
 * @cfworker/json-schema against the schema. Seeded: a failure prints its seed
 * and path (replay with `{ seed, path }` in the options).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Validator, type Schema } from '@cfworker/json-schema';
import { child, layoutForm, schemaToForm, validateForm, walkNodes, ROW_KEY, PICK, type FormDescriptor, type FormNode } from '../../src/forms/index.js';

const SEED = 180518;
const key = fc.constantFrom('name', 'count', 'a/b', '~x', '0', 'due_date', 'kind', 'note', 'items', '__proto__');

/** Single values a form can always fill. */
const leaf = fc
  .oneof(
    fc.record({
      type: fc.constant('string'),
      minLength: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      format: fc.option(fc.constantFrom('date', 'email', 'uri'), { nil: undefined }),
    }),
    fc.integer({ min: -5, max: 5 }).chain((min) => fc.record({ type: fc.constantFrom('number', 'integer'), minimum: fc.constant(min), maximum: fc.integer({ min, max: min + 10 }) })),
    fc.constant({ type: 'boolean' }),
    fc.uniqueArray(fc.constantFrom('low', 'high', 'mid', 'x y'), { minLength: 1, maxLength: 3 }).map((e) => ({ type: 'string', enum: e })),
    fc.constantFrom('yes', 'prod').map((c) => ({ const: c })),
  )
  .map((s) => JSON.parse(JSON.stringify(s)) as Record<string, unknown>);

/** Schemas a person can answer (each has at least one valid answer the form reaches). */
const node = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.dictionary(key, tie('node'), { minKeys: 1, maxKeys: 3 }).chain((properties) =>
      fc.record({
        type: fc.constant('object'),
        properties: fc.constant(properties),
        required: fc.subarray(Object.keys(properties)),
        additionalProperties: fc.oneof(fc.constant(undefined), fc.constant(false), leaf),
      }),
    ),
    fc
      .integer({ min: 0, max: 2 })
      .chain((minItems) =>
        fc.record({ type: fc.constant('array'), items: tie('node'), minItems: fc.constant(minItems), maxItems: fc.option(fc.integer({ min: Math.max(minItems, 1), max: 4 }), { nil: undefined }) }),
      ),
    fc.array(fc.dictionary(fc.constantFrom('size', 'note', 'when'), leaf, { maxKeys: 2 }), { minLength: 2, maxLength: 3 }).map((options) => ({
      oneOf: options.map((properties, i) => ({ type: 'object', properties: { kind: { const: `k${i}` }, ...properties }, required: ['kind'] })),
    })),
    fc.shuffledSubarray<Record<string, unknown>>([{ type: 'string' }, { type: 'integer', minimum: 0 }, { type: 'boolean' }], { minLength: 2 }).map((anyOf) => ({ anyOf })),
    tie('node').map((s) => ({ anyOf: [s, { type: 'null' }] })),
    leaf.map((s) => (typeof s.type === 'string' ? { ...s, type: [s.type, 'null'] } : s)),
    tie('node').map((s) => ({ __def: s })),
  ),
})).node;

/** Moves each `{$ref, __def}` into the root's `$defs`, each under a name of its own (`d0`, `d1`...). */
function withDefs(schema: Record<string, unknown>): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  const lift = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(lift);
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    if ('__def' in o) {
      const name = `d${Object.keys(defs).length}`;
      defs[name] = true;
      defs[name] = lift(o.__def);
      return { $ref: `#/$defs/${name}` };
    }
    return Object.fromEntries(
      Object.entries(o)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, lift(x)]),
    );
  };
  const root = lift(schema) as Record<string, unknown>;
  return Object.keys(defs).length ? { ...root, $defs: defs } : root;
}

/** A tree of the same shape again (recursive `$ref`): every recursion is optional, so it has an answer. */
const recursive = fc.constant({
  $ref: '#/$defs/node',
  $defs: {
    node: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } }, next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] } },
    },
  },
});

const answerable = fc.oneof({ weight: 6, arbitrary: node.map(withDefs) }, { weight: 1, arbitrary: recursive });

/** Anything at all, and schema keywords in odd places. */
const junk = fc.letrec<{ s: unknown }>((tie) => ({
  s: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(
      fc.constantFrom('type', 'properties', 'items', 'oneOf', 'anyOf', 'allOf', '$ref', 'required', 'enum', 'const', 'not', 'additionalProperties', 'nullable', '$defs', 'minItems', 'default'),
      fc.oneof(tie('s'), fc.constantFrom('#', '#/$defs/a', '#/nowhere', 'object', 'array', 'string', ['string', 'null'], true, false, null, -1)),
      { maxKeys: 5 },
    ),
  ),
})).s;

const RAW_VALIDATOR_WORDS = /Instance|subschema|does not match|keyword|Expected "/;

/** Fills a form as a person taking the easy way would: defaults, first choices, the fewest rows, a name for each map row. */
function easyValues(form: FormDescriptor): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (let round = 0; round < 30; round++) {
    let changed = false;
    const set = (name: string, v: unknown) => {
      if (!Object.hasOwn(values, name)) {
        Object.defineProperty(values, name, { value: v, enumerable: true, writable: true, configurable: true });
        changed = true;
      }
    };
    walkNodes(layoutForm(form, values), (n: FormNode) => {
      const f = n.field;
      if (f.kind === 'variant') set(child(n.name, PICK), 0);
      else if (n.rows && f.kind === 'map') n.rows.forEach((r, i) => set(child(child(n.name, String(i)), ROW_KEY), `key${i}`));
      else if (!n.children && !n.rows && f.kind !== 'group' && f.kind !== 'list' && f.kind !== 'map') set(n.name, leafValue(n));
    });
    if (!changed) break;
  }
  return values;
}

function leafValue(n: FormNode): unknown {
  const f = n.field;
  if (f.mustEqual !== undefined) return f.mustEqual;
  switch (f.kind) {
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return String(f.min ?? 0);
    case 'choice':
      return f.choices?.[0]?.value;
    case 'multi-choice':
      return (f.choices ?? []).slice(0, f.minItems ?? 0).map((c) => String(c.value));
    case 'date':
      return '2026-01-31';
    case 'date-time':
      return '2026-01-31T09:00';
    case 'email':
      return 'name@example.com';
    case 'url':
      return 'https://example.com';
    case 'json':
      return f.example ?? (f.anyValue ? 'anything' : undefined);
    default:
      return 'x'.repeat(Math.max(f.minLength ?? 0, 1));
  }
}

test('property: any schema at all gives a form or the JSON fallback, never a throw, and messages in words', () => {
  fc.assert(
    fc.property(junk, fc.dictionary(fc.constantFrom('$json', '$answer', 'a', 'a/0', 'a/~n', '~v', '$answer/~v'), fc.jsonValue({ maxDepth: 1 })), (schema, values) => {
      const form = schemaToForm(schema);
      if (form.fallback) {
        assert.equal(form.fields.length, 1);
        assert.equal(form.fields[0]?.kind, 'json');
        assert.ok(form.fields[0]?.label.trim(), 'the JSON field has a label');
      } else if (!form.acceptsAnything) assert.ok(form.root && form.root.kind !== 'json', 'a drawn form has its root');
      layoutForm(form, values);
      const result = validateForm(form, values);
      for (const e of result.errors) assert.doesNotMatch(e.message, RAW_VALIDATOR_WORDS, e.message);
    }),
    { seed: SEED, numRuns: 400 },
  );
});

test('property: every answerable schema is drawn, and the easy answer passes @cfworker/json-schema', () => {
  fc.assert(
    fc.property(answerable, (schema) => {
      const form = schemaToForm(schema);
      assert.equal(form.fallback, false, 'an answerable schema is drawn as fields');
      const values = easyValues(form);
      const result = validateForm(form, values);
      assert.deepEqual(result.errors, [], `values ${JSON.stringify(values)}`);
      const check = new Validator(schema as Schema, '2020-12', false).validate(JSON.parse(JSON.stringify(result.payload)));
      assert.ok(check.valid, `the validator accepts ${JSON.stringify(result.payload)}: ${JSON.stringify(check.errors.slice(0, 3))}`);
    }),
    { seed: SEED + 1, numRuns: 200 },
  );
});
