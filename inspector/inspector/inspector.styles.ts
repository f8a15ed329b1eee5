import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    background: var(--oz-inspector-background, var(--_c-bg));
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-m);
    font-size: var(--_f-size-s);
  }
  :host([docked]) {
    position: fixed;
    inset-block: 0;
    inset-inline-end: 0;
    width: var(--oz-inspector-width, min(48rem, 100vw));
    z-index: var(--oz-inspector-z-index, 2147483000);
    border-radius: 0;
    box-shadow: -4px 0 16px rgb(0 0 0 / 0.2);
    overflow: auto;
  }
  :host([docked]:not([open])) {
    display: none;
  }
  .panel {
    display: flex;
    flex-direction: column;
    gap: var(--_s-2);
    padding: var(--_s-3);
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_s-2);
    align-items: center;
  }
  .bar h2 {
    font-size: var(--_f-size);
    margin: 0 var(--_s-2) 0 0;
  }
  .stats {
    color: var(--_c-muted);
  }
  .dropped {
    color: var(--_c-warning);
  }
  .spacer {
    flex: 1;
  }
  .file {
    position: relative;
    display: inline-flex;
    align-items: center;
    font-size: var(--_f-size-s);
    color: var(--_c-text);
    background: var(--_c-surface);
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    padding: var(--_s-1) var(--_s-3);
    min-height: 2rem;
    box-sizing: border-box;
    cursor: pointer;
  }
  .file:focus-within {
    outline: 2px solid var(--_c-focus);
    outline-offset: 2px;
  }
  .file input {
    position: absolute;
    inset: 0;
    opacity: 0;
    cursor: pointer;
    width: 100%;
  }
  .error {
    color: var(--_c-danger);
    background: var(--_c-danger-bg);
    padding: var(--_s-2);
    border-radius: var(--_r-s);
    margin: 0;
  }
  [role='tablist'] {
    display: flex;
    gap: 2px;
    border-bottom: 1px solid var(--_c-border);
  }
  [role='tab'] {
    border: 0;
    border-bottom: 2px solid transparent;
    border-radius: 0;
    background: transparent;
  }
  [role='tab'][aria-selected='true'] {
    border-bottom-color: var(--_c-accent);
    color: var(--_c-accent);
    font-weight: 600;
  }
  .replay {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_s-2);
    align-items: center;
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    padding: var(--_s-1) var(--_s-2);
    margin: 0;
  }
  .replay legend {
    font-size: var(--_f-size-s);
    padding: 0 var(--_s-1);
  }
  select {
    font: inherit;
    font-size: var(--_f-size-s);
    color: var(--_c-text);
    background: var(--_c-bg);
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    min-height: 1.75rem;
  }
`;
