import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator, type Schema } from '@cfworker/json-schema';
import { addRow, layoutForm, moveRow, removeRow, schemaToForm, validateForm, valuesFor, walkNodes, MAX_REF_DEPTH, type FormDescriptor, type FormNode } from '../../src/forms/index.js';

/** What the real validator says of a payload, independent of the form's own checks. */
const accepts = (schema: unknown, payload: unknown) => new Validator(schema as Schema, '2020-12', false).validate(payload).valid;

/** Fills values, checks the form says complete, and that @cfworker/json-schema agrees with the payload. */
function answer(schema: unknown, values: Record<string, unknown>): unknown {
  const form = schemaToForm(schema);
  const result = validateForm(form, values);
  assert.deepEqual(result.errors, [], JSON.stringify(values));
  assert.equal(result.complete, true);
  assert.ok(accepts(schema, result.payload), `the validator accepts ${JSON.stringify(result.payload)}`);
  return result.payload;
}

const node = (form: FormDescriptor, values: Record<string, unknown>, name: string): FormNode => {
  let found: FormNode | undefined;
  walkNodes(layoutForm(form, values), (n) => {
    if (n.name === name) found ??= n;
  });
  assert.ok(found, `a node named ${name}`);
  return found;
};

const PET = {
  type: 'object',
  required: ['pet'],
  properties: {
    pet: {
      title: 'Your pet',
      oneOf: [
        { title: 'Cat', type: 'object', properties: { kind: { const: 'cat' }, lives: { type: 'integer', minimum: 1, maximum: 9 } }, required: ['kind', 'lives'] },
        { title: 'Dog', type: 'object', properties: { kind: { const: 'dog' }, breed: { type: 'string' } }, required: ['kind', 'breed'] },
      ],
    },
  },
};

test('a const-tagged oneOf: radios that switch fields; the tag is filled in; errors of the other option are not shown', () => {
  const form = schemaToForm(PET);
  const pet = form.fields[0]!;
  assert.equal(pet.kind, 'variant');
  assert.equal(pet.discriminator, 'kind');
  assert.deepEqual(
    pet.variants?.map((v) => [v.label, v.tag, v.field?.fields?.map((f) => f.key)]),
    [
      ['Cat', 'cat', ['lives']],
      ['Dog', 'dog', ['breed']],
    ],
  );
  assert.deepEqual(answer(PET, { 'pet/~v': 1, 'pet/breed': 'collie' }), { pet: { kind: 'dog', breed: 'collie' } });
  assert.deepEqual(answer(PET, { 'pet/~v': 0, 'pet/lives': '7' }), { pet: { kind: 'cat', lives: 7 } });
  assert.deepEqual(validateForm(form, { 'pet/~v': 0, 'pet/lives': '12', 'pet/breed': 'x' }).fieldMessages, { 'pet/lives': ['Enter a number no larger than 9'] });
  assert.deepEqual(validateForm(form, {}).fieldMessages, { pet: ['Required'] });
  assert.deepEqual(
    node(form, { 'pet/~v': 1 }, 'pet').option?.children?.map((c) => c.name),
    ['pet/breed'],
  );
});

test('an untagged anyOf: options by type in words; a type list too', () => {
  const schema = {
    type: 'object',
    properties: {
      size: {
        anyOf: [
          { type: 'string', enum: ['S', 'M'] },
          { type: 'integer', minimum: 30 },
        ],
      },
    },
  };
  const form = schemaToForm(schema);
  assert.deepEqual(
    form.fields[0]?.variants?.map((v) => v.label),
    ['Option 1', 'Whole number'],
  );
  assert.deepEqual(answer(schema, { 'size/~v': 1, size: '42' }), { size: 42 });
  assert.deepEqual(answer(schema, { 'size/~v': 0, size: 'M' }), { size: 'M' });
  assert.deepEqual(answer(schema, {}), {}, 'an optional variant left alone is left out');
  assert.deepEqual(validateForm(form, { 'size/~v': 1, size: '3' }).fieldMessages, { size: ['Enter a number no smaller than 30'] });
  const typed = { type: ['string', 'boolean'] };
  assert.deepEqual(
    schemaToForm(typed).root?.variants?.map((v) => v.label),
    ['Text', 'Yes or no'],
  );
  assert.equal(answer(typed, { '$answer/~v': 1, $answer: true }), true);
});

const TAGS = { type: 'object', required: ['tags'], properties: { tags: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, maxItems: 3 } } };

