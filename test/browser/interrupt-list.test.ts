import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Interrupt, RunAgentRequest, StreamedEvent } from '../../src/protocol/index.js';
import type { PersistencePort, ThreadStore } from '../../src/thread/index.js';
import type { RunRequest } from '../../src/transport/index.js';
import { OzInterrupt } from '../../elements/interrupt-form/interrupt.js';
import type { OzInterruptSubmitEvent } from '../../elements/interrupt-form/events.js';
import { OzInterrupts } from '../../elements/interrupt-list/interrupts.js';
import type { OzErrorActionEvent, OzInterruptRequestedEvent } from '../../elements/shared/events.js';
import { approval, consoleLink, T0 } from './interrupt-schemas.js';

const { createThreadStore, memoryStorage } = await import('../../src/thread/index.js');
const { TransportError } = await import('../../src/transport/index.js');

if (!customElements.get('oz-interrupt')) customElements.define('oz-interrupt', OzInterrupt);
if (!customElements.get('oz-interrupts')) customElements.define('oz-interrupts', OzInterrupts);

const at = (ms: number) => new Date(T0 + ms).toISOString();
const meta = (m: Record<string, unknown>) => ({ 'oz0/ai-label': 'AI: ', 'oz0/deciders': 'alice, who asked', ...m });

/** Interrupts shaped as OZ's edge sends them, oldest first. */
const CALL: Interrupt = {
  id: 'ozi1.call',
  reason: 'tool_call',
  toolCallId: 'call-1',
  message: 'AI: Post the greeting?',
  responseSchema: approval(),
  expiresAt: at(300_000),
  metadata: meta({ 'oz0/kind': 'approval', 'oz0/what': 'Post a message to #team', 'oz0/job': 'job-1', 'oz0/details': { channel: '#team' }, 'oz0/console': consoleLink('job-1') }),
};
const CONFIRM: Interrupt = {
  id: 'ozi1.confirm',
  reason: 'tool_call',
  toolCallId: 'call-2',
  message: 'AI: Delete acme/site?',
  responseSchema: approval('acme/site'),
  expiresAt: at(3600_000),
  metadata: meta({ 'oz0/kind': 'approval', 'oz0/what': 'Delete the repository acme/site', 'oz0/details': { repository: 'acme/site' } }),
};
const CHOICE: Interrupt = {
  id: 'ozi1.choice',
  reason: 'input_required',
  message: 'AI: Which day?',
  responseSchema: { type: 'object', properties: { answer: { type: 'string', enum: ['Monday', 'Tuesday'] } }, required: ['answer'], additionalProperties: false },
  expiresAt: at(3600_000),
  metadata: meta({ 'oz0/kind': 'question', 'oz0/choices': ['Monday', 'Tuesday'], 'oz0/job': 'job-2' }),
};
const TYPED: Interrupt = {
  id: 'ozi1.typed',
  reason: 'input_required',
  message: 'AI: When, and how many?',
  expiresAt: at(3600_000),
  responseSchema: {
    type: 'object',
    properties: { due: { type: 'string', format: 'date' }, count: { type: 'integer', minimum: 1, maximum: 10 } },
    required: ['due', 'count'],
    additionalProperties: false,
  },
  metadata: meta({ 'oz0/kind': 'question', 'oz0/typed': true }),
};
const BUDGET: Interrupt = {
  id: 'ozi1.budget',
  reason: 'confirmation',
  message: 'The team budget is used up.',
  responseSchema: {},
  expiresAt: at(86_400_000),
  metadata: meta({ 'oz0/kind': 'budget', 'oz0/what': 'Wait for a budget decision', 'oz0/deciders': 'a tenant admin' }),
};
const FOUR_EYES = { job: 'job-9', what: 'Approve the deploy (four eyes)', deciders: 'an approver other than alice', console: consoleLink('job-9') };

type Ev = StreamedEvent['event'];
type Reply = ((runId: string) => Ev[]) | Error;
const ev = (e: Record<string, unknown>) => e as unknown as Ev;
const waitsFor =
  (list: Interrupt[], others: unknown[] = []): Reply =>
  (runId) => [
    ev({ type: 'RUN_STARTED', threadId: 'chat-1', runId }),
    ev({ type: 'RUN_FINISHED', threadId: 'chat-1', runId, outcome: { type: 'interrupt', interrupts: list }, metadata: others.length ? { 'oz0/waiting-for-others': others } : {} }),
  ];
