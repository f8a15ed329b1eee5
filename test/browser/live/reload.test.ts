/**
 * Reload, live: a chat with session storage is removed while its turn waits
 * for another person (the run still streams); a new chat with the same
 * thread-id restores the transcript, follows the unfinished run with
 * Last-Event-ID, and shows how it ends once that person decides.
 */
import { expect } from '@open-wc/testing';
import { assistantMessages, decideAs, liveChat, newTrace, readTrace, seenText, shadow, state, typeAndSend, until, untilRunEnded } from './live-edge.js';

function isDisposed(store: { subscribe(l: () => void): () => void }): boolean {
  try {
    store.subscribe(() => undefined)();
    return false;
  } catch {
    return true;
  }
}

describe('live: reload', () => {
  // A removed chat lets its store go and makes no new one (ensureStore() waits for a connected element).
  // The turn waits only for others, so the followed stream is silent after Last-Event-ID (oz0.waiting
  // came before it): the snapshot keeps the wait and the store's follow keeps it (thread/again alone
  // would say 'running').
  it('restores the transcript and follows the unfinished turn with Last-Event-ID', async () => {
    const threadId = `live-reload-${crypto.randomUUID()}`;
    sessionStorage.clear();
    const trace = await newTrace();
    const first = await liveChat({ agent: 'delegator', threadId, storage: 'session', trace });
    await typeAndSend(first, 'Run the release');
    await until(() => state(first).status === 'interrupted', 'the check approval');
    const [open] = state(first).openInterruptIds;
    void first.store!.resume({ [open!]: { status: 'resolved', payload: { approved: true } } });
    await until(() => state(first).status === 'waiting' && shadow(first, 'oz-waiting'), 'the wait for ben');
    const job = state(first).waitingForOthers[0]!.job;
    const lastEventId = state(first).lastEventId;
    expect(lastEventId).to.be.a('string');
    const before = seenText(shadow(first, '[role="log"]')!).replace(/\s+/g, ' ');

    // The page goes away: the chat is removed and lets its store go (it saves where the run was).
    const firstStore = first.store!;
    first.remove();
    await until(() => isDisposed(firstStore), 'the first chat to let its store go');
    // A removed chat must not make a new store (nor follow the run again from a detached element).
    await until(() => first.store === undefined, 'the removed chat to hold no store');

    const second = await liveChat({ agent: 'delegator', threadId, storage: 'session', trace });
    await until(() => state(second).status === 'waiting' && state(second).connection.status === 'open', 'the restored turn to be followed');
    await until(() => shadow(second, 'oz-waiting'), 'the waiting section restored');
    await second.updateComplete;
    const restored = seenText(shadow(second, '[role="log"]')!).replace(/\s+/g, ' ');
    expect(restored).to.contain('Run the release');
    expect(restored).to.contain('I will split this into steps.');
    expect(restored).to.contain('Three of four steps are routine.');
    expect(restored).to.contain('Publish release 2.1.0');
    expect(restored).to.equal(before);

    const { requests } = await readTrace(trace);
    // send, resume, then the follow after the reload: from where the first chat was. A loaded
    // machine may add a reconnect, but every request after the resume follows with Last-Event-ID.
    expect(requests.length).to.be.at.least(3);
    expect(requests[2]!.lastEventId, JSON.stringify(requests)).to.equal(lastEventId);
    for (const r of requests.slice(2)) expect(r.lastEventId, 'a follow never starts over').to.be.a('string');
    await expect(second).to.be.accessible();

    // Ben decides in OZ; the followed run goes on and ends in the restored chat, nothing twice.
    expect((await decideAs('ben', job, true)).decided).to.equal(1);
    await untilRunEnded(second);
    await until(() => seenText(shadow(second, '[role="log"]')!).includes('Every step is done.'), 'the end of the turn');
    const s = state(second);
    expect(s.status).to.equal('idle');
    expect(s.waitingForOthers).to.deep.equal([]);
    const ids = assistantMessages(s).map((m) => m.id);
    expect(new Set(ids).size).to.equal(ids.length);
    const done = seenText(shadow(second, '[role="log"]')!);
    expect(done.split('Every step is done.').length - 1).to.equal(1);
    expect(done.split('I will split this into steps.').length - 1).to.equal(1);
    // The trace has a request's status once its response ends: the last followed stream ended well, none started over.
    const after = (await readTrace(trace)).requests;
    for (const r of after.slice(2)) expect(r.lastEventId).to.be.a('string');
    expect(after.at(-1)!.status).to.equal(200);
    await expect(second).to.be.accessible();
  });
});
