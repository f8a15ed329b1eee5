import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    overflow-wrap: anywhere;
    --_code-bg: var(--oz-markdown-code-background, var(--_c-surface-2));
  }
  .body.plain {
    white-space: pre-wrap;
  }
  .body > :first-child,
  .body > :first-child > :first-child {
    margin-top: 0;
  }
  .body > :last-child,
  .body > :last-child > :last-child {
    margin-bottom: 0;
  }
  /* Finished blocks, in groups skipped while off screen; a group's last margin sits outside it. */
  .chunk {
    content-visibility: auto;
    contain-intrinsic-size: auto 12em;
    margin-bottom: var(--_s-3);
  }
  .chunk > :last-child {
    margin-bottom: 0;
  }
  p,
  ul,
  ol,
  pre,
  blockquote,
  table {
    margin: 0 0 var(--_s-3);
  }
  h1,
  h2,
  h3,
  h4,
  h5,
  h6 {
    margin: var(--_s-4) 0 var(--_s-2);
    line-height: 1.25;
  }
  h1 {
    font-size: 1.35em;
  }
  h2 {
    font-size: 1.2em;
  }
  h3,
  h4,
  h5,
  h6 {
    font-size: 1.05em;
  }
  ul,
  ol {
    padding-inline-start: 1.5em;
  }
  li + li {
    margin-top: var(--_s-1);
  }
  code {
    font-family: var(--_f-mono);
    font-size: 0.875em;
    background: var(--_code-bg);
    padding: 0.1em 0.3em;
    border-radius: var(--_r-s);
  }
  pre {
    background: var(--_code-bg);
    padding: var(--_s-3);
    border-radius: var(--_r-m);
    overflow-x: auto;
    line-height: 1.4;
  }
  pre code {
    background: none;
    padding: 0;
  }
  blockquote {
    border-inline-start: 3px solid var(--_c-border);
    padding-inline-start: var(--_s-3);
    color: var(--_c-muted);
    margin-inline: 0;
  }
  table {
    border-collapse: collapse;
    display: block;
    overflow-x: auto;
  }
  th,
  td {
    border: 1px solid var(--_c-border);
    padding: var(--_s-1) var(--_s-2);
    text-align: start;
  }
  th {
    background: var(--_c-surface);
  }
  hr {
    border: 0;
    border-top: 1px solid var(--_c-border);
    margin: var(--_s-4) 0;
  }
  img {
    max-width: 100%;
    height: auto;
  }
  a {
    color: var(--_c-accent);
    text-underline-offset: 2px;
  }
`;
