import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzAgentChat } from '../../elements/chat/chat.js';
import type { OzStoreChangeEvent } from '../../elements/shared/events.js';
import { createThreadStore, type ThreadStore } from '../../src/thread/index.js';
import { createReplayTransport } from '../../src/transport/index.js';

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
});
