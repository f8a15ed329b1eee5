/**
 * The inspector's parts alone, each given a recording imported from the
 * recorded fixtures (what a support person sees after importing a person's
 * export): the Events, State, Interrupts, Requests and Timeline tabs, and the
 * list of runs a proxy's inspection feed offers.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../inspector/define.js';
import { importRecording } from '../src/recorder/index.js';
import type { InspectFeed, InspectRunSummary } from '../inspector/index.js';
import { FIXTURE_TEXT, fixture, runIds, startedAt } from './support/recordings.js';

type Args = { fixtures: string };

/** The fixtures' NDJSON, one after the other, as one imported recording. */
const imported = (names: string) =>
  importRecording(
    names
      .split(' ')
      .map((n) => FIXTURE_TEXT[n] ?? '')
      .join(''),
  );

const meta: Meta<Args> = {
  title: 'Inspector/Tabs',
  parameters: { layout: 'padded' },
  argTypes: { fixtures: { control: 'text', description: 'Fixture names (test/fixtures/runs), space-separated' } },
  args: { fixtures: 'helper-approved-1 helper-approved-2' },
};
export default meta;
type Story = StoryObj<Args>;

/** `<oz-inspector-events>`: every event with its SSE id and time; filters; the selected one as JSON. */
export const Events: Story = {
  render: (args) => html`<oz-inspector-events .recording=${imported(args.fixtures)} revision="1"></oz-inspector-events>`,
  tags: ['screenshot'],
};

/** `<oz-inspector-state>`: the board at each board event, with the patch's operations. */
export const State: Story = {
  args: { fixtures: 'board' },
  render: (args) => html`<oz-inspector-state .recording=${imported(args.fixtures)} revision="1"></oz-inspector-state>`,
};

/** `<oz-inspector-interrupts>`: each interrupt from its request to its outcome. */
export const Interrupts: Story = {
  render: (args) => html`<oz-inspector-interrupts .recording=${imported(args.fixtures)} revision="1"></oz-inspector-interrupts>`,
};

/** `<oz-inspector-requests>`: an imported file holds the events only, so this tab says what it lacks. */
export const Requests: Story = {
  render: (args) => html`<oz-inspector-requests .recording=${imported(args.fixtures)} revision="1"></oz-inspector-requests>`,
};

/** `<oz-inspector-timeline>`: runs, steps and waits on a time axis. */
export const Timeline: Story = {
  args: { fixtures: 'delegator-1 delegator-2' },
  render: (args) => html`<oz-inspector-timeline .recording=${imported(args.fixtures)} revision="1"></oz-inspector-timeline>`,
};

/** A feed over the fixtures, standing in for a proxy's inspection feed: one run per fixture. */
function fixtureFeed(names: readonly string[]): InspectFeed {
  const runs: InspectRunSummary[] = names.map((name) => {
    const events = fixture(name);
    const ids = runIds(events);
    const last = events.at(-1)?.event;
    const status = last?.type === 'RUN_ERROR' ? 'error' : (last as { outcome?: { type?: string } } | undefined)?.outcome?.type === 'interrupt' ? 'interrupted' : 'finished';
    return {
      runId: ids.runId ?? name,
      threadId: ids.threadId ?? name,
      agent: name.replace(/-\d+$/, ''),
      tenant: 'acme',
      person: 'ana',
      startedAt: startedAt(events) ?? 0,
      status,
      events: events.length,
    };
  });
  return {
    list: async () => runs,
    follow: async function* (runId) {
      const name = names[runs.findIndex((r) => r.runId === runId)];
      if (name) yield* fixture(name);
    },
  };
}

/** `<oz-inspector-runs>`: the runs a proxy's feed lists, each to follow. */
export const Runs: Story = {
  args: { fixtures: 'helper-approved-1 writer quota failing' },
  render: (args) => html`<oz-inspector-runs .feed=${fixtureFeed(args.fixtures.split(' '))}></oz-inspector-runs>`,
  tags: ['screenshot'],
};
