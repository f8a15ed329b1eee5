/**
 * `<oz-tool-call>` on its own, in each status: running, waiting for approval, done, denied.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { playedOf, playing } from './support/play.js';
import { pick, toolCallsOf } from './support/views.js';
import { frame } from './support/frame.js';

export default { title: 'Elements/ToolCall', component: 'oz-tool-call' } satisfies Meta;
type Story = StoryObj;

/** `<oz-tool-call>` streaming its arguments (board, stopped inside TOOL_CALL_ARGS). */
export const Running: Story = {
  loaders: playing({ scenario: 'board', hold: 4 }),
  render: (_a, { loaded }) => frame(html`<oz-tool-call .call=${pick(toolCallsOf(playedOf(loaded).state), 0, 'tool call')}></oz-tool-call>`),
};

/** `<oz-tool-call>` waiting for the person's approval, opened (a credential shows as OZ's placeholder). */
export const AwaitingApproval: Story = {
  loaders: playing({ scenario: 'helper-approved', runCount: 1 }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => frame(html`<oz-tool-call open .call=${pick(toolCallsOf(playedOf(loaded).state), 0, 'tool call')}></oz-tool-call>`),
};

/** `<oz-tool-call>` done, opened: arguments and result. */
export const Done: Story = {
  loaders: playing({ scenario: 'helper-approved' }),
  render: (_a, { loaded }) => frame(html`<oz-tool-call open .call=${pick(toolCallsOf(playedOf(loaded).state), 0, 'tool call')}></oz-tool-call>`),
};

/** `<oz-tool-call>` denied by the person. */
export const Denied: Story = {
  loaders: playing({ scenario: 'helper-denied' }),
  render: (_a, { loaded }) => frame(html`<oz-tool-call .call=${pick(toolCallsOf(playedOf(loaded).state), 0, 'tool call')}></oz-tool-call>`),
};
