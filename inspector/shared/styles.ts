import { css } from 'lit';

/** What the tabs share: a panel box, key/value lists, JSON blocks, tables, flags. */
export const tabStyles = css`
  :host {
    display: block;
    min-height: 0;
    color: var(--_c-text);
  }
  .empty {
    color: var(--_c-muted);
    padding: var(--_s-3);
  }
  pre.json {
    font-family: var(--_f-mono);
    font-size: var(--_f-size-s);
    background: var(--_c-surface);
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    padding: var(--_s-2);
    margin: 0;
    overflow: auto;
    max-height: var(--oz-inspector-json-height, 24rem);
    white-space: pre-wrap;
    word-break: break-word;
  }
  dl.meta {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: var(--_s-1) var(--_s-3);
    margin: 0 0 var(--_s-2);
    font-size: var(--_f-size-s);
  }
  dl.meta dt {
    color: var(--_c-muted);
  }
  dl.meta dd {
    margin: 0;
    font-family: var(--_f-mono);
    word-break: break-all;
  }
  .flag-failed {
    color: var(--_c-danger);
    background: var(--_c-danger-bg);
    border-color: var(--_c-danger);
  }
  .flag-ok {
    color: var(--_c-success);
  }
  .flag-warn {
    color: var(--_c-warning);
    background: var(--_c-warning-bg);
  }
  label {
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
    display: inline-flex;
    flex-direction: column;
    gap: 2px;
  }
  select,
  input {
    font: inherit;
    font-size: var(--_f-size-s);
    color: var(--_c-text);
    background: var(--_c-bg);
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    padding: 2px var(--_s-2);
    min-height: 1.75rem;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: var(--_f-size-s);
  }
  th,
  td {
    text-align: start;
    vertical-align: top;
    padding: var(--_s-1) var(--_s-2);
    border-bottom: 1px solid var(--_c-border);
  }
  h3 {
    font-size: var(--_f-size-s);
    margin: var(--_s-2) 0 var(--_s-1);
  }
  ul.plain {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;
