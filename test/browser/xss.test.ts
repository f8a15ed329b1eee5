import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzAgentChat } from '../../elements/chat/chat.js';
import type { OzBoard } from '../../elements/board/board.js';
import type { OzCard } from '../../elements/card/card.js';
import type { OzMarkdown } from '../../elements/markdown/markdown.js';
import { boardView, scriptedTransport, until } from './fixtures.js';

const w = window as unknown as Record<string, unknown>;
const FLAG = '__ozXss';

/** Agent text that tries every way we know to run script. */
const PAYLOAD = [
  `<script>window.${FLAG}=1</script>`,
  `<img src=x onerror="window.${FLAG}=2">`,
  `<svg onload="window.${FLAG}=3"><script>window.${FLAG}=3</script></svg>`,
  `<iframe srcdoc="<script>parent.${FLAG}=4</script>"></iframe>`,
  `[click](javascript:window.${FLAG}=5)`,
  `[click2](JaVaScRiPt:window.${FLAG}=5)`,
  `[click3](java&#09;script:window.${FLAG}=5)`,
  `[data](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19velhzcz02PC9zY3JpcHQ+)`,
  `[vb](vbscript:msgbox)`,
  `![img](javascript:window.${FLAG}=7)`,
  `![img2](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)`,
  `<a href="javascript:window.${FLAG}=8">raw link</a>`,
  `<div style="background:url(javascript:window.${FLAG}=9)">styled</div>`,
  `<math><mi xlink:href="javascript:window.${FLAG}=10">m</mi></math>`,
  `<details open ontoggle="window.${FLAG}=11">d</details>`,
].join('\n\n');

async function settle() {
  await new Promise((r) => setTimeout(r, 100));
}

function assertInert(root: ShadowRoot) {
  expect(root.querySelector('script, iframe, svg, math, object, embed, style[onload], [onerror], [onload], [ontoggle]')).to.equal(null);
  for (const a of root.querySelectorAll('a')) {
    const href = a.getAttribute('href');
    if (href !== null) expect(href, href).to.match(/^(https?:|mailto:|\/|#|[^:]*$)/i);
  }
  for (const img of root.querySelectorAll('img')) expect(img.getAttribute('src') ?? '').to.match(/^https:/);
}

describe('untrusted agent text executes nothing', () => {
  beforeEach(() => delete w[FLAG]);

  it('in <oz-markdown>, whole and streamed', async () => {
    const el = await fixture<OzMarkdown>(html`<oz-markdown></oz-markdown>`);
    for (let i = 1; i <= PAYLOAD.length; i += 17) {
      el.text = PAYLOAD.slice(0, i);
      await el.updateComplete;
    }
    el.text = PAYLOAD;
    await el.updateComplete;
    await settle();
    for (const a of el.shadowRoot!.querySelectorAll('a')) a.click();
    await settle();
    expect(w[FLAG]).to.equal(undefined);
    assertInert(el.shadowRoot!);
    expect(el.shadowRoot!.textContent).to.contain('<script>');
    await expect(el).to.be.accessible();
  });

  it('in a board note and a card', async () => {
    const board = await fixture<OzBoard>(html`<oz-board
      .board=${boardView([{ id: '1', kind: `<img src=x onerror="window.${FLAG}=20">`, tags: [`<b onmouseover=x>`], text: PAYLOAD, job: 'j', agent: '<script>x</script>', createdAt: 'now', tainted: true, labels: [] }])}
    ></oz-board>`);
    const card = await fixture<OzCard>(html`<oz-card
      .card=${{ type: '<script>', title: `<img src=x onerror="window.${FLAG}=21">`, url: `javascript:window.${FLAG}=22`, link: 'https://ok.example/' }}
    ></oz-card>`);
    await settle();
    const md = board.shadowRoot!.querySelector('oz-markdown')!;
    await md.updateComplete;
    for (const a of [...card.shadowRoot!.querySelectorAll('a'), ...md.shadowRoot!.querySelectorAll('a')]) a.click();
    await settle();
    expect(w[FLAG]).to.equal(undefined);
    assertInert(board.shadowRoot!);
    assertInert(md.shadowRoot!);
    assertInert(card.shadowRoot!);
    expect(card.shadowRoot!.querySelectorAll('a').length).to.equal(1);
    await expect(board).to.be.accessible();
    await expect(card).to.be.accessible();
  });

  it('through a whole streamed run in the chat', async () => {
    const evil = (threadId: string, runId: string) => [
      { type: 'RUN_STARTED', threadId, runId },
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      ...PAYLOAD.match(/[\s\S]{1,9}/g)!.map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta })),
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: `<img src=x onerror="window.${FLAG}=30">`, parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: `{"x":"<script>window.${FLAG}=31</script>"}` },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'CUSTOM', name: 'oz0.waiting', value: { waiting: [{ job: 'j', what: '<script>x</script>', deciders: 'x', console: { label: 'go', url: `javascript:window.${FLAG}=32` } }] } },
      { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success' } },
    ];
    const { transport } = scriptedTransport([evil]);
    const el = await fixture<OzAgentChat>(html`<oz-agent-chat agent="a" tenant="t" .storage=${'none'} .transport=${transport}></oz-agent-chat>`);
    let finished = false;
    el.addEventListener('oz-run-finished', () => (finished = true));
    await el.send('hi');
    await until(() => finished);
    await settle();
    const all: ShadowRoot[] = [];
    const walk = (root: ShadowRoot) => {
      all.push(root);
      for (const n of root.querySelectorAll('*')) if (n.shadowRoot) walk(n.shadowRoot);
    };
    walk(el.shadowRoot!);
    for (const root of all) for (const a of root.querySelectorAll('a')) a.click();
    await settle();
    expect(w[FLAG]).to.equal(undefined);
    for (const root of all) assertInert(root);
    await expect(el).to.be.accessible();
  });
});
