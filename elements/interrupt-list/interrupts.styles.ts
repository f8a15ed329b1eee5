import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    --_gap: var(--oz-interrupts-gap, var(--_s-3));
    --_error-bg: var(--oz-interrupts-error-background, var(--_c-danger-bg));
  }
  .interrupts {
    display: grid;
    gap: var(--_gap);
  }
  p {
    margin: 0;
  }
  .list,
  .others ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_gap);
  }
  .error {
    background: var(--_error-bg);
    border-radius: var(--_r-m);
    padding: var(--_s-3) var(--_s-4);
    display: grid;
    gap: var(--_s-2);
  }
  .error .meaning {
    font-weight: 600;
  }
  .actions,
  .footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_s-2) var(--_s-3);
  }
  .code,
  .status,
  .advice {
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  .problem {
    color: var(--_c-danger);
    flex-basis: 100%;
  }
  .others {
    background: var(--_c-accent-soft);
    border-radius: var(--_r-m);
    padding: var(--_s-3) var(--_s-4);
  }
  .others-title {
    font-weight: 600;
    margin-bottom: var(--_s-2);
  }
  .others .what {
    display: block;
  }
  .others .meta {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_s-1) var(--_s-3);
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  .others a {
    font-weight: 600;
  }
`;
