import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { firstTurns, TurnWindowController } from '../../elements/chat/turn-window.js';
import { CHUNK_TURNS } from '../../src/schedule.js';
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
    el.style.cssText = 'display: block; height: 600px; overflow: auto';
    el.turns = Array.from({ length: 55 }, (_, i) => i);
    const FIRST_TURNS = firstTurns(600);
    expect(FIRST_TURNS).to.equal(3, 'about what 600 px show');
    const box = await fixture(html`<div></div>`);
    box.append(el);
    await el.updateComplete; // the first render, before any frame
    expect(shown(el)).to.deep.equal(
      Array.from({ length: FIRST_TURNS }, (_, i) => 55 - FIRST_TURNS + i),
      'the last few first',
    );
    const last = el.shadowRoot!.querySelectorAll('p')[FIRST_TURNS - 1];
    await until(() => shown(el).length === 55);
    expect(shown(el)).to.deep.equal(el.turns, 'then all of them, in order');
    expect(el.shadowRoot!.querySelectorAll('p')[54]).to.equal(last, "older turns added above leave the shown ones' DOM alone");
    const first = el.shadowRoot!.querySelectorAll('p')[54];
    el.turns = [...el.turns, 55];
    el.requestUpdate();
    await el.updateComplete;
    expect(shown(el).length).to.equal(56);
    expect(el.shadowRoot!.querySelectorAll('p')[54]).to.equal(first, "an appended turn leaves the others' DOM alone");
  });

  it('renders turns in chunks, a few boxes for a long thread rather than one per turn', async () => {
    const el = document.createElement('test-turns-host') as TurnsHost;
    el.turns = Array.from({ length: 203 }, (_, i) => i);
    await fixture(html`<div>${el}</div>`);
    await until(() => shown(el).length === 203);
    const chunks = [...el.shadowRoot!.querySelectorAll('div.turns')];
    expect(
      chunks.every((c) => c.querySelectorAll('p').length <= CHUNK_TURNS),
      'no chunk holds more than CHUNK_TURNS',
    ).to.equal(true);
    expect(chunks.length).to.equal(Math.ceil((203 - firstTurns(0)) / CHUNK_TURNS) + 1, 'older turns in full chunks, counted down from the first shown');
    expect(chunks.map((c) => c.querySelectorAll('p').length).reduce((a, b) => a + b)).to.equal(203);
  });

  it("shows about what the host's height shows first: 2 to 8 turns", () => {
    expect([0, 100, 256, 257, 700, 1000, 4000].map(firstTurns)).to.deep.equal([2, 2, 2, 2, 3, 4, 8]);
  });

  it('renders a short thread whole at once', async () => {
    const el = document.createElement('test-turns-host') as TurnsHost;
    el.turns = [1, 2, 3];
    await fixture(html`<div>${el}</div>`);
    expect(shown(el)).to.deep.equal([1, 2, 3]);
  });
});
