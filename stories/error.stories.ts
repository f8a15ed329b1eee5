/**
 * `<oz-error>` on its own: every RUN_ERROR code of the catalogue, one to pick, and a recorded refused resume.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { RUN_ERROR_CODES } from '../src/protocol/index.js';
import { runErrorView } from './support/errors.js';
import { playedOf, playing } from './support/play.js';
import { frame } from './support/frame.js';

export default { title: 'Elements/Error', component: 'oz-error' } satisfies Meta;
type Story = StoryObj;

/** `<oz-error>` for every RUN_ERROR code of the catalogue, and one it has not met, each through the reducer. */
export const EveryCode: Story = {
  tags: ['screenshot'],
  render: () =>
    frame(
      html`<div style="display: grid; gap: 12px">
        ${[...RUN_ERROR_CODES, 'something_new'].map((code) => html`<oz-error .error=${runErrorView(code)}></oz-error>`)}
      </div>`,
    ),
};

/** `<oz-error>` for one code (pick it in the controls). */
export const ByCode: Story = {
  argTypes: { code: { control: 'select', options: [...RUN_ERROR_CODES, 'something_new'], description: 'The RUN_ERROR code' } },
  args: { code: 'oz0_quota_exceeded' },
  render: (args) => frame(html`<oz-error .error=${runErrorView(String(args.code))}></oz-error>`),
};

/** `<oz-error>` from the confirmer's refused resume (`invalid_resume`, recorded). */
export const InvalidResume: Story = {
  loaders: playing({ scenario: 'confirmer', runCount: 2 }),
  render: (_a, { loaded }) => frame(html`<oz-error .error=${playedOf(loaded).state.lastError}></oz-error>`),
};
