/**
 * The first markdown a page shows pays for compiling marked's rules (large
 * regular expressions, compiled on first use), for the first build of each
 * kind of node, and for the first style and layout of each kind of block (font fallback
 * for code, bold and italics, table layout): tens of milliseconds that used
 * to land in the first frame of an answer. `warmUpWhenIdle` pays them while
 * the page has nothing else to do: it renders a sample that uses every kind
 * of block and inline once, in a hidden `.markdown` box of the host's tree
 * (the chat's: its rules, as its answers get them), laid out and removed.
 * Cold, that costs over 100 ms, so it goes in steps, one idle callback each.
 */
import { MarkdownBlocks } from './markdown-blocks.js';
import { MarkdownDom } from './markdown-dom.js';

const SAMPLE = [
  '## Heading\n\nA paragraph with **strong**, *em*, ~~del~~, `code`, a [link](https://example.com "t"), <b>html</b> and www.example.org.\n\n',
  '- item\n- [x] task\n\n> quote\n\n```ts\nconst a = 1;\n```\n\n| a | b |\n| :- | -: |\n| 1 | 2 |\n\n***\n',
].join('');

/** Runs `step` when the page is idle (or soon, where there is no idle callback); returns a cancel function. */
function whenIdle(step: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(step, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(step, 200);
  return () => clearTimeout(id);
}

/**
 * Renders the sample once in `host` (hidden, then removed), when the page is
 * idle, in two idle callbacks so that neither is long: marked's first lex and
 * the first build of its DOM, then the box, its style and layout; then the
 * host's own steps (`after`), one idle callback each. Returns a function that
 * cancels what has not run yet.
 */
export function warmUpWhenIdle(host: ParentNode, after: ReadonlyArray<() => void | Promise<void>> = []): () => void {
  let shown: DocumentFragment | undefined;
  const steps: Array<() => void | Promise<void>> = [
    () => {
      const step = new MarkdownBlocks().step(SAMPLE);
      shown = new MarkdownDom().blocks([...step.added, ...step.tail]);
    },
    () => {
      const el = document.createElement('div');
      el.className = 'markdown';
      el.style.cssText = 'position:absolute;visibility:hidden;width:100%';
      if (shown) el.append(shown);
      host.append(el);
      try {
        el.getBoundingClientRect(); // style and layout now, in idle time
      } finally {
        el.remove();
      }
    },
    ...after,
  ];
  let cancelled = false;
  let cancel = (): void => undefined;
  const next = (i: number): void => {
    if (cancelled || i >= steps.length) return;
    cancel = whenIdle(() => void Promise.resolve(steps[i]!()).then(() => next(i + 1)));
  };
  next(0);
  return () => {
    cancelled = true;
    cancel();
  };
}
