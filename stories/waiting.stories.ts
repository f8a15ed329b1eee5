/**
 * `<oz-waiting>` on its own: what waits for someone else, with the console link.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { playedOf, playing } from './support/play.js';
import { frame } from './support/frame.js';

export default { title: 'Elements/Waiting', component: 'oz-waiting' } satisfies Meta;
type Story = StoryObj;

/** `<oz-waiting>`: delegator's release waits for a second person (four eyes). */
export const Default: Story = {
  loaders: playing({ scenario: 'delegator', hold: 8 }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => frame(html`<oz-waiting .waiting=${playedOf(loaded).state.waitingForOthers}></oz-waiting>`),
};
