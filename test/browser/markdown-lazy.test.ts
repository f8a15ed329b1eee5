/**
 * The markdown engine (marked and the DOM built from its tokens) loads on first use
 * (elements/markdown/markdown-engine.ts). An `<oz-markdown>` with text before
 * it arrives shows the text as plain text, set as a text node (never parsed
 * as HTML), and `updateComplete` waits for the markdown. This file's page
 * loads nothing else that would load the engine first.
 */
import { expect } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzMarkdown } from '../../elements/markdown/markdown.js';
import { loadedMarkdownEngine } from '../../elements/markdown/markdown-engine.js';

describe('<oz-markdown> before the markdown engine has loaded', () => {
  it('shows the text as plain text (nothing parsed or run), then the markdown', async () => {
    expect(loadedMarkdownEngine() === undefined, 'nothing loaded the engine yet').to.equal(true);
    const w = window as { __ran?: boolean };
    const text = '**bold** and <img src="x" onerror="window.__ran = true">\n\nsecond paragraph';
    const el = document.createElement('oz-markdown') as OzMarkdown;
    el.text = text;
    document.body.append(el);
    try {
      // Lit renders in a microtask; the engine's chunk needs a fetch, so it is not there yet.
      for (let i = 0; i < 10; i++) await Promise.resolve();
      const body = el.shadowRoot!.querySelector('.markdown')!;
      expect(loadedMarkdownEngine() === undefined).to.equal(true);
      expect(body.classList.contains('plain')).to.equal(true);
      expect(body.textContent).to.equal(text);
      expect(body.querySelector('img, strong')).to.equal(null);
      expect(el.rendering).to.equal(true);

      await el.updateComplete;
      expect(loadedMarkdownEngine() !== undefined).to.equal(true);
      expect(body.classList.contains('plain')).to.equal(false);
      expect(body.querySelector('strong')!.textContent).to.equal('bold');
      expect(body.querySelectorAll('p').length).to.equal(2);
      expect(body.querySelector('img')).to.equal(null);
      expect(w.__ran === undefined, 'no handler ran').to.equal(true);
      expect(el.rendering).to.equal(false);
    } finally {
      el.remove();
    }
  });
});
