/**
 * `<oz-agent-chat>` when a send is refused or the thread cannot go on, each
 * with its way on (issue 18): too large, 413, 403, a failed precondition,
 * history this page cannot go on with, access revoked, the server's own
 * words. Driven in a loader, or by the chat itself in a play function where
 * the chat's own handling is the point (the words put back in the composer).
 */
import type { Meta } from '@storybook/web-components-vite';
import { memoryStorage } from '../src/thread/index.js';
import { answered, driving, httpRefusal, refusedRun, say, sent } from './support/ways-on.js';
import { reaches, sendInChat, type Story } from './support/ways-on-play.js';
import { chatOf } from './support/chat.js';
import { playedOf } from './support/play.js';

const meta: Meta = {
  title: 'Chat/Refused',
  component: 'oz-agent-chat',
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 680 } } },
  render: (_args, { loaded }) => chatOf(playedOf(loaded)),
};
export default meta;

/** Just over the route's 4 MiB body limit. */
const TOO_LARGE = () => 'Paste of the whole ledger, line by line. '.repeat(Math.ceil((4 * 1024 * 1024 + 64) / 41));

/** A message past the route's 4 MiB, refused before sending: nothing is sent, the chat says why, the words are back in the composer. */
export const RefusedTooLarge: Story = {
  loaders: driving({ steps: [] }, () => undefined),
  play: sendInChat(TOO_LARGE, /Not sent: .*MiB/),
  tags: ['screenshot'],
};

/** The route refused the request (413) before the turn started: no turn of OZ's; the words are back in the composer, the reason (the catalogue's and the server's) above it. */
export const Refused413: Story = {
  loaders: driving({ steps: [{ refuse: httpRefusal(413, 'payload_too_large', 'The request body is larger than the 4 MiB this route takes.') }] }, () => undefined),
  play: sendInChat(() => 'Attach the quarterly figures and summarise them', 'The message is too large to send.', 'The request body is larger than the 4 MiB this route takes.', 'HTTP 413'),
  tags: ['screenshot'],
};

/** A 403 before the turn started (`permission_denied`): the server's own reason, the console's link, the words back in the composer. */
export const PermissionDenied: Story = {
  loaders: driving(
    {
      steps: [
        {
          refuse: httpRefusal(403, 'permission_denied', 'Not a member of tenant acme: ask a tenant admin to add you.', {
            console: { label: 'Open in OZ', url: 'https://edge.example.com/console/tenants/acme' },
          }),
        },
      ],
    },
    () => undefined,
  ),
  play: sendInChat(() => 'Deploy billing to production', 'You are not allowed to do this.', 'Not a member of tenant acme', 'Open in OZ'),
  tags: ['screenshot'],
};

/**
 * `failed_precondition` mid-turn, with a long message from the server: the
 * catalogue's meaning and action, and the server's own words, folded.
 */
export const FailedPrecondition: Story = {
  loaders: driving(
    {
      steps: [
        (threadId, runId) => [
          { type: 'RUN_STARTED', threadId, runId },
          ...say('job-1:m1', 'AI: Checking that the release may go out.'),
          {
            type: 'RUN_ERROR',
            code: 'failed_precondition',
            message:
              'The release check did not pass: release 2.1.0 needs the change ticket CHG-1042 approved before it is published, and that ticket is still open. ' +
              'Approve the ticket in the change calendar, then load the thread again; the agent picks the release up where it stopped.',
          },
        ],
      ],
    },
    (store) => sent(store, 'Publish release 2.1.0'),
  ),
  play: reaches('A check before deciding did not pass.', 'What the server said', 'CHG-1042', 'Code: failed_precondition'),
  tags: ['screenshot'],
};

/** Loading again met history_mismatch again (another tab added turns): `history_unavailable`, with a new thread offered. */
export const HistoryUnavailable: Story = {
  loaders: driving(
    {
      steps: [answered('job-1:m1', 'AI: The first draft is ready.'), refusedRun('history_mismatch', 'The thread has 4 turns; the request has 1.')],
    },
    async (store) => {
      await sent(store, 'Draft the plan');
      await store.resync().catch(() => undefined);
    },
  ),
  play: reaches('this page cannot go on with it', 'The thread has 4 turns', 'Start a new thread'),
  tags: ['screenshot'],
};

/** A fresh page given the `thread-id` of a thread OZ has, nothing stored: `nothing_to_load` is said, with a new thread offered (the chat fires `oz-history-needed`). */
export const NothingToLoad: Story = {
  loaders: driving({ steps: [], threadId: 'known-elsewhere' }, (store) => {
    try {
      void store.resync().catch(() => undefined);
    } catch {
      // nothing_to_load: the thread's error says it
    }
  }),
  play: reaches("This page has none of this conversation's turns", 'Start a new thread'),
  tags: ['screenshot'],
};

/** `revoked`: access to the thread was taken away; its copy in this browser is removed, and the chat says so. */
export const Revoked: Story = {
  loaders: driving(
    {
      storage: memoryStorage(),
      steps: [answered('job-1:m1', 'AI: The salary review is in the shared folder.'), refusedRun('revoked', 'Access to this thread was revoked by a tenant admin.')],
    },
    async (store) => {
      await sent(store, 'Where is the salary review?');
      await sent(store, 'Share it with Bo');
    },
  ),
  play: reaches('Access to this thread was revoked by a tenant admin.', "This conversation's copy in this browser was removed."),
  tags: ['screenshot'],
};
