/**
 * Issue #18, forms a non-technical person can fill: each new kind of field in
 * real Chromium, filled with the keyboard alone (Tab, Space, Enter, arrows,
 * typing), and the resume payload the draft makes. Labels are associated and
 * each form passes axe.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Interrupt, StreamedEvent } from '../../src/protocol/index.js';
import { createThreadStore, type InterruptView } from '../../src/thread/index.js';
import { checkAnswer, interruptModel, readDraft } from '../../elements/interrupt-form/answer.js';
import { OzInterrupt } from '../../elements/interrupt-form/interrupt.js';
import { FORM_SCHEMAS, T0 } from './interrupt-schemas.js';

if (!customElements.get('oz-interrupt')) customElements.define('oz-interrupt', OzInterrupt);

/** A real store's view of one input_required interrupt asking `schema`. */
async function viewOf(schema: unknown, id = 'ozi1.form'): Promise<InterruptView> {
  const interrupt: Interrupt = {
    id,
    reason: 'input_required',
    message: 'AI: A few details, please',
    responseSchema: schema as Interrupt['responseSchema'],
    expiresAt: new Date(T0 + 3600_000).toISOString(),
    metadata: { 'oz0/kind': 'question', 'oz0/typed': true, 'oz0/job': 'job-2' },
  };
  const transport = async function* (): AsyncGenerator<StreamedEvent> {
    yield { id: '1', event: { type: 'RUN_STARTED', threadId: 'chat-1', runId: 'run-1' } as StreamedEvent['event'] };
    yield { id: '2', event: { type: 'RUN_FINISHED', threadId: 'chat-1', runId: 'run-1', outcome: { type: 'interrupt', interrupts: [interrupt] } } as StreamedEvent['event'] };
  };
  let n = 0;
  const store = createThreadStore({ url: 'https://edge.test/v1/agui/agents/helper?tenant=acme', threadId: 'chat-1', transport, now: () => T0, generateId: () => `id-${++n}` });
  await store.send('Hello');
  return store.getState().interrupts[id]!;
}

async function mount(schema: unknown): Promise<{ el: OzInterrupt; view: InterruptView }> {
  const view = await viewOf(schema);
  const el = await fixture<OzInterrupt>(html`<oz-interrupt .interrupt=${view} .now=${T0}></oz-interrupt>`);
  return { el, view };
}

/** The resume payload the element's draft makes now (or why none). */
function payloadOf(el: OzInterrupt, view: InterruptView): unknown {
  const model = interruptModel(view);
  const check = checkAnswer(model, readDraft(el.value, model));
  return check.status === 'ok' && check.answer.status === 'resolved' ? check.answer.payload : check.status;
}

const q = <E extends Element = HTMLElement>(el: OzInterrupt, sel: string) => el.shadowRoot!.querySelector<E>(sel);
const qa = <E extends Element = HTMLElement>(el: OzInterrupt, sel: string) => [...el.shadowRoot!.querySelectorAll<E>(sel)];
const active = (el: OzInterrupt) => el.shadowRoot!.activeElement as HTMLElement | null;
const press = async (el: OzInterrupt, key: string) => {
  await sendKeys({ press: key });
  await el.updateComplete;
};
const type = async (el: OzInterrupt, text: string) => {
  await sendKeys({ type: text });
  await el.updateComplete;
};
/** Tabs forward until focus is on an element matching `test` (at most 30 presses). */
async function tabTo(el: OzInterrupt, test: (e: HTMLElement) => boolean): Promise<HTMLElement> {
  for (let i = 0; i < 30; i++) {
    const a = active(el);
    if (a && test(a)) return a;
    await press(el, 'Tab');
  }
  throw new Error(`never reached; focus is on ${active(el)?.outerHTML}`);
}
/** Focus is on `target` (compared by identity: a failing element comparison would print the whole DOM). */
function expectActive(el: OzInterrupt, target: Element | null | undefined, why = ''): void {
  const a = active(el);
  expect(a === target, `${why} focus is on ${a?.outerHTML.slice(0, 120)}, not ${target?.outerHTML.slice(0, 120)}`).to.equal(true);
}
const text = (e: Element | null) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Every visible control has exactly one label (or is a button with words). */
function expectLabelled(el: OzInterrupt): void {
  for (const c of qa<HTMLInputElement | HTMLTextAreaElement>(el, '.decision input, .decision textarea')) {
    expect(c.labels?.length, `a label for ${c.name}`).to.equal(1);
    expect(text(c.labels![0]!)).to.not.equal('');
  }
}

