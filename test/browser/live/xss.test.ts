/**
 * Untrusted text through the whole live path: the page sends it, the edge's
 * `echo` agent (a scripted agent the live plugin registers: it says the
 * person's message back) streams it through the real proxy, and the chat
 * renders both the person's message and the agent's answer. Nothing runs,
 * nothing is fetched, no dangerous link or node is left.
 */
import { expect } from '@open-wc/testing';
import type { OzAgentChat } from '../../../elements/chat/chat.js';
import { assistantMessages, liveChat, seenText, shadowAll, state, typeAndSend, untilRunEnded } from './live-edge.js';

const FLAG = '__ozLiveXss';
const w = window as unknown as Record<string, unknown>;

const PAYLOAD = [
  'Here is the report.',
  `<img src=x-live-xss onerror="window.${FLAG}=1">`,
  `<script>window.${FLAG}=2</script>`,
  `[open me](javascript:window.${FLAG}=3)`,
  `<a href="javascript:window.${FLAG}=4">raw link</a>`,
  `<svg onload="window.${FLAG}=5"><script>window.${FLAG}=5</script></svg>`,
  `![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)`,
  `[doc](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19vekxpdmVYc3M9Njwvc2NyaXB0Pg==)`,
  `<iframe srcdoc="<script>parent.${FLAG}=7</script>"></iframe>`,
  'The end.',
].join('\n\n');

/** Every shadow root under the chat, itself included. */
function roots(el: Element): ShadowRoot[] {
  const out: ShadowRoot[] = [];
  const visit = (root: ShadowRoot) => {
    out.push(root);
    for (const e of root.querySelectorAll('*')) if (e.shadowRoot) visit(e.shadowRoot);
  };
  if (el.shadowRoot) visit(el.shadowRoot);
  return out;
}

describe('live: untrusted text executes nothing', () => {
  beforeEach(() => delete w[FLAG]);

  it('script tags, event handlers, javascript: links, SVG and data: URIs, echoed by the edge', async () => {
    const el: OzAgentChat = await liveChat({ agent: 'echo' });
    await typeAndSend(el, PAYLOAD);
    await untilRunEnded(el);
    const [answer] = assistantMessages(state(el));
    expect(answer!.body).to.equal(PAYLOAD);
    await el.updateComplete;
    const messages = shadowAll(el, '.message');
    expect(messages.length).to.equal(2);
    const shown = seenText(messages[1]!);
    expect(shown).to.contain('Here is the report.');
    expect(shown).to.contain('The end.');
    expect(seenText(messages[0]!)).to.contain('<script>');

    for (const root of roots(el)) {
      expect(root.querySelector('script, iframe, object, embed, svg [onload], [onerror], [onload], [srcdoc]'), 'a live node').to.equal(null);
      for (const svg of root.querySelectorAll('svg')) expect(svg.closest('.markdown, .bubble, [part~="bubble"]')).to.equal(null);
      for (const a of root.querySelectorAll('a')) {
        const href = a.getAttribute('href');
        if (href !== null) expect(href, href).not.to.match(/^\s*(javascript|data|vbscript):/i);
      }
      for (const img of root.querySelectorAll('img')) expect(img.getAttribute('src') ?? '', 'an image').not.to.match(/^(data:|x-live-xss)/);
    }
    for (const root of roots(el)) for (const a of root.querySelectorAll('a')) if (!a.href.startsWith('http')) a.click();
    // Nothing fetched the handler's image, nothing ran.
    const fetched = performance.getEntriesByType('resource').map((e) => e.name);
    expect(fetched.filter((n) => n.includes('x-live-xss'))).to.deep.equal([]);
    expect(w[FLAG]).to.equal(undefined);
    await expect(el).to.be.accessible();
  });
});
