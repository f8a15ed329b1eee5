import { test } from 'node:test';
import assert from 'node:assert/strict';
import { schemaToForm, humanise, initialValues, JSON_FIELD_PATH, type FieldDescriptor } from '../../src/forms/index.js';

const obj = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  required,
  ...extra,
});

/** A one-property schema → the field it must become (every key checked: deepEqual). */
const FIELDS: Array<[name: string, prop: unknown, required: boolean, field: Omit<FieldDescriptor, 'path' | 'key' | 'required'>]> = [
  ['boolean with default', { type: 'boolean', default: true }, false, { kind: 'boolean', label: 'Value', default: true }],
  ['plain text, title and description', { type: 'string', title: 'Name', description: 'Who to greet' }, true, { kind: 'text', label: 'Name', description: 'Who to greet' }],
  [
    'text with length and pattern',
    { type: 'string', minLength: 2, maxLength: 20, pattern: '^[a-z]+$', default: 'ab' },
    false,
    { kind: 'text', label: 'Value', minLength: 2, maxLength: 20, pattern: '^[a-z]+$', default: 'ab' },
  ],
  ['long text is a textarea', { type: 'string', maxLength: 2000 }, false, { kind: 'textarea', label: 'Value', maxLength: 2000 }],
  ['a pattern that does not compile is dropped', { type: 'string', pattern: '(' }, false, { kind: 'text', label: 'Value' }],
  [
    'enum → choice',
    { type: 'string', enum: ['low', 'high'], default: 'high' },
    true,
    {
      kind: 'choice',
      label: 'Value',
      choices: [
        { value: 'low', label: 'low' },
        { value: 'high', label: 'high' },
      ],
      default: 'high',
    },
  ],
  [
    'integer enum keeps numbers',
    { type: 'integer', enum: [1, 2] },
    false,
    {
      kind: 'choice',
      label: 'Value',
      choices: [
        { value: 1, label: '1' },
        { value: 2, label: '2' },
      ],
    },
  ],
  ['a default outside the enum is not kept', { enum: ['a'], default: 'z' }, false, { kind: 'choice', label: 'Value', choices: [{ value: 'a', label: 'a' }] }],
  ['date', { type: 'string', format: 'date' }, true, { kind: 'date', label: 'Value' }],
  ['date-time', { type: 'string', format: 'date-time' }, false, { kind: 'date-time', label: 'Value' }],
  ['email', { type: 'string', format: 'email' }, false, { kind: 'email', label: 'Value' }],
  ['uri → url', { type: 'string', format: 'uri' }, false, { kind: 'url', label: 'Value' }],
  ['an unknown format stays text', { type: 'string', format: 'uuid' }, false, { kind: 'text', label: 'Value' }],
  ['number with bounds and multipleOf', { type: 'number', minimum: 0, maximum: 10, multipleOf: 0.5, default: 2 }, false, { kind: 'number', label: 'Value', min: 0, max: 10, step: 0.5, default: 2 }],
  [
    'number with exclusive bounds',
    { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    false,
    { kind: 'number', label: 'Value', min: 0, max: 1, exclusiveMin: true, exclusiveMax: true, step: 'any' },
  ],
  ['integer: exclusive bounds become inclusive', { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 }, true, { kind: 'integer', label: 'Value', min: 1, max: 9, step: 1 }],
  ['draft 4 boolean exclusive bounds', { type: 'number', minimum: 1, exclusiveMinimum: true, maximum: 5 }, false, { kind: 'number', label: 'Value', min: 1, max: 5, exclusiveMin: true, step: 'any' }],
  ['nullable type', { type: ['integer', 'null'], maximum: 3 }, false, { kind: 'integer', label: 'Value', max: 3, step: 1, nullable: true }],
  ['nullable (OpenAPI)', { type: 'string', nullable: true }, false, { kind: 'text', label: 'Value', nullable: true }],
  ['anyOf with null', { anyOf: [{ type: 'string' }, { type: 'null' }] }, false, { kind: 'text', label: 'Value', nullable: true, alternatives: [0] }],
  [
    'array of enums → multi-choice',
    { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 1, maxItems: 2, uniqueItems: true, default: ['a'] },
    true,
    { kind: 'multi-choice', label: 'Value', choices: ['a', 'b', 'c'].map((v) => ({ value: v, label: v })), minItems: 1, maxItems: 2, uniqueItems: true, default: ['a'] },
  ],
  ['const string → text that must match, not prefilled', { type: 'string', const: 'prod-db', default: 'prod-db' }, true, { kind: 'text', label: 'Value', mustEqual: 'prod-db' }],
  ['const true → a box to tick', { const: true }, true, { kind: 'boolean', label: 'Value', mustEqual: true }],
];

for (const [name, prop, required, expected] of FIELDS) {
  test(`schemaToForm field: ${name}`, () => {
    const form = schemaToForm(obj({ value: prop }, required ? ['value'] : []));
    assert.equal(form.fallback, false);
    assert.equal(form.acceptsAnything, false);
    assert.deepEqual(form.fields, [{ path: 'value', key: 'value', required, ...expected }]);
  });
}

test('labels: title, else the key in words; comment-like keys are text areas', () => {
  assert.equal(humanise('due_date'), 'Due date');
  assert.equal(humanise('maxCount'), 'Max count');
  assert.equal(humanise('team-lead'), 'Team lead');
  const form = schemaToForm(obj({ due_date: { type: 'string' }, comment: { type: 'string' }, name: { type: 'string', title: 'Your name' } }));
  assert.deepEqual(
    form.fields.map((f) => [f.label, f.kind]),
    [
      ['Due date', 'text'],
      ['Comment', 'textarea'],
      ['Your name', 'text'],
    ],
  );
});

test('nested object one level → a group with paths as pointers', () => {
  const form = schemaToForm(
    obj(
      {
        address: obj({ street: { type: 'string' }, 'zip/code': { type: 'string', pattern: '^\\d{5}$' } }, ['street'], { title: 'Where' }),
      },
      ['address'],
    ),
  );
  assert.deepEqual(form.fields, [
    {
      path: 'address',
      key: 'address',
      kind: 'group',
      label: 'Where',
      required: true,
      fields: [
        { path: 'address/street', key: 'street', kind: 'text', label: 'Street', required: true },
        { path: 'address/zip~1code', key: 'zip/code', kind: 'text', label: 'Zip/code', required: false, pattern: '^\\d{5}$' },
      ],
    },
  ]);
});

test('the approval schema: approved, comment, confirm', () => {
  const form = schemaToForm(
    obj(
      {
        approved: { type: 'boolean' },
        comment: { type: 'string' },
        confirm: { type: 'string', const: 'acme-prod', description: 'Type the database name' },
      },
      ['approved', 'confirm'],
    ),
  );
  assert.deepEqual(form.fields, [
    { path: 'approved', key: 'approved', kind: 'boolean', label: 'Approved', required: true },
    { path: 'comment', key: 'comment', kind: 'textarea', label: 'Comment', required: false },
    { path: 'confirm', key: 'confirm', kind: 'text', label: 'Confirm', required: true, mustEqual: 'acme-prod', description: 'Type the database name' },
  ]);
  assert.deepEqual(initialValues(form), {}, 'the confirm value is never prefilled');
});

test('a question: answer enum → choice; typed question with a date and a number', () => {
  const question = schemaToForm(obj({ answer: { type: 'string', enum: ['ship it', 'wait'] } }, ['answer']));
  assert.equal(question.fields[0]?.kind, 'choice');
  assert.deepEqual(
    question.fields[0]?.choices?.map((c) => c.label),
    ['ship it', 'wait'],
  );
  const free = schemaToForm(obj({ answer: { type: 'string' } }, ['answer']));
  assert.equal(free.fields[0]?.kind, 'textarea');
  const typed = schemaToForm(
    obj(
      {
        start: { type: 'string', format: 'date', title: 'Start on' },
        seats: { type: 'integer', minimum: 1, maximum: 50, default: 5 },
      },
      ['start', 'seats'],
      { title: 'Booking' },
    ),
  );
  assert.equal(typed.title, 'Booking');
  assert.deepEqual(
    typed.fields.map((f) => [f.path, f.kind, f.required]),
    [
      ['start', 'date', true],
      ['seats', 'integer', true],
    ],
  );
  assert.deepEqual(initialValues(typed), { seats: 5 });
});

test('an empty schema (a budget wait) accepts anything and asks nothing', () => {
  for (const schema of [{}, true, { description: 'An admin decides the budget' }]) {
    const form = schemaToForm(schema);
    assert.deepEqual([form.fields, form.acceptsAnything, form.fallback], [[], true, false], JSON.stringify(schema));
  }
  const none = schemaToForm({ type: 'object', properties: {} });
  assert.deepEqual([none.fields, none.acceptsAnything, none.fallback], [[], false, false]);
});

/** Schemas whose root no form can draw: the whole answer is one JSON field. */
const FALLBACKS: Array<[string, unknown]> = [
  ['null', null],
  ['a string', 'not a schema'],
  ['a number', 5],
  ['an array', [{ type: 'string' }]],
  ['false', false],
  ['properties: 5', { type: 'object', properties: 5 }],
  ['patternProperties', { type: 'object', properties: {}, patternProperties: { '^x': { type: 'string' } } }],
  ['not', { not: { type: 'string' } }],
  ['if/then', { if: { type: 'string' }, then: { minLength: 2 } }],
  ['required not an array', { type: 'object', properties: { a: { type: 'string' } }, required: 'a' }],
  ['a remote $ref', { $ref: 'https://example.com/schema.json' }],
  ['a dangling $ref', { $ref: '#/$defs/nowhere' }],
  ['allOf that cannot be one schema', { allOf: [{ type: 'string' }, { type: 'number' }] }],
];

for (const [name, schema] of FALLBACKS) {
  test(`a root no form can draw → one json field: ${name}`, () => {
    const form = schemaToForm(schema);
    assert.equal(form.fallback, true);
    assert.equal(form.acceptsAnything, false);
    const [field, ...rest] = form.fields;
    assert.deepEqual(rest, []);
    assert.deepEqual([field?.path, field?.key, field?.kind, field?.label, field?.required], [JSON_FIELD_PATH, JSON_FIELD_PATH, 'json', 'Answer (JSON)', true]);
    assert.equal(form.schema, schema, 'the whole schema is kept to validate against');
  });
}

/** Schemas that were a JSON box before and are fields now: the root field's kind, and the kinds of its fields. */
const DRAWN: Array<[string, unknown, string, string[]]> = [
  ['oneOf at the root', { oneOf: [{ type: 'string' }, { type: 'number' }] }, 'variant', []],
  ['a local $ref', obj({ a: { $ref: '#/$defs/a' } }, [], { $defs: { a: { type: 'string' } } }), 'group', ['text']],
  ['anyOf in a property', obj({ a: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }), 'group', ['variant']],
  ['allOf at the root', { allOf: [obj({ a: { type: 'string' } })] }, 'group', ['text']],
  ['additionalProperties as a schema', { type: 'object', additionalProperties: { type: 'string' } }, 'map', []],
  ['a free-form object', { type: 'object' }, 'map', []],
  ['array of free strings', obj({ a: { type: 'array', items: { type: 'string' } } }), 'group', ['list']],
  ['objects nested two levels', obj({ a: obj({ b: obj({ c: { type: 'string' } }) }) }), 'group', ['group']],
  ['a root that is not an object', { type: 'string', enum: ['a'] }, 'choice', []],
  ['a type list', { type: ['string', 'number'] }, 'variant', []],
  // Parts no form can draw are JSON fields inside the form.
  ['tuple array', obj({ a: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } }), 'group', ['json']],
  ['unknown type', obj({ a: { type: 'date' } }), 'group', ['json']],
  ['a property without a type', obj({ a: {} }), 'group', ['json']],
  ['required naming no property', obj({ a: { type: 'string' } }, ['b']), 'group', ['text', 'json']],
  ['an object const', obj({ a: { const: { x: 1 } } }), 'group', ['json']],
  ['a string const with a number type', obj({ a: { type: 'number', const: 'x' } }), 'group', ['json']],
];

