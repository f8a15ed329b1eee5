import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/define.js';
import type { OzAgentChat } from '../../elements/chat/chat.js';
import type { OzComposer } from '../../elements/composer/composer.js';
import type { OzSendEvent } from '../../elements/shared/events.js';
import type { AguiEvent, StreamedEvent } from '../../src/protocol/index.js';
import type { RunTransport } from '../../src/transport/index.js';
import { chatOn, helperRun, until } from './fixtures.js';
import { expectFocusOn } from './focus.js';

/**
 * A transport that plays the helper's turn up to its first message, then
 * holds the stream open until `release()` (or the store stops following):
 * the test decides when the turn ends.
 */
function heldTransport() {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const transport: RunTransport = (request, opts = {}) =>
    (async function* (): AsyncGenerator<StreamedEvent> {
      opts.onConnection?.({ status: 'open' });
      const body = request.body as { threadId: string; runId: string };
      const events = helperRun(body.threadId, body.runId);
      const aborted = new Promise<void>((r) => opts.signal?.addEventListener('abort', () => r(), { once: true }));
      let id = 0;
      for (const [i, event] of events.entries()) {
        if (i === 5) await Promise.race([held, aborted]);
        if (opts.signal?.aborted) return;
        await new Promise((r) => setTimeout(r, 1));
        yield { id: `e${++id}`, event: event as unknown as AguiEvent };
      }
      opts.onConnection?.({ status: 'closed' });
    })();
  return { transport, release: () => release() };
}

async function heldChat() {
  const { transport, release } = heldTransport();
  return { el: await chatOn(transport), release };
}

const composerOf = (el: OzAgentChat) => el.shadowRoot!.querySelector<OzComposer>('oz-composer')!;
const textareaOf = (el: OzAgentChat) => composerOf(el).shadowRoot!.querySelector('textarea')!;
const stopOf = (el: OzAgentChat) => composerOf(el).shadowRoot!.querySelector<HTMLButtonElement>('[part~="stop"]');

/** Types a message into the composer with the keyboard and presses Enter. */
async function typeAndEnter(el: OzAgentChat, text: string): Promise<void> {
  await composerOf(el).updateComplete;
  composerOf(el).focus();
  await sendKeys({ type: text });
  await sendKeys({ press: 'Enter' });
}

describe('<oz-agent-chat> from the keyboard', () => {
  it('keeps focus in the composer while a turn runs and after it ends, and refuses Enter meanwhile', async () => {
    const { el, release } = await heldChat();
    const sent: string[] = [];
    el.addEventListener('oz-send', (e) => sent.push((e as OzSendEvent).text));
    await typeAndEnter(el, 'Greet the team');
    await until(() => stopOf(el));
    await composerOf(el).updateComplete;
    const ta = textareaOf(el);
    expect(ta.readOnly).to.equal(true);
    expect(ta.getAttribute('aria-disabled')).to.equal('true');
    expect(composerOf(el).shadowRoot!.getElementById(ta.getAttribute('aria-describedby')!)!.textContent).to.not.equal('');
    expectFocusOn(ta);

    // Enter while the turn runs sends nothing; the field keeps what the person typed.
    await sendKeys({ type: 'Next' });
    await sendKeys({ press: 'Enter' });
    await composerOf(el).updateComplete;
    expect(sent).to.deep.equal(['Greet the team']);
    expect(el.store!.getState().turns.length).to.equal(1);
    await expect(el).to.be.accessible();

    release();
    await until(() => el.store!.getState().status === 'idle' && !stopOf(el));
    await composerOf(el).updateComplete;
    expect(textareaOf(el).readOnly).to.equal(false);
    expectFocusOn(textareaOf(el));
    await expect(el).to.be.accessible();
  });

  it('moves focus to the composer’s field when Stop, activated from the keyboard, goes away', async () => {
    const { el } = await heldChat();
    let stops = 0;
    el.addEventListener('oz-stop', () => stops++);
    await typeAndEnter(el, 'Greet the team');
    await until(() => stopOf(el));
    await sendKeys({ press: 'Tab' });
    expectFocusOn(stopOf(el));
    await sendKeys({ press: 'Enter' });
    await until(() => !stopOf(el));
    await composerOf(el).updateComplete;
    expect(stops).to.equal(1);
    expectFocusOn(textareaOf(el));
    expect(textareaOf(el).readOnly).to.equal(false);
    await expect(el).to.be.accessible();
  });
});
