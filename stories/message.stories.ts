/**
 * `<oz-message>` on its own: the person's words, and the agent's answer as it streams and when done, fed the view model a recorded stream produced.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { playedOf, playing } from './support/play.js';
import { lastTurn, messagesOf, pick } from './support/views.js';
import { frame } from './support/frame.js';

export default { title: 'Elements/Message', component: 'oz-message' } satisfies Meta;
type Story = StoryObj;

/** `<oz-message>`: the person's words. */
export const FromThePerson: Story = {
  loaders: playing({ scenario: 'helper-approved', runCount: 1 }),
  render: (_a, { loaded }) => frame(html`<oz-message .message=${lastTurn(playedOf(loaded).state).userMessage}></oz-message>`),
};

/** `<oz-message>`: the agent's answer with its AI label badge and its tool calls. */
export const WithToolCalls: Story = {
  loaders: playing({ scenario: 'helper-approved' }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => {
    const m = pick(messagesOf(playedOf(loaded).state), 1, 'message');
    return frame(html`<oz-message .message=${m} .toolCalls=${m.toolCalls}></oz-message>`);
  },
};

/** `<oz-message>` still streaming (writer, 20 of 40 chunks). */
export const Streaming: Story = {
  loaders: playing({ scenario: 'writer', hold: 24 }),
  render: (_a, { loaded }) => frame(html`<oz-message .message=${pick(messagesOf(playedOf(loaded).state), -1, 'message')}></oz-message>`),
};
