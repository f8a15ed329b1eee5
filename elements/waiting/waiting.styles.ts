import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    --_bg: var(--oz-waiting-background, var(--_c-accent-soft));
  }
  .waiting {
    background: var(--_bg);
    border-radius: var(--_r-m);
    padding: var(--_s-3) var(--_s-4);
  }
  .title {
    font-weight: 600;
    margin: 0 0 var(--_s-2);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_s-2);
  }
  .what {
    display: block;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_s-1) var(--_s-3);
    font-size: var(--_f-size-s);
    color: var(--_c-muted);
  }
  .meta a {
    color: var(--_c-accent);
    font-weight: 600;
  }
`;
