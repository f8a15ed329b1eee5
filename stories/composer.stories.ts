/**
 * `<oz-composer>` on its own: ready, while a run streams, while interrupts wait.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { DEFAULT_STRINGS } from '../elements/shared/strings.js';
import { frame } from './support/frame.js';

export default { title: 'Elements/Composer', component: 'oz-composer' } satisfies Meta;
type Story = StoryObj;

/** `<oz-composer>` ready. */
export const Idle: Story = {
  args: { value: '' },
  render: (args) => frame(html`<oz-composer .value=${String(args.value ?? '')}></oz-composer>`),
};

/** `<oz-composer>` while a run streams: Stop following. */
export const Running: Story = { render: () => frame(html`<oz-composer running disabled-reason=${DEFAULT_STRINGS.busyRunning}></oz-composer>`) };

/** `<oz-composer>` while interrupts wait: why it may not send. */
export const WaitingForAnswers: Story = {
  render: () => frame(html`<oz-composer value="One more thing" disabled-reason=${DEFAULT_STRINGS.busyAnswer}></oz-composer>`),
};