test('a list of strings: starts at minItems, add, remove, move; at maxItems no more rows', () => {
  const form = schemaToForm(TAGS);
  let values: Record<string, unknown> = {};
  let tags = node(form, values, 'tags');
  assert.deepEqual([tags.rows?.length, tags.canAdd, tags.rows?.[0]?.canRemove, tags.rows?.[0]?.label], [1, true, false, 'Tags 1']);
  values = { ...addRow(addRow({ 'tags/0': 'a' }, tags), node(form, { 'tags/~n': 2 }, 'tags')), 'tags/1': 'b', 'tags/2': 'c' };
  tags = node(form, values, 'tags');
  assert.deepEqual([tags.rows?.length, tags.canAdd, tags.rows?.map((r) => r.canMoveUp)], [3, false, [false, true, true]]);
  assert.deepEqual(answer(TAGS, values), { tags: ['a', 'b', 'c'] });
  values = moveRow(values, tags, 2, -1);
  assert.deepEqual(answer(TAGS, values), { tags: ['a', 'c', 'b'] });
  values = removeRow(values, node(form, values, 'tags'), 0);
  assert.deepEqual(answer(TAGS, values), { tags: ['c', 'b'] });
  assert.deepEqual(validateForm(form, { ...values, 'tags/1': '' }).fieldMessages, { 'tags/1': ['Fill this in or remove it'] });
  assert.deepEqual(validateForm(form, { 'tags/~n': 4, 'tags/0': 'a', 'tags/1': 'b', 'tags/2': 'c', 'tags/3': 'd' }).fieldMessages, { tags: ['Keep no more than 3 items'] });
});

test('nesting to any depth: objects in lists in objects in lists, with numbers', () => {
  const schema = {
    type: 'object',
    required: ['teams'],
    properties: {
      teams: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['name', 'members'],
          properties: {
            name: { type: 'string' },
            members: {
              type: 'array',
              items: { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' }, scores: { type: 'array', items: { type: 'number' } } } },
            },
          },
        },
      },
    },
  };
  const values = {
    'teams/0/name': 'Ops',
    'teams/0/members/~n': 2,
    'teams/0/members/0/email': 'a@example.com',
    'teams/0/members/0/scores/~n': 2,
    'teams/0/members/0/scores/0': '1.5',
    'teams/0/members/0/scores/1': '2',
    'teams/0/members/1/email': 'b@example.com',
  };
  assert.deepEqual(answer(schema, values), { teams: [{ name: 'Ops', members: [{ email: 'a@example.com', scores: [1.5, 2] }, { email: 'b@example.com' }] }] });
  const form = schemaToForm(schema);
  assert.deepEqual(validateForm(form, { ...values, 'teams/0/members/1/email': 'nope' }).fieldMessages, { 'teams/0/members/1/email': ['Enter an email address'] });
  assert.deepEqual(answer(schema, { 'teams/0/name': 'Ops' }), { teams: [{ name: 'Ops', members: [] }] }, 'a required list with no rows is []');
  assert.deepEqual(validateForm(form, { 'teams/~n': 2, 'teams/0/name': 'Ops' }).fieldMessages, { 'teams/1/name': ['Required'] });
});

test('local $ref, $defs and definitions are drawn as the fields they name', () => {
  const schema = {
    type: 'object',
    required: ['home'],
    properties: { home: { $ref: '#/$defs/address', title: 'Home' }, work: { $ref: '#/definitions/address' } },
    $defs: { address: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } } },
    definitions: { address: { type: 'object', properties: { city: { type: 'string' }, floor: { type: 'integer' } } } },
  };
  const form = schemaToForm(schema);
  assert.deepEqual(
    form.fields.map((f) => [f.label, f.kind, f.fields?.map((x) => x.path)]),
    [
      ['Home', 'group', ['home/city']],
      ['Work', 'group', ['work/city', 'work/floor']],
    ],
  );
  assert.deepEqual(answer(schema, { 'home/city': 'Oslo', 'work/floor': '3' }), { home: { city: 'Oslo' }, work: { floor: 3 } });
});

