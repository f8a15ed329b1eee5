import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzAgentChat } from '../../elements/chat/chat.js';
import type { OzStoreChangeEvent } from '../../elements/shared/events.js';
import { createThreadStore, memoryStorage, type ThreadStore } from '../../src/thread/index.js';
import { createReplayTransport } from '../../src/transport/index.js';
import { helperRun, scriptedTransport, until } from './fixtures.js';

const noRuns = createReplayTransport(() => [], { speed: Infinity });

function chatEl(threadId: string): OzAgentChat {
  const chat = document.createElement('oz-agent-chat');
  chat.setAttribute('agent', 'helper');
  chat.setAttribute('tenant', 'acme');
  chat.setAttribute('thread-id', threadId);
  chat.storage = 'none';
  chat.transport = noRuns;
  return chat;
}

describe('<oz-agent-chat> oz-store-change', () => {
  let heard: (ThreadStore | undefined)[];
  const listen = (e: OzStoreChangeEvent) => heard.push(e.store);
  beforeEach(() => {
    heard = [];
    window.addEventListener('oz-store-change', listen);
  });
  afterEach(() => window.removeEventListener('oz-store-change', listen));

  it("announces the store it makes, a new thread's, the app's at once, and again on entering the page", async () => {
    const root = await fixture<HTMLDivElement>(html`<div></div>`);
    const chat = chatEl('t-first');
    root.append(chat);
    await chat.updateComplete;
    expect(heard.length, 'its first store').to.equal(1);
    expect(heard[0]).to.equal(chat.store);
    expect(heard[0]!.threadId).to.equal('t-first');

    chat.setAttribute('thread-id', 't-second');
    await chat.updateComplete;
    expect(heard.map((s) => s?.threadId)).to.deep.equal(['t-first', 't-second']);

    const app = createThreadStore({ endpoint: '/agui', agent: 'helper', tenant: 'acme', threadId: 't-app', transport: noRuns });
    chat.store = app;
    expect(heard.at(-1), 'synchronously, as the property is set').to.equal(app);
    chat.store = app;
    expect(heard.length, 'the same store again is no change').to.equal(3);

    // Crossing a shadow root: the event is composed and bubbles.
    const host = document.createElement('div');
    root.append(host);
    host.attachShadow({ mode: 'open' }).append(chat);
    expect(heard.length, 'moved: announced again where it now is').to.equal(4);
    expect(heard.at(-1)).to.equal(app);
  });

  it('stays quiet while out of the page, and announces no store when it has none', async () => {
    const root = await fixture<HTMLDivElement>(html`<div></div>`);
    const chat = chatEl('t-quiet');
    const app = createThreadStore({ endpoint: '/agui', agent: 'helper', tenant: 'acme', threadId: 't-quiet-app', transport: noRuns });
    chat.store = app;
    expect(heard.length, 'not in the page').to.equal(0);
    root.append(chat);
    expect(heard).to.deep.equal([app]);
    chat.store = undefined;
    await chat.updateComplete;
    // Without the app's store it makes its own again, from its attributes.
    expect(heard[1]).to.equal(undefined);
    expect(heard[2]?.threadId).to.equal(chat.threadId);
  });

  it('a chat moved in the page keeps its own store; one removed lets it go (disposed, no store)', async () => {
    const root = await fixture<HTMLDivElement>(html`<div><section></section></div>`);
    const chat = chatEl('t-moved');
    root.append(chat);
    await chat.updateComplete;
    const own = chat.store!;
    root.querySelector('section')!.append(chat);
    await new Promise((r) => setTimeout(r, 10));
    expect(chat.store, 'moved: the same store').to.equal(own);
    expect(() => own.getState()).to.not.throw();
    chat.remove();
    await new Promise((r) => setTimeout(r, 10));
    expect(chat.store, 'removed: no store').to.equal(undefined);
    expect(() => own.send('after'), 'removed: its store is disposed').to.throw('disposed');
  });

  it('shows a disposed store handed to it as it is, says why once in the console, and a send puts the words back with the reason', async () => {
    const { transport } = scriptedTransport([helperRun]);
    const store = createThreadStore({ endpoint: '/agui', agent: 'helper', tenant: 'acme', threadId: 't-disposed', storage: memoryStorage(), transport });
    await store.send('Hello there');
    store.dispose();
    const failures: unknown[] = [];
    const onError = (e: ErrorEvent | PromiseRejectionEvent) => failures.push('reason' in e ? e.reason : e.error);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    const logged: string[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void logged.push(args.join(' '));
    try {
      const chat = chatEl('t-disposed');
      chat.store = store;
      document.body.append(chat);
      await chat.updateComplete;
      await until(() => chat.shadowRoot!.querySelectorAll('.message').length >= 2);
      expect(chat.shadowRoot!.querySelector('.message.user')!.textContent).to.contain('Hello there');
      expect(logged.filter((l) => l.includes('<oz-agent-chat> shows its store as it is and cannot follow it') && l.includes('disposed'))).to.have.length(1);
      await chat.send('And again').catch(() => undefined);
      await chat.updateComplete;
      const composer = chat.shadowRoot!.querySelector('oz-composer')!;
      expect(composer.value).to.equal('And again', 'the words are back in the composer');
      expect(chat.shadowRoot!.querySelector('[part~="not-sent"]')!.textContent).to.contain('disposed');
      await new Promise((r) => setTimeout(r, 50));
      expect(failures, 'no uncaught error or rejection').to.deep.equal([]);
      chat.remove();
    } finally {
      console.error = consoleError;
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    }
  });

  it('a chat whose agent changes makes a store for that agent, the same thread, and keeps the words typed', async () => {
    const chat = chatEl('t-agent');
    document.body.append(chat);
    await chat.updateComplete;
    const first = chat.store!;
    expect(first.url).to.contain('/agents/helper');
    const composer = chat.shadowRoot!.querySelector('oz-composer')!;
    await composer.updateComplete;
    composer.value = 'Half a thought';
    chat.agent = 'writer';
    await chat.updateComplete;
    expect(chat.store).to.not.equal(first);
    expect(chat.store!.url).to.contain('/agents/writer');
    expect(chat.store!.threadId).to.equal('t-agent');
    expect(heard.at(-1)).to.equal(chat.store, 'announced');
    expect(() => first.send('late'), 'the old store is let go').to.throw('disposed');
    expect(chat.shadowRoot!.querySelector('oz-composer')!.value).to.equal('Half a thought');
    // The same attributes again make nothing new.
    const second = chat.store;
    chat.agent = 'writer';
    chat.setAttribute('thread-id', 't-agent');
    await chat.updateComplete;
    expect(chat.store).to.equal(second);
    chat.remove();
  });
});
