import { expect, fixture, html } from '@open-wc/testing';
import '../../../inspector/define.js';
import type { OzInspector } from '../../../inspector/inspector/inspector.js';
import type { InspectFeed, InspectFeedFactory, InspectRunSummary } from '../../../inspector/runs-list/feed-types.js';
import type { RecordedEvent } from '../../../src/transport/index.js';
import { helperRun } from '../fixtures.js';
import { records, settled, shadow, shadowAll, until } from './helpers.js';

const RUNS: InspectRunSummary[] = [
  {
    runId: 'run-1',
    threadId: 'thread-a',
    agent: 'helper',
    tenant: 'acme',
    person: 'ana',
    startedAt: Date.parse('2026-01-05T10:00:00Z'),
    endedAt: Date.parse('2026-01-05T10:00:02Z'),
    status: 'finished',
    events: 21,
  },
  { runId: 'run-2', threadId: 'thread-b', agent: 'writer', tenant: 'acme', startedAt: Date.parse('2026-01-05T10:01:00Z'), status: 'running', events: 4 },
];

/** A feed over fixed runs: `follow` hands out the helper run, then waits for more until aborted. */
function fakeFeed(): { factory: InspectFeedFactory; seen: string[]; push: (r: RecordedEvent) => void } {
  const seen: string[] = [];
  const queue: RecordedEvent[] = [];
  let wake: (() => void) | undefined;
  const feed: InspectFeed = {
    list: async () => RUNS,
    follow(runId, signal) {
      seen.push(runId);
      return (async function* () {
        for (const r of records(helperRun('thread-a', runId))) yield r;
        while (!signal?.aborted) {
          const next = queue.shift();
          if (next) yield next;
          else await new Promise<void>((resolve) => ((wake = resolve), signal?.addEventListener('abort', () => resolve())));
        }
      })();
    },
  };
  return {
    factory: (src) => {
      seen.push(`src:${src}`);
      return feed;
    },
    seen,
    push: (r) => {
      queue.push(r);
      wake?.();
    },
  };
}

describe('<oz-inspector src>: the runs of a proxy inspection feed', () => {
  it('lists the runs and follows one live; its events show in the tabs as they come', async () => {
    const { factory, seen, push } = fakeFeed();
    const el = await fixture<OzInspector>(html`<oz-inspector theme="light" src="/agui/inspect" .feedFactory=${factory}></oz-inspector>`);
    const runs = shadow(el, 'oz-inspector-runs')!;
    await until(() => shadowAll(runs, 'tbody tr').length === 2, 'the runs listed');
    expect(seen[0]).to.equal('src:/agui/inspect');
    const rows = shadowAll(runs, 'tbody tr').map((r) => r.textContent!.replace(/\s+/g, ' '));
    expect(rows[0]).to.contain('run-1').and.contain('helper · acme').and.contain('ana').and.contain('Finished');
    expect(rows[1]).to.contain('Running');
    await expect(el).to.be.accessible();

    shadow<HTMLButtonElement>(runs, 'button[aria-label="Follow run-1"]')!.click();
    await until(() => el.recording?.size === helperRun('t', 'r').length, 'the followed events');
    expect(seen).to.include('run-1');
    push({ id: 'late-1', event: { type: 'CUSTOM', name: 'oz0.card', value: { job: 'job-9', card: { type: 'x' } } } as never, t: 99 });
    await until(() => el.recording?.size === helperRun('t', 'r').length + 1, 'a later event');
    await settled(el);
    expect(shadow(runs, 'tr[aria-current="true"]')!.textContent).to.contain('run-1');
    expect(shadow(el, '[part~="toolbar"]')!.textContent).to.contain('run-1');
    await expect(el).to.be.accessible();
  });

  it('a failing feed says so, and the panel stays usable', async () => {
    const factory: InspectFeedFactory = () => ({
      list: async () => {
        throw new Error('HTTP 403: not allowed to inspect');
      },
      follow: () => (async function* () {})(),
    });
    const el = await fixture<OzInspector>(html`<oz-inspector theme="light" src="/agui/inspect" .feedFactory=${factory}></oz-inspector>`);
    const runs = shadow(el, 'oz-inspector-runs')!;
    await until(() => shadow(runs, '[role="alert"]'), 'the error');
    expect(shadow(runs, '[role="alert"]')!.textContent).to.contain('HTTP 403: not allowed to inspect');
    await expect(el).to.be.accessible();
  });
});
