import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    --_bg: var(--oz-interrupt-background, var(--_c-bg));
    --_border: var(--oz-interrupt-border-color, var(--_c-border));
    --_accent: var(--oz-interrupt-accent, var(--_c-accent));
    --_highlight: var(--oz-interrupt-highlight, var(--_c-danger));
  }
  .interrupt {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-inline-start: 4px solid var(--_accent);
    border-radius: var(--_r-m);
    padding: var(--_s-3) var(--_s-4);
  }
  .interrupt:not(.open) {
    border-inline-start-color: var(--_border);
  }
  :host([highlight]) .interrupt {
    border-inline-start-color: var(--_highlight);
  }
  form {
    display: grid;
    gap: var(--_s-2);
  }
  p {
    margin: 0;
  }
  .title {
    font-weight: 600;
  }
  .ai {
    margin-inline-end: var(--_s-1);
  }
  .details-label {
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  dl {
    margin: 0;
    display: grid;
    gap: var(--_s-1);
  }
  dl > div {
    display: grid;
    grid-template-columns: minmax(6rem, max-content) 1fr;
    gap: var(--_s-3);
  }
  dt {
    color: var(--_c-muted);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .meta {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: var(--_s-1) var(--_s-3);
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  .countdown {
    font-variant-numeric: tabular-nums;
  }
  .expired,
  .field-error,
  .notice.error {
    color: var(--_c-danger);
    font-weight: 600;
  }
  .notice {
    padding: var(--_s-2) var(--_s-3);
    border-radius: var(--_r-s);
    background: var(--_c-surface);
  }
  .notice.error {
    background: var(--_c-danger-bg);
  }
  .outcome {
    font-weight: 600;
    color: var(--_c-success);
  }
  .outcome[data-outcome='decided'] {
    color: var(--_c-text);
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
    display: grid;
    gap: var(--_s-3);
  }
  legend {
    font-weight: 600;
    padding: 0;
    margin-bottom: var(--_s-2);
  }
  .field {
    display: grid;
    gap: var(--_s-1);
  }
  .field.check,
  .option {
    display: flex;
    align-items: center;
    gap: var(--_s-2);
    flex-wrap: wrap;
  }
  .field.check .desc,
  .field.check .field-error {
    flex-basis: 100%;
  }
  .group legend {
    font-weight: 500;
    margin-bottom: var(--_s-1);
  }
  .group {
    gap: var(--_s-1);
  }
  label {
    font-weight: 500;
  }
  .optional,
  .desc,
  .hint {
    color: var(--_c-muted);
    font-weight: 400;
    font-size: var(--_f-size-s);
  }
  input:not([type='checkbox']):not([type='radio']),
  textarea {
    font: inherit;
    color: var(--_c-text);
    background: var(--_c-bg);
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    padding: var(--_s-1) var(--_s-2);
    max-width: 100%;
    box-sizing: border-box;
  }
  textarea {
    width: 100%;
    resize: vertical;
  }
  [aria-invalid='true']:not([type='radio']):not([type='checkbox']) {
    border-color: var(--_c-danger);
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_s-2);
  }
  button[aria-pressed='true'] {
    outline: 2px solid var(--_c-accent);
    outline-offset: 1px;
    font-weight: 600;
  }
  button.primary[aria-pressed='true'] {
    outline-color: var(--_c-text);
  }
  .chosen:empty {
    display: none;
  }
  /* Rows of a list or a map, variants, nested groups, JSON help */
  .group .group,
  .variant-fields {
    border-inline-start: 2px solid var(--_c-border);
    padding-inline-start: var(--_s-3);
  }
  .row-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_s-2);
  }
  .row {
    display: grid;
    gap: var(--_s-1);
  }
  .row-buttons {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_s-1);
  }
  .row-buttons button,
  .use-example {
    font-size: var(--_f-size-s);
  }
  .map-row {
    display: grid;
    grid-template-columns: minmax(8rem, 1fr) 2fr;
    gap: var(--_s-2);
    align-items: start;
  }
  .options {
    display: grid;
    gap: var(--_s-1);
  }
  .variant-fields {
    display: grid;
    gap: var(--_s-2);
  }
  .outline {
    margin: 0;
    padding-inline-start: var(--_s-4, 1rem);
    font-size: var(--_f-size-s);
  }
  .example {
    margin: 0;
    padding: var(--_s-2);
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    overflow: auto;
    max-height: 12rem;
    white-space: pre-wrap;
  }
`;
