/**
 * Resume errors, live: each RUN_ERROR (or HTTP refusal) of a resume reached
 * for real against the development edge through the proxy, and what the chat
 * shows with its action. The edge's hooks (`/__edge/change-interrupt`,
 * `refuse-decision`, `refuse-answer`) stand for what OZ meets in production:
 * a call that changed, a job that does not take its update, a check of OZ's
 * own. The clock's errors are in interrupts-clock.test.ts.
 */
import { expect } from '@open-wc/testing';
import { clickIn, formsOf, itemsOf, itemSaying, listError, noticeOf, openItems, sendAnswers, seen, submitButton } from './interrupt-ui.js';
import { consoleSignIn, decideAs, edgeAudit, edgeHook, liveChat, newTrace, readTrace, seenText, shadow, state, typeAndSend, until, untilRunEnded } from './live-edge.js';

/** Waits until the edge's console lists `what` in the job's tree (the step asks after its tool ran). */
async function untilTheEdgeAsks(job: string, what: string): Promise<void> {
  let page = await (await consoleSignIn('ben', `/console/jobs/${encodeURIComponent(job)}`)).text();
  while (!page.includes(what)) {
    await new Promise((r) => requestAnimationFrame(r));
    page = await (await fetch(`/console/jobs/${encodeURIComponent(job)}`, { cache: 'no-store' })).text();
  }
}

