/**
 * The drop test, live: the edge cuts a writer run's stream at 20 seeded random
 * points (a `drop-after` or `cut-frame` fault on every reconnect, through the
 * real proxy); the chat reconnects with Last-Event-ID each time and ends with
 * exactly the undisturbed run's transcript.
 */
import { expect } from '@open-wc/testing';
import type { OzAgentChat } from '../../../elements/chat/chat.js';
import { assistantMessages, edgeStats, liveChat, markdownShown, newTrace, readTrace, seeded, seenText, shadow, shadowAll, state, typeAndSend, until, untilRunEnded } from './live-edge.js';

const MESSAGE = 'Write it: chunks=160 size=8 pace=1';
const DROPS = 20;
const SEED = 0x0d2a7;

function dropPlan(seed: number, n: number): string[] {
  const random = seeded(seed);
  return Array.from({ length: n }, () => {
    const at = 1 + Math.floor(random() * 6);
    return random() < 0.5 ? `drop-after=${at}` : `cut-frame=${at}`;
  });
}

async function answerHtml(el: OzAgentChat): Promise<string> {
  const last = shadowAll(el, '.message').at(-1)!;
  await until(() => shadow(last, '.markdown'), 'the answer');
  const md = shadow<HTMLElement>(last, '.markdown')!;
  await markdownShown(md);
  return md.innerHTML.replace(/<!--[^>]*-->/g, '');
}

describe('live: the stream dropped many times', () => {
  it('ends with the undisturbed transcript: nothing missed, nothing twice; the edge saw the Last-Event-ID reconnects', async () => {
    // The undisturbed run.
    const calm = await liveChat({ agent: 'writer' });
    await typeAndSend(calm, MESSAGE);
    await untilRunEnded(calm);
    const calmAnswers = assistantMessages(state(calm));
    const calmHtml = await answerHtml(calm);

    // The same run, cut at 20 seeded random points.
    const plan = dropPlan(SEED, DROPS);
    const trace = await newTrace(plan);
    const before = await edgeStats();
    const el = await liveChat({ agent: 'writer', trace });
    const reconnecting: string[] = [];
    el.store!.subscribe((s) => {
      if (s.connection.status === 'reconnecting') reconnecting.push(s.connection.lastEventId ?? '');
    });
    await typeAndSend(el, MESSAGE);
    await untilRunEnded(el, 20_000);
    const after = await edgeStats();

    const s = state(el);
    expect(s.status).to.equal('idle');
    expect(s.lastError).to.equal(undefined);
    const answers = assistantMessages(s);
    expect(answers.map((m) => m.id).length).to.equal(calmAnswers.length);
    expect(answers.map((m) => m.content)).to.deep.equal(calmAnswers.map((m) => m.content));
    expect(answers.every((m) => m.complete)).to.equal(true);
    expect(await answerHtml(el)).to.equal(calmHtml);
    const text = (c: OzAgentChat) =>
      shadowAll(c, '.message')
        .map((m) => seenText(m))
        .join('\n');
    expect(text(el)).to.equal(text(calm));
    expect(shadow(el, 'oz-error')).to.equal(null);

    // Every planned fault was taken, each by its own request; every reconnect sent Last-Event-ID.
    const { requests, faultsLeft } = await readTrace(trace);
    expect(faultsLeft).to.equal(0);
    expect(requests.length).to.equal(DROPS + 1);
    expect(requests.map((r) => r.fault)).to.deep.equal([...plan, null]);
    expect(requests.every((r) => r.status === 200)).to.equal(true);
    expect(requests[0]!.lastEventId).to.equal(null);
    for (const r of requests.slice(1)) expect(r.lastEventId, 'a reconnect without Last-Event-ID').to.be.a('string').and.not.equal('');
    const ids = requests.slice(1).map((r) => r.lastEventId!);
    expect(new Set(ids).size, 'each reconnect resumed further on').to.be.at.least(DROPS - plan.filter((f) => f === 'cut-frame=1').length);
    expect(reconnecting.length).to.be.at.least(1);

    // The edge's own counters (other live files share the edge: at least ours).
    expect(after.resumeRequests - before.resumeRequests).to.be.at.least(DROPS);
    expect(after.faultsApplied - before.faultsApplied).to.be.at.least(DROPS);
    expect((after.agents.writer ?? 0) - (before.agents.writer ?? 0)).to.be.at.least(DROPS + 1);
    await expect(el).to.be.accessible();
  });
});
