/**
 * `<oz-agent-chat>` fed malformed board notes and snapshots: the page does
 * not break, what is valid shows, and each bad part is flagged (issue 18).
 */
import type { Meta } from '@storybook/web-components-vite';
import { driving, say, sent } from './support/ways-on.js';
import { finished, reaches, type Story } from './support/ways-on-play.js';
import { chatOf } from './support/chat.js';
import { playedOf } from './support/play.js';

const meta: Meta = {
  title: 'Chat/Malformed input',
  component: 'oz-agent-chat',
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 680 } } },
  render: (_args, { loaded }) => chatOf(playedOf(loaded)),
};
export default meta;

const NOTE = { kind: 'decision', tags: ['release'], job: 'job-1', agent: 'board', createdAt: '2026-01-01T09:00:00Z', tainted: false, labels: [] };

/**
 * Notes that arrived malformed (no `tags` or `labels`, a text that is a
 * number, no note at all): the page does not break, the valid notes show,
 * and each bad one is flagged on the board, naming its fields.
 */
export const MalformedNotes: Story = {
  loaders: driving(
    {
      steps: [
        (threadId, runId) => [
          { type: 'RUN_STARTED', threadId, runId },
          { type: 'STATE_SNAPSHOT', snapshot: { board: { notes: [{ id: 'n1', text: 'Release 2.1.0 goes out on Friday.', ...NOTE }, { id: 'n2', text: 42, tags: 'release' }, null] } } },
          {
            type: 'STATE_DELTA',
            delta: [
              {
                op: 'add',
                path: '/board/notes/-',
                value: { id: 'n3', kind: 'fact', text: 'The billing check passed.', job: 'job-1', agent: 'board', createdAt: '2026-01-01T09:01:00Z', tainted: false },
              },
            ],
          },
          ...say('job-1:m1', 'AI: I tidied the board.'),
          finished(threadId, runId, { type: 'success' }),
        ],
      ],
    },
    (store) => sent(store, 'Tidy the board'),
  ),
  play: reaches('Release 2.1.0 goes out on Friday.', 'Arrived malformed (kind, tags, text', 'Arrived malformed (note)', 'Arrived malformed (tags, labels)'),
  tags: ['screenshot'],
};

/** A later snapshot whose board has the wrong shape: the board as it was stays, marked as maybe out of date. */
export const MalformedSnapshot: Story = {
  loaders: driving(
    {
      steps: [
        (threadId, runId) => [
          { type: 'RUN_STARTED', threadId, runId },
          { type: 'STATE_SNAPSHOT', snapshot: { board: { notes: [{ id: 'n1', text: 'Release 2.1.0 goes out on Friday.', ...NOTE }] } } },
          { type: 'STATE_SNAPSHOT', snapshot: { board: 'not a board' } },
          ...say('job-1:m1', 'AI: I tidied the board.'),
          finished(threadId, runId, { type: 'success' }),
        ],
      ],
    },
    (store) => sent(store, 'Tidy the board'),
  ),
  play: reaches('The board may be out of date', 'Release 2.1.0 goes out on Friday.'),
  tags: ['screenshot'],
};
