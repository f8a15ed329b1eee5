/**
 * `<oz-agent-chat>` after each recorded scenario of the development edge
 * (test/fixtures/runs), replayed through the replay transport into a real
 * thread store: the person's message sent, each interrupt answered as the
 * recorder answered it.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { chatOf } from './support/chat.js';
import { playedOf, playing } from './support/play.js';

const meta: Meta = {
  title: 'Chat/Scenarios',
  component: 'oz-agent-chat',
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 680 } } },
  render: (_args, { loaded }) => chatOf(playedOf(loaded)),
};
export default meta;

type Story = StoryObj;

/** helper, approved: text, a tool call, its approval, the result, a board note (tainted) and the turn's card. */
export const HelperApproved: Story = { loaders: playing({ scenario: 'helper-approved' }), tags: ['screenshot'] };

/** helper, first run: the tool call waits for the person's approval (the form where the turn waits). */
export const HelperAwaitingApproval: Story = { loaders: playing({ scenario: 'helper-approved', runCount: 1 }), tags: ['screenshot'] };

/** helper, denied: the call is denied and the agent says so. */
export const HelperDenied: Story = { loaders: playing({ scenario: 'helper-denied' }) };

/** asker, first run: a question with choices. */
export const AskerQuestion: Story = { loaders: playing({ scenario: 'asker', runCount: 1 }), tags: ['screenshot'] };

/** asker, second run: a typed question (a date and a number). */
export const AskerTypedQuestion: Story = { loaders: playing({ scenario: 'asker', runCount: 2 }) };

/** asker, answered: the plan and its card. */
export const AskerAnswered: Story = { loaders: playing({ scenario: 'asker' }) };

/** delegator, first run: four delegated steps with their cards, then an approval. */
export const DelegatorSteps: Story = { loaders: playing({ scenario: 'delegator', runCount: 1 }) };

/** delegator, resumed: the turn waits for another person (four eyes), with OZ's console link. */
export const WaitingForOthers: Story = { loaders: playing({ scenario: 'delegator', hold: 8 }), tags: ['screenshot'] };

/** delegator, done once ben decided: a redacted note on the board, the release card. */
export const DelegatorDone: Story = { loaders: playing({ scenario: 'delegator' }) };

/** confirmer, first run: an approval that asks the person to type the account. */
export const ConfirmerValueToType: Story = { loaders: playing({ scenario: 'confirmer', runCount: 1 }) };

/** confirmer, refused resume: OZ said the answer does not fit (`invalid_resume` on the field). */
export const ConfirmerInvalidResume: Story = { loaders: playing({ scenario: 'confirmer', runCount: 2 }), tags: ['screenshot'] };

/** confirmer, done: the transfer made. */
export const ConfirmerDone: Story = { loaders: playing({ scenario: 'confirmer' }) };

/** budget: a confirmation only an admin's budget decision ends. */
export const BudgetWait: Story = { loaders: playing({ scenario: 'budget' }) };

/** writer: a long markdown answer, streamed in 40 chunks. */
export const LongMarkdown: Story = { loaders: playing({ scenario: 'writer' }), tags: ['screenshot'] };

/** board: notes added, one tainted, one redacted, two superseded (folded under their successors). */
export const Board: Story = { loaders: playing({ scenario: 'board' }), tags: ['screenshot'] };

/** board, shown inline above the composer instead of beside the transcript. */
export const BoardInline: Story = { loaders: playing({ scenario: 'board' }), render: (_args, { loaded }) => chatOf(playedOf(loaded), { board: 'inline' }) };

/** stepper: 40 steps asked for; the route shows 32 open at once, and the chat says so. */
export const MoreThan32Steps: Story = { loaders: playing({ scenario: 'stepper' }), tags: ['screenshot'] };
