import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../elements/define.js';
import type { OzComposer } from '../../elements/composer/composer.js';
import type { OzSendEvent } from '../../elements/shared/events.js';
import { describeNode, expectFocusOn } from './focus.js';

const part = <T extends Element>(el: OzComposer, name: string) => el.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
const textareaOf = (el: OzComposer) => el.shadowRoot!.querySelector('textarea')!;

/** What the chat does on `oz-send`: the turn runs, and the composer says why it waits. */
function runOnSend(el: OzComposer, sent: string[]): void {
  el.addEventListener('oz-send', (e) => {
    sent.push((e as OzSendEvent).text);
    el.running = true;
    el.disabledReason = 'The agent is answering.';
  });
}

async function endTurn(el: OzComposer): Promise<void> {
  el.running = false;
  el.disabledReason = '';
  await el.updateComplete;
}

describe('<oz-composer>', () => {
  it('sends on Enter, adds a line on Shift+Enter, and clears', async () => {
    const el = await fixture<OzComposer>(html`<oz-composer></oz-composer>`);
    const sent: string[] = [];
    el.addEventListener('oz-send', (e) => sent.push((e as OzSendEvent).text));
    el.focus();
    await sendKeys({ type: 'first line' });
    await sendKeys({ press: 'Shift+Enter' });
    await sendKeys({ type: 'second' });
    expect(el.value).to.equal('first line\nsecond');
    await sendKeys({ press: 'Enter' });
    expect(sent).to.deep.equal(['first line\nsecond']);
    expect(el.value).to.equal('');
    await expect(el).to.be.accessible();
  });

  it('keeps the text when the send is prevented', async () => {
    const el = await fixture<OzComposer>(html`<oz-composer value="keep me"></oz-composer>`);
    el.addEventListener('oz-send', (e) => e.preventDefault());
    expect(el.send()).to.equal(false);
    expect(el.value).to.equal('keep me');
    await expect(el).to.be.accessible();
  });

  it('is disabled with the reason while a turn runs, with a stop button that says the job runs on', async () => {
    const el = await fixture<OzComposer>(html`<oz-composer running disabled-reason="The agent is answering."></oz-composer>`);
    const root = el.shadowRoot!;
    const ta = textareaOf(el);
    // Disabled for people and assistive technology, yet focusable: readonly, aria-disabled, the reason linked.
    expect(ta.disabled).to.equal(false);
    expect(ta.readOnly).to.equal(true);
    expect(ta.getAttribute('aria-disabled')).to.equal('true');
    expect(ta.getAttribute('aria-describedby')).to.equal('reason');
    expect(root.getElementById('reason')!.textContent).to.equal('The agent is answering.');
    expect(part(el, 'reason')!.textContent).to.equal('The agent is answering.');
    expect(part<HTMLButtonElement>(el, 'send')!.disabled).to.equal(true);
    let stopped = 0;
    el.addEventListener('oz-stop', () => stopped++);
    const stop = part<HTMLButtonElement>(el, 'stop')!;
    expect(stop.getAttribute('aria-describedby')).to.equal('stop-note');
    stop.click();
    await el.updateComplete;
    expect(stopped).to.equal(1);
    expect(part(el, 'stop-note')!.className).to.equal('reason');
    expect(part(el, 'stop-note')!.textContent).to.contain('runs on in OZ');
    await expect(el).to.be.accessible();
  });

  it('refuses Enter, typing and send() while a turn runs, and takes them again once it ends', async () => {
    const el = await fixture<OzComposer>(html`<oz-composer running disabled-reason="The agent is answering." value="draft"></oz-composer>`);
    const sent: string[] = [];
    el.addEventListener('oz-send', (e) => sent.push((e as OzSendEvent).text));
    el.focus();
    expectFocusOn(textareaOf(el));
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'x' });
    await sendKeys({ press: 'Shift+Enter' });
    expect(el.send()).to.equal(false);
    await el.updateComplete;
    expect(sent).to.deep.equal([]);
    expect(el.value).to.equal('draft');
    expect(textareaOf(el).value).to.equal('draft');
    await expect(el).to.be.accessible();

    await endTurn(el);
    expect(textareaOf(el).readOnly).to.equal(false);
    expect(textareaOf(el).hasAttribute('aria-disabled')).to.equal(false);
    expect(part(el, 'reason')!.textContent).to.equal('');
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'Shift+Enter' });
    await sendKeys({ type: 'more' });
    expect(el.value).to.equal('draft\nmore');
    await sendKeys({ press: 'Enter' });
    expect(sent).to.deep.equal(['draft\nmore']);
  });

  it('keeps focus on the field when a send with Enter starts a turn, and after the turn ends', async () => {
    const el = await fixture<OzComposer>(html`<oz-composer></oz-composer>`);
    const sent: string[] = [];
    runOnSend(el, sent);
    el.focus();
    await sendKeys({ type: 'hello' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(sent).to.deep.equal(['hello']);
    expect(textareaOf(el).readOnly).to.equal(true);
    expectFocusOn(textareaOf(el));
    expect(textareaOf(el).matches(':focus-visible')).to.equal(true);
    await expect(el).to.be.accessible();

    await endTurn(el);
    expectFocusOn(textareaOf(el));
    await sendKeys({ type: 'again' });
    await sendKeys({ press: 'Enter' });
    expect(sent).to.deep.equal(['hello', 'again']);
  });

  it('moves focus to the field when the Stop button that had it goes away (keyboard)', async () => {
    const el = await fixture<OzComposer>(html`<oz-composer running disabled-reason="The agent is answering."></oz-composer>`);
    // As the chat does: stopping ends the turn, so the button is no longer rendered.
    el.addEventListener('oz-stop', () => void endTurn(el));
    el.focus();
    await sendKeys({ press: 'Tab' });
    expectFocusOn(part(el, 'stop'));
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(describeNode(part(el, 'stop'))).to.equal('nothing');
    expectFocusOn(textareaOf(el));
    expect(part(el, 'stop-note')!.className).to.equal('reason');
    await expect(el).to.be.accessible();
  });

  it('moves focus to the field when the Stop button that had it goes away (mouse), and when the run ends by itself', async () => {
    const el = await fixture<OzComposer>(html`<oz-composer running disabled-reason="The agent is answering."></oz-composer>`);
    el.addEventListener('oz-stop', () => void endTurn(el));
    const box = part(el, 'stop')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
    await el.updateComplete;
    expect(describeNode(part(el, 'stop'))).to.equal('nothing');
    expectFocusOn(textareaOf(el));

    // A run that ends while Stop has focus: the button goes, focus does not drop to <body>.
    el.running = true;
    el.disabledReason = 'The agent is answering.';
    await el.updateComplete;
    part<HTMLButtonElement>(el, 'stop')!.focus();
    await endTurn(el);
    expectFocusOn(textareaOf(el));
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('moves focus to the field when Send, activated from the keyboard, turns disabled', async () => {
    const el = await fixture<OzComposer>(html`<oz-composer></oz-composer>`);
    const sent: string[] = [];
    el.addEventListener('oz-send', (e) => sent.push((e as OzSendEvent).text));
    el.focus();
    await sendKeys({ type: 'by button' });
    await el.updateComplete;
    await sendKeys({ press: 'Tab' });
    expectFocusOn(part(el, 'send'));
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(sent).to.deep.equal(['by button']);
    expect(part<HTMLButtonElement>(el, 'send')!.disabled).to.equal(true);
    expectFocusOn(textareaOf(el));
  });

  it('leaves focus where the person moved it', async () => {
    const outside = await fixture<HTMLDivElement>(html`<div><button id="elsewhere">Elsewhere</button><oz-composer running disabled-reason="The agent is answering."></oz-composer></div>`);
    const el = outside.querySelector('oz-composer')!;
    const elsewhere = outside.querySelector('button')!;
    await el.updateComplete;
    elsewhere.focus();
    await endTurn(el);
    expectFocusOn(elsewhere);
  });
});
