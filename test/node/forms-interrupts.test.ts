import { test } from 'node:test';
import assert from 'node:assert/strict';
import { approvalSchemaKind, questionChoices, draftKey, schemaToForm, validateForm } from '../../src/forms/index.js';

const approval = (extra: Record<string, unknown> = {}, required = ['approved']) => ({
  type: 'object',
  required,
  properties: { approved: { type: 'boolean' }, comment: { type: 'string' }, ...extra },
});

test('approvalSchemaKind: the approval shape, with and without a typed confirmation', () => {
  assert.equal(approvalSchemaKind(approval()), 'approval');
  assert.equal(approvalSchemaKind({ type: 'object', required: ['approved'], properties: { approved: { type: 'boolean' } } }), 'approval');
  assert.equal(approvalSchemaKind(approval({ confirm: { type: 'string', const: 'acme-prod' } })), 'approval-with-confirm');
});

test('approvalSchemaKind: anything else is no approval', () => {
  const notApprovals: unknown[] = [
    {},
    null,
    'approval',
    { oneOf: [approval()] },
    approval({ extra: { type: 'string' } }),
    approval({ confirm: { type: 'string' } }),
    approval({ comment: { type: 'integer' } }),
    { type: 'object', properties: { approved: { const: true } } },
    { type: 'object', properties: { approved: { type: 'string' } } },
    { type: 'object', properties: { answer: { type: 'string', enum: ['yes', 'no'] } } },
  ];
  for (const schema of notApprovals) assert.equal(approvalSchemaKind(schema), undefined, JSON.stringify(schema));
});

test('an approval with confirm: Approve validates only when the typed value matches', () => {
  const form = schemaToForm(approval({ confirm: { type: 'string', const: 'acme-prod' } }, ['approved', 'confirm']));
  assert.deepEqual(validateForm(form, {}).fieldMessages, { approved: ['Required'], confirm: ['Required'] });
  assert.deepEqual(validateForm(form, { approved: true, confirm: 'acme' }).fieldMessages, { confirm: ['This must match exactly: acme-prod'] });
  const ok = validateForm(form, { approved: true, confirm: 'acme-prod', comment: 'go ahead' });
  assert.deepEqual([ok.complete, ok.payload], [true, { approved: true, comment: 'go ahead', confirm: 'acme-prod' }]);
});

test('questionChoices: oz0/choices first, else the answer enum, else none', () => {
  const schema = { type: 'object', required: ['answer'], properties: { answer: { type: 'string', enum: ['a', 'b'] } } };
  assert.deepEqual(questionChoices({ metadata: { 'oz0/choices': ['ship it', 'wait'] }, responseSchema: schema }), [
    { value: 'ship it', label: 'ship it' },
    { value: 'wait', label: 'wait' },
  ]);
  assert.deepEqual(questionChoices({ responseSchema: schema }), [
    { value: 'a', label: 'a' },
    { value: 'b', label: 'b' },
  ]);
  assert.deepEqual(
    questionChoices({ metadata: { 'oz0/choices': [1, 2] }, responseSchema: schema }).map((c) => c.value),
    ['a', 'b'],
  );
  assert.deepEqual(questionChoices({ responseSchema: { type: 'object', properties: { answer: { type: 'string' } } } }), []);
  assert.deepEqual(questionChoices({}), []);
  assert.deepEqual(questionChoices({ responseSchema: { oneOf: [] } }), []);
});

test('draftKey: one stable key per interrupt', () => {
  assert.equal(draftKey('ozi1.eyJy'), 'oz-agui/draft/ozi1.eyJy');
  assert.notEqual(draftKey('a'), draftKey('b'));
});
