import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/define.js';
import type { OzComposer } from '../../elements/composer/composer.js';
import type { OzSendEvent } from '../../elements/shared/events.js';

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
    expect(root.querySelector('textarea')!.disabled).to.equal(true);
    expect(root.querySelector('[part~="reason"]')!.textContent).to.equal('The agent is answering.');
    let stopped = 0;
    el.addEventListener('oz-stop', () => stopped++);
    const stop = root.querySelector('[part~="stop"]') as HTMLButtonElement;
    expect(stop.getAttribute('aria-describedby')).to.equal('stop-note');
    stop.click();
    await el.updateComplete;
    expect(stopped).to.equal(1);
    expect(root.querySelector('[part~="stop-note"]')!.className).to.equal('reason');
    expect(root.querySelector('[part~="stop-note"]')!.textContent).to.contain('runs on in OZ');
    await expect(el).to.be.accessible();
  });
});