for (const [name, schema, kind, kinds] of DRAWN) {
  test(`drawn as fields: ${name}`, () => {
    const form = schemaToForm(schema);
    assert.equal(form.fallback, false);
    assert.equal(form.root?.kind, kind);
    assert.deepEqual(kind === 'group' ? form.fields.map((f) => f.kind) : [], kinds);
  });
}

test('the json fallback keeps the title, description and default (as JSON text)', () => {
  const form = schemaToForm({ title: 'Plan', description: 'Steps', default: { steps: [] }, type: 'object', properties: { steps: { type: 'array' } }, not: { required: ['x'] } });
  assert.deepEqual(form.fields[0], {
    path: JSON_FIELD_PATH,
    key: JSON_FIELD_PATH,
    kind: 'json',
    label: 'Plan',
    description: 'Steps',
    required: true,
    default: '{\n  "steps": []\n}',
    example: '{\n  "steps": []\n}',
    outline: [{ label: 'Steps', type: 'List', required: false }],
  });
  assert.deepEqual(initialValues(form), { [JSON_FIELD_PATH]: '{\n  "steps": []\n}' });
  assert.equal(schemaToForm(null, { messages: { jsonLabel: 'Antwort (JSON)' } }).fields[0]?.label, 'Antwort (JSON)');
});
