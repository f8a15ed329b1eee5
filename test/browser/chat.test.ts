import { expect, fixture, html } from '@open-wc/testing';
import { nothing } from 'lit';
import '../../elements/define.js';
import { OzAgentChat as OzAgentChatClass, type OzAgentChat } from '../../elements/chat/chat.js';
import type { OzSendEvent } from '../../elements/shared/events.js';
import type { OzComposer } from '../../elements/composer/composer.js';
import type { OzMessage } from '../../elements/message/message.js';
import type { OzMarkdown } from '../../elements/markdown/markdown.js';
import type { OzToolCall } from '../../elements/tool-call/tool-call.js';
import type { AguiEvent, StreamedEvent } from '../../src/protocol/index.js';
import type { RunTransport } from '../../src/transport/index.js';
import { DEFAULT_STRINGS } from '../../elements/shared/strings.js';
import { chatOn, helperRun, interruptRun, quotaRun, scriptedTransport, staticStore, until } from './fixtures.js';

function q<T extends Element = Element>(root: Element | ShadowRoot | null | undefined, sel: string): T | null {
  return (root?.querySelector(sel) as T | null) ?? null;
}

async function chatWith(runs: Parameters<typeof scriptedTransport>[0], attrs: { board?: string; theme?: string } = {}, burst = false) {
  const { transport, requests } = scriptedTransport(runs, { burst });
  return { el: await chatOn(transport, attrs), requests };
}

const composerOf = (el: OzAgentChat) => q<OzComposer>(el.shadowRoot, 'oz-composer')!;
const textareaOf = (el: OzAgentChat) => q<HTMLTextAreaElement>(composerOf(el).shadowRoot, 'textarea')!;

async function type(el: OzAgentChat, text: string) {
  const ta = textareaOf(el);
  ta.value = text;
  ta.dispatchEvent(new Event('input'));
  await composerOf(el).updateComplete;
  ta.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
}

