import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import '../../elements/define.js';
import type { OzCard } from '../../elements/card/card.js';
import { OzCardEvent, OzRunStartedEvent, OzSendEvent, OzStopEvent } from '../../elements/shared/events.js';
import { StoreController } from '../../elements/shared/store-controller.js';
import { DEFAULT_STRINGS, resolveStrings } from '../../elements/shared/strings.js';
import { staticStore } from './fixtures.js';
import type { ThreadState } from '../../src/thread/state.js';

class CountingHost extends LitElement {
  renders = 0;
  ctl = new StoreController<ThreadState>(this);
  protected override render() {
    this.renders++;
    return html`<p>${this.ctl.state?.status}</p>`;
  }
}
customElements.define('oz-test-counting-host', CountingHost);

describe('shared', () => {
  it('StoreController renders at most once per frame and unsubscribes on disconnect', async () => {
    const store = staticStore({});
    const el = await fixture<CountingHost>(html`<oz-test-counting-host></oz-test-counting-host>`);
    el.ctl.store = store;
    await el.updateComplete;
    const before = el.renders;
    for (let i = 0; i < 50; i++) store.set({ status: i % 2 ? 'running' : 'idle' });
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
    await el.updateComplete;
    expect(el.renders - before).to.equal(1);
    expect(store.listenerCount).to.equal(1);
    await expect(el).to.be.accessible();
    el.remove();
    expect(store.listenerCount).to.equal(0);
  });

  it('events bubble, cross shadow roots, and oz-send is cancelable', async () => {
    const e = new OzSendEvent({ text: 'hi' });
    expect([e.bubbles, e.composed, e.cancelable]).to.deep.equal([true, true, true]);
    const s = new OzRunStartedEvent({ threadId: 't', runId: 'r' });
    expect([s.type, s.bubbles, s.composed, s.cancelable]).to.deep.equal(['oz-run-started', true, true, false]);
    expect(new OzCardEvent({ job: 'j', card: {} }).type).to.equal('oz-card');
    // One class per event from defineEvent: its name, its fields, instanceof Event, and through a shadow root to the page.
    expect([OzSendEvent.eventName, e.text, e instanceof Event, e instanceof OzSendEvent]).to.deep.equal(['oz-send', 'hi', true, true]);
    expect(new OzStopEvent()).to.include({ type: 'oz-stop', bubbles: true });
    const host = document.createElement('div');
    const inner = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('span'));
    document.body.append(host);
    let heard: OzRunStartedEvent | undefined;
    document.addEventListener('oz-run-started', (ev) => (heard = ev), { once: true });
    inner.dispatchEvent(s);
    host.remove();
    expect(heard?.runId).to.equal('r');
    const el = await fixture(html`<div></div>`);
    await expect(el).to.be.accessible();
  });

  it('strings: English by default, any replaced, the rest kept', async () => {
    const s = resolveStrings({ send: 'Senden', toolStatus: { done: 'Fertig' } as never });
    expect(s.send).to.equal('Senden');
    expect(s.toolStatus.done).to.equal('Fertig');
    expect(s.toolStatus.running).to.equal(DEFAULT_STRINGS.toolStatus.running);
    expect(Object.isFrozen(DEFAULT_STRINGS)).to.equal(true);
    const el = await fixture<OzCard>(html`<oz-card .card=${{ title: 'x' }} .strings=${{ cardLabel: 'Karte' }}></oz-card>`);
    expect(el.shadowRoot!.querySelector('[part~="card"]')!.getAttribute('aria-label')).to.equal('Karte: x');
    await expect(el).to.be.accessible();
  });

  it('themes: theme="dark" and theme="light" override the system, and nest', async () => {
    const el = await fixture<HTMLElement>(html`<div>
      <oz-card theme="dark" .card=${{ title: 'dark' }}></oz-card>
      <oz-card theme="light" .card=${{ title: 'light' }}></oz-card>
    </div>`);
    const [dark, light] = [...el.querySelectorAll('oz-card')] as OzCard[];
    const bg = (c: OzCard) => getComputedStyle(c.shadowRoot!.querySelector('.card')!).backgroundColor;
    expect(bg(dark!)).to.equal('rgb(21, 24, 29)');
    expect(bg(light!)).to.equal('rgb(255, 255, 255)');
    await expect(el).to.be.accessible();
  });
});
