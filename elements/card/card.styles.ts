import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    --_bg: var(--oz-card-background, var(--_c-bg));
    --_border: var(--oz-card-border-color, var(--_c-border));
  }
  .card {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_r-m);
    padding: var(--_s-3) var(--_s-4);
  }
  .head {
    display: flex;
    align-items: center;
    gap: var(--_s-2);
    margin-bottom: var(--_s-2);
  }
  .title {
    font-size: 1rem;
    margin: 0 0 var(--_s-1);
  }
  .summary {
    margin: 0 0 var(--_s-2);
  }
  dl.fields {
    margin: 0;
    display: grid;
    gap: var(--_s-1);
  }
  .field {
    display: grid;
    grid-template-columns: minmax(6rem, max-content) 1fr;
    gap: var(--_s-3);
  }
  dl.fields dl.fields {
    border-inline-start: 2px solid var(--_c-border);
    padding-inline-start: var(--_s-2);
  }
  dt {
    color: var(--_c-muted);
    font-size: var(--_f-size-s);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ul.list {
    margin: 0;
    padding-inline-start: 1.2em;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_s-3);
    margin: var(--_s-2) 0 0;
  }
`;
