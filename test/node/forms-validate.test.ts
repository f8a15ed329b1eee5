import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaToForm, valuesToPayload, validateAnswer, validateForm, schemaDraft, DEFAULT_FORM_MESSAGES, JSON_FIELD_PATH } from '../../src/forms/index.js';

const BOOKING = {
  type: 'object',
  required: ['seats', 'start', 'tier', 'confirm'],
  additionalProperties: false,
  properties: {
    seats: { type: 'integer', minimum: 1, maximum: 10 },
    price: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
    start: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    tier: { type: 'string', enum: ['basic', 'pro'] },
    extras: { type: 'array', items: { enum: ['wifi', 'desk', 'locker'] }, minItems: 1, maxItems: 2, uniqueItems: true },
    notify: { type: 'boolean' },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    code: { type: 'string', minLength: 3, maxLength: 5, pattern: '^[A-Z]+$' },
    confirm: { type: 'string', const: 'acme-prod' },
    contact: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, phone: { type: 'string' } },
    },
  },
};
const booking = schemaToForm(BOOKING);

test('valuesToPayload coerces strings to the schema types and leaves empty fields out', () => {
  const payload = valuesToPayload(booking, {
    seats: ' 3 ',
    price: '2.5',
    start: '2026-03-01',
    tier: 'pro',
    extras: ['wifi', 'desk'],
    notify: 'on',
    email: '',
    site: undefined,
    code: '',
    confirm: 'acme-prod',
    'contact/name': 'Ada',
    'contact/phone': '',
  });
  assert.deepEqual(payload, {
    seats: 3,
    price: 2.5,
    start: '2026-03-01',
    tier: 'pro',
    extras: ['wifi', 'desk'],
    notify: true,
    confirm: 'acme-prod',
    contact: { name: 'Ada' },
  });
});

test('valuesToPayload: booleans, choices by value, one multi-choice value, nested values by name, dates', () => {
  const form = schemaToForm({
    type: 'object',
    properties: {
      n: { type: 'integer', enum: [1, 2, 3] },
      ok: { type: 'boolean' },
      off: { type: 'boolean' },
      tags: { type: 'array', items: { enum: ['a', 'b'] } },
      g: { type: 'object', properties: { x: { type: 'number' } } },
      empty: { type: 'object', properties: { y: { type: 'string' } } },
      day: { type: 'string', format: 'date' },
      at: { type: 'string', format: 'date-time' },
      iso: { type: 'string', format: 'date-time' },
    },
  });
  const payload = valuesToPayload(form, {
    n: '2',
    ok: 'false',
    off: false,
    tags: 'b',
    'g/x': '1e3',
    'empty/y': '',
    day: new Date(2026, 0, 31),
    at: '2026-01-31T09:30',
    iso: '2026-01-31T09:30:00Z',
  });
  assert.deepEqual(payload, {
    n: 2,
    ok: false,
    off: false,
    tags: ['b'],
    g: { x: 1000 },
    day: '2026-01-31',
    at: new Date('2026-01-31T09:30').toISOString(),
    iso: '2026-01-31T09:30:00Z',
  });
  assert.match((payload as { at: string }).at, /^2026-01-3[01]T\d\d:\d\d:00\.000Z$/, 'a datetime-local value becomes an ISO instant');
});

test('valuesToPayload: the json fallback is parsed; an empty schema gives {}', () => {
  const form = schemaToForm({ not: { type: 'string' } });
  assert.deepEqual(valuesToPayload(form, { [JSON_FIELD_PATH]: '[1, {"a": true}]' }), [1, { a: true }]);
  assert.equal(valuesToPayload(form, { [JSON_FIELD_PATH]: '{not json' }), undefined);
  assert.equal(valuesToPayload(form, {}), undefined);
  assert.deepEqual(valuesToPayload(schemaToForm({}), { anything: 1 }), {});
});