const resumed =
  (outcomes: Record<string, unknown>[]): Reply =>
  (runId) => [
    ev({ type: 'RUN_STARTED', threadId: 'chat-1', runId }),
    ...outcomes.map((value) => ev({ type: 'CUSTOM', name: 'oz0.resume', value })),
    ev({ type: 'RUN_FINISHED', threadId: 'chat-1', runId, outcome: { type: 'success' } }),
  ];
const fails =
  (code: string, metadata: Record<string, unknown> = {}, message = code): Reply =>
  (runId) => [ev({ type: 'RUN_STARTED', threadId: 'chat-1', runId }), ev({ type: 'RUN_ERROR', code, message, metadata })];

/** A transport that plays one reply per request and counts the requests. */
function fakeTransport(replies: Reply[]) {
  const calls: RunAgentRequest[] = [];
  async function* transport(request: RunRequest): AsyncGenerator<StreamedEvent> {
    calls.push(request.body);
    const n = calls.length;
    const reply = replies[n - 1];
    await Promise.resolve();
    if (reply instanceof Error) throw reply;
    let i = 0;
    for (const event of reply ? reply(request.body.runId) : []) yield { id: `${n}-${++i}`, event };
  }
  return { transport, calls };
}

function makeStore(transport: ReturnType<typeof fakeTransport>['transport'], storage?: PersistencePort): ThreadStore {
  let n = 0;
  return createThreadStore({
    url: 'https://edge.test/v1/agui/agents/helper?tenant=acme',
    threadId: 'chat-1',
    transport,
    now: () => T0,
    generateId: () => `id-${++n}`,
    ...(storage ? { storage } : {}),
  });
}

const items = (el: OzInterrupts) => [...el.shadowRoot!.querySelectorAll<OzInterrupt>('oz-interrupt')];
const item = (el: OzInterrupts, id: string) => el.shadowRoot!.querySelector<OzInterrupt>(`oz-interrupt[data-id="${id}"]`)!;
const inItem = <E extends Element = HTMLElement>(el: OzInterrupts, id: string, sel: string) => item(el, id).shadowRoot!.querySelector<E>(sel)!;
const submitButton = (el: OzInterrupts) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit"]')!;
const statusText = (el: OzInterrupts) => el.shadowRoot!.querySelector('[part="status"]')!.textContent!.trim();

async function settle(el: OzInterrupts): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => requestAnimationFrame(r));
    await el.updateComplete;
    await Promise.all(items(el).map((i) => i.updateComplete));
  }
}

async function typeIn(el: OzInterrupts, id: string, sel: string, value: string): Promise<void> {
  const input = inItem<HTMLInputElement>(el, id, sel);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await settle(el);
}

async function clickIn(el: OzInterrupts, id: string, sel: string): Promise<void> {
  inItem(el, id, sel).click();
  await settle(el);
}

async function setup(list: Interrupt[], replies: Reply[] = [], options: { others?: unknown[]; storage?: PersistencePort; now?: number } = {}) {
  const fake = fakeTransport([waitsFor(list, options.others), ...replies]);
  const store = makeStore(fake.transport, options.storage);
  await store.send('Please greet the team');
  const el = await fixture<OzInterrupts>(html`<oz-interrupts .store=${store} .now=${options.now ?? T0}></oz-interrupts>`);
  await settle(el);
  return { store, el, calls: fake.calls };
}

/** Approves CALL and picks Monday for CHOICE. */
async function answerCallAndChoice(el: OzInterrupts): Promise<void> {
  await clickIn(el, CALL.id, '[part="approve"]');
  await clickIn(el, CHOICE.id, 'input[value="Monday"]');
}

