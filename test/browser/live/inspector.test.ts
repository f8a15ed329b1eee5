/**
 * The inspector live: <oz-inspector> records chats talking to the development
 * edge through the real proxy — every event type the route sends, requests,
 * the resume and its outcome, reconnects with their Last-Event-ID — and an
 * export of it, imported again, replays the same transcript into a chat.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../inspector/define.js';
import type { OzInspector } from '../../../inspector/inspector/inspector.js';
import type { ThreadState } from '../../../src/thread/state.js';
import { decideAs, liveChat, newTrace, seenText, shadow, shadowAll, state, typeAndSend, until, untilRunEnded } from './live-edge.js';

const ROUTE_EVENT_TYPES = [
  'RUN_STARTED',
  'RUN_FINISHED',
  'RUN_ERROR',
  'TEXT_MESSAGE_START',
  'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_END',
  'TOOL_CALL_START',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_END',
  'TOOL_CALL_RESULT',
  'STEP_STARTED',
  'STEP_FINISHED',
  'STATE_SNAPSHOT',
  'STATE_DELTA',
  'CUSTOM oz0.card',
  'CUSTOM oz0.waiting',
  'CUSTOM oz0.resume',
];

function typesOf(inspector: OzInspector): Set<string> {
  const out = new Set<string>();
  for (const { recording } of inspector.recordings) {
    for (const e of recording.entries()) {
      if (e.kind !== 'event') continue;
      const ev = e.event as { type: string; name?: string };
      out.add(ev.type === 'CUSTOM' ? `CUSTOM ${ev.name}` : ev.type);
    }
  }
  return out;
}

/** What a person sees of a thread, without the ids the store generates. */
function transcript(s: ThreadState) {
  return {
    turns: s.turns.map((t) => ({
      runs: t.runs.map((r) => ({ outcome: r.outcome, items: r.items.map((i) => (i.kind === 'message' ? i.message.content : i.kind)) })),
      steps: t.stepOrder.map((j) => [j, t.steps[j]!.status, t.steps[j]!.card]),
    })),
    interrupts: Object.values(s.interrupts).map((i) => [i.id, i.state]),
    board: s.board.value,
  };
}

describe('live: <oz-inspector>', () => {
  it('records every event type of live runs, the requests, the resume and its outcome, reconnects with Last-Event-ID', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const inspector = await fixture<OzInspector>(html`<oz-inspector for="del-${tag} fail-${tag} wr-${tag}" theme="light"></oz-inspector>`);
    const del = await liveChat({ agent: 'delegator' });
    del.id = `del-${tag}`;
    const fail = await liveChat({ agent: 'failing' });
    fail.id = `fail-${tag}`;
    const trace = await newTrace(['drop-after=3']);
    const wr = await liveChat({ agent: 'writer', trace });
    wr.id = `wr-${tag}`;
    await until(() => inspector.recordings.length === 3, 'the three chats to be found');

    await typeAndSend(del, 'Run the release');
    await until(() => state(del).status === 'interrupted', 'the check approval');
    const [open] = state(del).openInterruptIds;
    void del.store!.resume({ [open!]: { status: 'resolved', payload: { approved: true } } });
    await until(() => state(del).status === 'waiting', 'the wait for ben');
    const job = state(del).waitingForOthers[0]!.job;
    expect((await decideAs('ben', job, true)).decided).to.equal(1);
    await untilRunEnded(del);
    await typeAndSend(fail, 'Do the thing');
    await untilRunEnded(fail);
    await typeAndSend(wr, 'Write it: chunks=12 size=8 pace=1');
    await untilRunEnded(wr);

    const types = typesOf(inspector);
    for (const t of ROUTE_EVENT_TYPES) expect(types.has(t), `${t} recorded`).to.equal(true);

    const delRec = inspector.recordings.find((r) => r.label.startsWith(`del-${tag}`))!.recording;
    const kinds = new Set(delRec.entries().map((e) => e.kind));
    for (const k of ['request', 'connection', 'state-delta', 'resume-sent', 'resume-outcome']) expect(kinds.has(k as never), `${k} entry`).to.equal(true);
    const events = delRec.entries().filter((e) => e.kind === 'event');
    expect(events.every((e) => e.kind === 'event' && typeof e.id === 'string' && e.bytes > 0 && e.at > 0)).to.equal(true);
    const deltas = delRec.entries().filter((e) => e.kind === 'state-delta');
    expect(deltas.every((d) => d.kind === 'state-delta' && d.applied === true && d.after !== d.before)).to.equal(true);
    // Headers (the person, the trace) are never recorded.
    expect(JSON.stringify(delRec.entries().filter((e) => e.kind === 'request'))).not.to.contain('X-Test-Person');

    const wrRec = inspector.recordings.find((r) => r.label.startsWith(`wr-${tag}`))!.recording;
    const reconnects = wrRec.entries().filter((e) => e.kind === 'reconnect');
    expect(reconnects.length).to.be.at.least(1);
    expect(reconnects.every((r) => r.kind === 'reconnect' && typeof r.lastEventId === 'string')).to.equal(true);

    // The tabs show it: the delegator's interrupt from request to outcome, the requests with the resume.
    inspector.show(inspector.recordings.find((r) => r.label.startsWith(`del-${tag}`))!.key);
    shadow<HTMLButtonElement>(inspector, '#tab-interrupts')!.click();
    await inspector.updateComplete;
    const interrupts = shadow(inspector, 'oz-inspector-interrupts')!;
    await (interrupts as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    const text = seenText(interrupts).replace(/\s+/g, ' ');
    expect(text).to.contain(open!);
    expect(text).to.contain('Answer: resolved');
    expect(text).to.contain('Outcome: decided');
    await expect(inspector).to.be.accessible();
    shadow<HTMLButtonElement>(inspector, '#tab-requests')!.click();
    await inspector.updateComplete;
    const requests = shadow(inspector, 'oz-inspector-requests')!;
    await (requests as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(shadowAll(requests, '[part~="request"]').length).to.be.at.least(2);
    expect(seenText(requests)).to.contain('1 resume entry');
    shadow<HTMLButtonElement>(inspector, '#tab-timeline')!.click();
    await inspector.updateComplete;
    await expect(inspector).to.be.accessible();
  });

  it('an exported live recording, imported, replays the same transcript into a chat', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const inspector = await fixture<OzInspector>(html`<oz-inspector for="live-${tag}" replay-into="replay-${tag}" theme="light"></oz-inspector>`);
    const chat = await liveChat({ agent: 'helper' });
    chat.id = `live-${tag}`;
    await until(() => inspector.recordings.length === 1, 'the chat to be found');
    await typeAndSend(chat, 'Please greet the team');
    await until(() => state(chat).status === 'interrupted', 'the approval');
    const [open] = state(chat).openInterruptIds;
    await chat.store!.resume({ [open!]: { status: 'resolved', payload: { approved: true } } });
    await untilRunEnded(chat);
    await until(() => state(chat).status === 'idle', 'the turn to end');

    const text = inspector.exportText();
    inspector.importText(text, 'live.ndjson');
    const replay = await liveChat({ agent: 'helper', storage: 'none' });
    replay.id = `replay-${tag}`;
    await inspector.updateComplete;
    const store = inspector.replayInto(replay, { speed: Infinity });
    await until(() => store.position === store.total && !store.playing, 'the replay to end');
    expect(transcript(store.getState())).to.deep.equal(transcript(state(chat)));
    await replay.updateComplete;
    await until(() => seenText(shadow(replay, '[role="log"]')!).includes('I posted the greeting to #team.'), 'the replayed answer');
    await expect(inspector).to.be.accessible();
  });
});
