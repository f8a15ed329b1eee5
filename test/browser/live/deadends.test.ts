/**
 * No dead ends (issue 18), live: each way a turn can stall, end or be refused
 * that the development edge can produce, reached for real through the proxy,
 * with what the person sees and the control that gets them on, clicked.
 * Faults are planned per request (`newTrace`); the edge's hooks stop a job
 * (`cancel-job`), skip its stream ahead (`skip-ahead`) and revoke a person
 * (`revoke`: on the clock edge, whose people no other file uses, since a
 * revocation lasts as long as the edge).
 */
import { expect } from '@open-wc/testing';
import type { OzAgentChat } from '../../../elements/chat/chat.js';
import type { OzComposer } from '../../../elements/composer/composer.js';
import { assistantMessages, edgeAudit, edgeHook, liveChat, newTrace, readTrace, seenText, shadow, shadowAll, state, typeAndSend, until, untilRunEnded, type LiveEdgeName } from './live-edge.js';

const log = (el: OzAgentChat) => shadow(el, '[role="log"]')!;
const seen = (el: OzAgentChat) => seenText(log(el)).replace(/\s+/g, ' ');
const composerOf = (el: OzAgentChat) => shadow<OzComposer>(el, 'oz-composer')!;
const textareaOf = (el: OzAgentChat) => shadow<HTMLTextAreaElement>(composerOf(el), 'textarea')!;
const count = (text: string, part: string) => text.split(part).length - 1;

/** The `<oz-error>` whose box says `Code: <code>`, once rendered. */
async function errorSaying(el: OzAgentChat, code: string, timeout = 10_000): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await until(
    () => {
      found = shadowAll<HTMLElement>(el, 'oz-error').find((e) => shadow(e, '[part~="error"]') && seenText(e).includes(`Code: ${code}`));
      return found;
    },
    `the ${code} error`,
    timeout,
  );
  await (found as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  return found!;
}

/** The writer agent's own text for these parameters: its script, run in the page (it is pure). */
async function writerText(chunks: number, size: number): Promise<string> {
  const { writer } = await import('../../../server/edge/runtime/agents/writer.js');
  const op = writer({ text: `chunks=${chunks} size=${size}`, job: 'x', params: {} }).next().value as { text: string };
  return op.text;
}

/** The job of the thread's latest turn, as the edge's audit trail names it. */
async function jobOf(threadId: string, edge: LiveEdgeName = 'main'): Promise<string> {
  let job: string | undefined;
  for (const a of await edgeAudit(edge)) if (a.action === 'run.start' && a.details?.threadId === threadId && a.job) job = a.job;
  if (!job) throw new Error(`no run.start for ${threadId} in the audit`);
  return job;
}

/** The body of the thread's last assistant message. */
const lastBody = (el: OzAgentChat) => assistantMessages(state(el)).at(-1)?.body ?? '';

/** Waits until the streaming answer has at least `n` characters. */
const untilStreamed = (el: OzAgentChat, n: number) => until(() => lastBody(el).length >= n, `${n} characters of the answer`);

/** The transcript's assistant text outside the skip-ahead fold. */
function unfolded(el: OzAgentChat): string {
  return shadowAll(el, '.message')
    .filter((m) => !m.closest('details[part~="repeated"]'))
    .map((m) => seenText(m))
    .join('\n');
}

