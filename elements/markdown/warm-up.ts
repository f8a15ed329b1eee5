/**
 * The first markdown a page renders pays for compiling marked's rules (large
 * regular expressions, compiled on first use) and for DOMPurify's first walk:
 * tens of milliseconds, which used to land in the first frame of an answer.
 * `warmUpWhenIdle` pays it while the page has nothing else to do, by
 * rendering a sample that uses every kind of block and inline once.
 */
import { MarkdownFragments } from './markdown-fragments.js';
import type { Purifier } from './purifier.js';

const SAMPLE = [
  '# Heading\n\nSetext\n---\n\nA paragraph with **strong**, *em*, ~~del~~, `code`, a [link](https://example.com "t"), <b>html</b> and www.example.org.\n\n',
  '- item\n- [x] task\n\n1. one\n2. two\n\n> quote\n\n```ts\nconst a = 1;\n```\n\n    indented\n\n| a | b |\n| :- | -: |\n| 1 | 2 |\n\n***\n\n[ref][r]\n\n[r]: https://example.com/r\n',
].join('');

/** Renders the sample once, when the page is idle (or soon, where there is no idle callback). */
export function warmUpWhenIdle(purifier: Purifier): () => void {
  const run = () => {
    new MarkdownFragments({ imageAllowlist: purifier.allowlist, purifier }).update(SAMPLE);
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}
