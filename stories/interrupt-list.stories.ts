/**
 * `<oz-interrupts>`: every open interrupt of the turn with one submit, over a
 * played thread store: one or several at once, partly answered, refused by
 * OZ (`invalid_resume` on its field), read-only, expired.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { severalInterrupts } from './support/interrupts.js';
import { play, playedOf, playing, type Played } from './support/play.js';

const list = (played: Played, options: { later?: number; readOnly?: boolean } = {}) => {
  const now = played.now + (options.later ?? 0);
  return html`<div style="max-width: 760px">
    <oz-interrupts .store=${played.store} .now=${now} .clock=${() => now} ?read-only=${options.readOnly ?? false}></oz-interrupts>
  </div>`;
};

const meta: Meta = { title: 'Elements/Interrupts', component: 'oz-interrupts', render: (_a, { loaded }) => list(playedOf(loaded)) };
export default meta;
type Story = StoryObj;

/** One approval open. */
export const OneApproval: Story = { loaders: playing({ scenario: 'helper-approved', runCount: 1 }) };

/** Three at once (an approval, a question, an approval with a value to type): one submit answers them all. */
export const Several: Story = { loaders: playing(severalInterrupts()), tags: ['screenshot'] };

/** Three at once, the first two answered (drafts kept in the store). */
export const SeveralPartlyAnswered: Story = {
  loaders: [
    async () => {
      const played = await play(severalInterrupts());
      const [approval, question] = played.state.openInterruptIds;
      played.store.setDraft(approval!, { decision: 'approve', values: { comment: 'fine' } });
      played.store.setDraft(question!, { values: { answer: 'design' } });
      return { played: { ...played, state: played.store.getState() } };
    },
  ],
  tags: ['screenshot'],
};

/** OZ refused the resume: `invalid_resume` on the account field, the interrupt open again. */
export const RefusedByOz: Story = { loaders: playing({ scenario: 'confirmer', runCount: 2 }), tags: ['screenshot'] };

/** Past the deadline: nothing may be sent. */
export const Expired: Story = {
  loaders: playing({ scenario: 'asker', runCount: 1 }),
  render: (_a, { loaded }) => list(playedOf(loaded), { later: 16 * 60 * 1000 }),
};

/** Read-only: decided in OZ's console. */
export const ReadOnly: Story = {
  loaders: playing({ scenario: 'asker', runCount: 1 }),
  render: (_a, { loaded }) => list(playedOf(loaded), { readOnly: true }),
};

/** The budget wait, with what waits for other people beside it. */
export const BudgetWait: Story = { loaders: playing({ scenario: 'budget' }) };
