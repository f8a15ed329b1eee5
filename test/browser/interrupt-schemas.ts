/** Test helpers for the interrupt tests: the clock they start at, and interrupt parts shaped as OZ's edge sends them. */
export const T0 = Date.parse('2026-03-02T10:00:00Z');

/** A job's console link (`oz0/console`). */
export const consoleLink = (job: string) => ({ label: 'Decide in OZ', url: `https://console.example/jobs/${job}` });

/** A tool-call approval's responseSchema; with `confirm`, the value the person must type. */
export const approval = (confirm?: string) => ({
  type: 'object',
  properties: {
    approved: { type: 'boolean', title: 'Approve' },
    comment: { type: 'string', title: 'Comment' },
    ...(confirm ? { confirm: { type: 'string', const: confirm, title: 'Type the repository to confirm' } } : {}),
  },
  required: ['approved'],
  additionalProperties: false,
});

/** Typed questions of every kind of field the forms draw (issue #18). */
export const FORM_SCHEMAS = {
  tags: {
    type: 'object',
    required: ['tags'],
    additionalProperties: false,
    properties: { tags: { type: 'array', title: 'Tags', items: { type: 'string', minLength: 1 }, minItems: 1, maxItems: 3 } },
  },
  contact: {
    type: 'object',
    required: ['contact'],
    properties: {
      contact: {
        title: 'How to reach you',
        oneOf: [
          { title: 'By email', type: 'object', properties: { via: { const: 'email' }, address: { type: 'string', format: 'email', title: 'Email address' } }, required: ['via', 'address'] },
          { title: 'By phone', type: 'object', properties: { via: { const: 'phone' }, number: { type: 'string', title: 'Phone number' } }, required: ['via', 'number'] },
        ],
      },
    },
  },
  nested: {
    type: 'object',
    required: ['deadline', 'people'],
    properties: {
      deadline: { type: ['string', 'null'], format: 'date', title: 'Deadline', description: 'Leave it open with "No value"' },
      people: {
        type: 'array',
        title: 'People',
        maxItems: 5,
        items: { type: 'object', required: ['name'], properties: { name: { type: 'string', title: 'Name' }, days: { type: 'integer', minimum: 1, title: 'Days' } } },
      },
    },
  },
  labels: {
    type: 'object',
    required: ['labels'],
    properties: { labels: { type: 'object', title: 'Labels', additionalProperties: { type: 'string', title: 'Value' } } },
  },
  undrawable: {
    title: 'Release plan',
    type: 'object',
    required: ['steps'],
    properties: { steps: { type: 'array', minItems: 1, items: { type: 'string' } } },
    not: { required: ['skip'] },
  },
};
