import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Interrupt, StreamedEvent } from '../../src/protocol/index.js';
import type { InterruptView, ThreadStore } from '../../src/thread/index.js';
import { checkAnswer, interruptModel, readDraft } from '../../elements/interrupt-form/answer.js';
import { OzInterrupt } from '../../elements/interrupt-form/interrupt.js';
import type { OzInterruptChangeEvent, OzInterruptCommitEvent } from '../../elements/interrupt-form/events.js';

import { createThreadStore } from '../../src/thread/index.js';
import { approval, consoleLink, T0 } from './interrupt-schemas.js';

if (!customElements.get('oz-interrupt')) customElements.define('oz-interrupt', OzInterrupt);

/** Interrupts shaped as OZ's edge sends them. */
const INTERRUPTS: Record<string, Interrupt> = {
  call: {
    id: 'ozi1.call',
    reason: 'tool_call',
    toolCallId: 'call-1',
    message: 'AI: Post the greeting to #team?',
    responseSchema: approval(),
    expiresAt: new Date(T0 + 5 * 60_000).toISOString(),
    metadata: {
      'oz0/kind': 'approval',
      'oz0/what': 'Post a message to #team',
      'oz0/job': 'job-1',
      'oz0/details': { channel: '#team', text: 'Hello team' },
      'oz0/deciders': 'alice, who asked',
      'oz0/ai-label': 'AI: ',
      'oz0/console': consoleLink('job-1'),
    },
  },
  confirm: {
    id: 'ozi1.confirm',
    reason: 'tool_call',
    toolCallId: 'call-2',
    message: 'AI: Delete acme/site?',
    responseSchema: approval('acme/site'),
    expiresAt: new Date(T0 + 3600_000).toISOString(),
    metadata: { 'oz0/kind': 'approval', 'oz0/what': 'Delete the repository acme/site', 'oz0/job': 'job-1', 'oz0/details': { repository: 'acme/site' }, 'oz0/deciders': 'alice, who asked' },
  },
  choice: {
    id: 'ozi1.choice',
    reason: 'input_required',
    message: 'AI: Which day suits the team?',
    responseSchema: { type: 'object', properties: { answer: { type: 'string', enum: ['Monday', 'Tuesday'] } }, required: ['answer'], additionalProperties: false },
    expiresAt: new Date(T0 + 3600_000).toISOString(),
    metadata: { 'oz0/kind': 'question', 'oz0/ai-label': 'AI: ', 'oz0/job': 'job-2', 'oz0/choices': ['Monday', 'Tuesday'], 'oz0/deciders': 'alice, who asked' },
  },
  typed: {
    id: 'ozi1.typed',
    reason: 'input_required',
    message: 'AI: When is it due, and how many?',
    expiresAt: new Date(T0 + 3600_000).toISOString(),
    responseSchema: {
      type: 'object',
      properties: { due: { type: 'string', format: 'date', title: 'Due date' }, count: { type: 'integer', minimum: 1, maximum: 10, title: 'How many', description: 'Between 1 and 10' } },
      required: ['due', 'count'],
      additionalProperties: false,
    },
    metadata: { 'oz0/kind': 'question', 'oz0/typed': true, 'oz0/job': 'job-2' },
  },
  budget: {
    id: 'ozi1.budget',
    reason: 'confirmation',
    message: 'The team budget is used up.',
    responseSchema: {},
    expiresAt: new Date(T0 + 86_400_000).toISOString(),
    metadata: { 'oz0/kind': 'budget', 'oz0/what': 'Wait for a budget decision', 'oz0/deciders': 'a tenant admin, with a budget decision', 'oz0/job': 'job-3' },
  },
};

/** A real thread store whose one run ends waiting for `list`. */
async function storeWith(list: Interrupt[]): Promise<ThreadStore> {
  let n = 0;
  const transport = async function* (): AsyncGenerator<StreamedEvent> {
    yield { id: '1', event: { type: 'RUN_STARTED', threadId: 'chat-1', runId: 'run-1' } as StreamedEvent['event'] };
    yield { id: '2', event: { type: 'RUN_FINISHED', threadId: 'chat-1', runId: 'run-1', outcome: { type: 'interrupt', interrupts: list } } as StreamedEvent['event'] };
  };
  const store = createThreadStore({ url: 'https://edge.test/v1/agui/agents/helper?tenant=acme', threadId: 'chat-1', transport, now: () => T0, generateId: () => `id-${++n}` });
  await store.send('Please greet the team');
  return store;
}

async function view(key: string): Promise<InterruptView> {
  const store = await storeWith([INTERRUPTS[key]!]);
  return store.getState().interrupts[INTERRUPTS[key]!.id]!;
}

const q = <E extends Element = HTMLElement>(el: OzInterrupt, sel: string) => el.shadowRoot!.querySelector<E>(sel);
const qa = <E extends Element = HTMLElement>(el: OzInterrupt, sel: string) => [...el.shadowRoot!.querySelectorAll<E>(sel)];