test('a recursive $ref is drawn as deep as the answer goes, and past a depth as JSON; a loop of refs does not hang', () => {
  const schema = {
    $defs: { node: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    $ref: '#/$defs/node',
  };
  const form = schemaToForm(schema);
  assert.equal(form.fallback, false);
  assert.ok(form.refs?.['#/$defs/node'], 'the recursive part is drawn once');
  const values = { name: 'root', 'children/~n': 1, 'children/0/name': 'kid', 'children/0/children/~n': 1, 'children/0/children/0/name': 'grandkid' };
  assert.deepEqual(answer(schema, values), { name: 'root', children: [{ name: 'kid', children: [{ name: 'grandkid' }] }] });
  // As deep as it goes: each level one row deeper, until the rest is one JSON field.
  const deep: Record<string, unknown> = {};
  let at = '';
  for (let i = 0; i <= MAX_REF_DEPTH + 1; i++) {
    deep[`${at}name`] = `n${i}`;
    deep[`${at}children/~n`] = 1;
    at = `${at}children/0/`;
  }
  const kinds = new Set<string>();
  walkNodes(layoutForm(form, deep), (n) => kinds.add(n.field.kind));
  assert.ok(kinds.has('json'), 'past the depth the rest is JSON');
  const loop = { type: 'object', properties: { x: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } };
  assert.equal(schemaToForm(loop).fields[0]?.kind, 'json');
  const self = { type: 'object', properties: { next: { $ref: '#' } }, required: [] };
  assert.equal(schemaToForm(self).fields[0]?.kind, 'ref');
  assert.deepEqual(answer(self, { 'next/next/~null': false }), {});
});

test('additionalProperties as key/value rows: a map, and a group with other entries', () => {
  const labels = { type: 'object', additionalProperties: { type: 'integer' }, minProperties: 1 };
  const form = schemaToForm(labels);
  assert.equal(form.root?.kind, 'map');
  const values = { '$answer/~n': 2, '$answer/0/~k': 'cpu', '$answer/0': '2', '$answer/1/~k': 'memory', '$answer/1': '512' };
  assert.deepEqual(answer(labels, values), { cpu: 2, memory: 512 });
  assert.deepEqual(validateForm(form, { ...values, '$answer/1/~k': 'cpu' }).fieldMessages, { '$answer/1/~k': ['This name is used twice'] });
  assert.deepEqual(validateForm(form, { ...values, '$answer/1/~k': '' }).fieldMessages, { '$answer/1/~k': ['Enter a name for this entry'] });
  const withRest = { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: { type: 'string' } };
  const g = schemaToForm(withRest);
  assert.equal(g.root?.extra?.kind, 'map');
  assert.deepEqual(answer(withRest, { name: 'x', '~x/~n': 1, '~x/0/~k': 'team', '~x/0': 'ops' }), { name: 'x', team: 'ops' });
  assert.deepEqual(validateForm(g, { name: 'x', '~x/~n': 1, '~x/0/~k': 'name', '~x/0': 'y' }).fieldMessages, { '~x': ['This name is one of the fields above'] });
  const free = { type: 'object', additionalProperties: true };
  assert.deepEqual(answer(free, { '$answer/~n': 1, '$answer/0/~k': 'a', '$answer/0': 'b' }), { a: 'b' });
});

test('nullable types: "no value" sends null; type lists, nullable and anyOf with null alike', () => {
  // OpenAPI's `nullable: true` means "or null": the validator is asked with that said in JSON Schema.
  const said = (note: unknown) => ({
    type: 'object',
    required: ['note'],
    properties: { note: JSON.parse(JSON.stringify(note).replace('"type":"string","nullable":true', '"type":["string","null"]')) },
  });
  for (const note of [{ type: ['string', 'null'] }, { type: 'string', nullable: true }, { anyOf: [{ type: 'string', minLength: 2 }, { type: 'null' }] }]) {
    const schema = { type: 'object', required: ['note'], properties: { note } };
    const form = schemaToForm(schema);
    assert.equal(form.fields[0]?.nullable, true, JSON.stringify(note));
    const none = validateForm(form, { 'note/~null': true, note: 'ignored' });
    assert.deepEqual([none.complete, none.payload], [true, { note: null }]);
    assert.ok(accepts(said(note), none.payload));
    assert.deepEqual(answer(schema, { note: 'hello' }), { note: 'hello' });
    assert.deepEqual(validateForm(form, {}).fieldMessages, { note: ['Required'] });
  }
  const group = { type: 'object', properties: { where: { type: ['object', 'null'], properties: { city: { type: 'string' } } } } };
  assert.deepEqual(answer(group, { 'where/~null': true }), { where: null });
});

test('the JSON fallback: what it asks in words, an example the validator accepts, errors in words as the person types', () => {
  const schema = { title: 'Plan', type: 'object', required: ['steps'], properties: { steps: { type: 'array', items: { type: 'integer', maximum: 3 }, minItems: 1 } }, not: { required: ['x'] } };
  const form = schemaToForm(schema);
  const json = form.fields[0]!;
  assert.equal(form.fallback, true);
  assert.deepEqual(json.outline, [{ label: 'Steps', type: 'List (min items 1)', required: true, parts: [{ label: 'List', type: 'Whole number (maximum 3)', required: true }] }]);
  assert.ok(json.example && accepts(schema, JSON.parse(json.example)), json.example);
  assert.deepEqual(validateForm(form, { $json: '{"steps": [1, 5]}' }).fieldMessages, { $json: ['At Steps › 2: Enter a number no larger than 3'] });
  assert.deepEqual(validateForm(form, { $json: '{"steps": [1,\n 2' }).fieldMessages, { $json: ['Enter valid JSON (it stops making sense at line 2, column 3)'] });
  assert.deepEqual(validateForm(form, { $json: json.example! }).complete, true);
});

test('an answer sent before fills the same fields again (rows, variants, maps, no value)', () => {
  const schema = {
    type: 'object',
    properties: {
      pet: PET.properties.pet,
      tags: TAGS.properties.tags,
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      note: { type: ['string', 'null'] },
    },
  };
  const form = schemaToForm(schema);
  const payload = { pet: { kind: 'dog', breed: 'collie' }, tags: ['b', 'a'], labels: { team: 'ops' }, note: null };
  assert.deepEqual(answer(schema, valuesFor(form, payload)), payload);
});
