/**
 * `<oz-board>` on its own: tainted, redacted and superseded notes, early, empty and stale boards.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { playedOf, playing } from './support/play.js';
import { frame } from './support/frame.js';

const narrow = (body: unknown) => frame(body, '420px');

export default { title: 'Elements/Board', component: 'oz-board' } satisfies Meta;
type Story = StoryObj;

/** `<oz-board>`: notes added, one tainted ("outside input"), redacted ones, superseded ones folded under their successor. */
export const Default: Story = {
  loaders: playing({ scenario: 'board' }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => narrow(html`<oz-board .board=${playedOf(loaded).state.board}></oz-board>`),
};

/** `<oz-board>` half-way: before the supersessions arrived. */
export const Early: Story = {
  loaders: playing({ scenario: 'board', hold: 14 }),
  render: (_a, { loaded }) => narrow(html`<oz-board .board=${playedOf(loaded).state.board}></oz-board>`),
};

/** `<oz-board>` with nothing on it yet. */
export const Empty: Story = {
  loaders: playing({ scenario: 'writer' }),
  render: (_a, { loaded }) => narrow(html`<oz-board .board=${playedOf(loaded).state.board}></oz-board>`),
};

/** `<oz-board>` marked stale: a STATE_DELTA that did not apply (a fixture-like delta on a path that is not there). */
export const Stale: Story = {
  loaders: playing({
    scenario: 'helper-approved',
    rewrite: (r) =>
      r.event.type === 'STATE_DELTA' ? [r, { ...r, id: `${r.id}b`, event: { ...r.event, delta: [{ op: 'replace', path: '/board/notes/7/text', value: 'Not there' }] } as typeof r.event }] : r,
  }),
  render: (_a, { loaded }) => narrow(html`<oz-board .board=${playedOf(loaded).state.board}></oz-board>`),
};