describe('<oz-interrupts>', () => {
  it('lists every open interrupt oldest first beside what others decide, focuses the first field, and keeps submit disabled with the reason', async () => {
    const requested = oneEvent(document, 'oz-interrupt-requested');
    const { el } = await setup([CALL, CONFIRM, CHOICE, TYPED, BUDGET], [], { others: [FOUR_EYES] });
    expect(((await requested) as unknown as OzInterruptRequestedEvent).interrupts.map((i) => i.id)).to.deep.equal([CALL.id, CONFIRM.id, CHOICE.id, TYPED.id, BUDGET.id]);
    expect(items(el).map((i) => i.dataset.id)).to.deep.equal([CALL.id, CONFIRM.id, CHOICE.id, TYPED.id, BUDGET.id]);
    const others = el.shadowRoot!.querySelector('[part="others"]')!;
    expect(others.textContent).to.contain('Approve the deploy (four eyes)').and.contain('an approver other than alice');
    const a = others.querySelector('a')!;
    expect([a.href, a.target, a.rel.includes('noopener')]).to.deep.equal(['https://console.example/jobs/job-9', '_blank', true]);
    expect(submitButton(el).disabled).to.equal(true);
    expect(statusText(el)).to.equal('1 of 5 answered');
    expect(el.shadowRoot!.activeElement).to.equal(items(el)[0]);
    expect(items(el)[0]!.shadowRoot!.activeElement).to.equal(inItem(el, CALL.id, 'textarea[name="comment"]'));
    await expect(el).to.be.accessible();
  });

  it('sends one resume answering every kind, however often submit is clicked, and shows each outcome', async () => {
    const { el, calls } = await setup(
      [CALL, CONFIRM, CHOICE, TYPED, BUDGET],
      [
        resumed([
          { interruptId: CALL.id, outcome: 'decided', approved: true },
          { interruptId: CONFIRM.id, outcome: 'already_decided' },
          { interruptId: CHOICE.id, outcome: 'decided' },
          { interruptId: TYPED.id, outcome: 'decided' },
          { interruptId: BUDGET.id, outcome: 'acknowledged' },
        ]),
      ],
    );
    await typeIn(el, CALL.id, 'textarea[name="comment"]', 'go ahead');
    await clickIn(el, CALL.id, '[part="approve"]');
    await typeIn(el, CONFIRM.id, 'input[name="confirm"]', 'acme/site');
    await clickIn(el, CONFIRM.id, '[part="approve"]');
    await clickIn(el, CHOICE.id, '[part="deny"]');
    expect(statusText(el)).to.equal('4 of 5 answered');
    await typeIn(el, TYPED.id, 'input[name="count"]', '11');
    expect(statusText(el)).to.equal('4 of 5 answered · 1 answer does not fit what is asked');
    expect(submitButton(el).disabled).to.equal(true);
    await typeIn(el, TYPED.id, 'input[name="count"]', '4');
    await typeIn(el, TYPED.id, 'input[name="due"]', '2026-03-09');
    expect(statusText(el)).to.equal('Ready to send');
    await expect(el).to.be.accessible();
    const submitted = oneEvent(el, 'oz-interrupt-submit');
    submitButton(el).click();
    submitButton(el).click();
    const e = (await submitted) as unknown as OzInterruptSubmitEvent;
    await settle(el);
    expect(calls).to.have.length(2);
    const expected = [
      { interruptId: CALL.id, status: 'resolved', payload: { approved: true, comment: 'go ahead' } },
      { interruptId: CONFIRM.id, status: 'resolved', payload: { approved: true, confirm: 'acme/site' } },
      { interruptId: CHOICE.id, status: 'cancelled' },
      { interruptId: TYPED.id, status: 'resolved', payload: { due: '2026-03-09', count: 4 } },
      { interruptId: BUDGET.id, status: 'resolved', payload: {} },
    ];
    expect(calls[1]!.resume).to.deep.equal(expected);
    expect(e.detail).to.deep.equal(expected);
    const outcome = (id: string) => inItem(el, id, '[part="outcome"]').textContent;
    expect([outcome(CALL.id), outcome(CONFIRM.id), outcome(CHOICE.id), outcome(BUDGET.id)]).to.deep.equal(['Decided: approved', 'Already decided', 'Decided', 'Acknowledged']);
    expect(el.shadowRoot!.querySelector('[part="submit"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('lets the app veto the submit, and sends Deny as a resolved {approved: false}', async () => {
    const { el, calls } = await setup([CALL], [resumed([{ interruptId: CALL.id, outcome: 'decided', approved: false }])]);
    await clickIn(el, CALL.id, '[part="deny"]');
    const veto = (e: Event) => e.preventDefault();
    el.addEventListener('oz-interrupt-submit', veto);
    submitButton(el).click();
    await settle(el);
    expect(calls).to.have.length(1);
    expect(el.shadowRoot!.textContent).to.contain('Not sent.');
    el.removeEventListener('oz-interrupt-submit', veto);
    submitButton(el).click();
    await settle(el);
    expect(calls[1]!.resume).to.deep.equal([{ interruptId: CALL.id, status: 'resolved', payload: { approved: false } }]);
    expect(inItem(el, CALL.id, '[part="outcome"]').textContent).to.equal('Decided: not approved');
    await expect(el).to.be.accessible();
  });

  it('is answered from the keyboard alone, and Enter pressed twice sends one resume', async () => {
    const { el, calls } = await setup([CHOICE], [resumed([{ interruptId: CHOICE.id, outcome: 'decided' }])]);
    expect(item(el, CHOICE.id).shadowRoot!.activeElement).to.equal(inItem(el, CHOICE.id, 'input[value="Monday"]'));
    await sendKeys({ press: 'ArrowDown' });
    await settle(el);
    expect(statusText(el)).to.equal('Ready to send');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(calls).to.have.length(2);
    expect(calls[1]!.resume).to.deep.equal([{ interruptId: CHOICE.id, status: 'resolved', payload: { answer: 'Tuesday' } }]);
    await expect(el).to.be.accessible();
  });

  it('keeps half-filled answers in the store, so a new element on the same storage shows them', async () => {
    const storage = memoryStorage();
    const first = await setup([CALL, CHOICE, TYPED], [], { storage });
    await typeIn(first.el, CALL.id, 'textarea[name="comment"]', 'not yet');
    await clickIn(first.el, CALL.id, '[part="deny"]');
    await clickIn(first.el, CHOICE.id, 'input[value="Tuesday"]');
    await typeIn(first.el, TYPED.id, 'input[name="count"]', '7');
    first.el.remove();
    first.store.dispose();
    const store = makeStore(fakeTransport([]).transport, storage);
    await store.restore();
    const el = await fixture<OzInterrupts>(html`<oz-interrupts .store=${store} .now=${T0}></oz-interrupts>`);
    await settle(el);
    expect(inItem<HTMLTextAreaElement>(el, CALL.id, 'textarea[name="comment"]').value).to.equal('not yet');
    expect(inItem(el, CALL.id, '[part="deny"]').getAttribute('aria-pressed')).to.equal('true');
    expect(inItem<HTMLInputElement>(el, CHOICE.id, 'input[value="Tuesday"]').checked).to.equal(true);
    expect(inItem<HTMLInputElement>(el, TYPED.id, 'input[name="count"]').value).to.equal('7');
    expect(statusText(el)).to.equal('2 of 3 answered');
    await expect(el).to.be.accessible();
  });

  it('disables submit once a deadline passes, saying it ran out of time', async () => {
    const { el } = await setup([CALL, CHOICE], [], { now: Date.parse(CALL.expiresAt!) + 1 });
    await clickIn(el, CHOICE.id, 'input[value="Monday"]');
    expect(inItem(el, CALL.id, '[part="countdown"]').textContent).to.equal('Expired: OZ denied it');
    expect(submitButton(el).disabled).to.equal(true);
    expect(statusText(el)).to.contain('1 ran out of time: load again');
    await expect(el).to.be.accessible();
  });

  it('shows the interrupts read-only, with the console link, after a resume refused with 403', async () => {
    const refused = new TransportError('http_error', 'refused', { status: 403, body: { code: 'permission_denied', message: 'Only a person resumes.', console: consoleLink('job-1') } });
    const { el, calls } = await setup([CALL], [refused]);
    await clickIn(el, CALL.id, '[part="approve"]');
    submitButton(el).click();
    await settle(el);
    expect(calls).to.have.length(2);
    expect(el.readOnly || el.shadowRoot!.querySelector('[part="submit"]') === null).to.equal(true);
    expect(item(el, CALL.id).readOnly).to.equal(true);
    expect(item(el, CALL.id).shadowRoot!.querySelectorAll('button, input, textarea')).to.have.length(0);
    expect(el.shadowRoot!.querySelector('[part="error"] a')!.getAttribute('href')).to.equal('https://console.example/jobs/job-1');
    expect(inItem(el, CALL.id, 'a[part="console-link"]')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });
});

describe('<oz-interrupts> resume errors', () => {
  async function failWith(code: string, metadata: Record<string, unknown>, message = code) {
    const ctx = await setup([CALL, CHOICE], [fails(code, metadata, message)]);
    await answerCallAndChoice(ctx.el);
    submitButton(ctx.el).click();
    await settle(ctx.el);
    expect(ctx.calls).to.have.length(2);
    return ctx;
  }
  const errorBox = (el: OzInterrupts) => el.shadowRoot!.querySelector<HTMLElement>('[part="error"]')!;
  const notice = (el: OzInterrupts, id: string) => item(el, id).shadowRoot!.querySelector('[part="notice"]')?.textContent ?? '';

  it('interrupts_open: highlights the ones left out', async () => {
    const { el } = await failWith('interrupts_open', { 'oz0/open': [CHOICE.id] });
    expect(errorBox(el).dataset.code).to.equal('interrupts_open');
    expect(errorBox(el).textContent).to.contain('answer all of them together');
    expect(item(el, CHOICE.id).highlight).to.equal(true);
    expect(item(el, CALL.id).highlight).to.equal(false);
    expect(notice(el, CHOICE.id)).to.contain('left this one out');
    await expect(el).to.be.accessible();
  });

  for (const code of ['interrupt_expired', 'interrupt_changed']) {
    it(`${code}: marks the entry and offers Load again, which loads the thread again (store.resync, as in the chat)`, async () => {
      const { el, store } = await failWith(code, { 'oz0/entry': CALL.id });
      let reloads = 0;
      store.resync = () => (reloads++, Promise.resolve());
      store.restore = () => Promise.reject(new Error('a restore from storage is not loading again'));
      expect(item(el, CALL.id).highlight).to.equal(true);
      const action = oneEvent(el, 'oz-error-action');
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="error-action"]')!.click();
      const e = (await action) as unknown as OzErrorActionEvent;
      expect([e.action, e.code]).to.deep.equal(['reload', code]);
      expect(reloads).to.equal(1);
      await expect(el).to.be.accessible();
    });
  }

  it('not_a_decider: says on the entry that someone else must decide', async () => {
    const { el } = await failWith('not_a_decider', { 'oz0/entry': CALL.id });
    expect(notice(el, CALL.id)).to.contain('someone else must');
    expect(errorBox(el).textContent).to.contain('Wait for them to decide');
    await expect(el).to.be.accessible();
  });

  it('invalid_resume: shows the error on the field it names', async () => {
    const { el } = await failWith('invalid_resume', { 'oz0/entry': CHOICE.id, 'oz0/field': 'answer', 'oz0/reason': 'not one of the choices' });
    const radio = inItem<HTMLInputElement>(el, CHOICE.id, 'input[value="Monday"]');
    expect(radio.getAttribute('aria-invalid')).to.equal('true');
    expect(item(el, CHOICE.id).shadowRoot!.querySelector('[part="field-error"]')!.textContent).to.contain('not one of the choices');
    await expect(el).to.be.accessible();
  });

  for (const code of ['permission_denied', 'failed_precondition']) {
    it(`${code}: shows the entry and the reason`, async () => {
      const { el } = await failWith(code, { 'oz0/entry': CALL.id, 'oz0/reason': 'the re-check after a long wait refused it' });
      expect(notice(el, CALL.id)).to.equal('Not taken: the re-check after a long wait refused it');
      expect(notice(el, CHOICE.id)).to.equal('');
      expect(submitButton(el).disabled).to.equal(false);
      await expect(el).to.be.accessible();
    });
  }

  it('a partly made resume: marks the entries decided before the failure and keeps the rest open', async () => {
    const { el } = await failWith('failed_precondition', { 'oz0/decided': [CALL.id], 'oz0/not-decided': [CHOICE.id], 'oz0/entry': CHOICE.id, 'oz0/reason': 'someone else decided it a moment before' });
    expect(notice(el, CALL.id)).to.contain('this decision stands');
    expect(inItem(el, CALL.id, '[part="approve"]')).to.equal(null);
    expect(inItem(el, CHOICE.id, 'input[value="Monday"]')).to.not.equal(null);
    expect(errorBox(el).textContent).to.contain('Answer the rest');
    expect(statusText(el)).to.equal('Ready to send');
    await expect(el).to.be.accessible();
  });

  for (const [code, words] of [
    ['interrupts_pending', 'Answer the open questions'],
    ['turn_waiting', 'Follow again'],
  ] as const) {
    it(`${code} on a new message: shows what waits and for whom`, async () => {
      const fake = fakeTransport([
        (runId) => [ev({ type: 'RUN_STARTED', threadId: 'chat-1', runId }), ev({ type: 'RUN_FINISHED', threadId: 'chat-1', runId, outcome: { type: 'success' } })],
        fails(code, {}, 'Waiting for an approver other than alice to approve the deploy'),
      ]);
      const store = makeStore(fake.transport);
      await store.send('first');
      await store.send('second');
      const el = await fixture<OzInterrupts>(html`<oz-interrupts .store=${store} .now=${T0}></oz-interrupts>`);
      await settle(el);
      expect(errorBox(el).dataset.code).to.equal(code);
      expect(errorBox(el).textContent).to.contain(words);
      if (code === 'turn_waiting') expect(errorBox(el).textContent).to.contain('an approver other than alice');
      await expect(el).to.be.accessible();
    });
  }

  it('the list and its items read one time: a deadline that passed between ticks locks the item as the list counts it expired', async () => {
    const fake = fakeTransport([waitsFor([CALL, CHOICE])]);
    const store = makeStore(fake.transport);
    await store.send('Please greet the team');
    let t = T0;
    const el = await fixture<OzInterrupts>(html`<oz-interrupts .store=${store} .clock=${() => t} .tickMs=${3_600_000}></oz-interrupts>`);
    await settle(el);
    const decision = () => inItem<HTMLFieldSetElement>(el, CALL.id, 'fieldset.decision');
    expect(decision().disabled).to.equal(false);
    t = Date.parse(CALL.expiresAt!) + 1;
    // No tick comes: a change of the thread renders the list again.
    store.setDraft(CHOICE.id, { decision: 'answer', values: { answer: 'Monday' } });
    await settle(el);
    await item(el, CALL.id).updateComplete;
    expect(statusText(el)).to.contain('1 ran out of time');
    expect(decision().disabled).to.equal(true);
    expect(el.shadowRoot!.querySelector('[part="load-again"]')).to.not.equal(null);
  });

  it('turn_waiting offers Follow again as a button: it fires oz-error-action `follow` and, unless cancelled, calls store.followAgain()', async () => {
    const fake = fakeTransport([
      (runId) => [ev({ type: 'RUN_STARTED', threadId: 'chat-1', runId }), ev({ type: 'RUN_FINISHED', threadId: 'chat-1', runId, outcome: { type: 'success' } })],
      fails('turn_waiting', {}, 'Waiting for an approver other than alice'),
    ]);
    const store = makeStore(fake.transport);
    await store.send('first');
    await store.send('second');
    let follows = 0;
    let loads = 0;
    store.followAgain = () => (follows++, Promise.resolve());
    store.resync = () => (loads++, Promise.resolve());
    const el = await fixture<OzInterrupts>(html`<oz-interrupts .store=${store} .now=${T0}></oz-interrupts>`);
    await settle(el);
    const actions: string[] = [];
    let cancel = true;
    el.addEventListener('oz-error-action', (e) => {
      actions.push(e.action);
      if (cancel) e.preventDefault();
    });
    const button = errorBox(el).querySelector<HTMLButtonElement>('[part="error-action"]')!;
    expect(button.textContent!.trim()).to.equal('Follow again');
    button.click();
    expect([actions, follows]).to.deep.equal([['follow'], 0], "a cancelled action is the app's");
    cancel = false;
    button.click();
    expect([actions, follows, loads]).to.deep.equal([['follow', 'follow'], 1, 0]);
  });
});
