/**
 * `<oz-agent-chat>` where a turn stalls or ends, each with the way on it
 * offers (issue 18, "No dead ends"): a turn OZ cancelled, a stream that
 * skipped ahead, an interrupt past its deadline, following stopped, a turn
 * that waits for others, the tenant's AI label. Sends the route refuses are
 * in chat-refused.stories.ts, malformed input in chat-malformed.stories.ts.
 * Each is reached through the real store and reducer from scripted runs
 * (stories/support/ways-on.ts), driven in a loader.
 */
import type { Meta } from '@storybook/web-components-vite';
import { answered, driving, expectShown, recorded, refusedRun, say, sent, settled, type Script } from './support/ways-on.js';
import { chatIn, composerOf, finished, reaches, type Story } from './support/ways-on-play.js';
import { chatOf } from './support/chat.js';
import { playedOf } from './support/play.js';

const meta: Meta = {
  title: 'Chat/Ways on',
  component: 'oz-agent-chat',
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 680 } } },
  render: (_args, { loaded }) => chatOf(playedOf(loaded)),
};
export default meta;

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
