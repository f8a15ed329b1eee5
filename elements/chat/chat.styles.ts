import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    height: var(--oz-chat-height, 100%);
    min-height: 24rem;
    --_bg: var(--oz-chat-background, var(--_c-bg));
    --_board-width: var(--oz-chat-board-width, 20rem);
    background: var(--_bg);
  }
  .chat {
    display: flex;
    flex-direction: column;
    height: 100%;
    min-height: inherit;
    background: var(--_bg);
    color: var(--_c-text);
  }
  .header {
    display: none;
    align-items: center;
    gap: var(--_s-3);
    padding: var(--_s-2) var(--_s-4);
    min-height: 2.75rem;
    box-sizing: border-box;
    border-bottom: 1px solid var(--_c-border);
  }
  .header.shown {
    display: flex;
  }
  .connection {
    margin-inline-start: auto;
    display: inline-flex;
    align-items: center;
    gap: var(--_s-2);
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  .connection.lost {
    color: var(--_c-danger);
  }
  .stopped,
  .run-note,
  .not-sent {
    margin: var(--_s-2) 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_s-2);
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  .not-sent {
    margin: 0 var(--_s-3);
    color: var(--_c-danger);
  }
  .message.not-taken {
    opacity: 0.7;
  }
  .not-taken-note {
    justify-content: flex-end;
    margin: 0 var(--_s-3) var(--_s-2);
  }
  .repeated > summary {
    cursor: pointer;
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  .dot {
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--_c-warning);
    animation: pulse 1.4s infinite ease-in-out;
  }
  @keyframes pulse {
    50% {
      opacity: 0.3;
    }
  }
  .main {
    flex: 1;
    display: flex;
    min-height: 0;
  }
  .conversation {
    flex: 1;
    display: flex;
    flex-direction: column;
    min-width: 0;
    min-height: 0;
  }
  .transcript {
    flex: 1;
    overflow-y: auto;
    padding: var(--_s-4);
    display: flex;
    flex-direction: column;
    gap: var(--_s-4);
    overscroll-behavior: contain;
  }
  .transcript:focus-visible {
    outline-offset: -2px;
  }
  .turns {
    display: flex;
    flex-direction: column;
    gap: var(--_s-4);
    /* A long thread: chunks of turns off screen cost no style, layout or paint (few boxes to check per frame). */
    content-visibility: auto;
    contain-intrinsic-size: auto 160rem; /* ten turns, until drawn once */
  }
  .turn {
    display: flex;
    flex-direction: column;
    gap: var(--_s-3);
  }
  .empty {
    margin: auto;
    color: var(--_c-muted);
    text-align: center;
    max-width: 28rem;
  }
  .interrupts {
    display: contents;
  }
  .interrupts.open {
    display: block;
    border: 1px solid var(--_c-accent);
    border-radius: var(--_r-m);
    padding: var(--_s-3) var(--_s-4);
    background: var(--_c-accent-soft);
  }
  .interrupts-title {
    font-weight: 600;
    margin: 0;
  }
  .hint {
    margin: 0 0 var(--_s-2);
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  oz-composer {
    padding: var(--_s-2) var(--_s-4) var(--_s-3);
  }
  .board-side {
    width: var(--_board-width);
    flex: none;
    border-inline-start: 1px solid var(--_c-border);
    overflow-y: auto;
    padding: var(--_s-3);
    background: var(--_c-surface);
  }
  .board-side oz-board {
    --oz-board-background: transparent;
  }
  .board-inline {
    margin: 0 var(--_s-4);
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-m);
  }
  .board-inline > summary {
    cursor: pointer;
    padding: var(--_s-2) var(--_s-3);
    font-size: var(--_f-size-s);
    font-weight: 600;
  }
  .board-inline oz-board {
    max-height: 40vh;
    overflow-y: auto;
  }
`;
