import { css } from 'lit';

export const styles = css`
  .filters {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_s-2);
    align-items: flex-end;
    padding-bottom: var(--_s-2);
  }
  .count {
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
    margin-inline-start: auto;
  }
  .split {
    display: grid;
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    gap: var(--_s-2);
    min-height: 0;
  }
  .list {
    position: relative;
    height: var(--oz-inspector-list-height, 24rem);
    overflow-y: auto;
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    background: var(--_c-bg);
    contain: strict;
  }
  .list:focus-visible {
    outline-offset: -2px;
  }
  .spacer {
    position: relative;
  }
  .row {
    position: absolute;
    left: 0;
    right: 0;
    height: var(--_row-h);
    line-height: var(--_row-h);
    display: grid;
    grid-template-columns: 5.5rem 4rem minmax(8rem, max-content) 1fr;
    gap: var(--_s-2);
    padding: 0 var(--_s-2);
    font-size: var(--_f-size-s);
    white-space: nowrap;
    overflow: hidden;
    cursor: pointer;
    box-sizing: border-box;
    contain: strict;
  }
  .row > span {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .row:hover {
    background: var(--_c-surface);
  }
  .row[aria-selected='true'] {
    background: var(--_c-accent-soft);
    box-shadow: inset 3px 0 0 var(--_c-accent);
  }
  .row .type {
    font-family: var(--_f-mono);
  }
  .row .at,
  .row .sid,
  .row .sum {
    color: var(--_c-muted);
    font-family: var(--_f-mono);
  }
  .row.kind-request .type,
  .row.kind-reconnect .type {
    color: var(--_c-accent);
  }
  .row.kind-error .type,
  .row.kind-invalid .type {
    color: var(--_c-danger);
  }
  .detail {
    min-width: 0;
  }
  @media (max-width: 40rem) {
    .split {
      grid-template-columns: 1fr;
    }
  }
`;
