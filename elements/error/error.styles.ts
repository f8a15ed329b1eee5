import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    --_bg: var(--oz-error-background, var(--_c-danger-bg));
    --_fg: var(--oz-error-color, var(--_c-text));
    --_accent: var(--oz-error-accent, var(--_c-danger));
  }
  .error {
    background: var(--_bg);
    color: var(--_fg);
    border-inline-start: 4px solid var(--_accent);
    border-radius: var(--_r-m);
    padding: var(--_s-3) var(--_s-4);
  }
  .title {
    font-weight: 600;
    color: var(--_accent);
    margin: 0 0 var(--_s-1);
  }
  p {
    margin: 0 0 var(--_s-2);
  }
  .detail {
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  /* The server's own words for a code the catalogue does not know: any length, any line breaks. */
  .message {
    font-size: var(--_f-size-s);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  ul.spend {
    margin: 0 0 var(--_s-2);
    padding-inline-start: 1.2em;
    font-size: var(--_f-size-s);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_s-2);
  }
  .advice {
    font-size: var(--_f-size-s);
    font-weight: 600;
  }
`;
