import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzMessage } from '../../elements/message/message.js';
import type { AssistantMessageView } from '../../src/thread/state.js';

const assistant = (extra: Partial<AssistantMessageView> = {}): AssistantMessageView => ({
  kind: 'assistant',
  id: 'm1',
  role: 'assistant',
  runId: 'r1',
  content: 'AI: Hi *there*',
  label: 'AI: ',
  body: 'Hi *there*',
  labelPending: false,
  complete: true,
  toolCalls: [],
  ...extra,
});

describe('<oz-message>', () => {
  it("shows the person's words as plain text", async () => {
    const el = await fixture<OzMessage>(html`<oz-message .message=${{ kind: 'user', id: 'u1', text: 'Hello <b>there</b>' }}></oz-message>`);
    expect(el.shadowRoot!.querySelector('[part~="bubble"]')!.textContent).to.equal('Hello <b>there</b>');
    await expect(el).to.be.accessible();
  });

  it("shows the agent's answer as markdown with the AI label as a badge", async () => {
    const el = await fixture<OzMessage>(html`<oz-message .message=${assistant()}></oz-message>`);
    expect(el.shadowRoot!.querySelector('[part~="ai-label"]')!.textContent).to.equal('AI');
    // Its updateComplete waits for its markdown (the engine's chunk, then the text shown).
    await el.updateComplete;
    const md = el.shadowRoot!.querySelector('[part~="body"]')!;
    expect(md.querySelector('em')!.textContent).to.equal('there');
    expect(md.textContent).to.not.contain('AI:');
    expect(md.hasAttribute('aria-busy')).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it("groups its tool calls under it and shows the turn's card", async () => {
    const m = assistant({ toolCalls: [{ id: 'c1', name: 'lookup', runId: 'r1', argsText: '{}', argsComplete: true, status: 'done' }] });
    const el = await fixture<OzMessage>(html`<oz-message .message=${m} .card=${{ job: 'j', runId: 'r1', card: { title: 'Result' } }}></oz-message>`);
    expect(el.shadowRoot!.querySelectorAll('[part~="tools"] [part~="details"]').length).to.equal(1);
    expect(el.shadowRoot!.querySelector('oz-card')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('shows a typing indicator before the first words', async () => {
    const el = await fixture<OzMessage>(html`<oz-message .message=${assistant({ body: '', content: '', complete: false })}></oz-message>`);
    expect(el.shadowRoot!.querySelector('.typing')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });
});
