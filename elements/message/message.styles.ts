import { css } from 'lit';

/**
 * A message's rules, every one under its `.message` box: the same sheet
 * styles the template alone (in `<oz-message>`'s shadow root) and in the
 * chat's tree, beside the chat's own rules.
 */
export const styles = css`
  .message {
    --_user-bg: var(--oz-message-user-background, var(--_c-accent-soft));
    --_assistant-bg: var(--oz-message-assistant-background, transparent);
    --_radius: var(--oz-message-radius, var(--_r-l));
  }
  .message {
    display: grid;
    gap: var(--_s-2);
  }
  .message.user {
    justify-items: end;
  }
  .message.user .bubble {
    background: var(--_user-bg);
    border-radius: var(--_radius);
    border-end-end-radius: var(--_r-s);
    padding: var(--_s-2) var(--_s-3);
    max-width: min(80%, 40rem);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .message.assistant .bubble {
    background: var(--_assistant-bg);
    border-radius: var(--_radius);
  }
  .message .head {
    display: flex;
    align-items: center;
    gap: var(--_s-2);
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
    font-weight: 600;
  }
  .message .ai {
    color: var(--_c-accent);
    border-color: currentColor;
    font-weight: 600;
  }
  .message .tools {
    display: grid;
    gap: var(--_s-1);
  }
  .message .typing {
    display: inline-flex;
    gap: 4px;
    padding: var(--_s-1) 0;
  }
  .message .typing span {
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: var(--_c-muted);
    animation: blink 1.2s infinite ease-in-out;
  }
  .message .typing span:nth-child(2) {
    animation-delay: 0.2s;
  }
  .message .typing span:nth-child(3) {
    animation-delay: 0.4s;
  }
  @keyframes blink {
    0%,
    80%,
    100% {
      opacity: 0.25;
    }
    40% {
      opacity: 1;
    }
  }
`;
