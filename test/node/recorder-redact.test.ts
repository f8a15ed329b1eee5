/**
 * The 'interrupt-text' preset: what interrupts and waits say is masked
 * (lengths kept); what they are (ids, reasons, deciders, deadlines, jobs,
 * console links, schemas) stays readable for support.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRedactor, REDACT_PRESETS } from '../../src/recorder/index.js';
import type { AguiEvent } from '../../src/protocol/index.js';

const bullets = (s: string) => '•'.repeat(s.length);
const wait = { job: 'job-9', what: 'Publish release 2.1.0', deciders: 'release managers', console: { url: 'https://console.example/jobs/job-9', label: 'Open in OZ' } };

const finished = {
  type: 'RUN_FINISHED',
  threadId: 't',
  runId: 'r',
  outcome: {
    type: 'interrupt',
    interrupts: [
      {
        id: 'i-1',
        reason: 'input_required',
        message: 'Which team should I plan the offsite for?',
        expiresAt: '2026-01-01T10:00:00Z',
        responseSchema: { type: 'object', properties: { team: { type: 'string', enum: ['Sales', 'Ops'] } } },
        metadata: { 'oz0/what': 'Plan the offsite', 'oz0/choices': ['Sales', 'Ops'], 'oz0/details': { budget: 'EUR 4,000' }, 'oz0/deciders': 'ana', 'oz0/job': 'job-1' },
      },
    ],
  },
  metadata: { 'oz0/waiting-for-others': [wait] },
} as unknown as AguiEvent;

test("interrupt-text masks an interrupt's words and the waits beside it, keeping what they are", () => {
  assert.ok(REDACT_PRESETS.includes('interrupt-text'), 'on by default in production');
  const r = createRedactor(['interrupt-text'], false);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a masked event read loosely
  const e = r.event(finished) as any;
  const i = e.outcome.interrupts[0];
  assert.equal(i.message, bullets('Which team should I plan the offsite for?'));
  assert.equal(i.metadata['oz0/what'], bullets('Plan the offsite'));
  assert.deepEqual(i.metadata['oz0/choices'], [bullets('Sales'), bullets('Ops')]);
  assert.deepEqual(i.metadata['oz0/details'], { budget: bullets('EUR 4,000') });
  assert.equal(i.metadata['oz0/deciders'], 'ana');
  assert.equal(i.metadata['oz0/job'], 'job-1');
  assert.equal(i.id, 'i-1');
  assert.equal(i.reason, 'input_required');
  assert.equal(i.expiresAt, '2026-01-01T10:00:00Z');
  assert.deepEqual(i.responseSchema, (finished as unknown as { outcome: { interrupts: Array<{ responseSchema: unknown }> } }).outcome.interrupts[0]!.responseSchema);
  assert.deepEqual(e.metadata['oz0/waiting-for-others'], [{ ...wait, what: bullets(wait.what) }]);
  assert.equal(
    (finished as unknown as { outcome: { interrupts: Array<{ message: string }> } }).outcome.interrupts[0]!.message,
    'Which team should I plan the offsite for?',
    'the input is not changed',
  );
});

test('interrupt-text masks oz0.waiting and the waits on a RUN_ERROR; other presets leave them alone', () => {
  const waiting = { type: 'CUSTOM', name: 'oz0.waiting', value: { waiting: [wait] } } as unknown as AguiEvent;
  const error = { type: 'RUN_ERROR', code: 'turn_waiting', message: 'The turn waits for others.', metadata: { 'oz0/waiting-for-others': [wait] } } as unknown as AguiEvent;
  const on = createRedactor(['interrupt-text'], false);
  assert.deepEqual((on.event(waiting) as unknown as { value: unknown }).value, { waiting: [{ ...wait, what: bullets(wait.what) }] });
  assert.deepEqual((on.event(error) as unknown as { metadata: unknown }).metadata, { 'oz0/waiting-for-others': [{ ...wait, what: bullets(wait.what) }] });
  const others = createRedactor(['message-text', 'tool-args', 'note-text', 'card'], false);
  for (const event of [finished, waiting, error]) assert.equal(others.event(event), event, `${event.type} untouched without interrupt-text`);
  const card = { type: 'CUSTOM', name: 'oz0.card', value: { job: 'j', card: { title: 'Hi' } } } as unknown as AguiEvent;
  assert.equal(on.event(card), card, "a card is the card preset's, not this one's");
});