describe('live interrupts: resume errors', () => {
  it("interrupts_open: ben's decision opened a new question the page had not seen: Load again shows all three; one resume answers them", async () => {
    const el = await liveChat({ agent: 'pair' });
    await typeAndSend(el, 'Prepare the launch');
    const deploy = await itemSaying(el, 'Deploy web to staging');
    const notes = await itemSaying(el, 'Where should the release notes go?');
    expect(openItems(el).length).to.equal(2);
    expect(seenText(shadow(deploy, '[part="job"]')!)).to.match(/^Step: job-/);
    // What waits for someone else is shown beside them.
    const release = state(el).waitingForOthers.find((w) => w.what === 'Publish release 3.0.0')!;
    expect(release).to.not.equal(undefined);
    // Meanwhile ben approves the release; its step now asks ana something the page has not seen.
    expect((await decideAs('ben', release.job, true, 'Publish release 3.0.0')).decided).to.equal(1);
    await untilTheEdgeAsks(release.job, 'Announce release 3.0.0 now?');

    await clickIn(deploy, '[part="approve"]');
    await clickIn(notes, 'input[type="radio"][value="blog"]');
    await sendAnswers(el);
    const box = await listError(el, 'interrupts_open');
    expect(seenText(box)).to.contain('Load the conversation again');
    const open = state(el).lastError!.details.open!;
    expect(open.length).to.equal(1);
    expect(state(el).interrupts[open[0]!]).to.equal(undefined, 'the one left out is new to the page');
    // Nothing was decided: the answers the person gave stay, ready to send again.
    expect(openItems(el).length).to.equal(2);
    await expect(el).to.be.accessible();

    shadow<HTMLButtonElement>(formsOf(el), '[part="error-action"]')!.click();
    const announce = await itemSaying(el, 'Announce release 3.0.0 now?');
    await until(() => openItems(el).length === 3, 'all three open');
    // The two answered before keep their answers (the resume decided nothing): only the new one needs one.
    expect((await itemSaying(el, 'Deploy web to staging')).draft?.decision).to.equal('approve');
    expect((await itemSaying(el, 'Where should the release notes go?')).draft?.values.answer).to.equal('blog');
    expect(submitButton(el)!.disabled).to.equal(true);
    await clickIn(announce, 'input[type="radio"][value="later"]');
    await sendAnswers(el);
    await untilRunEnded(el);
    await until(() => seen(el).includes('Every step is done.'), 'the end of the turn');
    expect(state(el).status).to.equal('idle');
    await expect(el).to.be.accessible();
  });

  it('interrupt_changed: the call changed since it was shown: the entry says so, Load again brings its new form, which is answered', async () => {
    const trace = await newTrace();
    const el = await liveChat({ agent: 'helper', trace });
    await typeAndSend(el, 'Please greet the team');
    const item = await itemSaying(el, 'Post a message to #team');
    const shown = item.interrupt!.id;
    const { interruptId: changed } = await edgeHook<{ interruptId: string }>('change-interrupt', { interruptId: shown });
    await clickIn(item, '[part="approve"]');
    await sendAnswers(el);
    const box = await listError(el, 'interrupt_changed');
    expect(item.highlight).to.equal(true);
    expect(noticeOf(item)).to.contain('Not taken');
    const action = shadow<HTMLButtonElement>(formsOf(el), '[part="error-action"]')!;
    expect(seenText(action)).to.equal('Load again');
    expect(seenText(box)).to.contain('Code: interrupt_changed');
    await expect(el).to.be.accessible();

    action.click();
    await until(() => state(el).openInterruptIds.includes(changed), 'the changed interrupt, under its new id');
    await until(() => itemsOf(el).some((i) => i.interrupt?.id === changed), 'its form');
    expect(itemsOf(el).map((i) => i.interrupt!.id)).to.deep.equal([changed], 'only the form under its current id');
    const fresh = itemsOf(el)[0]!;
    await fresh.updateComplete;
    await clickIn(fresh, '[part="approve"]');
    await sendAnswers(el);
    await untilRunEnded(el);
    await until(() => seen(el).includes('I posted the greeting to #team.'), 'the post');
    const { requests } = await readTrace(trace);
    // the turn, the refused resume, Load again (a fresh run, no Last-Event-ID), the resume
    expect(requests.map((r) => r.lastEventId)).to.deep.equal([null, null, null, null]);
    await expect(el).to.be.accessible();
  });

  it('invalid_resume: OZ refuses the answer at a field: the error shows on that field, the answer kept to change', async () => {
    const el = await liveChat({ agent: 'asker' });
    await typeAndSend(el, 'Plan the offsite');
    const item = await itemSaying(el, 'Which team');
    await edgeHook('refuse-answer', { interruptId: item.interrupt!.id, field: 'answer', reason: 'the design team is away that month' });
    await clickIn(item, 'input[type="radio"][value="design"]');
    await sendAnswers(el);
    await listError(el, 'invalid_resume');
    await until(() => shadow(item, '[part="field-error"]'), 'the field error');
    expect(seenText(shadow(item, '[part="field-error"]')!)).to.contain('the design team is away that month');
    const radio = shadow<HTMLInputElement>(item, 'input[type="radio"][value="design"]')!;
    expect(radio.checked, 'the answer is kept').to.equal(true);
    const group = radio.closest('fieldset')!;
    const described = (group.getAttribute('aria-describedby') ?? radio.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.some((id) => item.shadowRoot!.getElementById(id)?.textContent?.includes('away that month'))).to.equal(true);
    expect(submitButton(el)!.disabled, 'the person may change it and send again').to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('the partial case: the job refused the second decision: the first stands, marked decided; the rest stays open and is sent alone', async () => {
    const trace = await newTrace();
    const el = await liveChat({ agent: 'pair', trace });
    await typeAndSend(el, 'Prepare the launch');
    const deploy = await itemSaying(el, 'Deploy web to staging');
    const notes = await itemSaying(el, 'Where should the release notes go?');
    await edgeHook('refuse-decision', { interruptId: notes.interrupt!.id });
    await clickIn(deploy, '[part="approve"]');
    await clickIn(notes, 'input[type="radio"][value="email"]');
    await sendAnswers(el);
    const box = await listError(el, 'failed_precondition');
    expect(seenText(box)).to.contain('Answer the rest and send again.');
    expect(noticeOf(deploy)).to.contain('Decided before the failure');
    expect(deploy.interrupt!.state).to.equal('answered');
    expect(notes.interrupt!.state).to.equal('open');
    expect(notes.highlight).to.equal(true);
    expect(noticeOf(notes)).to.contain('the job did not take its update');
    expect(shadow<HTMLInputElement>(notes, 'input[value="email"]')!.checked, 'its answer kept').to.equal(true);
    await expect(el).to.be.accessible();

    await sendAnswers(el);
    await until(() => state(el).status === 'waiting', 'the turn goes on, waiting for the release');
    const { requests } = await readTrace(trace);
    expect(requests.length).to.equal(3);
    const sent = state(el).turns[0]!.runs.at(-1)!.resume!;
    expect(sent.map((e) => e.interruptId)).to.deep.equal([notes.interrupt!.id], 'only the rest');
    expect(seenText(shadow(notes, '[part="outcome"]')!)).to.contain('Decided');
  });

  it('a caller who is no person (the API key): 403 on resume, the interrupts read-only with the console link', async () => {
    const el = await liveChat({ agent: 'helper', person: 'api-key' });
    await typeAndSend(el, 'Please greet the team');
    const item = await itemSaying(el, 'Post a message to #team');
    await clickIn(item, '[part="approve"]');
    await sendAnswers(el);
    const box = await listError(el, 'permission_denied');
    expect(state(el).lastError!.status).to.equal(403);
    await until(() => item.readOnly, 'read-only');
    expect(shadow(item, '[part="approve"]')).to.equal(null);
    expect(seenText(shadow(formsOf(el), '[part="status"]')!)).to.contain('Only a person can answer these');
    const link = shadow<HTMLAnchorElement>(box, 'a')!;
    expect(link.getAttribute('href')).to.match(/\/console\/jobs\/job-/);
    expect(seenText(link)).to.contain('Decide in OZ');
    await expect(el).to.be.accessible();
  });

  it('not_a_decider: on a tenant thread the API key started, cy (no approver) may not approve: the entry says someone else must', async () => {
    const threadId = `live-tenant-${crypto.randomUUID()}`;
    sessionStorage.clear();
    const key = await liveChat({ agent: 'helper', person: 'api-key', threadId, storage: 'session' });
    await typeAndSend(key, 'Please greet the team');
    await itemSaying(key, 'Post a message to #team');
    const store = key.store!;
    key.remove();
    await until(() => key.store === undefined && store, 'the first page to go');

    // cy opens the same thread on this device: the waiting approval is restored; she may not decide it.
    const cy = await liveChat({ agent: 'helper', person: 'cy', threadId, storage: 'session' });
    const item = await itemSaying(cy, 'Post a message to #team');
    await clickIn(item, '[part="approve"]');
    await sendAnswers(cy);
    await listError(cy, 'not_a_decider');
    expect(noticeOf(item)).to.contain('someone else must');
    expect(item.highlight).to.equal(true);
    const job = item.interrupt!.meta.job;
    expect((await edgeAudit()).filter((a) => a.action === 'interrupt.decide' && a.job === job)).to.deep.equal([]);
    await expect(cy).to.be.accessible();
  });

  it('turn_waiting: a new message while the turn waits only for ben names who decides, instead of a generic error', async () => {
    const el = await liveChat({ agent: 'delegator' });
    await typeAndSend(el, 'Run the release');
    await clickIn(await itemSaying(el, 'Run the billing deploy check'), '[part="approve"]');
    await sendAnswers(el);
    await until(() => state(el).status === 'waiting' && shadow(el, 'oz-waiting'), 'the wait for ben');
    // The person stops following (the job runs on in OZ) and asks something new.
    const composer = shadow(el, 'oz-composer')!;
    await until(() => shadow(composer, '[part="stop"]'), 'the stop button');
    shadow<HTMLButtonElement>(composer, '[part="stop"]')!.click();
    await until(() => !shadow<HTMLTextAreaElement>(composer, 'textarea')!.readOnly, 'the composer to take a message');
    await typeAndSend(el, 'Is it published yet?');
    const box = await listError(el, 'turn_waiting');
    const text = seenText(box);
    expect(text).to.contain('other than ana');
    expect(text).to.contain('Code: turn_waiting');
    expect(seen(el)).to.not.contain('The turn did not finish');
    await expect(el).to.be.accessible();

    // A way on without reloading: Follow again follows the waited turn; ben decides; it ends in this chat.
    const job = state(el).waitingForOthers[0]!.job;
    const follow = box.querySelector<HTMLButtonElement>('[part="error-action"]');
    expect(follow?.textContent?.trim()).to.equal('Follow again');
    follow!.click();
    await until(() => state(el).status === 'waiting', 'the waited turn followed again');
    expect((await decideAs('ben', job, true)).decided).to.equal(1);
    await untilRunEnded(el);
    await until(() => seenText(shadow(el, '[role="log"]')!).includes('Every step is done.'), 'the end of the waited turn');
    expect(state(el).status).to.equal('idle');
    await until(() => !shadow<HTMLTextAreaElement>(composer, 'textarea')!.readOnly, 'the composer to take a message again');
    await expect(el).to.be.accessible();
  });
});
