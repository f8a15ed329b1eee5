/**
 * Interrupts as forms, live: <oz-agent-chat> in Chromium → the real proxy →
 * the development edge (real clock). The person answers through the forms;
 * what the edge took is read back from the edge itself (its audit trail, the
 * proxy's trace of requests).
 */
import { expect } from '@open-wc/testing';
import { CONFIRM_ACCOUNT } from '../../../server/edge/runtime/agents/confirmer.js';
import { clickIn, itemSaying, noticeOf, openItems, sendAnswers, seen, submitButton, typeInto, control, formsOf } from './interrupt-ui.js';
import { consoleSignIn, decideAs, edgeAudit, liveChat, newTrace, readTrace, seenText, shadow, shadowAll, state, typeAndSend, until, untilRunEnded } from './live-edge.js';

describe('live interrupts: answering', () => {
  it('asker: both questions answered through the forms, a choice then a typed question, each in one resume', async () => {
    const trace = await newTrace();
    const el = await liveChat({ agent: 'asker', trace });
    await typeAndSend(el, 'Plan the offsite');
    const first = await itemSaying(el, 'Which team should I plan the offsite for?');
    // The question is the title, said once, with the AI label as its badge; the turn's own job is no step.
    expect(seenText(shadow(first, '[part="title"] [part~="ai-label"]')!)).to.equal('AI');
    expect(shadow(first, '[part="message"]')).to.equal(null);
    expect(shadow(first, '[part="job"]')).to.equal(null);
    expect(shadowAll(first, 'input[type="radio"]').map((r) => (r as HTMLInputElement).value)).to.deep.equal(['design', 'platform', 'sales']);
    expect(submitButton(el)!.disabled).to.equal(true);
    expect(seenText(shadow(formsOf(el), '[part="status"]')!)).to.contain('0 of 1 answered');
    await expect(el).to.be.accessible();

    await clickIn(first, 'input[type="radio"][value="platform"]');
    await sendAnswers(el);
    const second = await itemSaying(el, 'When is it, and for how many people?');
    expect(seenText(shadow(first, '[part="outcome"]')!)).to.contain('Decided');
    await typeInto(second, 'input[type="date"]', '2026-03-02');
    // Out of bounds: the field says so and submit waits.
    await typeInto(second, 'input[type="number"]', '25');
    expect(seenText(shadow(second, '[part="field-error"]')!)).to.match(/20/);
    expect(submitButton(el)!.disabled).to.equal(true);
    await typeInto(second, 'input[type="number"]', '8');
    await sendAnswers(el);
    await untilRunEnded(el);
    await until(() => seen(el).includes('Planned the platform offsite on 2026-03-02 for 8 people.'), 'the plan');
    expect(state(el).status).to.equal('idle');
    const { requests } = await readTrace(trace);
    expect(requests.map((r) => r.status)).to.deep.equal([200, 200, 200], 'the turn, then one resume per question');
    await expect(el).to.be.accessible();
  });

  it('confirmer: a wrong typed value keeps Approve off with the reason; the right one approves and the transfer runs', async () => {
    const el = await liveChat({ agent: 'confirmer' });
    await typeAndSend(el, 'Pay the supplier');
    const item = await itemSaying(el, 'Transfer 120 EUR');
    const approve = control<HTMLButtonElement>(item, '[part="approve"]')!;
    expect(approve.disabled).to.equal(true);
    await typeInto(item, 'input[name="confirm"]', 'DE89370400440532013001');
    expect(approve.disabled).to.equal(true);
    const input = control<HTMLInputElement>(item, 'input[name="confirm"]')!;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    const errorId = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('-err'))!;
    expect(seenText(item.shadowRoot!.getElementById(errorId)!)).to.contain(CONFIRM_ACCOUNT);
    expect(submitButton(el)!.disabled).to.equal(true);
    await expect(el).to.be.accessible();

    await typeInto(item, 'input[name="confirm"]', CONFIRM_ACCOUNT);
    expect(approve.disabled).to.equal(false);
    await clickIn(item, '[part="approve"]');
    await sendAnswers(el);
    await untilRunEnded(el);
    await until(() => seen(el).includes('I transferred 120 EUR.'), 'the transfer');
    const job = state(el).turns[0]!.runs[0]!.interruptIds.map((id) => state(el).interrupts[id]!.meta.job)[0];
    const decisions = (await edgeAudit()).filter((a) => a.action === 'interrupt.decide' && a.job === job);
    expect(decisions.map((d) => [d.actor, d.details?.approved])).to.deep.equal([['ana', true]]);
  });

  it('double submit: two clicks and Enter twice send exactly one resume, and the edge decides once', async () => {
    const trace = await newTrace();
    const el = await liveChat({ agent: 'helper', trace });
    await typeAndSend(el, 'Please greet the team');
    const item = await itemSaying(el, 'Post a message to #team');
    await clickIn(item, '[part="approve"]');
    await typeInto(item, 'textarea[name="comment"]', 'go ahead');
    const submit = await sendAnswers(el);
    submit.click();
    const comment = control<HTMLTextAreaElement>(item, 'textarea[name="comment"]');
    formsOf(el)!.submit();
    formsOf(el)!.submit();
    comment?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await untilRunEnded(el);
    await until(() => seen(el).includes('I posted the greeting to #team.'), 'the post');
    const { requests } = await readTrace(trace);
    expect(requests.length).to.equal(2, 'the turn and ONE resume');
    expect(requests.map((r) => r.lastEventId)).to.deep.equal([null, null]);
    const job = state(el).interrupts[state(el).turns[0]!.runs[0]!.interruptIds[0]!]!.meta.job;
    const decisions = (await edgeAudit()).filter((a) => a.action === 'interrupt.decide' && a.job === job);
    expect(decisions.length).to.equal(1, 'the edge decided once');
    expect(decisions[0]!.details?.approved).to.equal(true);
    expect(seenText(shadow(item, '[part="outcome"]')!)).to.contain('Decided: approved');
    await expect(el).to.be.accessible();
  });

  it('a reload mid-answer keeps the drafts: a new chat on the same thread shows the half-filled answer, then sends it', async () => {
    const threadId = `live-drafts-${crypto.randomUUID()}`;
    sessionStorage.clear();
    const first = await liveChat({ agent: 'asker', threadId, storage: 'session' });
    await typeAndSend(first, 'Plan the offsite');
    await clickIn(await itemSaying(first, 'Which team'), 'input[type="radio"][value="sales"]');
    await sendAnswers(first);
    const typed = await itemSaying(first, 'When is it');
    await typeInto(typed, 'input[type="date"]', '2026-04-15');
    expect(submitButton(first)!.disabled, 'half answered').to.equal(true);
    // The page goes away while the person is half-way through.
    const store = first.store!;
    first.remove();
    await until(() => first.store === undefined && store, 'the first chat to let its store go');

    const second = await liveChat({ agent: 'asker', threadId, storage: 'session' });
    const again = await itemSaying(second, 'When is it');
    await until(() => control<HTMLInputElement>(again, 'input[type="date"]')?.value === '2026-04-15', 'the kept draft');
    expect(control<HTMLInputElement>(again, 'input[type="number"]')!.value).to.equal('');
    await typeInto(again, 'input[type="number"]', '12');
    await sendAnswers(second);
    await untilRunEnded(second);
    await until(() => seen(second).includes('Planned the sales offsite on 2026-04-15 for 12 people.'), 'the plan');
    await expect(second).to.be.accessible();
  });

  it('delegator: the step approval names its step; ben approves the four-eyes step through the console page; the run streams on', async () => {
    const el = await liveChat({ agent: 'delegator' });
    await typeAndSend(el, 'Run the release');
    const check = await itemSaying(el, 'Run the billing deploy check');
    // It belongs to a delegated step: the step's job is shown.
    const job = check.interrupt!.meta.job!;
    expect(state(el).turns[0]!.steps[job]).to.not.equal(undefined);
    expect(seenText(shadow(check, '[part="job"]')!)).to.equal(`Step: ${job}`);
    await clickIn(check, '[part="approve"]');
    await sendAnswers(el);
    await until(() => state(el).status === 'waiting' && shadow(el, 'oz-waiting'), 'oz0.waiting: the wait for another person');
    const waiting = shadow(el, 'oz-waiting')!;
    await until(() => seenText(waiting).includes('Publish release 2.1.0'), 'what waits for others');
    expect(seenText(waiting)).to.contain('other than ana');
    const href = shadow<HTMLAnchorElement>(waiting, '[part~="link"]')!.getAttribute('href')!;
    expect(seenText(check.shadowRoot!)).to.contain('Decided: approved');
    await expect(el).to.be.accessible();

    // Ben, in the console: signs in, opens the job's page from the link, approves with its form.
    const path = new URL(href).pathname;
    const page = await consoleSignIn('ben', path);
    expect(page.url).to.match(new RegExp(`${path}$`));
    const doc = new DOMParser().parseFromString(await page.text(), 'text/html');
    const section = [...doc.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent === 'Publish release 2.1.0')!;
    const form = section.querySelector('form')!;
    const body = new URLSearchParams();
    for (const input of form.querySelectorAll<HTMLInputElement>('input')) body.set(input.name, input.value);
    body.set('comment', 'four eyes: ok');
    body.set('decision', section.querySelector<HTMLButtonElement>('button[value="approve"]')!.value);
    const posted = await fetch(form.getAttribute('action')!, { method: 'POST', body });
    expect(posted.status).to.equal(200);
    expect(posted.url).to.contain('decided=1');
    expect(await posted.text()).to.contain('Your decision was recorded.');

    await untilRunEnded(el);
    await until(() => seen(el).includes('Every step is done.'), 'the end of the turn');
    expect(state(el).status).to.equal('idle');
    expect(state(el).waitingForOthers).to.deep.equal([]);
    const decided = (await edgeAudit()).filter((a) => a.action === 'interrupt.decide' && a.door === 'console' && a.actor === 'ben');
    expect(decided.some((a) => a.details?.approved === true)).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it("budget: the wait says an admin decides, with no approve button; sending notes it, and ben's budget decision ends it", async () => {
    const el = await liveChat({ agent: 'budget' });
    await typeAndSend(el, 'Run the big report');
    const item = await itemSaying(el, 'budget');
    expect(control(item, '[part="approve"]')).to.equal(null);
    expect(seenText(item.shadowRoot!)).to.contain("An admin's budget decision ends this wait");
    await sendAnswers(el);
    await until(() => state(el).status === 'waiting' && shadow(el, 'oz-waiting'), 'the wait for an admin');
    await until(() => seenText(shadow(item, '[part="outcome"]') ?? item).includes('Acknowledged'), 'acknowledged');
    expect(noticeOf(item)).to.equal('');
    const job = state(el).waitingForOthers[0]!.job;
    expect((await decideAs('ben', job, true)).decided).to.equal(1);
    await untilRunEnded(el);
    await until(() => seen(el).includes('The budget was raised, so I finished.'), 'the end');
    expect(openItems(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });
});
