/**
 * Replay: play any recording into a chat, at any speed or step by step. Pick
 * a fixture's scenario or load a file (NDJSON `{id, event, t}` lines, as
 * `npm run fixtures` writes them and the inspector exports them); press Send,
 * answer the interrupts in the chat (or "Answer as recorded"), and each
 * request plays the recording's next run.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { SCENARIO_NAMES } from './support/recordings.js';
import './support/replay-player.js';
import type { StoryReplay } from './support/replay-player.js';

type ReplayArgs = { scenario: string; speed: number; stepping: boolean };

const meta: Meta<ReplayArgs> = {
  title: 'Replay',
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 760 } } },
  argTypes: {
    scenario: { control: 'select', options: SCENARIO_NAMES, description: 'A recorded scenario (test/fixtures/runs)' },
    speed: { control: 'select', options: [0.25, 1, 4, 20, Infinity], description: '1 = the recorded pace' },
    stepping: { control: 'boolean', description: 'One event per Step press' },
  },
  args: { scenario: 'helper-approved', speed: 1, stepping: false },
  render: (args) =>
    html`<div style="height: 100vh; box-sizing: border-box; padding: 1rem">
      <story-replay .scenario=${args.scenario} .speed=${args.speed} .stepping=${args.stepping}></story-replay>
    </div>`,
};
export default meta;
type Story = StoryObj<ReplayArgs>;

/** Choose a recording and a speed, then press Send. */
export const Player: Story = {};

/** Step by step: each Step press plays one event (the status line names the next one). */
export const StepByStep: Story = { args: { stepping: true, scenario: 'delegator' } };

/** The writer's long answer played at once, then the player waits for the next request. */
export const PlayedAtOnce: Story = {
  args: { scenario: 'writer', speed: Infinity },
  tags: ['screenshot'],
  play: async ({ canvasElement }) => {
    const player = canvasElement.querySelector<StoryReplay>('story-replay')!;
    await player.updateComplete;
    player.shadowRoot!.querySelector<HTMLButtonElement>('button')!.click();
    const store = player.threadStore!;
    await new Promise<void>((resolve) => {
      const check = () => (store.getState().status === 'running' ? setTimeout(check, 20) : resolve());
      setTimeout(check, 20);
    });
  },
};
