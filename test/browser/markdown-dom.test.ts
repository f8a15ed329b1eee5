/**
 * The DOM built from marked's tokens (elements/markdown/markdown-dom.ts)
 * against marked's own HTML renderer, parsed by the browser: the same
 * elements and the same text for any markdown without raw HTML or unsafe
 * targets (fast-check), and our policy where the two differ on purpose.
 */
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { Lexer, Parser } from 'marked';
import { MarkdownDom } from '../../elements/markdown/markdown-dom.js';
import { markedOptions } from '../../elements/markdown/markdown-blocks.js';
import { patchNodes } from '../../elements/markdown/tail-patch.js';
import { isAllowedImage, isSafeHref } from '../../elements/markdown/safe-urls.js';

const IMAGES = 'https://img.example';

function ours(text: string, allowlist: readonly string[] = []): DocumentFragment {
  return new MarkdownDom(allowlist).blocks(new Lexer(markedOptions()).lex(text));
}

/** marked's HTML for `text`, parsed into an inert document (nothing in it runs or loads). */
function marked(text: string): Node {
  const html = new Parser(markedOptions()).parse(new Lexer(markedOptions()).lex(text));
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
}

/** Attributes only our policy adds: a link's new tab, an image's lazy load and referrer. */
const POLICY_ATTRS = new Set(['target', 'rel', 'loading', 'referrerpolicy']);

/** A tree as one comparable string: elements with their own attributes, text merged, whitespace between blocks left out. */
function shape(node: Node): string {
  let out = '';
  let text = '';
  const flush = () => {
    if (text.trim() !== '') out += JSON.stringify(text);
    text = '';
  };
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      text += (child as Text).data;
      continue;
    }
    const el = child as Element;
    // Our policy: a link whose target is not safe (or not a URL at all) is its text.
    if (el.localName === 'a' && !isSafeHref(el.getAttribute('href') ?? '')) {
      text += el.textContent;
      continue;
    }
    // Our policy: an image from any other origin is a link to it, labelled with its text (or address).
    if (el.localName === 'img' && !isAllowedImage(el.getAttribute('src') ?? '', [IMAGES])) {
      const src = el.getAttribute('src') ?? '';
      const label = el.getAttribute('alt') || src;
      if (!isSafeHref(src)) text += label;
      else {
        flush();
        out += `<a href=${JSON.stringify(src)}>${JSON.stringify(label)}</a>`;
      }
      continue;
    }
    flush();
    // marked marks a task with a disabled checkbox, ours with a ☑ / ☐ span.
    if (el.localName === 'input') {
      out += `<task ${el.hasAttribute('checked') ? 'done' : 'open'}>`;
      continue;
    }
    if (el.localName === 'span' && el.className === 'task') {
      out += `<task ${el.textContent === '☑' ? 'done' : 'open'}>`;
      continue;
    }
    const attrs = [...el.attributes]
      .filter((a) => !POLICY_ATTRS.has(a.name))
      .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
      .sort();
    out += `<${[el.localName, ...attrs].join(' ')}>${shape(el)}</${el.localName}>`;
  }
  flush();
  return out;
}

