import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzMarkdown } from '../../elements/markdown/markdown.js';
import { MarkdownStream, isSafeHref, renderMarkdown } from '../../elements/markdown/render-markdown.js';
import { warmUpWhenIdle } from '../../elements/markdown/warm-up.js';
import { MarkdownBlocks } from '../../elements/markdown/markdown-blocks.js';

const DOCS = [
  '# Title\n\nSome *emphasis* and **strong** and `code`.\n\n- one\n- two\n\n  still two\n- three\n\nAfter the list.\n',
  'Intro\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quoted\n> more\n\nend',
  'Setext\n===\n\npara line one\nline two\n\n    indented code\n\n    more code\n\n1. first\n2. second\n\n---\n\n[ref link][r] later\n\n[r]: https://example.com/r\n',
  'A [link](https://example.com) and <b>raw</b> html\n\n<div onclick="x()">block html</div>\n\n* a\n* b\n\n+ c\n\ntext ~~del~~ www.example.org done',
];

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(0, i + size));
  return out;
}

describe('render-markdown', () => {
  it('renders the same whether streamed in chunks or whole', () => {
    for (const doc of DOCS) {
      const whole = renderMarkdown(doc);
      for (const size of [1, 2, 3, 7, 16, 64]) {
        const stream = new MarkdownStream();
        let last = { blocks: [] as readonly string[], tail: '' };
        for (const part of chunks(doc, size)) last = stream.update(part);
        expect(last.blocks.join('') + last.tail, `chunk size ${size}`).to.equal(whole);
      }
    }
  });

  it('keeps finished blocks and re-parses only the tail', () => {
    const stream = new MarkdownStream();
    const first = stream.update('para one\n\npara two\n\npara th');
    const kept = first.blocks.slice();
    expect(kept.length).to.equal(2);
    const second = stream.update('para one\n\npara two\n\npara three\n\nfour');
    expect(second.blocks[0]).to.equal(kept[0]);
    expect(second.blocks[1]).to.equal(kept[1]);
    expect(second.blocks.length).to.equal(3);
  });

  it('stays linear on a long streamed answer', () => {
    const stream = new MarkdownStream();
    let text = '';
    for (let i = 0; i < 5000; i++) {
      text += i % 40 === 39 ? `word ${i}.\n\n` : `word ${i} `;
      stream.update(text);
    }
    expect(stream.update(text).blocks.length).to.be.greaterThan(100);
    // Only the open paragraph (at most 40 words) is lexed again per chunk: the work is
    // bounded by chunks x paragraph, far below re-lexing the whole text each time
    // (5,000 x ~22 kB on average = ~110 M characters).
    expect(stream.lexedChars).to.be.lessThan(5000 * 400);
    expect(stream.lexedChars).to.be.greaterThan(text.length);
  });

  it('escapes raw HTML and keeps only safe links', () => {
    const out = renderMarkdown('<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](https://ok.example/) [z](data:text/html,hi)');
    expect(out).to.not.contain('<script');
    expect(out).to.contain('&lt;script&gt;');
    expect(out).to.not.contain('javascript:');
    expect(out).to.not.contain('data:text');
    expect(out).to.contain('href="https://ok.example/"');
    expect(out).to.contain('rel="noopener noreferrer"');
    expect(out).to.contain('target="_blank"');
  });

  it('tells safe hrefs from unsafe ones', () => {
    expect(isSafeHref('https://a.example')).to.equal(true);
    expect(isSafeHref('mailto:a@b.example')).to.equal(true);
    expect(isSafeHref('/relative')).to.equal(true);
    expect(isSafeHref('java\tscript:alert(1)')).to.equal(false);
    expect(isSafeHref(' JAVASCRIPT:alert(1)')).to.equal(false);
    expect(isSafeHref('vbscript:x')).to.equal(false);
    expect(isSafeHref('data:text/html;base64,xx')).to.equal(false);
  });

  it('shows images only from allowlisted origins, others as links', () => {
    const md = '![cat](https://img.example/cat.png) ![dog](https://evil.example/track.png?d=1)';
    const none = renderMarkdown(md);
    expect(none).to.not.contain('<img');
    expect(none).to.contain('href="https://img.example/cat.png"');
    const allowed = renderMarkdown(md, { imageAllowlist: ['https://img.example'] });
    expect(allowed).to.contain('<img');
    expect(allowed).to.contain('src="https://img.example/cat.png"');
    expect(allowed).to.not.contain('src="https://evil.example');
  });
});