test('validateForm: one plain message per broken field, keyed by path', () => {
  const result = validateForm(booking, {
    seats: '11',
    price: '0.3',
    start: '2026-02-30',
    at: 'tomorrow',
    tier: 'gold',
    extras: ['wifi', 'sauna', 'wifi'],
    email: 'ada@',
    site: 'not a url',
    code: 'ab',
    confirm: 'acme-pro',
    'contact/phone': '123',
  });
  assert.equal(result.complete, false);
  assert.deepEqual(result.fieldMessages, {
    seats: ['Enter a number no larger than 10'],
    price: ['Enter a multiple of 0.5'],
    start: ['Enter a date'],
    at: ['Enter a date and time'],
    tier: ['Choose one of: basic, pro'],
    extras: ['Choose no more than 2', 'Choose one of: wifi, desk, locker', 'Choose each option only once'],
    email: ['Enter an email address'],
    site: ['Enter a web address (URL)'],
    code: ['Enter at least 3 characters', 'Enter it in the expected format'],
    confirm: ['This must match exactly: acme-prod'],
    'contact/name': ['Required'],
  });
  assert.deepEqual(result.formMessages, []);
  assert.deepEqual(
    result.errors.find((e) => e.field === 'extras' && e.message.startsWith('Choose one')),
    {
      path: '/extras/1',
      field: 'extras',
      message: 'Choose one of: wifi, desk, locker',
    },
  );
});

test('validateForm: missing required fields say Required; a complete form is complete', () => {
  const empty = validateForm(booking, {});
  assert.deepEqual(empty.fieldMessages, { seats: ['Required'], start: ['Required'], tier: ['Required'], confirm: ['Required'] });
  assert.equal(empty.complete, false);
  const ok = validateForm(booking, { seats: '2', start: '2026-03-01', tier: 'basic', confirm: 'acme-prod' });
  assert.deepEqual([ok.complete, ok.errors], [true, []]);
  assert.deepEqual(ok.payload, { seats: 2, start: '2026-03-01', tier: 'basic', confirm: 'acme-prod' });
});

test('validateForm: text that is no number says so once; a fraction in an integer field', () => {
  const result = validateForm(booking, { seats: 'three', price: '-1', start: '2026-03-01', tier: 'basic', confirm: 'acme-prod' });
  assert.deepEqual(result.fieldMessages, { seats: ['Enter a number'], price: ['Enter a number larger than 0'] });
  const fraction = validateForm(booking, { seats: '1.5', start: '2026-03-01', tier: 'basic', confirm: 'acme-prod' });
  assert.deepEqual(fraction.fieldMessages, { seats: ['Enter a whole number'] });
});

test('validateForm: the json fallback reports bad JSON, then schema errors with where they are', () => {
  const schema = {
    type: 'object',
    required: ['items'],
    properties: { items: { $ref: '#/$defs/list' } },
    $defs: { list: { type: 'array', items: { type: 'integer', maximum: 3 } } },
    not: { required: ['other'] },
  };
  const form = schemaToForm(schema);
  assert.deepEqual(validateForm(form, { [JSON_FIELD_PATH]: '{"items": [1,' }).fieldMessages, {
    [JSON_FIELD_PATH]: ['Enter valid JSON (it stops making sense at line 1, column 14)'],
  });
  assert.deepEqual(validateForm(form, {}).fieldMessages, { [JSON_FIELD_PATH]: ['Required'] });
  assert.deepEqual(validateForm(form, { [JSON_FIELD_PATH]: '{"items": [1, 5]}' }).fieldMessages, {
    [JSON_FIELD_PATH]: ['At Items › 2: Enter a number no larger than 3'],
  });
  assert.deepEqual(validateForm(form, { [JSON_FIELD_PATH]: '{}' }).fieldMessages, { [JSON_FIELD_PATH]: ['At Items: Required'] });
  assert.equal(validateForm(form, { [JSON_FIELD_PATH]: '{"items": [1, 2]}' }).complete, true);
});