/** Markdown pieces: every block and inline kind, with safe targets only and no raw HTML. */
const inline = fc.oneof(
  fc.constantFrom('word', 'two words', ' ', '*em*', '**strong**', '_u_', '~~del~~', '`co de`', '`a&b`', '\\*', '\\&copy;'),
  fc.constantFrom('&copy;', '&amp;', '&#35;', '&#x41;', '&nope;', 'a & b', '"q" \'s\'', 'x > y'),
  fc.constantFrom('[link](https://a.example/p "T&amp;")', '[ref][r]', '<https://auto.example/?a=1&b=2>', 'www.example.org', 'me@example.com'),
  // (Images from other origins differ on purpose: see the image test.)
  fc.constantFrom(`![alt *x*](${IMAGES}/i.png "t")`, 'line  \nbreak', '[rel](/path?q=1)', '[sp](<a%20b>)'),
  fc.stringMatching(/^[a-z *_`~\\#|>\-!\[\]()\d.+]{0,12}$/),
);
const line = fc.array(inline, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
const block = fc.oneof(
  line,
  line.map((l) => `# ${l}`),
  line.map((l) => `### ${l}`),
  line.map((l) => `${l}\n===`),
  fc.array(line, { minLength: 1, maxLength: 3 }).map((items) => items.map((l) => `- ${l}`).join('\n')),
  fc.array(line, { minLength: 1, maxLength: 3 }).map((items) => items.map((l) => `- ${l}`).join('\n\n')),
  fc.array(line, { minLength: 1, maxLength: 3 }).map((items) => items.map((l, i) => `${i + 3}. ${l}`).join('\n')),
  fc.tuple(line, fc.boolean()).map(([l, done]) => `- [${done ? 'x' : ' '}] ${l}\n- [ ] more`),
  line.map((l) => `> ${l}\n> ${l}`),
  fc.tuple(fc.constantFrom('', 'ts', 'js extra'), line).map(([lang, l]) => '```' + lang + '\n' + l + '\n  <b>&amp;</b>\n```'),
  line.map((l) => `    ${l}`),
  fc.tuple(line, line).map(([a, b]) => `| ${a.replace(/\|/g, '')} | b |\n| :- | -: |\n| ${b.replace(/\|/g, '')} | 2 |`),
  fc.constant('***'),
  fc.constant('[r]: https://r.example/def "Def"'),
);
const doc = fc.array(block, { minLength: 1, maxLength: 6 }).map((blocks) => blocks.join('\n\n'));

describe('markdown-dom: the DOM built from tokens', () => {
  it("is marked's own HTML, parsed, for any markdown without raw HTML or unsafe targets (property)", () => {
    fc.assert(
      fc.property(doc, (text) => {
        const box = document.createElement('div');
        box.append(ours(text, [IMAGES]));
        expect(shape(box), text).to.equal(shape(marked(text)));
      }),
      { numRuns: 300, includeErrorInReport: true },
    );
  });

  it('decodes character references as the browser does in marked’s HTML, and keeps escaped and code text literal', () => {
    const box = document.createElement('div');
    box.append(ours('a &copy; &#169; &#x41; &amp;lt; \\&copy; &nope; `&copy;`\n\n```\n&amp;\n```'));
    expect(box.querySelector('p')!.firstChild!.textContent).to.equal('a © © A &lt; &copy; &nope; ');
    expect(box.querySelector('p code')!.textContent).to.equal('&copy;');
    expect(box.querySelector('pre code')!.textContent).to.equal('&amp;\n');
  });

  it('shows raw HTML as its text: no element, attribute or handler from agent text', () => {
    const box = document.createElement('div');
    box.append(ours('<img src=x onerror="alert(1)"> and <b>bold</b>\n\n<div onclick="x()">block</div>'));
    expect(box.querySelector('img, b, div, [onerror], [onclick]')).to.equal(null);
    expect(box.textContent).to.contain('<img src=x onerror="alert(1)">').and.contain('<b>bold</b>').and.contain('<div onclick="x()">block</div>');
    expect([...box.children].map((c) => c.localName)).to.deep.equal(['p', 'p']);
  });

  it('keeps only safe link targets: any other link is its text; safe ones open in a new tab without opener or referrer', () => {
    const box = document.createElement('div');
    box.append(ours('[a](javascript:alert(1)) [b](java&#09;script:alert(1)) [c](data:text/html,x) [d](https://ok.example/ "T &amp; U") [e](mailto:a@b.example) [f](/rel)'));
    const links = [...box.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['https://ok.example/', 'mailto:a@b.example', '/rel']);
    expect(links[0]!.title).to.equal('T & U');
    for (const a of links) {
      expect(a.target).to.equal('_blank');
      expect(a.rel).to.equal('noopener noreferrer');
    }
    expect(box.textContent).to.equal('a b c d e f');
  });

  it('shows images only from allowlisted origins, lazily and without a referrer; others as a link labelled with their text', () => {
    const md = `![a *cat*](${IMAGES}/cat.png "Cat") ![dog](https://evil.example/d.png?x=1) ![](https://evil.example/e.png) ![js](javascript:alert(1))`;
    const none = document.createElement('div');
    none.append(ours(md));
    expect(none.querySelector('img')).to.equal(null);
    expect([...none.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).to.deep.equal([
      [`${IMAGES}/cat.png`, 'a cat'],
      ['https://evil.example/d.png?x=1', 'dog'],
      ['https://evil.example/e.png', 'https://evil.example/e.png'],
    ]);
    expect(none.textContent).to.contain('js');
    const allowed = document.createElement('div');
    allowed.append(ours(md, [IMAGES]));
    const imgs = [...allowed.querySelectorAll('img')];
    expect(imgs.map((i) => [i.getAttribute('src'), i.alt, i.title, i.getAttribute('loading'), i.getAttribute('referrerpolicy')])).to.deep.equal([
      [`${IMAGES}/cat.png`, 'a cat', 'Cat', 'lazy', 'no-referrer'],
    ]);
  });

  it('loads nothing for an image it builds until the image is shown', async () => {
    const url = `${location.origin}/__oz-markdown-dom-${Math.random().toString(36).slice(2)}.png`;
    const fragment = ours(`![x](${url})`, [location.origin]);
    expect(fragment.querySelector('img')!.getAttribute('src')).to.equal(url);
    await new Promise((r) => setTimeout(r, 300));
    expect(performance.getEntriesByName(url)).to.deep.equal([]);
  });

  it('clamps the heading depth it takes from tokens, and never parses a value it sets (list start, cell alignment)', () => {
    const dom = new MarkdownDom();
    const built = dom.blocks([
      { type: 'heading', raw: '', depth: 9, text: 'h', tokens: [{ type: 'text', raw: 'h', text: 'h' }] },
      { type: 'list', raw: '', ordered: true, start: '2" onclick="x', loose: false, items: [] },
      {
        type: 'table',
        raw: '',
        align: ['left'],
        header: [{ text: 'a', tokens: [], header: true, align: 'left" onclick="x' as 'left' }],
        rows: [],
      },
      { type: 'mystery', raw: '<x> as text' },
    ]);
    const box = document.createElement('div');
    box.append(built);
    expect(box.querySelector('[onclick]')).to.equal(null);
    expect(box.querySelector('th')!.getAttribute('align')).to.equal('left" onclick="x');
    expect(box.querySelector('ol')!.getAttribute('start')).to.equal('2" onclick="x');
    expect(box.innerHTML).to.equal(
      '<h6>h</h6><ol start="2&quot; onclick=&quot;x"></ol><table><thead><tr><th align="left&quot; onclick=&quot;x"></th></tr></thead></table><p style="white-space: pre-wrap;">&lt;x&gt; as text</p>',
    );
  });
});

describe('tail-patch: the shown tail patched where it differs', () => {
  const nodes = (html: string) => {
    const t = document.createElement('template');
    t.innerHTML = html;
    return [...t.content.childNodes];
  };
  /** Shows `before` in a box, patches it into `after`; the box's HTML then, and which of its elements were kept. */
  const patch = (before: string, after: string) => {
    const box = document.createElement('div');
    box.append(...nodes(before));
    const elements = [...box.querySelectorAll('*')];
    const texts = [...box.querySelectorAll('*')].flatMap((e) => [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE));
    const shown = patchNodes([...box.childNodes], nodes(after));
    expect(shown).to.deep.equal([...box.childNodes]);
    return { html: box.innerHTML, kept: elements.map((e) => box.contains(e)), keptTexts: texts.map((t) => box.contains(t)) };
  };

  it('inserts the added text into the last text node (before a code block’s newline), changing nothing else', () => {
    for (const [before, after] of [
      ['<p>Words <em>so</em> far</p>', '<p>Words <em>so</em> far and more</p>'],
      ['<pre><code>a = 1;\n</code></pre>', '<pre><code>a = 1;\nb\n</code></pre>'],
      ['<ul><li>one</li><li>two</li></ul>', '<ul><li>one</li><li>two three</li></ul>'],
    ] as const) {
      const result = patch(before, after);
      expect(result.html, before).to.equal(after);
      expect(result.kept.every(Boolean), before).to.equal(true);
      expect(result.keptTexts.every(Boolean), before).to.equal(true);
    }
  });

  it('keeps every list item and table row but the new one', () => {
    const list = patch('<ul><li>one</li><li>tw</li></ul>', '<ul><li>one</li><li>two</li><li>th</li></ul>');
    expect(list.html).to.equal('<ul><li>one</li><li>two</li><li>th</li></ul>');
    expect(list.kept).to.deep.equal([true, true, true]);
    const table = patch(
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>',
    );
    expect(table.html).to.contain('<tr><td>1</td></tr><tr><td>2</td></tr>');
    expect(table.kept.every(Boolean)).to.equal(true);
  });

  it('replaces what changed in kind or attributes, adds new blocks after the last, removes the ones gone', () => {
    const heading = patch('<p>Words</p>', '<h1>Words more</h1>');
    expect(heading.html).to.equal('<h1>Words more</h1>');
    expect(heading.kept).to.deep.equal([false]);
    const link = patch('<p>see <a href="https://a.example/">link</a></p>', '<p>see <a href="https://b.example/">link more</a></p>');
    expect(link.html).to.equal('<p>see <a href="https://b.example/">link more</a></p>');
    expect(link.kept).to.deep.equal([true, false]);
    expect(patch('<p>Words</p>', '<p>Words</p><p>more</p>').html).to.equal('<p>Words</p><p>more</p>');
    expect(patch('<p>Words</p><p>more</p>', '<p>Word</p>').html).to.equal('<p>Word</p>');
    expect(patch('<p>Words</p>', '').html).to.equal('');
  });
});