describe('markdown marked cannot take', () => {
  const warnings: unknown[][] = [];
  const warn = console.warn;
  beforeEach(() => {
    warnings.length = 0;
    console.warn = (...args: unknown[]) => void warnings.push(args);
  });
  afterEach(() => (console.warn = warn));

  it('shows text that overflows marked (thousands of nested quotes) as plain text, line breaks kept, and says so once', async () => {
    for (const bad of ['>'.repeat(5000) + ' deep\nline two', '- '.repeat(3000) + 'deep list']) {
      // Given at once, the text marked could not take is shown whole, as it is.
      const box = document.createElement('div');
      box.innerHTML = renderMarkdown(`Before.\n\n${bad}`);
      const p = box.firstElementChild as HTMLElement;
      expect(p.textContent).to.equal(`Before.\n\n${bad}`);
      expect(p.style.whiteSpace).to.equal('pre-wrap');
    }
    expect(warnings.length).to.equal(2);
    warnings.length = 0;
    // Streamed, the blocks before it were finished markdown already; only the rest is plain.
    const el = await fixture<OzMarkdown>(html`<oz-markdown></oz-markdown>`);
    const text = 'Intro *em*.\n\n' + '>'.repeat(5000) + ' x';
    for (let i = 1; i <= 4; i++) {
      el.text = text.slice(0, Math.max(16, Math.round((text.length * i) / 4)));
      await el.updateComplete;
    }
    const paragraphs = [...el.shadowRoot!.querySelectorAll('p')];
    expect(paragraphs[0]!.innerHTML).to.equal('Intro <em>em</em>.');
    expect(paragraphs.at(-1)!.textContent).to.equal('>'.repeat(5000) + ' x');
    expect(warnings.length).to.equal(1);
    expect(String(warnings[0]![0])).to.contain('shown as text');
  });

  it('shows the rest as plain text, never lexed again, once a step takes longer than its limit', () => {
    // The clock is read as marked starts and as it ends: each lex "takes" `cost` ms (a slow one is tried twice).
    let cost = 10;
    let reads = 0;
    const blocks = new MarkdownBlocks({ lexLimitMs: 50, clock: () => (reads++ % 2 === 0 ? 0 : cost) });
    expect(blocks.step('One.\n\nTwo **b**').added.map((t) => t.type)).to.deep.equal(['paragraph']);
    cost = 60;
    const tail = blocks.step('One.\n\nTwo **b** and more\n\nThree').tail;
    expect(tail.map((t) => [t.type, t.raw])).to.deep.equal([['plain', 'Two **b** and more\n\nThree']]);
    expect(reads).to.equal(6);
    const lexed = blocks.lexedChars;
    cost = 0;
    expect(blocks.step('One.\n\nTwo **b** and more\n\nThree, four').tail.map((t) => t.raw)).to.deep.equal(['Two **b** and more\n\nThree, four']);
    expect(blocks.lexedChars, 'not lexed again').to.equal(lexed);
    expect(warnings.length).to.equal(1);
    // A text that starts over (another message) is markdown again.
    expect(blocks.step('New *text*').tail.map((t) => t.type)).to.deep.equal(['paragraph']);
  });
});

