/**
 * `<oz-steps>` on its own: finished steps with their cards, open steps, and more than the route's 32.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { toRegistry } from '../elements/card/card-renderers.js';
import { EXAMPLE_RENDERERS } from './support/renderers.js';
import { playedOf, playing } from './support/play.js';
import { stepsOf } from './support/views.js';
import { frame } from './support/frame.js';

export default { title: 'Elements/Steps', component: 'oz-steps' } satisfies Meta;
type Story = StoryObj;

/** `<oz-steps>`: delegator's four steps, finished, with their cards. */
export const Finished: Story = {
  loaders: playing({ scenario: 'delegator', runCount: 1 }),
  render: (_a, { loaded }) => {
    const { steps, limitReached } = stepsOf(playedOf(loaded).state);
    return frame(html`<oz-steps .steps=${steps} ?limit-reached=${limitReached}></oz-steps>`);
  },
};

/** `<oz-steps>` while steps are open (stepper, stopped with 32 open). */
export const Open: Story = {
  loaders: playing({ scenario: 'stepper', hold: 40 }),
  render: (_a, { loaded }) => {
    const { steps, limitReached } = stepsOf(playedOf(loaded).state);
    return frame(html`<oz-steps .steps=${steps} ?limit-reached=${limitReached}></oz-steps>`);
  },
};

/** `<oz-steps>` past the route's limit: 40 asked for, 32 shown, the note says so; example renderers draw the `step` cards. */
export const MoreThan32: Story = {
  loaders: playing({ scenario: 'stepper' }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => {
    const { steps, limitReached } = stepsOf(playedOf(loaded).state);
    return frame(html`<oz-steps .steps=${steps} ?limit-reached=${limitReached} .renderers=${toRegistry(EXAMPLE_RENDERERS)}></oz-steps>`);
  },
};
