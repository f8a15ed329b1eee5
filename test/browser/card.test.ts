import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzCard } from '../../elements/card/card.js';
import { CardRendererRegistry, humanize } from '../../elements/card/card-renderers.js';

describe('<oz-card>', () => {
  it('renders any card readably: title, summary, fields, nested objects, links', async () => {
    const card = {
      type: 'invoice',
      title: 'Invoice 42',
      summary: 'Due soon',
      dueDate: '2026-02-01',
      total: 120.5,
      paid: false,
      customer: { name: 'Acme', address: { city: 'Oslo' } },
      items: ['a', 'b'],
      url: 'https://example.com/i/42',
    };
    const el = await fixture<OzCard>(html`<oz-card .card=${card} job="job-1"></oz-card>`);
    const root = el.shadowRoot!;
    expect(root.querySelector('[part~="type"]')!.textContent).to.equal('invoice');
    expect(root.querySelector('[part~="card-title"]')!.textContent).to.equal('Invoice 42');
    expect(root.querySelector('[part~="card-summary"]')!.textContent).to.equal('Due soon');
    expect(root.textContent).to.contain('Due date');
    expect(root.querySelectorAll('dl dl dl').length).to.equal(1);
    expect(root.querySelector('a')!.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(humanize('due_date')).to.equal('Due date');
    await expect(el).to.be.accessible();
  });

  it('uses a registered renderer for its type, per registry', async () => {
    const registry = new CardRendererRegistry().register('weather', (c) => html`<p class="w">It is ${String(c.temp)} degrees</p>`);
    const el = await fixture<OzCard>(html`<oz-card .card=${{ type: 'weather', temp: 21 }} .renderers=${registry}></oz-card>`);
    expect(el.shadowRoot!.querySelector('.w')!.textContent).to.equal('It is 21 degrees');
    const other = await fixture<OzCard>(html`<oz-card .card=${{ type: 'weather', temp: 21 }}></oz-card>`);
    expect(other.shadowRoot!.querySelector('.w')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('falls back to the generic renderer when a renderer throws', async () => {
    const registry = new CardRendererRegistry({
      boom: () => {
        throw new Error('x');
      },
    });
    const el = await fixture<OzCard>(html`<oz-card .card=${{ type: 'boom', title: 'Still shown' }} .renderers=${registry}></oz-card>`);
    expect(el.shadowRoot!.textContent).to.contain('Still shown');
    await expect(el).to.be.accessible();
  });
});