describe('<oz-markdown>', () => {
  it('renders markdown into its shadow root, accessibly', async () => {
    const el = await fixture<OzMarkdown>(html`<oz-markdown text="# Hello\n\nA [link](https://example.com)."></oz-markdown>`);
    el.text = '## Hello\n\nA [link](https://example.com) and a list:\n\n- one\n- two\n';
    await el.updateComplete;
    const root = el.shadowRoot!;
    expect(root.querySelector('h2')!.textContent).to.equal('Hello');
    const a = root.querySelector('a')!;
    expect(a.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(root.querySelectorAll('li').length).to.equal(2);
    await expect(el).to.be.accessible();
  });

  it('streams: keeps the DOM of finished blocks', async () => {
    const el = await fixture<OzMarkdown>(html`<oz-markdown></oz-markdown>`);
    el.text = 'First paragraph.\n\nSecond';
    await el.updateComplete;
    const firstP = el.shadowRoot!.querySelector('p');
    el.text = 'First paragraph.\n\nSecond paragraph.\n\nThird';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('p')).to.equal(firstP);
    expect(el.shadowRoot!.querySelectorAll('p').length).to.equal(3);
    await expect(el).to.be.accessible();
  });

  it('grows the paragraph, list item or code being written in place: the same nodes, only its text longer', async () => {
    const el = await fixture<OzMarkdown>(html`<oz-markdown></oz-markdown>`);
    for (const [start, more, selector] of [
      ['Done.\n\nWords *so* far', " and the rest, isn't it", 'p'],
      ['- one\n- two', ' and "more" & more', 'li'],
      ['```\nconst a = 1;\n', 'const b = 2;\n', 'pre code'],
    ] as const) {
      const last = () => [...el.shadowRoot!.querySelectorAll(selector)].at(-1)!;
      el.text = start;
      await el.updateComplete;
      const node = last();
      const text = node.lastChild;
      for (let i = 1; i <= more.length; i++) {
        el.text = start + more.slice(0, i);
        await el.updateComplete;
      }
      expect(last(), `${JSON.stringify(start)}: the same element`).to.equal(node);
      expect(node.lastChild, `${JSON.stringify(start)}: the same text node`).to.equal(text);
      expect(node.textContent!.endsWith(more), node.textContent!).to.equal(true);
      el.text = '';
      await el.updateComplete;
    }
  });
  it('shows a burst bigger than a frame over several frames, blocks first, then the same as whole', async () => {
    const section = '## Plan\n\n- Read the **brief**.\n- Write the [spec](https://example.com/spec).\n\n```ts\nconst a = 1;\n```\n\n| A | B |\n| - | - |\n| 1 | 2 |\n\n';
    const text = section.repeat(60) + 'The open tail';
    const el = await fixture<OzMarkdown>(html`<oz-markdown></oz-markdown>`);
    el.text = 'Start.\n\nThe first tail';
    await el.updateComplete;
    const body = el.shadowRoot!.querySelector('.markdown')!;
    // The tail is the last block of the last group of blocks.
    const lastBlock = () => body.lastElementChild!.lastElementChild!;
    expect(lastBlock().textContent).to.equal('The first tail');
    el.text = 'Start.\n\nThe first tail\n\n' + text;
    // The first update takes what one frame allows: whole blocks, and no half-shown tail.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    expect(el.rendering).to.equal(true);
    const h2s = body.querySelectorAll('h2').length;
    expect(h2s).to.be.greaterThan(0).and.lessThan(60);
    expect(body.textContent).not.to.contain('The open tail');
    await el.updateComplete;
    expect(el.rendering).to.equal(false);
    expect(body.querySelectorAll('h2').length).to.equal(60);
    expect(lastBlock().textContent).to.equal('The open tail');
    expect(body.querySelector('.chunk')!.firstElementChild!.textContent).to.equal('Start.');
    const whole = document.createElement('div');
    whole.innerHTML = renderMarkdown(el.text);
    expect(body.textContent!.replace(/\s+/g, ' ')).to.equal(whole.textContent!.replace(/\s+/g, ' '));
    expect(body.querySelectorAll('*').length).to.equal(whole.querySelectorAll('*').length + body.querySelectorAll('.chunk').length);
    await expect(el).to.be.accessible();
  });

  it('shows any text at once with frame-budget Infinity', async () => {
    const text = 'Paragraph with **words** and a [link](https://example.com).\n\n'.repeat(400) + 'The end.';
    const el = await fixture<OzMarkdown>(html`<oz-markdown frame-budget="Infinity"></oz-markdown>`);
    expect(el.frameBudget).to.equal(Infinity);
    el.text = text;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    expect(el.rendering).to.equal(false);
    expect(el.shadowRoot!.querySelectorAll('p').length).to.equal(401);
  });

  it('adds blocks finished while its tail is shown before that tail, without showing it twice', async () => {
    const el = await fixture<OzMarkdown>(html`<oz-markdown></oz-markdown>`);
    el.text = 'One.\n\nTwo';
    await el.updateComplete;
    el.text = 'One.\n\nTwo.\n\nThree.\n\nFour';
    await el.updateComplete;
    const texts = [...el.shadowRoot!.querySelectorAll('p')].map((p) => p.textContent);
    expect(texts).to.deep.equal(['One.', 'Two.', 'Three.', 'Four']);
  });

  it('keeps each block it showed as the tail as the block it became: the same elements, patched, never built again', async () => {
    const el = await fixture<OzMarkdown>(html`<oz-markdown></oz-markdown>`);
    const body = el.shadowRoot!.querySelector('.markdown')!;
    const steps = ['Intro', 'Intro.\n\n- one\n- tw', 'Intro.\n\n- one\n- two\n\n| A | B |\n| - | - |\n| 1 |', 'Intro.\n\n- one\n- two\n\n| A | B |\n| - | - |\n| 1 | 2 |\n\nEnd'];
    const seen: Element[] = [];
    for (const text of steps) {
      el.text = text;
      await el.updateComplete;
      seen.push(body.querySelector('.chunk')!.lastElementChild!);
    }
    const [p, ul, table] = seen;
    expect([...body.querySelector('.chunk')!.children]).to.deep.equal([p, ul, table, seen[3]], 'each tail stayed as its finished block, in place');
    expect(p!.textContent).to.equal('Intro.');
    expect(ul!.querySelectorAll('li').length).to.equal(2);
    expect([...table!.querySelectorAll('td')].map((td) => td.textContent)).to.deep.equal(['1', '2']);
    const whole = document.createElement('div');
    whole.innerHTML = renderMarkdown(el.text);
    expect(body.querySelector('.chunk')!.innerHTML).to.equal(whole.innerHTML, 'the same DOM as the whole text rendered at once');
  });

  it('leaves no empty group behind when a tail that started a group goes (the text shrank)', async () => {
    const el = await fixture<OzMarkdown>(html`<oz-markdown></oz-markdown>`);
    const body = el.shadowRoot!.querySelector('.markdown')!;
    const blocks = Array.from({ length: 16 }, (_, i) => `Block ${i}.`).join('\n\n');
    el.text = `${blocks}\n\nThe tail`;
    await el.updateComplete;
    expect(body.querySelectorAll('.chunk').length).to.equal(2, 'sixteen blocks fill the first group; the tail starts the next');
    el.text = `${blocks}\n\n`;
    await el.updateComplete;
    expect([...body.querySelectorAll('.chunk')].map((c) => c.childElementCount)).to.deep.equal([16]);
  });

  it('aligns table columns as the delimiter row says; a column it says nothing of starts at the start', async () => {
    const el = await fixture<OzMarkdown>(html`<oz-markdown .text=${'| a | b | c | d |\n| :- | :-: | -: | - |\n| 1 | 2 | 3 | 4 |'}></oz-markdown>`);
    const align = (selector: string) => [...el.shadowRoot!.querySelectorAll(selector)].map((cell) => getComputedStyle(cell).textAlign.replace('-webkit-', ''));
    expect(align('td')).to.deep.equal(['left', 'center', 'right', 'start']);
    expect(align('th')).to.deep.equal(['left', 'center', 'right', 'start']);
  });

  it('reads image-allowlist from its attribute', async () => {
    const el = await fixture<OzMarkdown>(html`<oz-markdown image-allowlist="https://img.example" text="![a cat](https://img.example/c.png)"></oz-markdown>`);
    const img = el.shadowRoot!.querySelector('img')!;
    expect(img.getAttribute('src')).to.equal('https://img.example/c.png');
    expect(img.getAttribute('referrerpolicy')).to.equal('no-referrer');
    await expect(el).to.be.accessible();
  });
});

