import { css } from 'lit';

/**
 * The markdown's rules, every one under its `.markdown` box (the element the
 * `markdown()` directive fills): the same sheet styles it alone (in
 * `<oz-markdown>`'s shadow root) and in the chat's tree.
 */
export const styles = css`
  .markdown {
    display: block;
    overflow-wrap: anywhere;
    --_code-bg: var(--oz-markdown-code-background, var(--_c-surface-2));
  }
  .markdown.plain {
    white-space: pre-wrap;
  }
  /* Finished blocks, in groups skipped while off screen. Blocks are spaced by their top margins only,
     and only a first child loses its margin: appending a block (what streaming does) changes no other
     block's :first-child, where a :last-child rule would restyle the whole group on every append.
     Lists of tags are :where() (no weight): the rules for one tag below them win. */
  .markdown .chunk {
    content-visibility: auto;
    contain-intrinsic-size: auto 12em;
  }
  .markdown :where(p, ul, ol, pre, blockquote, table, .chunk) {
    margin: var(--_s-3) 0 0;
  }
  .markdown :where(h1, h2, h3, h4, h5, h6) {
    margin: var(--_s-4) 0 0;
    line-height: 1.25;
  }
  .markdown hr,
  .markdown hr + * {
    margin-top: var(--_s-4);
  }
  .markdown :is(h1, h2, h3, h4, h5, h6) + *,
  .markdown li > :is(ul, ol) {
    margin-top: var(--_s-2);
  }
  .markdown > :first-child,
  .markdown > :first-child > :first-child,
  .markdown .chunk > :first-child {
    margin-top: 0;
  }
  .markdown h1 {
    font-size: 1.35em;
  }
  .markdown h2 {
    font-size: 1.2em;
  }
  .markdown :where(h3, h4, h5, h6) {
    font-size: 1.05em;
  }
  .markdown :where(ul, ol) {
    padding-inline-start: 1.5em;
  }
  .markdown li + li {
    margin-top: var(--_s-1);
  }
  .markdown code {
    font-family: var(--_f-mono);
    font-size: 0.875em;
    background: var(--_code-bg);
    padding: 0.1em 0.3em;
    border-radius: var(--_r-s);
  }
  .markdown pre {
    background: var(--_code-bg);
    padding: var(--_s-3);
    border-radius: var(--_r-m);
    overflow-x: auto;
    line-height: 1.4;
  }
  .markdown pre code {
    background: none;
    padding: 0;
  }
  .markdown blockquote {
    border-inline-start: 3px solid var(--_c-border);
    padding-inline-start: var(--_s-3);
    color: var(--_c-muted);
    margin-inline: 0;
  }
  .markdown table {
    border-collapse: collapse;
    display: block;
    overflow-x: auto;
  }
  .markdown :where(th, td) {
    border: 1px solid var(--_c-border);
    padding: var(--_s-1) var(--_s-2);
  }
  .markdown th {
    background: var(--_c-surface);
  }
  .markdown th:not([align]) {
    text-align: start;
  }
  .markdown hr {
    border: 0;
    border-top: 1px solid var(--_c-border);
    margin-bottom: 0;
  }
  .markdown img {
    max-width: 100%;
    height: auto;
  }
  .markdown a {
    color: var(--_c-accent);
    text-underline-offset: 2px;
  }
`;
