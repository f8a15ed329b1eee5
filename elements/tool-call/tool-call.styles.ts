import { css } from 'lit';

/**
 * A tool call's rules, every one under its `.tool-call` box (the
 * `<details>`): the same sheet styles the template alone (in
 * `<oz-tool-call>`'s shadow root) and in the chat's tree.
 */
export const styles = css`
  .tool-call {
    --_bg: var(--oz-tool-call-background, var(--_c-surface));
    --_border: var(--oz-tool-call-border-color, var(--_c-border));
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_r-m);
    font-size: var(--_f-size-s);
  }
  .tool-call > summary {
    display: flex;
    align-items: center;
    gap: var(--_s-2);
    padding: var(--_s-2) var(--_s-3);
    cursor: pointer;
    list-style: none;
    border-radius: var(--_r-m);
  }
  .tool-call > summary::-webkit-details-marker {
    display: none;
  }
  .tool-call > summary::before {
    content: '▸';
    color: var(--_c-muted);
    transition: transform 0.15s ease;
  }
  .tool-call[open] > summary::before {
    transform: rotate(90deg);
  }
  .tool-call .name {
    font-family: var(--_f-mono);
    font-weight: 600;
  }
  .tool-call .preview {
    color: var(--_c-muted);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    flex: 1;
    min-width: 0;
    font-family: var(--_f-mono);
  }
  .tool-call .status {
    margin-inline-start: auto;
  }
  .tool-call .status.running {
    color: var(--_c-accent);
    border-color: currentColor;
  }
  .tool-call .status.awaiting {
    color: var(--_c-warning);
    background: var(--_c-warning-bg);
    border-color: transparent;
  }
  .tool-call .status.done {
    color: var(--_c-success);
    border-color: currentColor;
  }
  .tool-call .status.denied {
    color: var(--_c-danger);
    background: var(--_c-danger-bg);
    border-color: transparent;
  }
  /* Muted, not danger: the call may still finish in OZ after a stop. */
  .tool-call .status.unfinished {
    border-style: dashed;
  }
  .tool-call .body {
    padding: 0 var(--_s-3) var(--_s-3);
  }
  .tool-call .label {
    font-weight: 600;
    color: var(--_c-muted);
    margin: var(--_s-2) 0 var(--_s-1);
  }
  .tool-call pre {
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
  .tool-call .placeholder {
    background: var(--_c-accent-soft);
    color: var(--_c-accent);
    border-radius: var(--_r-s);
    padding: 0 0.25em;
  }
`;