describe('warmUpWhenIdle', () => {
  const idle = () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve), { timeout: 3000 }));
  /** The boxes added to `host`, each with the tags it held when added. */
  const watch = (host: HTMLElement) => {
    const seen: Array<{ box: Element; tags: Set<string> }> = [];
    new MutationObserver((records) =>
      records.forEach((r) => r.addedNodes.forEach((n) => seen.push({ box: n as Element, tags: new Set([...(n as Element).querySelectorAll('*')].map((e) => e.localName)) }))),
    ).observe(host, { childList: true });
    return seen;
  };

  it('renders and lays out a sample of every kind of block, hidden, when the page is idle, then removes it', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const seen = watch(host);
    let after = 0;
    warmUpWhenIdle(host, [() => void after++]);
    await Promise.resolve();
    expect(seen).to.deep.equal([]);
    // Two steps, one idle callback each: marked and the DOM, then the box laid out; then the host's own.
    for (let i = 0; i < 10 && after === 0; i++) await idle();
    expect(after).to.equal(1);
    expect(seen.map((s) => s.box.className)).to.deep.equal(['markdown']);
    expect((seen[0]!.box as HTMLElement).style.visibility, 'hidden: out of sight and of the accessibility tree').to.equal('hidden');
    for (const tag of ['h2', 'ul', 'blockquote', 'pre', 'table', 'hr', 'a', 'del', 'strong', 'em', 'code']) expect(seen[0]!.tags.has(tag), tag).to.equal(true);
    expect(host.childNodes.length).to.equal(0);
    host.remove();
  });

  it('does no more once cancelled (a chat removed before the page was idle)', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const seen = watch(host);
    let after = 0;
    const cancel = warmUpWhenIdle(host, [() => void after++]);
    await idle();
    // Cancelled after the first step (marked and the DOM): the box's and the host's never run.
    cancel();
    for (let i = 0; i < 5; i++) await idle();
    expect(seen).to.deep.equal([]);
    expect(after).to.equal(0);
    host.remove();
  });
});
