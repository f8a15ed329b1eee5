/**
 * `<oz-agent-chat>` where a turn stalls, ends or is refused, each with the
 * way on it offers (issue 18, "No dead ends"): a turn OZ cancelled, a stream
 * that skipped ahead, an interrupt past its deadline, following stopped, a
 * turn that waits for others, a send refused (too large, 413, 403), history
 * this page cannot go on with, access revoked, the server's own words, the
 * tenant's AI label, malformed board notes. Each is reached through the real
 * store and reducer from scripted runs (stories/support/ways-on.ts), driven
 * in a loader, or by the chat itself in a play function where the chat's own
 * handling is the point (the words put back in the composer).
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { OzAgentChat } from '../elements/chat/chat.js';
import type { OzComposer } from '../elements/composer/composer.js';
import { memoryStorage } from '../src/thread/index.js';
import { chatOf } from './support/chat.js';
import { playedOf } from './support/play.js';
import { answered, driving, expectShown, httpRefusal, recorded, refusedRun, say, sent, settled, type Script } from './support/ways-on.js';

const meta: Meta = {
  title: 'Chat/Ways on',
  component: 'oz-agent-chat',
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 680 } } },
  render: (_args, { loaded }) => chatOf(playedOf(loaded)),
};
export default meta;

type Story = StoryObj;
type PlayContext = { canvasElement: HTMLElement };

/** The story's chat, rendered and settled. */
async function chatIn(canvasElement: HTMLElement): Promise<OzAgentChat> {
  const chat = canvasElement.querySelector<OzAgentChat>('oz-agent-chat');
  if (!chat) throw new Error('The story rendered no <oz-agent-chat>');
  await settled(canvasElement);
  return chat;
}

/** The chat's composer (its text and whether it is locked). */
function composerOf(chat: OzAgentChat): OzComposer {
  const composer = chat.shadowRoot?.querySelector<OzComposer>('oz-composer');
  if (!composer) throw new Error('The chat has no composer');
  return composer;
}

/** Checks the story reached its state: the chat shows every needle (a story that did not fails its check). */
const reaches =
  (...needles: readonly (string | RegExp)[]) =>
  async ({ canvasElement }: PlayContext): Promise<void> => {
    expectShown(await chatIn(canvasElement), ...needles);
  };

/**
 * Sends through the chat itself (as its composer does), lets the store's
 * batch and the chat's render run, then checks the words are back in the
 * composer and the chat shows every needle.
 */
const sendInChat =
  (text: () => string, ...needles: readonly (string | RegExp)[]) =>
  async ({ canvasElement }: PlayContext): Promise<void> => {
    const chat = await chatIn(canvasElement);
    const words = text();
    await chat.send(words).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
    await settled(canvasElement);
    if (composerOf(chat).value !== words) throw new Error('The words are not back in the composer');
    expectShown(chat, ...needles);
  };

const finished = (threadId: string, runId: string, outcome: Record<string, unknown>) => ({ type: 'RUN_FINISHED', threadId, runId, outcome });

/** A turn OZ cancelled (RUN_FINISHED outcome `cancelled`, the job stopped in OZ): the transcript says "Stopped in OZ". */
export const StoppedInOz: Story = {
  loaders: driving(
    {
      steps: [
        (threadId, runId) => [
          { type: 'RUN_STARTED', threadId, runId },
          ...say('job-1:m1', 'AI: Moving the open invoices to the new ledger. The first'),
          finished(threadId, runId, { type: 'cancelled' }),
        ],
      ],
    },
    (store) => sent(store, 'Move the invoices to the new ledger'),
  ),
  play: reaches('Stopped in OZ'),
  tags: ['screenshot'],
};

/** The stream skipped ahead: the cut message ends there and the whole answer comes on its own; the fragment is folded above it, its text shown once. */
const skipAhead: Script = (threadId, runId) => [
  { type: 'RUN_STARTED', threadId, runId },
  ...say('job-1:m1', 'AI: The report covers the first'),
  ...say('job-1:m2', 'AI: The report covers the first quarter and the second: revenue grew by 8 %, costs stayed flat.'),
  finished(threadId, runId, { type: 'success' }),
];

/** A skip ahead: the fragment folded (closed), the whole answer once. */
export const SkipAhead: Story = {
  loaders: driving({ steps: [skipAhead] }, (store) => sent(store, 'Summarise the report')),
  play: reaches('Cut off where the stream skipped ahead', 'The report covers the first quarter and the second'),
  tags: ['screenshot'],
};

/** The same, the folded fragment opened. */
export const SkipAheadUnfolded: Story = {
  loaders: driving({ steps: [skipAhead] }, (store) => sent(store, 'Summarise the report')),
  play: async ({ canvasElement }) => {
    const chat = await chatIn(canvasElement);
    const fold = chat.shadowRoot?.querySelector<HTMLDetailsElement>('[part~="repeated"]');
    if (!fold) throw new Error('No folded fragment');
    fold.open = true;
    await settled(canvasElement);
    expectShown(chat, 'Cut off where the stream skipped ahead', 'The report covers the first quarter and the second');
  },
};

/**
 * helper's approval, past its deadline (09:15; the clock reads 09:20): the
 * interrupt says it ran out of time and offers "Load again" (which follows
 * the turn afresh and shows how OZ ended it), and the composer is free.
 */
