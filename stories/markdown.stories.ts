/**
 * `<oz-markdown>` on its own: a long answer and one half-way through the stream, from the writer fixture.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { playedOf, playing } from './support/play.js';
import { messagesOf, pick } from './support/views.js';
import { frame } from './support/frame.js';

export default { title: 'Elements/Markdown', component: 'oz-markdown' } satisfies Meta;
type Story = StoryObj;

/** `<oz-markdown>`: writer's long answer (headings, lists, a table, code). */
export const Long: Story = {
  loaders: playing({ scenario: 'writer' }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => frame(html`<oz-markdown .text=${pick(messagesOf(playedOf(loaded).state), -1, 'message').body}></oz-markdown>`),
};

/** `<oz-markdown>` half-way through the stream (an open code fence or list renders as it will). */
export const Streaming: Story = {
  loaders: playing({ scenario: 'writer', hold: 14 }),
  render: (_a, { loaded }) => frame(html`<oz-markdown .text=${pick(messagesOf(playedOf(loaded).state), -1, 'message').body}></oz-markdown>`),
};
