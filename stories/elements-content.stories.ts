/**
 * The transcript's parts on their own, each fed the view model a recorded
 * stream produced: `<oz-message>`, `<oz-markdown>`, `<oz-tool-call>`,
 * `<oz-steps>`, `<oz-card>`.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { toRegistry } from '../elements/card/card-renderers.js';
import { playedOf, playing } from './support/play.js';
import { EXAMPLE_RENDERERS } from './support/renderers.js';
import { lastTurn, messagesOf, pick, stepsOf, toolCallsOf } from './support/views.js';

const frame = (body: unknown) => html`<div style="max-width: 760px">${body}</div>`;

export default { title: 'Elements/Transcript parts', tags: ['!autodocs'] } satisfies Meta;
type Story = StoryObj;

/** `<oz-message>`: the person's words. */
export const MessageFromThePerson: Story = {
  loaders: playing({ scenario: 'helper-approved', runCount: 1 }),
  render: (_a, { loaded }) => frame(html`<oz-message .message=${lastTurn(playedOf(loaded).state).userMessage}></oz-message>`),
};

/** `<oz-message>`: the agent's answer with its AI label badge and its tool calls. */
export const MessageWithToolCalls: Story = {
  loaders: playing({ scenario: 'helper-approved' }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => {
    const m = pick(messagesOf(playedOf(loaded).state), 1, 'message');
    return frame(html`<oz-message .message=${m} .toolCalls=${m.toolCalls}></oz-message>`);
  },
};

/** `<oz-message>` still streaming (writer, 20 of 40 chunks). */
export const MessageStreaming: Story = {
  loaders: playing({ scenario: 'writer', hold: 24 }),
  render: (_a, { loaded }) => frame(html`<oz-message .message=${pick(messagesOf(playedOf(loaded).state), -1, 'message')}></oz-message>`),
};

/** `<oz-markdown>`: writer's long answer (headings, lists, a table, code). */
export const MarkdownLong: Story = {
  loaders: playing({ scenario: 'writer' }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => frame(html`<oz-markdown .text=${pick(messagesOf(playedOf(loaded).state), -1, 'message').body}></oz-markdown>`),
};

/** `<oz-markdown>` half-way through the stream (an open code fence or list renders as it will). */
export const MarkdownStreaming: Story = {
  loaders: playing({ scenario: 'writer', hold: 14 }),
  render: (_a, { loaded }) => frame(html`<oz-markdown .text=${pick(messagesOf(playedOf(loaded).state), -1, 'message').body}></oz-markdown>`),
};

/** `<oz-tool-call>` streaming its arguments (board, stopped inside TOOL_CALL_ARGS). */
export const ToolCallRunning: Story = {
  loaders: playing({ scenario: 'board', hold: 4 }),
  render: (_a, { loaded }) => frame(html`<oz-tool-call .call=${pick(toolCallsOf(playedOf(loaded).state), 0, 'tool call')}></oz-tool-call>`),
};

/** `<oz-tool-call>` waiting for the person's approval, opened (a credential shows as OZ's placeholder). */
export const ToolCallAwaitingApproval: Story = {
  loaders: playing({ scenario: 'helper-approved', runCount: 1 }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => frame(html`<oz-tool-call open .call=${pick(toolCallsOf(playedOf(loaded).state), 0, 'tool call')}></oz-tool-call>`),
};

/** `<oz-tool-call>` done, opened: arguments and result. */
export const ToolCallDone: Story = {
  loaders: playing({ scenario: 'helper-approved' }),
  render: (_a, { loaded }) => frame(html`<oz-tool-call open .call=${pick(toolCallsOf(playedOf(loaded).state), 0, 'tool call')}></oz-tool-call>`),
};

/** `<oz-tool-call>` denied by the person. */
export const ToolCallDenied: Story = {
  loaders: playing({ scenario: 'helper-denied' }),
  render: (_a, { loaded }) => frame(html`<oz-tool-call .call=${pick(toolCallsOf(playedOf(loaded).state), 0, 'tool call')}></oz-tool-call>`),
};

/** `<oz-steps>`: delegator's four steps, finished, with their cards. */
export const Steps: Story = {
  loaders: playing({ scenario: 'delegator', runCount: 1 }),
  render: (_a, { loaded }) => {
    const { steps, limitReached } = stepsOf(playedOf(loaded).state);
    return frame(html`<oz-steps .steps=${steps} ?limit-reached=${limitReached}></oz-steps>`);
  },
};

/** `<oz-steps>` while steps are open (stepper, stopped with 32 open). */
export const StepsOpen: Story = {
  loaders: playing({ scenario: 'stepper', hold: 40 }),
  render: (_a, { loaded }) => {
    const { steps, limitReached } = stepsOf(playedOf(loaded).state);
    return frame(html`<oz-steps .steps=${steps} ?limit-reached=${limitReached}></oz-steps>`);
  },
};

/** `<oz-steps>` past the route's limit: 40 asked for, 32 shown, the note says so; example renderers draw the `step` cards. */
export const StepsMoreThan32: Story = {
  loaders: playing({ scenario: 'stepper' }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => {
    const { steps, limitReached } = stepsOf(playedOf(loaded).state);
    return frame(html`<oz-steps .steps=${steps} ?limit-reached=${limitReached} .renderers=${toRegistry(EXAMPLE_RENDERERS)}></oz-steps>`);
  },
};

/** `<oz-card>` with the generic renderer: the turn's card of helper (title, fields, a link). */
export const CardGeneric: Story = {
  loaders: playing({ scenario: 'helper-approved' }),
  render: (_a, { loaded }) => {
    const card = lastTurn(playedOf(loaded).state).card!;
    return frame(html`<oz-card .card=${card.card} job=${card.job}></oz-card>`);
  },
};

/** `<oz-card>`: asker's plan, generic renderer (nested objects and lists). */
export const CardPlan: Story = {
  loaders: playing({ scenario: 'asker' }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => {
    const card = lastTurn(playedOf(loaded).state).card!;
    return frame(html`<oz-card .card=${card.card} job=${card.job}></oz-card>`);
  },
};

/** `<oz-card>`: the same card drawn by an example renderer registered for its type. */
export const CardCustomRenderer: Story = {
  loaders: playing({ scenario: 'helper-approved' }),
  render: (_a, { loaded }) => {
    const card = lastTurn(playedOf(loaded).state).card!;
    return frame(html`<oz-card .card=${card.card} job=${card.job} .renderers=${toRegistry(EXAMPLE_RENDERERS)}></oz-card>`);
  },
};
