import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    --_bg: var(--oz-steps-background, var(--_c-surface));
  }
  .steps {
    background: var(--_bg);
    border-radius: var(--_r-m);
    padding: var(--_s-2) var(--_s-3);
    font-size: var(--_f-size-s);
  }
  .summary {
    color: var(--_c-muted);
    margin: 0 0 var(--_s-1);
  }
  .bar {
    height: 4px;
    border-radius: 2px;
    background: var(--_c-surface-2);
    overflow: hidden;
    margin-bottom: var(--_s-2);
  }
  .bar > span {
    display: block;
    height: 100%;
    background: var(--_c-accent);
    transition: width 0.3s ease;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_s-1);
  }
  .row {
    display: flex;
    align-items: center;
    gap: var(--_s-2);
  }
  .icon {
    width: 1em;
    text-align: center;
  }
  .open .icon {
    color: var(--_c-accent);
  }
  .finished .icon {
    color: var(--_c-success);
  }
  .state {
    color: var(--_c-muted);
    margin-inline-start: auto;
  }
  oz-card {
    margin: var(--_s-1) 0 var(--_s-2) 1.5em;
  }
  .limit {
    margin: var(--_s-2) 0 0;
    color: var(--_c-warning);
  }
`;
