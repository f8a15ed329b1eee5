import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    --_bg: var(--oz-composer-background, var(--_c-bg));
    --_border: var(--oz-composer-border-color, var(--_c-border));
  }
  form {
    display: grid;
    gap: var(--_s-2);
  }
  .box {
    display: flex;
    align-items: flex-end;
    gap: var(--_s-2);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_r-l);
    padding: var(--_s-2);
  }
  .box:focus-within {
    border-color: var(--_c-focus);
    box-shadow: 0 0 0 1px var(--_c-focus);
  }
  textarea {
    flex: 1;
    min-width: 0;
    border: 0;
    outline: none;
    resize: none;
    background: transparent;
    color: var(--_c-text);
    font: inherit;
    line-height: var(--_lh);
    padding: var(--_s-1) var(--_s-2);
    min-height: 1.5em;
    max-height: 12rem;
    field-sizing: content;
  }
  textarea::placeholder {
    color: var(--_c-muted);
    opacity: 1;
  }
  /* Readonly while a turn runs (focus stays): the box keeps its focus ring. */
  textarea[aria-disabled='true'] {
    cursor: not-allowed;
  }
  .buttons {
    display: flex;
    gap: var(--_s-2);
    align-items: center;
  }
  .reason {
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
    margin: 0;
  }
`;