describe('<oz-agent-chat>', () => {
  it('shows the empty state, generates a thread id, and is accessible', async () => {
    const { el } = await chatWith([]);
    expect(el.threadId).to.match(/^thread-/);
    expect(el.getAttribute('thread-id')).to.equal(el.threadId);
    const log = q(el.shadowRoot, '[role="log"]')!;
    expect(log.getAttribute('aria-live')).to.equal('off');
    expect(log.textContent).to.contain('Ask the agent');
    await expect(el).to.be.accessible();
  });

  it('streams a whole turn: messages, tool call, steps, cards, board, events and one announcement', async () => {
    const { el, requests } = await chatWith([helperRun]);
    const fired: string[] = [];
    for (const name of ['oz-run-started', 'oz-run-finished', 'oz-card', 'oz-send']) el.addEventListener(name, () => fired.push(name));
    const statuses: string[] = [];
    const status = q(el.shadowRoot, '[role="status"]')!;
    new MutationObserver(() => statuses.push(status.textContent ?? '')).observe(status, { childList: true, subtree: true, characterData: true });

    await type(el, 'Please greet the team');
    await until(() => fired.includes('oz-run-finished'));
    await until(() => q(el.shadowRoot, '.board-side oz-board'));
    await el.updateComplete;

    expect(requests.length).to.equal(1);
    expect(fired.filter((f) => f === 'oz-card').length).to.equal(2);
    expect(fired[0]).to.equal('oz-send');
    expect(fired).to.include('oz-run-started');
    const messages = el.shadowRoot!.querySelectorAll('.message');
    expect(messages.length).to.equal(3);
    const answer = messages[2]!;
    await until(() => answer.querySelector('.markdown')?.querySelector('strong'));
    expect(q(answer, '[part~="ai-label"]')!.textContent).to.equal('AI');
    expect(q(answer, '.markdown')!.textContent).to.contain('Hello team');
    await until(() => q(answer, 'oz-card'));
    const tool = q(messages[1], '.tool-call')!;
    expect(q(tool, '[part~="status"]')!.textContent).to.equal('Done');
    expect(q(tool, '[part~="placeholder"]')!.textContent).to.equal('{{secret:smtp}}');
    expect(q(el.shadowRoot, 'oz-steps')).to.not.equal(null);
    const board = q(el.shadowRoot, '.board-side oz-board')!;
    await until(() => board.shadowRoot?.querySelector('[part~="note"]'));
    expect(statuses.some((s) => s.includes('writing'))).to.equal(true);
    expect(statuses.at(-1)).to.contain('Hello team');
    const announcedAnswers = new Set(statuses.filter((s) => s.includes('Hello team')));
    expect(announcedAnswers.size).to.equal(1);
    await expect(el).to.be.accessible();
  });

  it('announces a long answer as its first 600 plain characters and "…", its code left out', async () => {
    const code = `\`\`\`ts\n${'const x = 1;\n'.repeat(400)}\`\`\``;
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const { el } = await chatWith([(t, r) => helperRun(t, r, `AI: ${code}\n\nThen these ${words}`)]);
    const status = q(el.shadowRoot, '[role="status"]')!;
    await type(el, 'Write it');
    await until(() => status.textContent?.includes('Then these'));
    const said = `Then these ${words}`.slice(0, 600);
    expect(status.textContent!.trim()).to.equal(DEFAULT_STRINGS.finished(`${said}…`));
    expect(status.textContent).to.not.contain('const x');
  });

  it('shows OZ’s AI label as a badge with no ai-label set, and none with ai-label=""', async () => {
    for (const [label, badge] of [
      [undefined, 'AI'],
      ['', undefined],
    ] as const) {
      const { transport } = scriptedTransport([helperRun]);
      const el = await fixture<OzAgentChat>(
        html`<oz-agent-chat endpoint="/agui" agent="helper" tenant="acme" ai-label=${label ?? nothing} .storage=${'memory'} .transport=${transport}></oz-agent-chat>`,
      );
      await type(el, 'Hello');
      await until(() => el.store?.getState().status === 'idle' && el.shadowRoot!.querySelectorAll('.message').length >= 2);
      const answer = [...el.shadowRoot!.querySelectorAll('.message')].at(-1)!;
      await until(() => answer.textContent?.includes('sent the greeting'));
      expect(answer.querySelector('[part~="ai-label"]')?.textContent, `ai-label=${String(label)}`).to.equal(badge);
      expect(el.store!.getState().turns[0]!.runs[0]!.items.some((i) => i.kind === 'message' && i.message.content.startsWith('AI: '))).to.equal(true, 'the text itself is kept intact');
    }
  });

  it('takes storage as an attribute: memory keeps nothing in session storage, the default keeps the thread', async () => {
    for (const [attr, kept] of [
      ['memory', false],
      [undefined, true],
    ] as const) {
      const { transport } = scriptedTransport([helperRun]);
      const el = await fixture<OzAgentChat>(html`<oz-agent-chat agent="helper" tenant="acme" storage=${attr ?? nothing} .transport=${transport}></oz-agent-chat>`);
      await type(el, 'Hello');
      await until(() => el.store?.getState().status === 'idle' && el.store.getState().turns.length === 1);
      const key = `oz-agui:thread:${el.threadId}`;
      expect(sessionStorage.getItem(key) !== null, `storage=${String(attr)}`).to.equal(kept);
      sessionStorage.removeItem(key);
    }
  });

  it('shows a quiet indicator while reconnecting, then the lost connection with a button that follows the run again', async () => {
    const { TransportError } = await import('../../src/transport/index.js');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const transport: RunTransport = (request, opts = {}) =>
      (async function* (): AsyncGenerator<StreamedEvent> {
        const call = ++calls;
        const body = request.body as { threadId: string; runId: string };
        if (call === 1) {
          opts.onConnection?.({ status: 'open' });
          yield { id: 'e1', event: { type: 'RUN_STARTED', threadId: body.threadId, runId: body.runId } as AguiEvent };
          opts.onConnection?.({ status: 'reconnecting', attempt: 1, delayMs: 500, lastEventId: 'e1', cause: 'The stream dropped' });
          await gate;
          const error = new TransportError('network', 'The stream dropped before the run finished', { retryable: true });
          opts.onConnection?.({ status: 'failed', error });
          throw error;
        }
        opts.onConnection?.({ status: 'open' });
        let id = 1;
        for (const event of helperRun(body.threadId, body.runId).slice(1)) yield { id: `e${++id}`, event: event as unknown as AguiEvent };
        opts.onConnection?.({ status: 'closed' });
      })();
    const el = await fixture<OzAgentChat>(html`<oz-agent-chat agent="helper" tenant="acme" ai-label="AI: " .storage=${'memory'} .transport=${transport}></oz-agent-chat>`);
    const connection = () => el.shadowRoot!.querySelector('[part~="connection"]');
    await type(el, 'Hello');
    await until(() => connection()?.textContent?.includes('Reconnecting'));
    expect(connection()!.classList.contains('quiet')).to.equal(true);
    expect(connection()!.querySelector('button')).to.equal(null, 'no button while it still tries');
    await expect(el).to.be.accessible();
    release();
    await until(() => connection()?.querySelector('button'));
    expect(connection()!.textContent).to.contain(DEFAULT_STRINGS.connectionLost);
    await expect(el).to.be.accessible();
    connection()!.querySelector('button')!.click();
    await until(() => el.store?.getState().status === 'idle' && calls === 2 && connection() === null);
    const answer = [...el.shadowRoot!.querySelectorAll('.message')].at(-1)!;
    await until(() => answer.textContent?.includes('sent the greeting'));
  });

  it('puts the app’s header, empty state and composer actions in their slots, and shows images only from image-allowlist', async () => {
    const withImage = (t: string, r: string) => helperRun(t, r, 'AI: A chart: ![chart](https://img.example/c.png) and ![other](https://evil.example/x.png)');
    const { transport } = scriptedTransport([withImage]);
    const el = await fixture<OzAgentChat>(html`<oz-agent-chat agent="helper" tenant="acme" image-allowlist="https://img.example" .storage=${'memory'} .transport=${transport}>
      <h2 slot="header">Support</h2>
      <p slot="empty">Ask us anything.</p>
      <button slot="composer-actions" type="button">Attach</button>
    </oz-agent-chat>`);
    const assigned = (name: string) =>
      el
        .shadowRoot!.querySelector<HTMLSlotElement>(`slot[name="${name}"]`)
        ?.assignedElements({ flatten: true })
        .map((e) => e.textContent) ?? [];
    await until(() => assigned('composer-actions').length > 0);
    expect(assigned('header')).to.deep.equal(['Support']);
    expect(assigned('empty')).to.deep.equal(['Ask us anything.']);
    expect(assigned('composer-actions')).to.deep.equal(['Attach']);
    expect(el.shadowRoot!.querySelector('.header')!.classList.contains('shown')).to.equal(true, 'a slotted header shows the header bar');
    await expect(el).to.be.accessible();
    await type(el, 'Show me');
    await until(() => el.store?.getState().status === 'idle' && !el.shadowRoot!.querySelector('slot[name="empty"]'));
    const md = [...el.shadowRoot!.querySelectorAll('.markdown')].at(-1)!;
    await until(() => md.textContent?.includes('A chart'));
    expect([...md.querySelectorAll('img')].map((i) => i.getAttribute('src'))).to.deep.equal(['https://img.example/c.png']);
    expect(md.querySelector('a[href="https://evil.example/x.png"]')).to.not.equal(null, 'the other image is a link');
  });

  it('stops its animations for a person who asks for reduced motion, and follows a dark system preference, axe-clean', async () => {
    const { emulateMedia } = await import('@web/test-runner-commands');
    const store = staticStore({ connection: { status: 'reconnecting', attempt: 1, delayMs: 500, cause: 'dropped' } });
    const light = await fixture<OzAgentChat>(html`<oz-agent-chat style="height: 500px" .store=${store as never}></oz-agent-chat>`);
    const dot = (el: OzAgentChat) => el.shadowRoot!.querySelector('.connection .dot')!;
    expect(getComputedStyle(dot(light)).animationIterationCount).to.equal('infinite');
    const brightness = (el: Element) =>
      getComputedStyle(el)
        .backgroundColor.match(/\d+/g)!
        .slice(0, 3)
        .map(Number)
        .reduce((a, b) => a + b, 0);
    expect(brightness(light.shadowRoot!.querySelector('.chat')!)).to.be.above(600, 'light by default');
    try {
      await emulateMedia({ reducedMotion: 'reduce', colorScheme: 'dark' });
      // A page loaded with these preferences (no theme attribute: the system's is the chat's).
      const el = await fixture<OzAgentChat>(html`<oz-agent-chat style="height: 500px" .store=${store as never}></oz-agent-chat>`);
      await el.updateComplete;
      expect(getComputedStyle(dot(el)).animationIterationCount).to.equal('1');
      expect(parseFloat(getComputedStyle(dot(el)).animationDuration)).to.be.below(0.001);
      expect(brightness(el.shadowRoot!.querySelector('.chat')!)).to.be.below(200, 'dark');
      await expect(el).to.be.accessible();
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference', colorScheme: 'light' });
    }
  });

  it('lets the app veto a send', async () => {
    const { el, requests } = await chatWith([helperRun]);
    el.addEventListener('oz-send', (e) => (e as OzSendEvent).preventDefault());
    await type(el, 'No thanks');
    await new Promise((r) => setTimeout(r, 30));
    expect(requests.length).to.equal(0);
    expect(textareaOf(el).value).to.equal('No thanks');
    await expect(el).to.be.accessible();
  });

  it('fires the cancelable oz-send from send() too, once, and sends only when no listener cancels it', async () => {
    const { el, requests } = await chatWith([helperRun]);
    const sent: string[] = [];
    let veto = true;
    el.addEventListener('oz-send', (e) => {
      sent.push((e as OzSendEvent).text);
      if (veto) e.preventDefault();
    });
    await el.send('Not this one');
    expect(requests.length).to.equal(0);
    veto = false;
    await el.send('This one');
    expect(sent).to.deep.equal(['Not this one', 'This one']);
    expect(requests.length).to.equal(1);
  });

  it('tells each attempt of a run sent again: started, failed, announced, every time', async () => {
    const failing = (threadId: string, runId: string) => [
      { type: 'RUN_STARTED', threadId, runId },
      { type: 'RUN_ERROR', code: 'unavailable', message: 'Try later.' },
    ];
    const { el, requests } = await chatWith([failing, failing]);
    const fired: string[] = [];
    for (const name of ['oz-run-started', 'oz-run-error']) el.addEventListener(name, () => fired.push(name));
    const status = el.shadowRoot!.querySelector('[role="status"]')!;
    await type(el, 'Hello');
    await until(() => fired.includes('oz-run-error'));
    await until(() => status.textContent !== '' && !status.textContent!.includes('enerat'));
    status.textContent = '';
    await el.store!.retryOrResend();
    await until(() => fired.length === 4);
    expect(requests.length).to.equal(2);
    expect((requests[1] as { runId: string }).runId).to.equal((requests[0] as { runId: string }).runId, 'the same run, sent again');
    expect(fired).to.deep.equal(['oz-run-started', 'oz-run-error', 'oz-run-started', 'oz-run-error']);
    await until(() => status.textContent !== '');
    await expect(el).to.be.accessible();
  });

  /** A refusal (history_mismatch, a spend limit): RUN_STARTED and RUN_ERROR written together (with a burst transport: one read, one batch). */
  const refusedWith = (code: string) => (threadId: string, runId: string) => [
    { type: 'RUN_STARTED', threadId, runId },
    { type: 'RUN_ERROR', code, message: `Refused: ${code}.` },
  ];
  /** The names of `names` as `el` fires them, in order. */
  const firedOf = (el: OzAgentChat, names: string[]) => {
    const fired: string[] = [];
    for (const name of names) el.addEventListener(name, () => fired.push(name));
    return fired;
  };

  it('tells a run that started and failed in one chunk, and its retry likewise: started, then failed, each attempt', async () => {
    const { el } = await chatWith([refusedWith('unavailable'), refusedWith('unavailable')], {}, true);
    const fired = firedOf(el, ['oz-run-started', 'oz-run-error']);
    await type(el, 'Hello');
    await until(() => fired.includes('oz-run-error'));
    await el.store!.retryOrResend();
    await until(() => fired.length === 4);
    await new Promise((r) => setTimeout(r, 50));
    expect(fired).to.deep.equal(['oz-run-started', 'oz-run-error', 'oz-run-started', 'oz-run-error']);
  });

  it('tells a load again refused in one chunk in order: started, history needed, failed; and announces the failure, not "generating"', async () => {
    const { el } = await chatWith([helperRun, refusedWith('history_mismatch')], {}, true);
    const fired = firedOf(el, ['oz-run-started', 'oz-run-error', 'oz-history-needed']);
    const status = el.shadowRoot!.querySelector('[role="status"]')!;
    await type(el, 'Hello');
    await until(() => el.store!.getState().status === 'idle');
    fired.length = 0;
    await el.store!.resync();
    await until(() => fired.length === 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(fired).to.deep.equal(['oz-run-started', 'oz-history-needed', 'oz-run-error']);
    await until(() => status.textContent!.includes('could not be loaded'));
    expect(status.textContent).not.to.contain('enerat');
  });

  it('draws the cards already shown again with a renderer registered later', async () => {
    const { createReducer, initialThreadState } = await import('../../src/thread/index.js');
    const reduce = createReducer();
    let state = reduce(initialThreadState('t-cards'), { type: 'thread/send', turnId: 'u1', text: 'Go', url: 'http://x', runId: 'r1', body: { threadId: 't-cards', runId: 'r1', messages: [] }, at: 1 });
    for (const [id, event] of [
      [1, { type: 'RUN_STARTED', threadId: 't-cards', runId: 'r1' }],
      [2, { type: 'CUSTOM', name: 'oz0.card', value: { job: 'job-1', card: { type: 'plan', title: 'The plan' } } }],
      [3, { type: 'RUN_FINISHED', threadId: 't-cards', runId: 'r1', outcome: { type: 'success' } }],
    ] as const)
      state = reduce(state, { id: String(id), event: { timestamp: 1, ...event } as never });
    const el = await fixture<OzAgentChat>(html`<oz-agent-chat style="height: 600px" .store=${staticStore(state) as never}></oz-agent-chat>`);
    const card = () => el.shadowRoot!.querySelector('oz-card');
    await until(() => card()?.shadowRoot?.textContent?.includes('The plan'));
    el.registerCardRenderer('plan', (c) => `Plan card: ${String(c.title)}`);
    await el.updateComplete;
    await until(() => card()?.shadowRoot?.textContent?.includes('Plan card: The plan'));
    await expect(el).to.be.accessible();
  });

  it('shows the open interrupts as forms where the turn waits, and disables the composer with the reason', async () => {
    const { el } = await chatWith([interruptRun]);
    let requested = 0;
    el.addEventListener('oz-interrupt-requested', () => requested++);
    await type(el, 'Clean up');
    await until(() => requested === 1);
    await until(() => q(el.shadowRoot, '[part~="interrupts"]'));
    const section = q(el.shadowRoot, '[part~="interrupts"]')!;
    const forms = q(section, 'oz-interrupts')!;
    await until(() => forms.shadowRoot?.querySelector('oz-interrupt')?.shadowRoot?.querySelector('a[part="console-link"]'));
    const item = forms.shadowRoot!.querySelector('oz-interrupt')!;
    expect(item.shadowRoot!.textContent).to.contain('May I delete /tmp/x?');
    expect(item.shadowRoot!.querySelector('a[part="console-link"]')!.getAttribute('href')).to.equal('https://console.example/j/1');
    await composerOf(el).updateComplete;
    // Disabled, yet focusable: read-only, marked aria-disabled, with its reason.
    expect(textareaOf(el).readOnly).to.equal(true);
    expect(textareaOf(el).getAttribute('aria-disabled')).to.equal('true');
    expect(q(composerOf(el).shadowRoot, '[part~="reason"]')!.textContent).to.contain('waiting for your answers');
    await expect(el).to.be.accessible();
  });

  it('shows a refused run as an error in the transcript, with the spend numbers', async () => {
    const { el } = await chatWith([quotaRun]);
    let code = '';
    el.addEventListener('oz-run-error', (e) => (code = (e as unknown as { code: string }).code));
    await type(el, 'Write a novel');
    await until(() => code !== '');
    expect(code).to.equal('oz0_quota_exceeded');
    await until(() => q(el.shadowRoot, 'oz-error')?.shadowRoot?.querySelector('[part~="spend"]'));
    const err = q(el.shadowRoot, 'oz-error')!;
    expect(err.shadowRoot!.textContent).to.contain('your daily tokens');
    expect(err.shadowRoot!.textContent).to.contain('a tenant admin');
    await expect(el).to.be.accessible();
  });

  it('puts the board inline in a collapsible section, or nowhere', async () => {
    const inline = await chatWith([helperRun], { board: 'inline' });
    await type(inline.el, 'Hi');
    await until(() => q(inline.el.shadowRoot, 'details.board-inline'));
    expect(q(inline.el.shadowRoot, '.board-side')).to.equal(null);
    await expect(inline.el).to.be.accessible();
    const none = await chatWith([helperRun], { board: 'none' });
    await type(none.el, 'Hi');
    await until(() => none.el.shadowRoot!.querySelectorAll('.message').length === 3);
    expect(q(none.el.shadowRoot, 'oz-board')).to.equal(null);
    await expect(none.el).to.be.accessible();
  });

  it('shows a side board inline, collapsed, while the chat itself is narrow', async () => {
    const { el } = await chatWith([helperRun]);
    el.style.width = '420px';
    await type(el, 'Hi');
    await until(() => q(el.shadowRoot, 'details.board-inline oz-board'));
    expect(q(el.shadowRoot, '.board-side')).to.equal(null);
    expect(q<HTMLDetailsElement>(el.shadowRoot, 'details.board-inline')!.open).to.equal(false);
    await expect(el).to.be.accessible();
    el.style.width = '1000px';
    await until(() => q(el.shadowRoot, '.board-side oz-board'));
    expect(q(el.shadowRoot, 'details.board-inline')).to.equal(null);
    el.narrowWidth = 1200;
    await until(() => q(el.shadowRoot, 'details.board-inline'));
  });

  it('is accessible in the dark theme with a whole turn', async () => {
    const { el } = await chatWith([helperRun], { theme: 'dark' });
    await type(el, 'Hi');
    await until(() => el.shadowRoot!.querySelectorAll('.message').length === 3);
    await new Promise((r) => setTimeout(r, 50));
    const chat = q(el.shadowRoot, '.chat')!;
    const bg = getComputedStyle(chat).backgroundColor;
    expect(bg).to.equal('rgb(21, 24, 29)');
    await expect(el).to.be.accessible();
  });

  it('restores the transcript from storage after a reload', async () => {
    const { transport } = scriptedTransport([helperRun]);
    const storage = (await import('../../src/thread/index.js')).memoryStorage();
    const first = await fixture<OzAgentChat>(html`<oz-agent-chat agent="helper" tenant="acme" .storage=${storage} .transport=${transport}></oz-agent-chat>`);
    await type(first, 'Hi');
    await until(() => first.shadowRoot!.querySelectorAll('.message').length === 3);
    await until(() => first.store!.getState().status === 'idle');
    const threadId = first.threadId!;
    first.remove();
    let started = 0;
    const second = await fixture<OzAgentChat>(
      html`<oz-agent-chat agent="helper" tenant="acme" thread-id=${threadId} .storage=${storage} .transport=${transport} @oz-run-started=${() => started++}></oz-agent-chat>`,
    );
    await until(() => second.shadowRoot!.querySelectorAll('.message').length === 3);
    expect(started).to.equal(0);
    await expect(second).to.be.accessible();
  });
  it('restores a long thread from session storage, one entry per turn, its end first and then all of it, in chunks', async () => {
    const { createThreadStore, webStorage, entryKey } = await import('../../src/thread/index.js');
    const turns = 30;
    const answer = (threadId: string, runId: string) => [
      { type: 'RUN_STARTED', threadId, runId },
      { type: 'TEXT_MESSAGE_START', messageId: `m-${runId}`, role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${runId}`, delta: `AI: Answer to ${runId}.` },
      { type: 'TEXT_MESSAGE_END', messageId: `m-${runId}` },
      { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success' } },
    ];
    const threadId = `thread-long-${Date.now()}`;
    const key = `oz-agui:thread:${threadId}`;
    const writer = createThreadStore({ url: '/agui/run', threadId, transport: scriptedTransport(Array.from({ length: turns }, () => answer)).transport, storage: webStorage() });
    for (let i = 0; i < turns; i++) await writer.send(`Question ${i}`);
    writer.dispose();
    expect(sessionStorage.getItem(entryKey(key, turns))).to.contain(`Question ${turns - 1}`);
    expect(sessionStorage.getItem(key)).not.to.contain('Question 0', 'the head holds no turn');

    let started = 0;
    const { transport } = scriptedTransport([]);
    const el = await fixture<OzAgentChat>(
      html`<oz-agent-chat style="height: 480px" agent="helper" tenant="acme" thread-id=${threadId} .transport=${transport} @oz-run-started=${() => started++}></oz-agent-chat>`,
    );
    const shown = () => [...el.shadowRoot!.querySelectorAll('.turn')];
    const asked = () => shown().map((t) => t.querySelector('.message')!.textContent ?? '');
    await until(() => shown().length > 0);
    expect(shown().length).to.be.lessThan(turns, 'the end first');
    expect(asked().at(-1)).to.contain(`Question ${turns - 1}`, 'the first frame shows the last turn');
    expect(asked().some((text) => text.includes('Question 0'))).to.equal(false, 'and not the first');
    await until(() => shown().length === turns);
    const users = asked();
    expect(users[0]).to.contain('Question 0');
    expect(users[turns - 1]).to.contain(`Question ${turns - 1}`);
    const chunks = el.shadowRoot!.querySelectorAll('.turns');
    expect(chunks.length).to.be.greaterThan(1, 'turns are boxed in chunks');
    expect(chunks.length).to.be.lessThan(turns / 2, 'several turns a chunk');
    expect(started).to.equal(0, 'a finished thread is only restored');
    await expect(el).to.be.accessible();
    el.remove();
    await webStorage().remove(key);
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith(key))).to.deep.equal([]);
  });

  it('renders its messages, their markdown and tool calls in its own tree from the templates their elements render alone: their parts are its parts, styled as when alone', async () => {
    const { el } = await chatWith([(t, r) => helperRun(t, r, 'AI: Hello **team**, see `code`.')]);
    await type(el, 'Please greet the team');
    await until(() => el.store?.getState().status === 'idle' && el.shadowRoot!.querySelector('.markdown code'));
    // No element (and no shadow root) for each message, markdown or tool call: the chat's own tree.
    expect(el.shadowRoot!.querySelectorAll('oz-message, oz-markdown, oz-tool-call').length).to.equal(0);
    const state = el.store!.getState();

    // The same message alone, on the page, has its own shadow root and looks the same.
    const user = el.shadowRoot!.querySelector('.message.user')!;
    const alone = await fixture<OzMessage>(html`<oz-message theme="light" .message=${state.turns[0]!.userMessage}></oz-message>`);
    expect(alone.shadowRoot).to.not.equal(null);
    const looks = (bubble: Element) => {
      const s = getComputedStyle(bubble);
      return [s.backgroundColor, s.paddingTop, s.paddingLeft, s.borderTopLeftRadius, s.borderBottomRightRadius, s.whiteSpace, s.fontSize];
    };
    const inChat = user.querySelector('[part~="bubble"]')!;
    expect(looks(inChat)).to.deep.equal(looks(alone.shadowRoot!.querySelector('[part~="bubble"]')!));
    const code = el.shadowRoot!.querySelector('.markdown code')!;
    expect(getComputedStyle(code).fontFamily).to.match(/mono/i, 'the markdown rules reach the markdown');
    const mdAlone = await fixture<OzMarkdown>(html`<oz-markdown theme="light" .text=${'see `code`'}></oz-markdown>`);
    await mdAlone.updateComplete;
    const codeLooks = (c: Element) => [getComputedStyle(c).fontFamily, getComputedStyle(c).fontSize, getComputedStyle(c).paddingLeft, getComputedStyle(c).borderTopLeftRadius];
    expect(codeLooks(code)).to.deep.equal(codeLooks(mdAlone.shadowRoot!.querySelector('code')!));
    const tool = el.shadowRoot!.querySelector('.tool-call')!;
    const call = state.turns[0]!.runs.flatMap((r) => r.items).flatMap((i) => (i.kind === 'message' ? i.message.toolCalls : i.kind === 'tool_call' ? [i.call] : []))[0]!;
    const toolAlone = await fixture<OzToolCall>(html`<oz-tool-call theme="light" .call=${call}></oz-tool-call>`);
    const badge = (status: Element) => [getComputedStyle(status).color, getComputedStyle(status).borderTopColor, getComputedStyle(status).borderTopLeftRadius];
    expect(badge(tool.querySelector('[part~="status"]')!)).to.deep.equal(badge(toolAlone.shadowRoot!.querySelector('[part~="status"]')!));

    // Their parts are the chat's: one rule on the page styles every bubble and tool status; tokens
    // set on a part reach what is inside it, as they reach each element alone.
    const style = document.createElement('style');
    style.textContent = [
      'oz-agent-chat::part(bubble) { outline: 3px solid rgb(1, 2, 3); }',
      'oz-agent-chat::part(status) { outline: 2px solid rgb(4, 5, 6); }',
      'oz-agent-chat::part(turn) { --oz-color-accent: rgb(200, 0, 0); --oz-font-size: 20px; }',
    ].join('\n');
    document.head.append(style);
    try {
      expect(getComputedStyle(inChat).outlineColor).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle(tool.querySelector('[part~="status"]')!).outlineColor).to.equal('rgb(4, 5, 6)');
      const answer = [...el.shadowRoot!.querySelectorAll('.message')].at(-1)!;
      expect(getComputedStyle(answer.querySelector('[part~="ai-label"]')!).color).to.equal('rgb(200, 0, 0)');
      expect(getComputedStyle(code.closest('.markdown')!).fontSize).to.equal('20px');
    } finally {
      style.remove();
    }
    // One keyframes namespace now: no two sheets of the chat may name the same animation.
    const names = OzAgentChatClass.elementStyles.flatMap((sheet) => [...('cssText' in sheet ? sheet.cssText : '').matchAll(/@keyframes\s+([\w-]+)/g)].map((m) => m[1]));
    expect(new Set(names).size).to.equal(names.length, names.join(' '));
    await expect(el).to.be.accessible();
  });

  it('exports the board’s, steps’, cards’, waits’, errors’ and composer’s parts under names of their own', async () => {
    const { createReducer, initialThreadState } = await import('../../src/thread/index.js');
    const reduce = createReducer();
    const ev = (id: number, event: Record<string, unknown>) => ({ id: String(id), event: { timestamp: 1, ...event } as never });
    let state = reduce(initialThreadState('t-parts'), { type: 'thread/send', turnId: 'u1', text: 'Go', url: 'http://x', runId: 'r1', body: { threadId: 't-parts', runId: 'r1', messages: [] }, at: 1 });
    for (const e of [
      ev(1, { type: 'RUN_STARTED', threadId: 't-parts', runId: 'r1' }),
      ev(2, {
        type: 'STATE_SNAPSHOT',
        snapshot: { board: { notes: [{ id: '1', kind: 'fact', tags: ['t'], text: 'A note', job: 'job-1', agent: 'helper', createdAt: '2026-01-01T09:00:00Z', tainted: false, labels: [] }] } },
      }),
      ev(3, { type: 'STEP_STARTED', stepName: 'job-2' }),
      ev(4, { type: 'CUSTOM', name: 'oz0.card', value: { job: 'job-2', card: { type: 'summary', text: 'Routine.' } } }),
      ev(5, { type: 'CUSTOM', name: 'oz0.waiting', value: { waiting: [{ job: 'job-3', what: 'Publish', deciders: 'a person', console: { label: 'Decide in OZ', url: 'https://oz.example/c' } }] } }),
    ])
      state = reduce(state, e);
    const store = staticStore(state);
    const el = await fixture<OzAgentChat>(html`<oz-agent-chat style="height: 700px" .store=${store as never}></oz-agent-chat>`);
    await el.updateComplete;
    const style = document.createElement('style');
    const marks: Record<string, string> = {
      'board-note': 'rgb(1, 0, 0)',
      step: 'rgb(2, 0, 0)',
      'card-type': 'rgb(3, 0, 0)',
      'waiting-title': 'rgb(4, 0, 0)',
      'composer-send': 'rgb(5, 0, 0)',
      'error-title': 'rgb(6, 0, 0)',
    };
    style.textContent = Object.entries(marks)
      .map(([part, color]) => `oz-agent-chat::part(${part}) { outline: 3px solid ${color}; }`)
      .join('\n');
    document.head.append(style);
    /** The outline color of the first element with `part` in `host`'s shadow tree, as the page's rules left it. */
    const outlineOf = (host: Element | null | undefined, part: string) => {
      const node = host?.shadowRoot?.querySelector(`[part~="${part}"]`);
      return node ? getComputedStyle(node).outlineColor : 'none';
    };
    try {
      await until(() => el.shadowRoot!.querySelector('oz-steps') && el.shadowRoot!.querySelector('oz-waiting') && el.shadowRoot!.querySelector('oz-board'));
      const root = el.shadowRoot!;
      expect(outlineOf(root.querySelector('oz-board'), 'note')).to.equal(marks['board-note']);
      const steps = root.querySelector('oz-steps')!;
      expect(outlineOf(steps, 'step')).to.equal(marks.step);
      expect(outlineOf(steps.shadowRoot!.querySelector('oz-card'), 'type')).to.equal(marks['card-type'], 'a step’s card, two shadow roots down');
      expect(outlineOf(root.querySelector('oz-waiting'), 'title')).to.equal(marks['waiting-title']);
      expect(outlineOf(root.querySelector('oz-composer'), 'send')).to.equal(marks['composer-send']);
      store.set(reduce(state, ev(6, { type: 'RUN_ERROR', code: 'failed', message: 'It broke.' })));
      await until(() => el.shadowRoot!.querySelector('oz-error'));
      await el.updateComplete;
      expect(outlineOf(root.querySelector('oz-error'), 'title')).to.equal(marks['error-title']);
      // Only the names given: an inner element's own name reaches nothing from outside.
      style.textContent = 'oz-agent-chat::part(note) { outline: 3px solid rgb(9, 9, 9); }';
      expect(outlineOf(root.querySelector('oz-board'), 'note')).to.not.equal('rgb(9, 9, 9)');
    } finally {
      style.remove();
    }
    await expect(el).to.be.accessible();
  });

  it('keeps the end of a long answer in view while it is shown, until the person scrolls up', async () => {
    const long = 'AI: ' + Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of a long answer, with **some** words.\n\n- one\n- two\n\n`).join('') + 'The end.';
    const { el } = await chatWith([(t, r) => helperRun(t, r, long)]);
    const log = q<HTMLElement>(el.shadowRoot, '.transcript')!;
    const atEnd = () => log.scrollHeight - log.scrollTop - log.clientHeight < 2;
    await type(el, 'Write a lot');
    await until(() => el.store?.getState().status === 'idle' && [...el.shadowRoot!.querySelectorAll('.message')].length >= 3);
    const last = [...el.shadowRoot!.querySelectorAll('.message')].at(-1)!;
    const md = last.querySelector('.markdown')!;
    await until(() => md.textContent?.includes('The end.') && !md.hasAttribute('aria-busy'));
    await until(() => atEnd());
    expect(log.scrollHeight).to.be.greaterThan(log.clientHeight * 3);
    expect(md.textContent).to.contain('The end.');

    // The person scrolls up: a smaller chat (fewer lines in view) leaves them where they are.
    log.scrollTop = 100;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    el.style.height = '500px';
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(log.scrollTop).to.equal(100);

    // Back at the end, it follows again.
    log.scrollTop = log.scrollHeight;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    el.style.height = '400px';
    await until(() => atEnd());
    await expect(el).to.be.accessible();
  });
});
