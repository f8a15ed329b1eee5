/**
 * `<oz-interrupt>`: one approval or question, as a form, for each reason the
 * recordings hold (tool_call approval, approval with a value to type,
 * input_required with choices or typed fields, a budget confirmation), and in
 * each state: fresh, partly answered, invalid, expired, read-only, submitted,
 * decided, denied, decided by someone else.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { InterruptView } from '../src/thread/index.js';
import { resumeOutcome } from './support/interrupts.js';
import { playedOf, playing, type Played, type PlayOptions } from './support/play.js';
import { interruptsOf, pick } from './support/views.js';

interface Shown {
  value?: unknown;
  /** Ms after the recording's time (past the deadline makes it expired). */
  later?: number;
  readOnly?: boolean;
  showErrors?: boolean;
}

/** The last interrupt of the played thread, at the recording's time. */
const show = (played: Played, options: Shown = {}) => {
  const view: InterruptView = pick(interruptsOf(played.state), -1, 'interrupt');
  const now = played.now + (options.later ?? 0);
  return html`<div style="max-width: 760px">
    <oz-interrupt
      .interrupt=${view}
      .value=${options.value}
      .now=${now}
      .clock=${() => now}
      .focusOnOpen=${false}
      ?read-only=${options.readOnly ?? false}
      ?show-errors=${options.showErrors ?? false}
    ></oz-interrupt>
  </div>`;
};

const meta: Meta = { title: 'Elements/Interrupt', component: 'oz-interrupt' };
export default meta;
type Story = StoryObj;

const story = (options: PlayOptions, shown: Shown = {}): Story => ({
  loaders: playing(options),
  render: (_a, { loaded }) => show(playedOf(loaded), shown),
});

/** tool_call: helper asks to post to #team: what it will do, its arguments, Approve / Deny, a comment. */
export const ApprovalFresh: Story = { ...story({ scenario: 'helper-approved', runCount: 1 }, {}), tags: ['screenshot'] };
/** tool_call, the person chose Approve and wrote a comment, not sent yet. */
export const ApprovalPartlyAnswered: Story = story({ scenario: 'helper-approved', runCount: 1 }, { value: { decision: 'approve', values: { comment: 'go ahead' } } });
/** tool_call with a value to type: Approve waits until the account matches. */
export const ApprovalValueToType: Story = { ...story({ scenario: 'confirmer', runCount: 1 }, {}), tags: ['screenshot'] };
/** tool_call with a value to type, typed wrong and checked. */
export const ApprovalValueInvalid: Story = story({ scenario: 'confirmer', runCount: 1 }, { value: { values: { confirm: 'DE00' } }, showErrors: true });
/** input_required with choices: asker's team. */
export const QuestionChoices: Story = { ...story({ scenario: 'asker', runCount: 1 }, {}), tags: ['screenshot'] };
/** input_required, typed fields: a date and a number of people. */
export const QuestionTyped: Story = story({ scenario: 'asker', runCount: 2 });
/** input_required, typed fields, the date filled in, the number not yet. */
export const QuestionPartlyAnswered: Story = story({ scenario: 'asker', runCount: 2 }, { value: { values: { date: '2026-03-12' } } });
/** input_required, typed fields, 40 people where at most 20 fit: the field says why. */
export const QuestionInvalid: Story = { ...story({ scenario: 'asker', runCount: 2 }, { value: { values: { date: '2026-03-12', people: 40 } }, showErrors: true }), tags: ['screenshot'] };
/** confirmation: a budget wait only an admin's decision ends. */
export const BudgetConfirmation: Story = story({ scenario: 'budget' });
/** Past its deadline: OZ denied it; the controls are locked. */
export const Expired: Story = { ...story({ scenario: 'helper-approved', runCount: 1 }, { later: 16 * 60 * 1000 }), tags: ['screenshot'] };
/** Read-only: a caller who is no person decides in OZ's console. */
export const ReadOnly: Story = story({ scenario: 'helper-approved', runCount: 1 }, { readOnly: true });
/** Submitted: the resume is sent, nothing streamed back yet. */
export const Submitted: Story = story({ scenario: 'helper-approved', hold: 0 });
/** Decided: approved (`oz0.resume` outcome `decided`). */
export const Decided: Story = story({ scenario: 'helper-approved' });
/** Decided: denied. */
export const Denied: Story = story({ scenario: 'helper-denied' });
/** Decided by someone else first (`oz0.resume` outcome `already_decided`). */
export const DecidedBySomeoneElse: Story = { ...story(resumeOutcome('already_decided'), {}), tags: ['screenshot'] };
/** Acknowledged (`oz0.resume` outcome `acknowledged`). */
export const Acknowledged: Story = story(resumeOutcome('acknowledged'));
