import { expect, fixture, html } from '@open-wc/testing';
import '../../../elements/define.js';
import '../../../inspector/define.js';
import type { OzAgentChat } from '../../../elements/chat/chat.js';
import type { OzInspector } from '../../../inspector/inspector/inspector.js';
import { createThreadStore } from '../../../src/thread/index.js';
import { createReplayTransport } from '../../../src/transport/index.js';
import { helperRun } from '../fixtures.js';
import { records, settled, shadow, until } from './helpers.js';

function chatEl(id: string, threadId = `t-${crypto.randomUUID()}`): OzAgentChat {
  const chat = document.createElement('oz-agent-chat');
  chat.id = id;
  chat.setAttribute('agent', 'helper');
  chat.setAttribute('tenant', 'acme');
  chat.setAttribute('endpoint', '/agui');
  chat.setAttribute('thread-id', threadId);
  chat.setAttribute('theme', 'light');
  chat.storage = 'none';
  chat.transport = createReplayTransport((req) => records(helperRun(threadId, (req.body as { runId: string }).runId)), { speed: Infinity });
  return chat;
}

const finished = (i: OzInspector) => i.recording?.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED');

describe('<oz-inspector> attaching', () => {
  it('finds a chat that appears after it, and records several chats with a picker', async () => {
    const root = await fixture<HTMLDivElement>(html`<div><oz-inspector for="a b" theme="light"></oz-inspector></div>`);
    const inspector = root.querySelector('oz-inspector')!;
    expect(inspector.recordings.length).to.equal(0);
    expect(shadow(inspector, '[part~="panel"]')!.textContent).to.contain('Nothing recorded yet');
    const a = chatEl('a');
    root.append(a);
    await until(() => inspector.recordings.length === 1, 'chat a to be found');
    await a.send('Hello');
    await until(() => finished(inspector), 'a run recorded');
    const b = chatEl('b');
    root.append(b);
    await until(() => inspector.recordings.length === 2, 'chat b to be found');
    await settled(inspector);
    const picker = shadow<HTMLSelectElement>(inspector, '[part~="toolbar"] select')!;
    expect([...picker.options].map((o) => o.textContent)).to.deep.equal([`a · ${a.threadId}`, `b · ${b.threadId}`]);
    picker.value = picker.options[1]!.value;
    picker.dispatchEvent(new Event('change'));
    await settled(inspector);
    expect(inspector.recording!.size).to.equal(0);
    await b.send('Hi');
    await until(() => finished(inspector), 'b recorded');
    await expect(inspector).to.be.accessible();
  });

  it('follows a chat whose store is replaced (a new thread), keeping the old recording', async () => {
    const root = await fixture<HTMLDivElement>(html`<div><oz-inspector for="c" theme="light"></oz-inspector></div>`);
    const inspector = root.querySelector('oz-inspector')!;
    const c = chatEl('c');
    root.append(c);
    await until(() => inspector.recordings.length === 1, 'chat c');
    await c.send('First');
    await until(() => finished(inspector), 'the first thread recorded');
    const first = c.store;
    const old = inspector.recordings[0]!;
    c.setAttribute('thread-id', `t-${crypto.randomUUID()}`);
    await until(() => c.store !== first && inspector.recordings.length === 2, 'the new store to be recorded');
    await c.send('Again');
    const fresh = inspector.recordings.find((r) => r.label.includes(c.threadId!))!;
    expect(fresh).not.to.equal(old);
    await until(() => fresh.recording.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED'), 'the new thread recorded');
    // The old recording is kept as it was: its run, and only its own request.
    expect(inspector.recordings).to.include(old);
    expect(old.recording.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED')).to.equal(true);
    expect(old.recording.entries().filter((e) => e.kind === 'request').length).to.equal(1);
    expect(fresh.recording.entries().filter((e) => e.kind === 'request').length).to.equal(1);
    await expect(inspector).to.be.accessible();
  });

  it("records an app's store from its first request, though the app sends at once (oz-store-change)", async () => {
    const root = await fixture<HTMLDivElement>(html`<div><oz-inspector for="e" theme="light"></oz-inspector></div>`);
    const inspector = root.querySelector('oz-inspector')!;
    const c = chatEl('e');
    root.append(c);
    await until(() => inspector.recordings.length === 1, 'chat e');
    const threadId = `t-${crypto.randomUUID()}`;
    const store = createThreadStore({
      endpoint: '/agui',
      agent: 'helper',
      tenant: 'acme',
      threadId,
      transport: createReplayTransport((req) => records(helperRun(threadId, (req.body as { runId: string }).runId)), { speed: Infinity }),
    });
    // Given and used in one task: no render, no mutation, no oz-send in between.
    c.store = store;
    const sent = store.send('Straight away');
    const mine = inspector.recordings.find((r) => r.label.includes(threadId));
    expect(mine, 'recorded before its request').to.not.equal(undefined);
    await sent;
    expect(mine!.recording.entries().filter((e) => e.kind === 'request').length).to.equal(1);
    expect(mine!.recording.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED')).to.equal(true);
    store.dispose();
  });

  it('records a store given directly', async () => {
    const c = chatEl('d');
    const root = await fixture<HTMLDivElement>(html`<div></div>`);
    root.append(c);
    await c.updateComplete;
    const inspector = await fixture<OzInspector>(html`<oz-inspector theme="light" .store=${c.store}></oz-inspector>`);
    await c.send('Hi');
    await until(() => finished(inspector), 'the run');
    await expect(inspector).to.be.accessible();
  });

  it('docks as a drawer that its shortcut opens and closes', async () => {
    const inspector = await fixture<OzInspector>(html`<oz-inspector docked theme="light"></oz-inspector>`);
    expect(getComputedStyle(inspector).display).to.equal('none');
    const toggles: boolean[] = [];
    inspector.addEventListener('oz-inspector-toggle', (e) => toggles.push(e.open));
    const press = (init: KeyboardEventInit) => window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }));
    press({ key: 'D', code: 'KeyD', altKey: true, shiftKey: false });
    expect(inspector.open).to.equal(false);
    press({ key: 'D', code: 'KeyD', altKey: true, shiftKey: true });
    await inspector.updateComplete;
    await inspector.updateComplete;
    expect(inspector.open).to.equal(true);
    expect(getComputedStyle(inspector).position).to.equal('fixed');
    expect(inspector.shadowRoot!.activeElement?.id).to.equal('tab-events');
    await expect(inspector).to.be.accessible();
    shadow<HTMLButtonElement>(inspector, '[part~="toolbar"] button:last-of-type')!.click();
    expect(inspector.open).to.equal(false);
    inspector.shortcut = 'Ctrl+Alt+9';
    press({ key: '9', code: 'Digit9', altKey: true, ctrlKey: true });
    expect(inspector.open).to.equal(true);
    expect(toggles).to.deep.equal([true, false, true]);
  });
});