export const InterruptExpired: Story = {
  loaders: driving(
    {
      steps: [recorded('helper-approved-1'), answered('job-1:m9', 'AI: The approval ran out of time, so OZ denied it: I did not post to #team.')],
    },
    async (store, { clock }) => {
      await sent(store, 'Please greet the team');
      clock.now = Date.UTC(2026, 0, 1, 9, 20);
    },
  ),
  play: async ({ canvasElement }) => {
    // The interrupt forms load on first use.
    await customElements.whenDefined('oz-interrupts');
    const chat = await chatIn(canvasElement);
    expectShown(chat, 'ran out of time', 'Load again');
    if (composerOf(chat).disabledReason) throw new Error(`The composer is locked: ${composerOf(chat).disabledReason}`);
  },
  tags: ['screenshot'],
};

/** writer-like text, part of it streamed; Follow again plays on after the events already seen. */
const longAnswer: Script = (threadId, runId) => [
  { type: 'RUN_STARTED', threadId, runId },
  { type: 'TEXT_MESSAGE_START', messageId: 'job-1:m1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-1:m1', delta: 'AI: Checking the forty open invoices. ' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-1:m1', delta: 'The first twelve match their orders; ' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-1:m1', delta: 'the rest match too, and none is due this week.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'job-1:m1' },
  finished(threadId, runId, { type: 'success' }),
];

/** The person pressed Stop half-way: the transcript says the turn may go on in OZ and offers "Follow again" (the same run, from Last-Event-ID). */
export const StoppedFollowAgain: Story = {
  loaders: driving({ steps: [{ script: longAnswer, hold: 4 }, longAnswer] }, async (store, { held }) => {
    const turn = store.send('Check the open invoices').catch(() => undefined);
    await held;
    store.stop();
    await turn;
  }),
  play: async ({ canvasElement }) => {
    const chat = await chatIn(canvasElement);
    expectShown(chat, 'You stopped following this turn', 'Follow again');
    if (!chat.shadowRoot?.querySelector('[part~="stopped"] button')) throw new Error('No Follow again button');
  },
  tags: ['screenshot'],
};

const WAITING = [
  {
    job: 'job-5',
    what: 'Publish release 2.1.0',
    deciders: 'a person who may decide approvals, other than ana (four eyes)',
    console: { label: 'Decide in OZ', url: 'https://edge.example.com/console/jobs/job-5' },
  },
];

/** A turn that waits for others (its stream quiet after `oz0.waiting`), and how it ends once they decided. */
const waitingTurn =
  (ended: boolean): Script =>
  (threadId, runId) => [
    { type: 'RUN_STARTED', threadId, runId },
    ...say('job-1:m1', 'AI: I asked for the release to be approved; it goes out once someone decides.'),
    { type: 'CUSTOM', name: 'oz0.waiting', value: { waiting: WAITING } },
    ...(ended ? [...say('job-1:m2', 'AI: Release 2.1.0 was approved and published.'), finished(threadId, runId, { type: 'success' })] : []),
  ];

/**
 * A new message while the turn before still waits for others: OZ refuses it
 * with `turn_waiting` (naming who decides); "Follow again" follows that turn
 * and shows how it ended, without reloading the page.
 */
export const TurnWaiting: Story = {
  loaders: driving(
    {
      steps: [
        { script: waitingTurn(false), hold: 5 },
        refusedRun('turn_waiting', `The turn waits for others to decide: ${WAITING[0]!.deciders}. The thread goes on once they do.`, { 'oz0/waiting-for-others': WAITING }),
        waitingTurn(true),
      ],
    },
    async (store, { held }) => {
      const turn = store.send('Release 2.1.0').catch(() => undefined);
      await held;
      store.stop();
      await turn;
      await sent(store, 'Is it out yet?');
    },
  ),
  play: reaches('Code: turn_waiting', 'The turn waits for others to decide', 'Follow again', 'Waiting for other people'),
  tags: ['screenshot'],
};

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

/** The tenant's own AI label (`oz0/ai-label` on the route's interrupt) is the badge, in place of the assumed "AI: ". */
export const TenantAiLabel: Story = {
  loaders: driving(
    {
      steps: [
        (threadId, runId) => {
          const events = recorded('helper-approved-1')(threadId, runId);
          return events.map((e) => {
            if (e.type === 'TEXT_MESSAGE_CONTENT') return { ...e, delta: String(e.delta).replace(/^AI: /, 'Acme Assistant (AI): ') };
            if (e.type !== 'RUN_FINISHED') return e;
            const outcome = e.outcome as { interrupts: Array<Record<string, unknown> & { metadata: Record<string, unknown> }> };
            return {
              ...e,
              outcome: { ...outcome, interrupts: outcome.interrupts.map((i) => ({ ...i, metadata: { ...i.metadata, 'oz0/ai-label': 'Acme Assistant (AI): ' } })) },
            };
          });
        },
      ],
    },
    (store) => sent(store, 'Please greet the team'),
  ),
  play: async ({ canvasElement }) => {
    const chat = await chatIn(canvasElement);
    const badge = chat.shadowRoot?.querySelector('[part~="ai-label"]');
    if (!badge?.textContent?.includes('Acme Assistant (AI)')) throw new Error(`The badge says ${JSON.stringify(badge?.textContent ?? null)}`);
  },
  tags: ['screenshot'],
};

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
