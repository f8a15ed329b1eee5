import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { TurnWindowController } from '../../elements/chat/turn-window.js';
import { until } from './fixtures.js';

/** A host that renders numbered turns through the controller, as the chat does. */
class TurnsHost extends LitElement {
  turns: number[] = [];
  private readonly window = new TurnWindowController(this);
  protected override render() {
    return html`${this.window.render(this.turns, (t) => html`<p>${t}</p>`)}`;
  }
}
customElements.define('test-turns-host', TurnsHost);

const shown = (el: TurnsHost) => [...el.shadowRoot!.querySelectorAll('p')].map((p) => Number(p.textContent));

describe('TurnWindowController', () => {
  it('shows a long restored thread from its end at once, then adds older turns in batches, in order', async () => {
    const el = document.createElement('test-turns-host') as TurnsHost;
    el.turns = Array.from({ length: 55 }, (_, i) => i);
    const box = await fixture(html`<div></div>`);
    box.append(el);
    await el.updateComplete; // the first render, before any frame
    expect(shown(el)).to.deep.equal(Array.from({ length: 20 }, (_, i) => 35 + i), 'the last 20 first');
    await until(() => shown(el).length === 55);
    expect(shown(el)).to.deep.equal(el.turns, 'then all of them, in order');
    const first = el.shadowRoot!.querySelectorAll('p')[54];
    el.turns = [...el.turns, 55];
    el.requestUpdate();
    await el.updateComplete;
    expect(shown(el).length).to.equal(56);
    expect(el.shadowRoot!.querySelectorAll('p')[54]).to.equal(first, 'an appended turn leaves the others\' DOM alone');
  });

  it('renders a short thread whole at once', async () => {
    const el = document.createElement('test-turns-host') as TurnsHost;
    el.turns = [1, 2, 3];
    await fixture(html`<div>${el}</div>`);
    expect(shown(el)).to.deep.equal([1, 2, 3]);
  });
});