async function type(el: OzInterrupt, sel: string, value: string): Promise<void> {
  const input = q<HTMLInputElement>(el, sel)!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await el.updateComplete;
}

describe('<oz-interrupt>', () => {
  it('shows a tool call: what it does, its arguments, deciders, job, console link, Approve and Deny', async () => {
    const v = await view('call');
    const el = await fixture<OzInterrupt>(html`<oz-interrupt .interrupt=${v} .now=${T0} .step=${'job-1'}></oz-interrupt>`);
    expect(q(el, '[part="title"]')!.textContent).to.equal('Post a message to #team');
    expect(q(el, '[part="ai-label"]')!.textContent).to.equal('AI');
    expect(q(el, '[part="message"]')!.textContent!.trim()).to.equal('AI Post the greeting to #team?');
    const dts = qa(el, 'dl dt').map((d) => d.textContent);
    const dds = qa(el, 'dl dd').map((d) => d.textContent);
    expect(dts).to.deep.equal(['channel', 'text']);
    expect(dds).to.deep.equal(['#team', 'Hello team']);
    expect(q(el, '[part="deciders"]')!.textContent).to.contain('alice, who asked');
    expect(q(el, '[part="job"]')!.textContent).to.contain('job-1');
    const link = q<HTMLAnchorElement>(el, 'a[part="console-link"]')!;
    expect(link.href).to.equal('https://console.example/jobs/job-1');
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.contain('noopener');
    expect(q(el, 'fieldset legend')!.textContent).to.equal('Your decision');
    expect(q(el, 'textarea[name="comment"]')).to.not.equal(null);
    expect(q<HTMLButtonElement>(el, '[part="approve"]')!.disabled).to.equal(false);
    const changed = oneEvent(el, 'oz-interrupt-change');
    q<HTMLButtonElement>(el, '[part="deny"]')!.click();
    const e = (await changed) as unknown as OzInterruptChangeEvent;
    expect(e.value.decision).to.equal('deny');
    await el.updateComplete;
    expect(q(el, '[part="deny"]')!.getAttribute('aria-pressed')).to.equal('true');
    const check = checkAnswer(interruptModel(v), readDraft(el.value, interruptModel(v)));
    expect(check).to.deep.include({ status: 'ok', answer: { status: 'resolved', payload: { approved: false } } });
    await expect(el).to.be.accessible();
  });

  it('says what waits once: a message that repeats oz0/what is the title, with its AI label; no step unless it belongs to one', async () => {
    const call = INTERRUPTS.call!;
    const same: Interrupt = { ...call, id: 'ozi1.same', metadata: { ...call.metadata, 'oz0/what': 'Post the greeting to #team?' } };
    const store = await storeWith([same]);
    const v = store.getState().interrupts[same.id]!;
    const el = await fixture<OzInterrupt>(html`<oz-interrupt .interrupt=${v} .now=${T0}></oz-interrupt>`);
    expect(q(el, '[part="title"]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('AI Post the greeting to #team?');
    expect(q(el, '[part="title"] [part="ai-label"]')!.textContent).to.equal('AI');
    expect(q(el, '[part="message"]')).to.equal(null);
    expect(q(el, '[part="job"]'), "the turn's own job is no step").to.equal(null);
    el.step = 'job-7';
    await el.updateComplete;
    expect(q(el, '[part="job"]')!.textContent).to.equal('Step: job-7');
    await expect(el).to.be.accessible();
  });

  it('counts down each tick of the injected clock, stops the timer when removed, and says when OZ denied it', async () => {
    const v = await view('call');
    let t = v.deadline! - 65_000;
    let reads = 0;
    const clock = () => (reads++, t);
    const el = await fixture<OzInterrupt>(html`<oz-interrupt .interrupt=${v} .clock=${clock} .tickMs=${15}></oz-interrupt>`);
    expect(q(el, '[part="countdown"]')!.textContent!.trim()).to.equal('1 min 05 s left to answer');
    expect(q(el, '[role="timer"]')!.getAttribute('datetime')).to.equal(v.expiresAt);
    t = v.deadline! - 4_000;
    await waitUntil(() => q(el, '[part="countdown"]')!.textContent!.includes('4 s left'), 'ticks');
    t = v.deadline! + 1;
    await waitUntil(() => q(el, '[part="countdown"]')!.textContent!.trim() === 'Expired: OZ denied it', 'expires');
    expect(q<HTMLFieldSetElement>(el, 'fieldset.decision')!.disabled).to.equal(true);
    await expect(el).to.be.accessible();
    el.remove();
    const after = reads;
    await new Promise((r) => setTimeout(r, 60));
    expect(reads).to.equal(after);
  });

  it('enables Approve only once the typed value matches, with the error tied to the field', async () => {
    const v = await view('confirm');
    const el = await fixture<OzInterrupt>(html`<oz-interrupt .interrupt=${v} .now=${T0}></oz-interrupt>`);
    const approve = () => q<HTMLButtonElement>(el, '[part="approve"]')!;
    expect(approve().disabled).to.equal(true);
    await type(el, 'input[name="confirm"]', 'acme/sit');
    const input = q<HTMLInputElement>(el, 'input[name="confirm"]')!;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    const errId = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('-err'))!;
    expect(el.shadowRoot!.getElementById(errId)!.textContent).to.contain('acme/site');
    expect(approve().disabled).to.equal(true);
    await expect(el).to.be.accessible();
    await type(el, 'input[name="confirm"]', 'acme/site');
    expect(approve().disabled).to.equal(false);
    expect(input.hasAttribute('aria-invalid')).to.equal(false);
    approve().click();
    await el.updateComplete;
    const model = interruptModel(v);
    expect(checkAnswer(model, readDraft(el.value, model))).to.deep.include({ status: 'ok', answer: { status: 'resolved', payload: { approved: true, confirm: 'acme/site' } } });
    await expect(el).to.be.accessible();
  });

  it('asks a question with its choices as native radios and the AI label as a badge, takes focus, and works from the keyboard', async () => {
    const v = await view('choice');
    const el = await fixture<OzInterrupt>(html`<oz-interrupt .interrupt=${v} .now=${T0}></oz-interrupt>`);
    await el.updateComplete;
    expect(q(el, '[part="ai-label"]')!.classList.contains('badge')).to.equal(true);
    expect(q(el, '[part="message"]')!.textContent).not.to.contain('AI:');
    const radios = qa<HTMLInputElement>(el, 'input[type="radio"]');
    expect(radios.map((r) => r.value)).to.deep.equal(['Monday', 'Tuesday']);
    expect(q(el, 'fieldset.group legend')!.textContent).to.contain('Answer');
    expect(el.shadowRoot!.activeElement).to.equal(radios[0]);
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(readDraft(el.value, interruptModel(v)).values.answer).to.equal('Tuesday');
    const commit = oneEvent(el, 'oz-interrupt-commit');
    await sendKeys({ press: 'Enter' });
    expect(((await commit) as unknown as OzInterruptCommitEvent).interruptId).to.equal(v.id);
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(q(el, '[part="deny"]'));
    expect(q(el, '[part="deny"]')!.textContent).to.equal('Decline');
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(checkAnswer(interruptModel(v), readDraft(el.value, interruptModel(v)))).to.deep.include({ status: 'ok', answer: { status: 'cancelled' } });
    await expect(el).to.be.accessible();
  });

  it('renders a typed question as a real form: a date, a bounded number with its description and errors', async () => {
    const v = await view('typed');
    const el = await fixture<OzInterrupt>(html`<oz-interrupt .interrupt=${v} .now=${T0}></oz-interrupt>`);
    const due = q<HTMLInputElement>(el, 'input[name="due"]')!;
    const count = q<HTMLInputElement>(el, 'input[name="count"]')!;
    expect(due.type).to.equal('date');
    expect(count.type).to.equal('number');
    expect([count.min, count.max, count.step]).to.deep.equal(['1', '10', '1']);
    expect(el.shadowRoot!.getElementById(count.getAttribute('aria-describedby')!)!.textContent).to.equal('Between 1 and 10');
    await type(el, 'input[name="count"]', '12');
    expect(count.getAttribute('aria-invalid')).to.equal('true');
    const ids = count.getAttribute('aria-describedby')!.split(' ');
    expect(ids).to.have.length(2);
    expect(el.shadowRoot!.getElementById(ids[1]!)!.textContent).to.contain('no larger than 10');
    await expect(el).to.be.accessible();
    await type(el, 'input[name="count"]', '3');
    await type(el, 'input[name="due"]', '2026-03-09');
    const model = interruptModel(v);
    expect(checkAnswer(model, readDraft(el.value, model))).to.deep.include({ status: 'ok', answer: { status: 'resolved', payload: { due: '2026-03-09', count: 3 } } });
  });

  it("says a budget wait ends with an admin's decision, with no approve button", async () => {
    const v = await view('budget');
    const el = await fixture<OzInterrupt>(html`<oz-interrupt .interrupt=${v} .now=${T0}></oz-interrupt>`);
    expect(q(el, '[part="title"]')!.textContent).to.equal('Wait for a budget decision');
    expect(q(el, '[part="decision"]')!.textContent).to.contain("admin's budget decision ends this wait");
    expect(q(el, '[part="approve"]')).to.equal(null);
    expect(q(el, '[part="deciders"]')!.textContent).to.contain('a tenant admin');
    await expect(el).to.be.accessible();
  });

  it('in read-only mode shows the interrupt and the console link, with no controls', async () => {
    const v = await view('call');
    const el = await fixture<OzInterrupt>(html`<oz-interrupt read-only .interrupt=${v} .now=${T0}></oz-interrupt>`);
    expect(qa(el, 'input, textarea, button')).to.have.length(0);
    expect(q(el, 'a[part="console-link"]')).to.not.equal(null);
    expect(el.shadowRoot!.textContent).to.contain('decide in OZ');
    await expect(el).to.be.accessible();
  });
});