test('validateAnswer: oneOf failures are one message, not the failed branches', () => {
  const result = validateAnswer({ oneOf: [{ type: 'string' }, { type: 'number' }] }, true);
  assert.deepEqual(result, { valid: false, errors: [{ path: '', field: '$answer', message: 'This fits none of the options' }] });
  assert.deepEqual(validateAnswer({ oneOf: [{ type: 'string' }, { type: 'number' }] }, 'x'), { valid: true });
  const both = validateAnswer({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 3);
  assert.deepEqual(both, { valid: false, errors: [{ path: '', field: '$answer', message: 'This fits more than one of the options: fill in more to tell them apart' }] });
});

test('validateAnswer maps instance locations to fields; unexpected properties are form-level', () => {
  const result = validateAnswer(BOOKING, { seats: 0, start: '2026-03-01', tier: 'basic', confirm: 'acme-prod', extra: 1, contact: {} });
  assert.deepEqual(result, {
    valid: false,
    errors: [
      { path: '/seats', field: 'seats', message: 'Enter a number no smaller than 1' },
      { path: '/contact/name', field: 'contact/name', message: 'Required' },
      { path: '/extra', message: 'This is not expected here' },
    ],
  });
  const form = validateForm(booking, { seats: '1', start: '2026-03-01', tier: 'basic', confirm: 'acme-prod', extra: '1' });
  assert.equal(form.complete, true, 'values no field names are not sent');
});

test('validateAnswer: types, const booleans, drafts', () => {
  const schema = { type: 'object', properties: { n: { type: 'integer' }, agree: { const: true } }, required: ['agree'] };
  assert.deepEqual(validateAnswer(schema, { n: 'x', agree: false }), {
    valid: false,
    errors: [
      { path: '/n', field: 'n', message: 'Enter a whole number' },
      { path: '/agree', field: 'agree', message: 'Tick this box to go on' },
    ],
  });
  assert.equal(schemaDraft({ $schema: 'http://json-schema.org/draft-07/schema#' }), '7');
  assert.equal(schemaDraft({ $schema: 'http://json-schema.org/draft-04/schema#' }), '4');
  assert.equal(schemaDraft({ $schema: 'https://json-schema.org/draft/2020-12/schema' }), '2020-12');
  assert.equal(schemaDraft({}), '2020-12');
  const draft4 = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { n: { type: 'number', maximum: 5, exclusiveMaximum: true } } };
  assert.deepEqual(validateAnswer(draft4, { n: 5 }), { valid: false, errors: [{ path: '/n', field: 'n', message: 'Enter a number smaller than 5' }] });
});

test('validateAnswer never throws: malformed schemas are unchecked, empty ones take anything', () => {
  assert.deepEqual(validateAnswer({}, { anything: true }), { valid: true });
  assert.deepEqual(validateAnswer({}, undefined), { valid: true });
  assert.deepEqual(validateAnswer(null, { a: 1 }), { valid: true, unchecked: true });
  assert.deepEqual(validateAnswer('nope', 1), { valid: true, unchecked: true });
  assert.deepEqual(validateAnswer({ $ref: '#/nowhere' }, 1), { valid: true, unchecked: true });
  assert.deepEqual(validateAnswer({ type: 'object', properties: 5 }, {}), { valid: true });
  assert.deepEqual(validateAnswer({ type: 'object', properties: { a: { type: 'string' } } }, undefined), {
    valid: false,
    errors: [{ path: '', message: 'Required' }],
  });
  assert.deepEqual(validateAnswer({ type: 'object', properties: { a: { type: 'string', format: 'date' } } }, { a: new Date(0), b: undefined }), {
    valid: false,
    errors: [{ path: '/a', field: 'a', message: 'Enter a date' }],
  });
});

test('messages are replaceable; the English defaults are exported and frozen', () => {
  const messages = { required: 'Pflichtfeld', maximum: (n: number) => `Höchstens ${n}` };
  const result = validateForm(booking, { seats: '11' }, { messages });
  assert.deepEqual(result.fieldMessages.seats, ['Höchstens 10']);
  assert.deepEqual(result.fieldMessages.start, ['Pflichtfeld']);
  assert.equal(DEFAULT_FORM_MESSAGES.required, 'Required');
  assert.equal(DEFAULT_FORM_MESSAGES.maximum(10), 'Enter a number no larger than 10');
  assert.equal(DEFAULT_FORM_MESSAGES.oneOf(['a', 'b']), 'Choose one of: a, b');
  assert.equal(DEFAULT_FORM_MESSAGES.mustEqual('x'), 'This must match exactly: x');
  assert.ok(Object.isFrozen(DEFAULT_FORM_MESSAGES));
  assert.equal(validateForm(booking, {}, { messages: { required: undefined } }).fieldMessages.seats?.[0], 'Required');
});

test('CSP-safe: the validator has no eval or new Function', () => {
  const dist = join(process.cwd(), 'node_modules/@cfworker/json-schema/dist');
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  assert.ok(files.length >= 8, 'the dist was found');
  for (const file of files) {
    const source = readFileSync(join(dist, file), 'utf8');
    assert.doesNotMatch(source, /new\s+Function\s*\(/, file);
    assert.doesNotMatch(source, /(^|[^\w.$])eval\s*\(/, file);
  }
});
