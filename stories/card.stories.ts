/**
 * `<oz-card>` on its own: the generic renderer and an app's own (the card workshop story lets you edit one).
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { toRegistry } from '../elements/card/card-renderers.js';
import { EXAMPLE_RENDERERS } from './support/renderers.js';
import { playedOf, playing } from './support/play.js';
import { lastTurn } from './support/views.js';
import { frame } from './support/frame.js';

export default { title: 'Elements/Card', component: 'oz-card' } satisfies Meta;
type Story = StoryObj;

/** `<oz-card>` with the generic renderer: the turn's card of helper (title, fields, a link). */
export const Generic: Story = {
  loaders: playing({ scenario: 'helper-approved' }),
  render: (_a, { loaded }) => {
    const card = lastTurn(playedOf(loaded).state).card!;
    return frame(html`<oz-card .card=${card.card} job=${card.job}></oz-card>`);
  },
};

/** `<oz-card>`: asker's plan, generic renderer (nested objects and lists). */
export const Plan: Story = {
  loaders: playing({ scenario: 'asker' }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => {
    const card = lastTurn(playedOf(loaded).state).card!;
    return frame(html`<oz-card .card=${card.card} job=${card.job}></oz-card>`);
  },
};

/** `<oz-card>`: the same card drawn by an example renderer registered for its type. */
export const CustomRenderer: Story = {
  loaders: playing({ scenario: 'helper-approved' }),
  render: (_a, { loaded }) => {
    const card = lastTurn(playedOf(loaded).state).card!;
    return frame(html`<oz-card .card=${card.card} job=${card.job} .renderers=${toRegistry(EXAMPLE_RENDERERS)}></oz-card>`);
  },
};
