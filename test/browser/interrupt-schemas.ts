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
