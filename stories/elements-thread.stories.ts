/**
 * The thread's side parts on their own, fed from recorded streams:
 * `<oz-board>` (redacted, tainted, superseded notes), `<oz-waiting>`,
 * `<oz-error>` (every RUN_ERROR code), `<oz-composer>`.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { DEFAULT_STRINGS } from '../elements/shared/strings.js';
import { RUN_ERROR_CODES } from '../src/protocol/index.js';
import { runErrorView } from './support/errors.js';
import { playedOf, playing } from './support/play.js';

const frame = (body: unknown, width = '760px') => html`<div style="max-width: ${width}">${body}</div>`;

export default { title: 'Elements/Thread parts', tags: ['!autodocs'] } satisfies Meta;
type Story = StoryObj;

/** `<oz-board>`: notes added, one tainted ("outside input"), redacted ones, superseded ones folded under their successor. */
export const Board: Story = {
  loaders: playing({ scenario: 'board' }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => frame(html`<oz-board .board=${playedOf(loaded).state.board}></oz-board>`, '420px'),
};

/** `<oz-board>` half-way: before the supersessions arrived. */
export const BoardEarly: Story = {
  loaders: playing({ scenario: 'board', hold: 14 }),
  render: (_a, { loaded }) => frame(html`<oz-board .board=${playedOf(loaded).state.board}></oz-board>`, '420px'),
};

/** `<oz-board>` with nothing on it yet. */
export const BoardEmpty: Story = {
  loaders: playing({ scenario: 'writer' }),
  render: (_a, { loaded }) => frame(html`<oz-board .board=${playedOf(loaded).state.board}></oz-board>`, '420px'),
};

/** `<oz-board>` marked stale: a STATE_DELTA that did not apply (a fixture-like delta on a path that is not there). */
export const BoardStale: Story = {
  loaders: playing({
    scenario: 'helper-approved',
    rewrite: (r) =>
      r.event.type === 'STATE_DELTA'
        ? [r, { ...r, id: `${r.id}b`, event: { ...r.event, delta: [{ op: 'replace', path: '/board/notes/7/text', value: 'Not there' }] } as typeof r.event }]
        : r,
  }),
  render: (_a, { loaded }) => frame(html`<oz-board .board=${playedOf(loaded).state.board}></oz-board>`, '420px'),
};

/** `<oz-waiting>`: delegator's release waits for a second person (four eyes). */
export const WaitingForOthers: Story = {
  loaders: playing({ scenario: 'delegator', hold: 8 }),
  tags: ['screenshot'],
  render: (_a, { loaded }) => frame(html`<oz-waiting .waiting=${playedOf(loaded).state.waitingForOthers}></oz-waiting>`),
};

/** `<oz-error>` for every RUN_ERROR code of the catalogue, and one it has not met, each through the reducer. */
export const ErrorEveryCode: Story = {
  tags: ['screenshot'],
  render: () =>
    frame(
      html`<div style="display: grid; gap: 12px">
        ${[...RUN_ERROR_CODES, 'something_new'].map((code) => html`<oz-error .error=${runErrorView(code)}></oz-error>`)}
      </div>`,
    ),
};

/** `<oz-error>` for one code (pick it in the controls). */
export const ErrorByCode: Story = {
  argTypes: { code: { control: 'select', options: [...RUN_ERROR_CODES, 'something_new'], description: 'The RUN_ERROR code' } },
  args: { code: 'oz0_quota_exceeded' },
  render: (args) => frame(html`<oz-error .error=${runErrorView(String(args.code))}></oz-error>`),
};

/** `<oz-error>` from the confirmer's refused resume (`invalid_resume`, recorded). */
export const ErrorInvalidResume: Story = {
  loaders: playing({ scenario: 'confirmer', runCount: 2 }),
  render: (_a, { loaded }) => frame(html`<oz-error .error=${playedOf(loaded).state.lastError}></oz-error>`),
};

/** `<oz-composer>` ready. */
export const ComposerIdle: Story = {
  args: { value: '' },
  render: (args) => frame(html`<oz-composer .value=${String(args.value ?? '')}></oz-composer>`),
};

/** `<oz-composer>` while a run streams: Stop following. */
export const ComposerRunning: Story = { render: () => frame(html`<oz-composer running disabled-reason=${DEFAULT_STRINGS.busyRunning}></oz-composer>`) };

/** `<oz-composer>` while interrupts wait: why it may not send. */
export const ComposerWaitingForAnswers: Story = {
  render: () => frame(html`<oz-composer value="One more thing" disabled-reason=${DEFAULT_STRINGS.busyAnswer}></oz-composer>`),
};
