import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    --_bg: var(--oz-board-background, var(--_c-surface));
    --_note-bg: var(--oz-board-note-background, var(--_c-bg));
  }
  .board {
    background: var(--_bg);
    border-radius: var(--_r-m);
    padding: var(--_s-3);
  }
  .heading {
    font-weight: 600;
    font-size: 0.95rem;
    margin: 0 0 var(--_s-2);
  }
  .stale {
    background: var(--_c-warning-bg);
    color: var(--_c-warning);
    border-radius: var(--_r-s);
    padding: var(--_s-2) var(--_s-3);
    margin-bottom: var(--_s-2);
    font-size: var(--_f-size-s);
  }
  .invalid {
    margin: var(--_s-1) 0 0;
    color: var(--_c-warning);
    font-size: var(--_f-size-s);
  }
  .empty {
    color: var(--_c-muted);
    font-size: var(--_f-size-s);
    margin: 0;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_s-2);
  }
  .note {
    background: var(--_note-bg);
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-m);
    padding: var(--_s-2) var(--_s-3);
  }
  .note.redacted {
    border-style: dashed;
    color: var(--_c-muted);
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_s-1) var(--_s-2);
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  .kind {
    font-weight: 600;
    color: var(--_c-text);
  }
  .tainted {
    background: var(--_c-warning-bg);
    color: var(--_c-warning);
    border-color: transparent;
  }
  .text {
    margin: var(--_s-1) 0;
  }
  .tags {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_s-1);
    margin-top: var(--_s-1);
  }
  details {
    margin-top: var(--_s-2);
    font-size: var(--_f-size-s);
  }
  summary {
    cursor: pointer;
    color: var(--_c-muted);
  }
  details ol {
    margin-top: var(--_s-2);
    opacity: 0.9;
  }
`;
