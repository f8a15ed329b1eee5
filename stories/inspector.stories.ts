/**
 * `<oz-inspector>` beside a chat, attached with `for`: the chat plays a
 * recorded scenario through the replay transport and the inspector records
 * what its stream said (events, state, interrupts, requests, timeline).
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../inspector/define.js';
import type { OzAgentChat } from '../elements/chat/chat.js';
import { answerAll } from './support/play.js';
import { fixture, SCENARIOS } from './support/recordings.js';
import { createReplayTransport } from '../src/transport/index.js';

type Args = { scenario: string; tab: string };

const meta: Meta<Args> = {
  title: 'Inspector',
  component: 'oz-inspector',
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 760 } } },
  argTypes: {
    scenario: { control: 'select', options: ['board', 'writer', 'stepper', 'failing', 'failing-timeout', 'quota'] },
    tab: { control: 'select', options: ['events', 'state', 'interrupts', 'requests', 'timeline'] },
  },
  // Scenarios of one run: the chat's own store reads the real clock, past the recorded interrupts' deadlines.
  args: { scenario: 'board', tab: 'events' },
  render: (args) => html`<div style="display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; height: 100vh; box-sizing: border-box; padding: 1rem">
    <oz-agent-chat id="inspected-chat" agent=${SCENARIOS[args.scenario]?.agent ?? 'helper'} tenant="acme" ai-label="AI: " .storage=${'none'} .transport=${createReplayTransport(
      (SCENARIOS[args.scenario]?.runs ?? []).map((r) => fixture(r)),
      { speed: Infinity },
    )}></oz-agent-chat>
    <oz-inspector for="inspected-chat" tab=${args.tab}></oz-inspector>
  </div>`,
  play: async ({ canvasElement, args }) => {
    const chat = canvasElement.querySelector<OzAgentChat>('oz-agent-chat')!;
    const scenario = SCENARIOS[args.scenario]!;
    await chat.updateComplete;
    await chat.send(scenario.text);
    for (const answer of scenario.answers) {
      const state = chat.store!.getState();
      if (state.openInterruptIds.length === 0) break;
      await chat.store!.resume(answerAll(state, answer));
    }
  },
};
export default meta;
type Story = StoryObj<Args>;

/** board: the inspector's events. */
export const Events: Story = { args: { scenario: 'board' }, tags: ['screenshot'] };

/** board: the state tab (each board patch with the board before and after). */
export const BoardState: Story = { args: { scenario: 'board', tab: 'state' }, tags: ['screenshot'] };

/** quota: a spend refusal, on the timeline. */
export const Refused: Story = { args: { scenario: 'quota', tab: 'timeline' } };
