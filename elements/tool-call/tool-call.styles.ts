import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    --_bg: var(--oz-tool-call-background, var(--_c-surface));
    --_border: var(--oz-tool-call-border-color, var(--_c-border));
  }
  details {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_r-m);
    font-size: var(--_f-size-s);
  }
  summary {
    display: flex;
    align-items: center;
    gap: var(--_s-2);
    padding: var(--_s-2) var(--_s-3);
    cursor: pointer;
    list-style: none;
    border-radius: var(--_r-m);
  }
  summary::-webkit-details-marker {
    display: none;
  }
  summary::before {
    content: '▸';
    color: var(--_c-muted);
    transition: transform 0.15s ease;
  }
  details[open] > summary::before {
    transform: rotate(90deg);
  }
  .name {
    font-family: var(--_f-mono);
    font-weight: 600;
  }
  .preview {
    color: var(--_c-muted);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    flex: 1;
    min-width: 0;
    font-family: var(--_f-mono);
  }
  .status {
    margin-inline-start: auto;
  }
  .status.running {
    color: var(--_c-accent);
    border-color: currentColor;
  }
  .status.awaiting {
    color: var(--_c-warning);
    background: var(--_c-warning-bg);
    border-color: transparent;
  }
  .status.done {
    color: var(--_c-success);
    border-color: currentColor;
  }
  .status.denied {
    color: var(--_c-danger);
    background: var(--_c-danger-bg);
    border-color: transparent;
  }
  /* Muted, not danger: the call may still finish in OZ after a stop. */
  .status.unfinished {
    border-style: dashed;
  }
  .body {
    padding: 0 var(--_s-3) var(--_s-3);
  }
  .label {
    font-weight: 600;
    color: var(--_c-muted);
    margin: var(--_s-2) 0 var(--_s-1);
  }
  pre {
    margin: 0;
    padding: var(--_s-2);
    background: var(--_c-bg);
    border: 1px solid var(--_border);
    border-radius: var(--_r-s);
    font-family: var(--_f-mono);
    font-size: 0.8125rem;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 20rem;
    overflow: auto;
  }
  .placeholder {
    background: var(--_c-accent-soft);
    color: var(--_c-accent);
    border-radius: var(--_r-s);
    padding: 0 0.25em;
  }
`;
