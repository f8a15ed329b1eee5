import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzWaiting } from '../../elements/waiting/waiting.js';

describe('<oz-waiting>', () => {
  it('shows what waits, who decides, and the console link', async () => {
    const waiting = [{ job: 'job-7', what: 'Deploy to production', deciders: 'two of the release managers', console: { label: 'Decide in OZ', url: 'https://console.example/j/7' } }];
    const el = await fixture<OzWaiting>(html`<oz-waiting .waiting=${waiting}></oz-waiting>`);
    const text = el.shadowRoot!.textContent!;
    expect(text).to.contain('Deploy to production');
    expect(text).to.contain('two of the release managers');
    const a = el.shadowRoot!.querySelector('a')!;
    expect(a.href).to.equal('https://console.example/j/7');
    expect(a.rel).to.equal('noopener noreferrer');
    await expect(el).to.be.accessible();
  });

  it('renders nothing when nothing waits', async () => {
    const el = await fixture<OzWaiting>(html`<oz-waiting .waiting=${[]}></oz-waiting>`);
    expect(el.shadowRoot!.querySelector('[part~="waiting"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });
});