describe('live: no dead ends (issue 18)', () => {
  it('item 2: a reconnect refused with 401 mid-turn keeps the turn: Follow again ends it, and the next message is answered (no history_mismatch)', async () => {
    const trace = await newTrace(['drop-after=40']);
    const el = await liveChat({ agent: 'writer', trace });
    const headers = el.headers!;
    await typeAndSend(el, 'Write it: chunks=200 size=8 pace=15');
    await untilStreamed(el, 8);
    // The sign-in expires while the turn streams: the reconnect after the drop is refused (401).
    el.headers = { ...headers, 'X-Test-Person': 'nobody' };
    const box = await errorSaying(el, 'unauthenticated');
    const { requests } = await readTrace(trace);
    expect(requests.map((r) => r.status)).to.deep.equal([200, 401]);
    expect(requests[1]!.lastEventId, 'the refused request was a reconnect').to.be.a('string');
    // The turn OZ took stays: not marked as never sent, its words not handed back.
    expect(shadow(el, '[part~="not-taken"]')).to.equal(null);
    expect(textareaOf(el).value).to.equal('');
    expect(seen(el)).to.contain('A long answer');
    const follow = shadow<HTMLButtonElement>(box, '[part~="follow"]');
    expect(follow, 'Follow again beside the sign-in advice').to.not.equal(null);
    expect(seenText(follow!)).to.equal('Follow again');
    await expect(el).to.be.accessible();

    // Signed in again, the person follows the same turn to its end.
    el.headers = { ...headers, 'X-Test-Person': 'ana' };
    follow!.click();
    await untilRunEnded(el);
    await until(() => state(el).status === 'idle', 'the turn to end');
    const whole = await writerText(200, 8);
    expect(lastBody(el)).to.equal(whole);
    expect(assistantMessages(state(el)).length).to.equal(1);
    expect(count(unfolded(el), 'A long answer')).to.equal(1);
    expect(shadow(el, 'oz-error')).to.equal(null);

    // The next message carries the whole history: answered, never history_mismatch.
    await typeAndSend(el, 'Write it: chunks=3 size=8 pace=0');
    await untilRunEnded(el);
    await until(() => assistantMessages(state(el)).length === 2, 'the second answer');
    expect(state(el).lastError).to.equal(undefined);
    expect(state(el).turns.length).to.equal(2);
    expect(seen(el)).to.not.contain('history_mismatch');
    const after = (await readTrace(trace)).requests;
    expect(after.map((r) => r.status)).to.deep.equal([200, 401, 200, 200]);
    expect(after[2]!.lastEventId, 'Follow again went on from where the page was').to.be.a('string');
    await expect(el).to.be.accessible();
  });

  it('item 3: another tab added a turn: history_mismatch, then Load again does not loop: the thread could not be loaded, with Start a new thread, which works', async () => {
    const threadId = `live-tabs-${crypto.randomUUID()}`;
    sessionStorage.clear();
    const first = await liveChat({ agent: 'writer', threadId, storage: 'session' });
    await typeAndSend(first, 'Write it: chunks=3 size=8 pace=0');
    await untilRunEnded(first);
    await until(() => state(first).status === 'idle', 'the first turn');
    // The second tab restores the thread, and adds a turn.
    const second = await liveChat({ agent: 'writer', threadId, storage: 'session' });
    await until(() => state(second).turns.length === 1, 'the second tab restores the turn');
    await typeAndSend(second, 'Write it: chunks=5 size=8 pace=0');
    await untilRunEnded(second);
    await until(() => state(second).status === 'idle' && assistantMessages(state(second)).length === 2, "the second tab's turn");

    const needed: string[] = [];
    first.addEventListener('oz-history-needed', (e) => needed.push((e as unknown as { reason: string }).reason));
    await typeAndSend(first, 'Write it: chunks=4 size=8 pace=0');
    const mismatch = await errorSaying(first, 'history_mismatch');
    const reload = shadow<HTMLButtonElement>(mismatch, '[part~="action"]')!;
    expect(seenText(reload)).to.equal('Load the conversation again');
    // Not taken: the words are back in the composer.
    expect(textareaOf(first).value).to.equal('Write it: chunks=4 size=8 pace=0');
    await expect(first).to.be.accessible();

    const trace = state(first).lastRequest;
    reload.click();
    await until(() => state(first).lastRequest !== trace && state(first).status === 'error', 'loading the thread again to end');
    await first.updateComplete;
    const s = state(first);
    expect(s.lastError!.key ?? s.lastError!.code).to.equal('history_unavailable');
    const box = await errorSaying(first, 'history_mismatch');
    expect(seenText(box)).to.contain('This conversation could not be loaded');
    const fresh = shadow<HTMLButtonElement>(box, '[part~="action"]')!;
    expect(seenText(fresh)).to.equal('Start a new thread');
    expect(needed).to.deep.equal(['history_unavailable']);
    // Only one error box says so (no loop of mismatches).
    expect(shadowAll(first, 'oz-error').filter((e) => seenText(e).includes('Load the conversation again')).length).to.equal(0);
    await expect(first).to.be.accessible();

    fresh.click();
    await until(() => first.threadId !== threadId && state(first).turns.length === 0, 'a new thread');
    await typeAndSend(first, 'Write it: chunks=2 size=8 pace=0');
    await untilRunEnded(first);
    await until(() => assistantMessages(state(first)).length === 1, 'the answer in the new thread');
    expect(state(first).lastError).to.equal(undefined);
    await expect(first).to.be.accessible();
  });

  it('item 3: a fresh page given a thread-id it has nothing of: Load again says nothing_to_load, fires oz-history-needed, and offers a new thread', async () => {
    const threadId = `live-fresh-${crypto.randomUUID()}`;
    const elsewhere = await liveChat({ agent: 'writer', threadId });
    await typeAndSend(elsewhere, 'Write it: chunks=3 size=8 pace=0');
    await untilRunEnded(elsewhere);
    elsewhere.remove();

    const el = await liveChat({ agent: 'writer', threadId });
    const needed: Array<{ reason: string; threadId: string }> = [];
    el.addEventListener('oz-history-needed', (e) => needed.push({ reason: (e as unknown as { reason: string }).reason, threadId: (e as unknown as { threadId: string }).threadId }));
    await typeAndSend(el, 'Hello again');
    const mismatch = await errorSaying(el, 'history_mismatch');
    expect(shadow(el, '[part~="not-taken"]'), 'the message OZ did not take').to.not.equal(null);
    shadow<HTMLButtonElement>(mismatch, '[part~="action"]')!.click();

    const box = await errorSaying(el, 'nothing_to_load');
    const text = seenText(box);
    expect(text).to.contain('This conversation could not be loaded');
    expect(text).to.contain('nothing it can load');
    const action = shadow<HTMLButtonElement>(box, '[part~="action"]')!;
    expect(seenText(action)).to.equal('Start a new thread');
    expect(needed).to.deep.equal([{ reason: 'nothing_to_load', threadId }]);
    await expect(el).to.be.accessible();

    action.click();
    await until(() => el.threadId !== threadId && state(el).turns.length === 0, 'a new thread');
    await until(() => !shadow(el, 'oz-error'), 'the error gone');
    await typeAndSend(el, 'Write it: chunks=2 size=8 pace=0');
    await untilRunEnded(el);
    await until(() => assistantMessages(state(el)).length === 1, 'the answer');
    expect(state(el).lastError).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it('item 4: Stop, then Follow again follows the same turn to its end, nothing twice', async () => {
    const trace = await newTrace();
    const el = await liveChat({ agent: 'writer', trace });
    await typeAndSend(el, 'Write it: chunks=200 size=8 pace=15');
    await untilStreamed(el, 16);
    await until(() => shadow(composerOf(el), '[part="stop"]'), 'the stop button');
    shadow<HTMLButtonElement>(composerOf(el), '[part="stop"]')!.click();
    await until(() => shadow(el, '[part~="stopped"]'), 'the stopped note');
    await el.updateComplete;
    const note = shadow(el, '[part~="stopped"]')!;
    expect(seenText(note)).to.contain('You stopped following this turn; it may go on in OZ.');
    const button = note.querySelector('button')!;
    expect(seenText(button)).to.equal('Follow again');
    const before = lastBody(el);
    expect(before.length).to.be.below((await writerText(200, 8)).length);
    await expect(el).to.be.accessible();

    button.click();
    await untilRunEnded(el);
    await until(() => state(el).status === 'idle', 'the turn to end');
    expect(lastBody(el)).to.equal(await writerText(200, 8));
    expect(assistantMessages(state(el)).length).to.equal(1);
    expect(count(unfolded(el), 'A long answer')).to.equal(1);
    expect(shadow(el, '[part~="stopped"]')).to.equal(null);
    expect(shadow(el, 'oz-error')).to.equal(null);
    const { requests } = await readTrace(trace);
    expect(requests.length).to.equal(2);
    expect(requests[1]!.lastEventId, 'followed on from where it stopped').to.be.a('string');
    await expect(el).to.be.accessible();
  });

  it('item 5: a job cancelled in OZ: the transcript says "Stopped in OZ", and the next message is answered', async () => {
    const el = await liveChat({ agent: 'writer' });
    await typeAndSend(el, 'Write it: chunks=400 size=8 pace=20');
    await untilStreamed(el, 16);
    await edgeHook('cancel-job', { job: await jobOf(el.threadId!) });
    await untilRunEnded(el);
    await until(() => shadow(el, '[part~="run-cancelled"]'), 'the cancelled note');
    expect(seenText(shadow(el, '[part~="run-cancelled"]')!)).to.equal('Stopped in OZ: the agent did not finish this answer.');
    expect(seen(el)).to.contain('A long answer');
    expect(lastBody(el).length).to.be.below((await writerText(400, 8)).length);
    expect(shadow(el, 'oz-error')).to.equal(null);
    await until(() => !textareaOf(el).readOnly, 'the composer to take a message');
    await expect(el).to.be.accessible();

    await typeAndSend(el, 'Write it: chunks=2 size=8 pace=0');
    await untilRunEnded(el);
    await until(() => assistantMessages(state(el)).length === 2, 'the next answer');
    expect(state(el).lastError).to.equal(undefined);
    expect(shadowAll(el, '[part~="run-cancelled"]').length).to.equal(1);
    await expect(el).to.be.accessible();
  });

  // Size 13: the first cut points at a paragraph break are at 26 and 1066 characters; the skip lands in between.
  it('item 6: the stream skipped ahead: the whole answer shown once, the cut fragment folded', async () => {
    const el = await liveChat({ agent: 'writer' });
    await typeAndSend(el, 'Write it: chunks=300 size=13 pace=20');
    await untilStreamed(el, 100);
    await edgeHook('skip-ahead', { job: await jobOf(el.threadId!) });
    await untilRunEnded(el);
    await until(() => shadow(el, 'details[part~="repeated"]'), 'the folded fragment');
    await el.updateComplete;
    const whole = await writerText(300, 13);
    const messages = assistantMessages(state(el));
    expect(messages.length).to.equal(2);
    expect(lastBody(el)).to.equal(whole);
    const fold = shadow<HTMLDetailsElement>(el, 'details[part~="repeated"]')!;
    expect(fold.open).to.equal(false);
    expect(seenText(fold.querySelector('summary')!)).to.contain('Cut off where the stream skipped ahead');
    // Outside the fold the answer shows once (a long message renders in frame-sized slices: wait for its end).
    const blocks = count(whole, 'const answer = 42;');
    await until(() => count(unfolded(el), 'const answer = 42;') >= blocks, 'the whole answer rendered');
    const outside = unfolded(el);
    expect(count(outside, 'A long answer')).to.equal(1);
    expect(count(outside, 'const answer = 42;')).to.equal(blocks);
    // The person may open the fold.
    fold.querySelector('summary')!.click();
    await until(() => fold.open, 'the fold to open');
    expect(seenText(fold)).to.contain('A long answer');
    expect(shadow(el, 'oz-error')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('item 6: a skip ahead that cuts the answer at a paragraph break: the whole answer still shown once', async () => {
    const el = await liveChat({ agent: 'writer' });
    // Chunks of 8 at 400 ms: the first two are '# A long' and ' answer\n'; the skip ends the message before the third.
    await typeAndSend(el, 'Write it: chunks=40 size=8 pace=400');
    await untilStreamed(el, 15);
    await edgeHook('skip-ahead', { job: await jobOf(el.threadId!) });
    await untilRunEnded(el);
    await el.updateComplete;
    const whole = await writerText(40, 8);
    await until(() => count(unfolded(el), 'Owner') >= 1, 'the whole answer rendered');
    expect(lastBody(el)).to.equal(whole);
    expect(shadow(el, 'details[part~="repeated"]'), 'the fragment folded').to.not.equal(null);
    expect(count(unfolded(el), 'A long answer')).to.equal(1);
    await expect(el).to.be.accessible();
  });

  it("item 7: the stream ends at the route's maximum more often than the reconnect budget allows: the turn completes, no error", async () => {
    const ends = 10; // the budget is 8 failures in a row
    const trace = await newTrace(Array.from({ length: ends }, () => 'stream-max=150'));
    const el = await liveChat({ agent: 'writer', trace });
    const statuses = new Set<string>();
    el.store!.subscribe((s) => statuses.add(s.connection.status));
    await typeAndSend(el, 'Write it: chunks=400 size=8 pace=15');
    await untilRunEnded(el, 20_000);
    const { requests, faultsLeft } = await readTrace(trace);
    expect(faultsLeft).to.equal(0);
    expect(requests.length).to.equal(ends + 1);
    // Every request answered 200 (the statuses and faults listed, so a failure under load says which one was refused).
    expect(requests.map((r) => `${r.status} ${r.fault}`)).to.deep.equal(requests.map((r) => `200 ${r.fault}`));
    for (const r of requests.slice(1)) expect(r.lastEventId).to.be.a('string');
    expect(statuses.has('failed')).to.equal(false);
    expect(state(el).lastError).to.equal(undefined);
    expect(lastBody(el)).to.equal(await writerText(400, 8));
    expect(assistantMessages(state(el)).length).to.equal(1);
    expect(shadow(el, 'oz-error')).to.equal(null);
    expect(count(unfolded(el), 'A long answer')).to.equal(1);
    await expect(el).to.be.accessible();
  });

  it('item 8: a send refused before the turn started (401) puts the words back and marks the bubble; signed in, Send sends them', async () => {
    const trace = await newTrace();
    const el = await liveChat({ agent: 'writer', person: 'nobody', trace });
    const words = 'Write it: chunks=3 size=8 pace=0';
    await typeAndSend(el, words);
    await errorSaying(el, 'unauthenticated');
    await until(() => textareaOf(el).value === words, 'the words back in the composer');
    await el.updateComplete;
    const note = shadow(el, '[part~="not-taken"]')!;
    expect(seenText(note)).to.contain('OZ did not take this message');
    expect(shadow(el, '.message.not-taken')).to.not.equal(null);
    const send = shadow<HTMLButtonElement>(composerOf(el), '[part="send"]')!;
    expect(send.disabled).to.equal(false);
    await expect(el).to.be.accessible();

    // Signed in again, the person presses Send: the same words go, now as the thread's first turn.
    el.headers = { ...el.headers, 'X-Test-Person': 'ana' };
    send.click();
    await untilRunEnded(el);
    await until(() => assistantMessages(state(el)).length === 1, 'the answer');
    expect(state(el).lastError).to.equal(undefined);
    expect(textareaOf(el).value).to.equal('');
    expect((await readTrace(trace)).requests.map((r) => r.status)).to.deep.equal([401, 200]);
    expect(count(seen(el), words)).to.equal(2);
    await expect(el).to.be.accessible();
  });

  it("items 8 and 9: an agent outside the proxy's allowlist (403): the words back, the bubble marked, the proxy's own words shown", async () => {
    const trace = await newTrace();
    const el = await liveChat({ agent: 'stepper', trace });
    await typeAndSend(el, 'Hello?');
    const box = await errorSaying(el, 'permission_denied');
    await until(() => textareaOf(el).value === 'Hello?', 'the words back in the composer');
    expect(seenText(shadow(box, '[part~="meaning"]')!)).to.equal('You are not allowed to do this.');
    expect(seenText(shadow(box, '[part~="message"]')!)).to.equal('This agent is not available here.');
    expect(shadow(el, '[part~="not-taken"]')).to.not.equal(null);
    expect((await readTrace(trace)).requests.map((r) => r.status)).to.deep.equal([403]);
    await expect(el).to.be.accessible();
  });

  it('item 9: the failing agent: its own words beside the meaning; Try again sends the words again as a new turn', async () => {
    const el = await liveChat({ agent: 'failing' });
    await typeAndSend(el, 'Try it');
    const box = await errorSaying(el, 'failed');
    expect(seenText(shadow(box, '[part~="meaning"]')!)).to.equal('The agent could not finish this turn.');
    expect(seenText(shadow(box, '[part~="message"]')!)).to.equal("The agent's tool crashed.");
    const retry = shadow<HTMLButtonElement>(box, '[part~="action"]')!;
    expect(seenText(retry)).to.equal('Try again');
    await expect(el).to.be.accessible();
    retry.click();
    await until(() => state(el).turns.length === 2 && state(el).status === 'error', 'the second try to fail too');
    await el.updateComplete;
    expect(state(el).turns.map((t) => t.userMessage?.text)).to.deep.equal(['Try it', 'Try it']);
    const again = await errorSaying(el, 'failed');
    expect(seenText(shadow(again, '[part~="message"]')!)).to.equal("The agent's tool crashed.");
    await expect(el).to.be.accessible();
  });

  it('items 2 and 11: revoked mid-turn: the stored copy is removed and the error says so; the streamed turn stays, no history_mismatch', async () => {
    const threadId = `live-revoked-${crypto.randomUUID()}`;
    sessionStorage.clear();
    const key = `oz-agui:thread:${threadId}`;
    const el = await liveChat({ agent: 'writer', endpoint: '/agui-clock', person: 'cy', threadId, storage: 'session' });
    await typeAndSend(el, 'Write it: chunks=400 size=8 pace=20');
    await untilStreamed(el, 16);
    await until(() => sessionStorage.getItem(key) !== null, 'the stored copy');
    expect(Object.keys(sessionStorage)).to.include(key);

    await edgeHook('revoke', { tenant: 'acme', person: 'cy' }, 'clock');
    const box = await errorSaying(el, 'revoked');
    await until(() => shadow(box, '[part~="storage"]'), 'the storage note');
    expect(seenText(shadow(box, '[part~="meaning"]')!)).to.equal('You may no longer read this conversation.');
    expect(seenText(shadow(box, '[part~="storage"]')!)).to.equal("This conversation's copy in this browser was removed.");
    expect(sessionStorage.getItem(key)).to.equal(null);
    expect(Object.keys(sessionStorage).filter((k) => k.includes(threadId))).to.deep.equal([]);
    // The turn OZ took and streamed stays in the transcript, not marked as never sent.
    expect(seen(el)).to.contain('A long answer');
    expect(shadow(el, '[part~="not-taken"]')).to.equal(null);
    await expect(el).to.be.accessible();

    // A next message is refused for what it is (revoked), never history_mismatch; nothing is stored again.
    await until(() => !textareaOf(el).readOnly, 'the composer to take a message');
    await typeAndSend(el, 'Still there?');
    await until(() => state(el).turns.length === 2 && state(el).status === 'error', 'the next message to be refused');
    expect(state(el).lastError!.code).to.equal('revoked');
    expect(shadowAll(el, 'oz-error').some((e) => seenText(e).includes('history_mismatch'))).to.equal(false);
    expect(sessionStorage.getItem(key)).to.equal(null);
    await expect(el).to.be.accessible();
  });
});
