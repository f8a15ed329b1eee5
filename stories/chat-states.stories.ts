/**
 * `<oz-agent-chat>` in the states a live run passes through: text still
 * streaming, reconnecting, the connection lost, a run's error by code, the
 * empty thread; in the dark theme and at a phone's width.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { RUN_ERROR_CODES } from '../src/protocol/index.js';
import { chatOf } from './support/chat.js';
import { runErrorOf } from './support/errors.js';
import { idle, playedOf, playing } from './support/play.js';

const meta: Meta = {
  title: 'Chat/States',
  component: 'oz-agent-chat',
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 680 } } },
  render: (_args, { loaded }) => chatOf(playedOf(loaded)),
};
export default meta;

type Story = StoryObj;

/** Nothing sent yet. */
export const Empty: Story = { loaders: [async () => ({ played: idle() })] };

/** writer, half-way: the answer streams (the composer offers Stop). */
export const StreamingText: Story = { loaders: playing({ scenario: 'writer', hold: 24 }), tags: ['screenshot'] };

/** writer, half-way, then the connection dropped: reconnecting with Last-Event-ID. */
export const Reconnecting: Story = { loaders: playing({ scenario: 'writer', hold: 24, holdEnd: 'reconnecting' }), tags: ['screenshot'] };

/** writer, half-way, then reconnecting gave up: the connection is lost, with Retry. */
export const ConnectionLost: Story = { loaders: playing({ scenario: 'writer', hold: 24, holdEnd: 'failed' }) };

/** failing: the agent could not finish (`failed`, Try again). */
export const RunFailed: Story = { loaders: playing({ scenario: 'failing' }) };

/** failing, slowly: `timed_out`. */
export const RunTimedOut: Story = { loaders: playing({ scenario: 'failing-timeout' }) };

/** quota: a spend refusal with its figures (`oz0_quota_exceeded`). */
export const QuotaExceeded: Story = { loaders: playing({ scenario: 'quota' }), tags: ['screenshot'] };

/** Any RUN_ERROR code of the catalogue: the failing recording with its RUN_ERROR's code replaced. */
export const RunErrorByCode: Story = {
  argTypes: { code: { control: 'select', options: [...RUN_ERROR_CODES, 'something_new'], description: 'The RUN_ERROR code' } },
  args: { code: 'history_mismatch' },
  loaders: playing((args) => runErrorOf(String(args.code))),
};

/** helper, approved, in the dark theme. */
export const Dark: Story = { loaders: playing({ scenario: 'helper-approved' }), globals: { theme: 'dark' }, tags: ['screenshot'] };

/** asker's question, in the dark theme. */
export const DarkQuestion: Story = { loaders: playing({ scenario: 'asker', runCount: 1 }), globals: { theme: 'dark' }, tags: ['screenshot'] };

/** helper, approved, at a phone's width (the board folds above the composer). */
export const Mobile: Story = {
  loaders: playing({ scenario: 'helper-approved' }),
  globals: { viewport: { value: 'mobile', isRotated: false } },
  tags: ['screenshot', 'mobile'],
  render: (_args, { loaded }) => chatOf(playedOf(loaded), { height: '100vh' }),
};

/** The approval form at a phone's width, dark. */
export const MobileDarkApproval: Story = {
  loaders: playing({ scenario: 'confirmer', runCount: 1 }),
  globals: { viewport: { value: 'mobile', isRotated: false }, theme: 'dark' },
  tags: ['screenshot', 'mobile'],
  render: (_args, { loaded }) => chatOf(playedOf(loaded), { height: '100vh' }),
};