describe('<oz-interrupt> forms of every kind, from the keyboard', () => {
  it('a list of strings: add, type, move up, remove; the limits disable the buttons and say why', async () => {
    const { el, view } = await mount(FORM_SCHEMAS.tags);
    expect(qa(el, '.row')).to.have.length(1, 'starts with minItems rows');
    expect(text(q(el, '.limit'))).to.equal('At least 1 item is needed.');
    expect(q<HTMLButtonElement>(el, '[part="row-button"][id$="-remove"]')!.disabled).to.equal(true);
    expectActive(el, q(el, 'input[name="tags/0"]'), 'the first field takes focus');
    await type(el, 'urgent');
    await tabTo(el, (e) => e.getAttribute('part') === 'add-row');
    await press(el, 'Enter');
    expectActive(el, q(el, 'input[name="tags/1"]'), 'focus goes to the new row');
    await type(el, 'billing');
    await tabTo(el, (e) => e.id.endsWith('-up') && e.closest('.row')?.querySelector('input')?.name === 'tags/1');
    await press(el, 'Space');
    expect(payloadOf(el, view)).to.deep.equal({ tags: ['billing', 'urgent'] });
    expect(active(el)?.id, 'focus follows the moved row').to.match(/-down$/);
    await tabTo(el, (e) => e.getAttribute('part') === 'add-row');
    await press(el, 'Enter');
    await type(el, 'ops');
    expect(q<HTMLButtonElement>(el, '[part="add-row"]')!.disabled).to.equal(true, 'maxItems reached');
    expect(text(q(el, '.limit'))).to.equal('This takes at most 3 items: remove one to add another.');
    expect(q(el, '[part="add-row"]')!.getAttribute('aria-describedby')).to.contain(q(el, '.limit')!.id);
    await tabTo(el, (e) => e.id.endsWith('-remove') && e.closest('.row')?.querySelector('input')?.name === 'tags/0');
    expect(text(active(el))).to.equal('Remove Tags 1');
    await press(el, 'Enter');
    expect(payloadOf(el, view)).to.deep.equal({ tags: ['urgent', 'ops'] });
    expect(q<HTMLButtonElement>(el, '[part="add-row"]')!.disabled).to.equal(false);
    expectLabelled(el);
    await expect(el).to.be.accessible();
  });

  it('a const-tagged variant: radios switch the fields; the tag goes into the payload', async () => {
    const { el, view } = await mount(FORM_SCHEMAS.contact);
    const radios = qa<HTMLInputElement>(el, 'input[data-kind="variant"]');
    expect(radios.map((r) => r.labels![0]!.textContent)).to.deep.equal(['By email', 'By phone']);
    expect(q(el, 'input[name="contact/address"]')).to.equal(null, 'no option chosen: no fields yet');
    expectActive(el, radios[0]);
    await press(el, 'Space');
    expect(q(el, 'input[name="contact/address"]')).to.not.equal(null);
    await press(el, 'Tab');
    await type(el, 'ada@example.com');
    expect(payloadOf(el, view)).to.deep.equal({ contact: { via: 'email', address: 'ada@example.com' } });
    radios[0]!.focus();
    await press(el, 'ArrowDown');
    expect(q(el, 'input[name="contact/address"]')).to.equal(null, "the other option's fields are gone");
    await press(el, 'Tab');
    expectActive(el, q(el, 'input[name="contact/number"]'));
    await type(el, '+47 555 0100');
    expect(payloadOf(el, view)).to.deep.equal({ contact: { via: 'phone', number: '+47 555 0100' } });
    expectLabelled(el);
    await expect(el).to.be.accessible();
  });

  it('nullable: "No value" sends null and hides the control; nested lists of objects take rows too', async () => {
    const { el, view } = await mount(FORM_SCHEMAS.nested);
    const none = q<HTMLInputElement>(el, 'input[data-kind="null"]')!;
    expect(text(none.labels![0]!)).to.equal('No value (Deadline)');
    await tabTo(el, (e) => e === none);
    await press(el, 'Space');
    expect(q<HTMLInputElement>(el, 'input[name="deadline"]')!.disabled).to.equal(true);
    await tabTo(el, (e) => e.getAttribute('part') === 'add-row');
    await press(el, 'Enter');
    expectActive(el, q(el, 'input[name="people/0/name"]'));
    await type(el, 'Ada');
    await press(el, 'Tab');
    await type(el, '3');
    expect(payloadOf(el, view)).to.deep.equal({ deadline: null, people: [{ name: 'Ada', days: 3 }] });
    const legends = qa(el, 'fieldset legend').map(text);
    expect(legends).to.include.members(['People', 'People 1']);
    expectLabelled(el);
    await expect(el).to.be.accessible();
  });

  it('additionalProperties: name and value rows; a name used twice is said in words', async () => {
    const { el, view } = await mount(FORM_SCHEMAS.labels);
    await tabTo(el, (e) => e.getAttribute('part') === 'add-row');
    await press(el, 'Enter');
    await type(el, 'team');
    await press(el, 'Tab');
    await type(el, 'ops');
    expect(payloadOf(el, view)).to.deep.equal({ labels: { team: 'ops' } });
    await tabTo(el, (e) => e.getAttribute('part') === 'add-row');
    await press(el, 'Enter');
    await type(el, 'team');
    await press(el, 'Tab');
    await type(el, 'dev');
    expect(payloadOf(el, view)).to.equal('invalid');
    expect(text(q(el, '.field-error'))).to.equal('This name is used twice');
    const key = q<HTMLInputElement>(el, 'input[name="labels/1/~k"]')!;
    expect(key.getAttribute('aria-invalid')).to.equal('true');
    expect(key.getAttribute('aria-describedby')).to.contain(q(el, '.field-error')!.id);
    expectLabelled(el);
    await expect(el).to.be.accessible();
  });

  it('a schema no form can draw: the JSON box says what it asks, shows an example, and what is wrong in words as one types', async () => {
    const { el, view } = await mount(FORM_SCHEMAS.undrawable);
    const box = q<HTMLTextAreaElement>(el, 'textarea[data-kind="json"]')!;
    expect(text(box.labels![0]!)).to.equal('Release plan');
    expect(text(q(el, '.outline')))
      .to.contain('Steps')
      .and.contain('List');
    expect(box.getAttribute('aria-describedby')).to.contain(q(el, '.json-help')!.id);
    expectActive(el, box);
    await type(el, '{"steps": [');
    expect(text(q(el, '.field-error'))).to.match(/^Enter valid JSON \(it stops making sense at line 1, column \d+\)$/);
    box.select();
    await type(el, '{"steps": []}');
    expect(text(q(el, '.field-error'))).to.equal('At Steps: Add at least 1 item');
    await tabTo(el, (e) => e.classList.contains('use-example'));
    await press(el, 'Enter');
    expectActive(el, box);
    expect(q(el, '.field-error')).to.equal(null);
    expect(payloadOf(el, view)).to.deep.equal(JSON.parse(q(el, '.example')!.textContent!));
    await expect(el).to.be.accessible();
  });
});
