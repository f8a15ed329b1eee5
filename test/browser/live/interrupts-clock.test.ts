/**
 * Interrupts and time, live: the chat on the second development edge
 * (`/agui-clock`), whose clock the tests move forward (`advanceClockEdge`):
 * its turns run in real time, while a deadline or the re-check after a long
 * wait is reached at once, without sleeping. Only this file moves that clock,
 * and a file runs its tests in order.
 */
import { expect } from '@open-wc/testing';
import type { OzAgentChat } from '../../../elements/chat/chat.js';
import { clickIn, formsOf, itemSaying, listError, noticeOf, sendAnswers, seen, submitButton } from './interrupt-ui.js';
import { advanceClockEdge, assistantMessages, edgeHook, liveChat, newTrace, readTrace, seenText, shadow, state, typeAndSend, until, untilRunEnded } from './live-edge.js';

const MINUTE = 60_000;

async function chatOnClockEdge(agent: string, trace?: string): Promise<OzAgentChat> {
  return liveChat({ agent, endpoint: '/agui-clock', ...(trace ? { trace } : {}) });
}

/** The page's clock set to the edge's, as an app in sync with OZ's time has it. */
async function followEdgeClock(el: OzAgentChat): Promise<{ sync: () => Promise<void> }> {
  let offset = 0;
  const sync = async () => {
    const { now } = await advanceClockEdge(0);
    offset = now - Date.now();
  };
  await sync();
  el.clock = () => Date.now() + offset;
  return { sync };
}

describe('live interrupts: the clock', () => {
  it("the countdown follows the edge's time; past the deadline it says OZ denied it and submit stays off; loading again shows the denial", async () => {
    const el = await chatOnClockEdge('helper');
    const { sync } = await followEdgeClock(el);
    await typeAndSend(el, 'Please greet the team');
    const item = await itemSaying(el, 'Post a message to #team');
    const countdown = () => seenText(shadow(item, '[part~="countdown"]')!);
    await until(() => /1[45] min/.test(countdown()), 'about 15 minutes left');
    await clickIn(item, '[part="approve"]');
    expect(submitButton(el)!.disabled).to.equal(false);

    await advanceClockEdge(14 * MINUTE);
    await sync();
    await until(() => /^\s*(1 min 00 s|\d{1,2} s) left to answer/.test(countdown()), 'about a minute left');
    await advanceClockEdge(2 * MINUTE);
    await sync();
    await until(() => countdown().includes('Expired: OZ denied it'), 'the expiry');
    expect(submitButton(el)!.disabled).to.equal(true);
    expect(seenText(shadow(formsOf(el), '[part="status"]')!)).to.contain('ran out of time');
    await expect(el).to.be.accessible();

    // OZ denied it at the deadline, and the turn went on: loading the thread again shows how it ended.
    await el.store!.resync();
    await untilRunEnded(el);
    await until(() => seen(el).includes('I did not post the message to #team.'), "the denial's answer");
    expect(state(el).openInterruptIds).to.deep.equal([]);
  });

  it("interrupt_expired: an answer sent after the deadline (the page's clock behind OZ's): the entry says it expired; Load again shows how the turn ended", async () => {
    const trace = await newTrace();
    const el = await chatOnClockEdge('helper', trace);
    await typeAndSend(el, 'Please greet the team');
    const item = await itemSaying(el, 'Post a message to #team');
    await clickIn(item, '[part="approve"]');
    await advanceClockEdge(16 * MINUTE);
    await sendAnswers(el);
    const box = await listError(el, 'interrupt_expired');
    expect(item.highlight).to.equal(true);
    expect(noticeOf(item)).to.contain('Expired: OZ denied it');
    expect(seenText(box)).to.contain('Code: interrupt_expired');
    const action = shadow<HTMLButtonElement>(formsOf(el), '[part="error-action"]')!;
    expect(seenText(action)).to.equal('Load again');
    await expect(el).to.be.accessible();

    action.click();
    await untilRunEnded(el);
    await until(() => seen(el).includes('I did not post the message to #team.'), "the denial's answer");
    const { requests } = await readTrace(trace);
    expect(requests.length).to.equal(3, 'the turn, the late resume, Load again');
    expect(requests[2]!.lastEventId).to.equal(null);
    expect(state(el).status).to.equal('idle');
  });

  it('permission_denied: the re-check after a long wait refuses the yes: the entry and the reason are shown, and OZ denied that step', async () => {
    const el = await chatOnClockEdge('helper');
    await typeAndSend(el, 'Please greet the team');
    const item = await itemSaying(el, 'Post a message to #team');
    await edgeHook('fail-recheck', { interruptId: item.interrupt!.id, reason: 'the channel became external while it waited' }, 'clock');
    await advanceClockEdge(11 * MINUTE);
    await clickIn(item, '[part="approve"]');
    await sendAnswers(el);
    const box = await listError(el, 'permission_denied');
    expect(state(el).lastError!.details.entry).to.equal(item.interrupt!.id);
    expect(seenText(box)).to.contain('Code: permission_denied');
    // The reason is shown on the entry it concerns.
    await until(() => noticeOf(item).includes('the channel became external while it waited'), 'the reason on the entry');
    expect(item.highlight).to.equal(true);
    // The platform denied that step (oz0.resume: decided, not approved).
    await until(() => item.interrupt?.outcome === 'decided', 'its outcome');
    expect(item.interrupt!.approved).to.equal(false);
    expect(seenText(shadow(item, '[part="outcome"]')!)).to.contain('Decided: not approved');
    await expect(el).to.be.accessible();
  });

  it('interrupts_pending: a page that stopped following before the approval was asked sends a new message: what waits is shown, Load again brings its form', async () => {
    const el = await chatOnClockEdge('pauser');
    await typeAndSend(el, 'Clean up the cache');
    await until(() => assistantMessages(state(el)).some((m) => m.complete && m.body.includes('Let me look into it first.')), 'the first words');
    // The person stops following while the agent works (a minute on the edge's clock).
    const composer = shadow(el, 'oz-composer')!;
    await until(() => shadow(composer, '[part="stop"]'), 'the stop button');
    shadow<HTMLButtonElement>(composer, '[part="stop"]')!.click();
    await until(() => !shadow<HTMLTextAreaElement>(composer, 'textarea')!.readOnly, 'the composer to take a message');
    await advanceClockEdge(MINUTE);
    await typeAndSend(el, 'Anything else?');
    const box = await listError(el, 'interrupts_pending');
    expect(seenText(box)).to.contain('Code: interrupts_pending');
    expect(state(el).lastError!.details.open!.length).to.equal(1);
    const action = shadow<HTMLButtonElement>(formsOf(el), '[part="error-action"]')!;
    expect(seenText(action)).to.equal('Load again');
    expect(seen(el)).to.not.contain('The turn did not finish');
    await expect(el).to.be.accessible();

    action.click();
    const item = await itemSaying(el, 'Flush the EU cache');
    await clickIn(item, '[part="approve"]');
    await sendAnswers(el);
    await untilRunEnded(el);
    await until(() => seen(el).includes('I flushed the EU cache.'), 'the answer');
    expect(state(el).status).to.equal('idle');
  });
});
