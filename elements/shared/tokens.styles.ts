import { css, unsafeCSS, type CSSResult } from 'lit';

/** Every token's private variable read from its public one, and the text they set: what `:host` holds, and `tokensAt` elsewhere. */
const declarations = css`
    color-scheme: var(--oz-color-scheme, light dark);
    --_c-bg: var(--oz-color-bg, light-dark(#ffffff, #15181d));
    --_c-surface: var(--oz-color-surface, light-dark(#f5f6f8, #1c2027));
    --_c-surface-2: var(--oz-color-surface-2, light-dark(#eaecf0, #262b34));
    --_c-text: var(--oz-color-text, light-dark(#1b1f24, #e7eaef));
    --_c-muted: var(--oz-color-text-muted, light-dark(#525a65, #a9b1bd));
    --_c-border: var(--oz-color-border, light-dark(#d3d8df, #3a414c));
    --_c-accent: var(--oz-color-accent, light-dark(#0a58a8, #79b8ff));
    --_c-on-accent: var(--oz-color-on-accent, light-dark(#ffffff, #0b1724));
    --_c-accent-soft: var(--oz-color-accent-soft, light-dark(#e6f0fb, #1d2d40));
    --_c-danger: var(--oz-color-danger, light-dark(#a8261b, #ff9c92));
    --_c-danger-bg: var(--oz-color-danger-bg, light-dark(#fdeeec, #3a1f1f));
    --_c-warning: var(--oz-color-warning, light-dark(#7a4a00, #f2c46d));
    --_c-warning-bg: var(--oz-color-warning-bg, light-dark(#fff4df, #33290f));
    --_c-success: var(--oz-color-success, light-dark(#17692f, #6bd985));
    --_c-focus: var(--oz-color-focus, light-dark(#0a58a8, #9ccbff));

    --_s-1: var(--oz-space-1, 0.25rem);
    --_s-2: var(--oz-space-2, 0.5rem);
    --_s-3: var(--oz-space-3, 0.75rem);
    --_s-4: var(--oz-space-4, 1rem);
    --_s-5: var(--oz-space-5, 1.5rem);

    --_r-s: var(--oz-radius-s, 4px);
    --_r-m: var(--oz-radius-m, 8px);
    --_r-l: var(--oz-radius-l, 12px);

    --_f-body: var(--oz-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_f-mono: var(--oz-font-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    --_f-size: var(--oz-font-size, 0.9375rem);
    --_f-size-s: var(--oz-font-size-small, 0.8125rem);
    --_lh: var(--oz-line-height, 1.5);

    font-family: var(--_f-body);
    font-size: var(--_f-size);
    line-height: var(--_lh);
    color: var(--_c-text);
`;

/**
 * The global design tokens. Every element includes these: each public token
 * `--oz-*` is read once into a private `--_*` variable with its default, so a
 * page sets `--oz-color-accent` (on the element or any ancestor) and every
 * element follows.
 *
 * Light and dark come from `light-dark()` and `color-scheme`: by default the
 * system's preference (`prefers-color-scheme`), and `theme="dark"` or
 * `theme="light"` on any element forces it for that element and everything
 * inside it (the choice is carried by the inherited `--oz-color-scheme`).
 * Every pair of text and background colours below meets WCAG AA (4.5:1).
 *
 * Each token is documented here, once: the manifest config lists them all on
 * `<oz-agent-chat>` (custom-elements-manifest.config.mjs, `oz-shared-docs`).
 *
 * @cssproperty --oz-color-scheme - Light or dark (set by `theme`; default: the system's)
 * @cssproperty --oz-color-bg - Background
 * @cssproperty --oz-color-surface - Raised surfaces (bubbles, cards)
 * @cssproperty --oz-color-surface-2 - Surfaces on surfaces
 * @cssproperty --oz-color-text - Text
 * @cssproperty --oz-color-text-muted - Secondary text
 * @cssproperty --oz-color-border - Borders
 * @cssproperty --oz-color-accent - Accent (links, the person's bubble, buttons)
 * @cssproperty --oz-color-on-accent - Text on the accent
 * @cssproperty --oz-color-accent-soft - Soft accent backgrounds
 * @cssproperty --oz-color-danger - Errors
 * @cssproperty --oz-color-danger-bg - Error backgrounds
 * @cssproperty --oz-color-warning - Warnings
 * @cssproperty --oz-color-warning-bg - Warning backgrounds
 * @cssproperty --oz-color-success - Success
 * @cssproperty --oz-color-focus - The focus ring
 * @cssproperty --oz-space-1 - Spacing, smallest
 * @cssproperty --oz-space-2 - Spacing
 * @cssproperty --oz-space-3 - Spacing
 * @cssproperty --oz-space-4 - Spacing
 * @cssproperty --oz-space-5 - Spacing, largest
 * @cssproperty --oz-radius-s - Small radius
 * @cssproperty --oz-radius-m - Radius
 * @cssproperty --oz-radius-l - Large radius
 * @cssproperty --oz-font-family - Text font
 * @cssproperty --oz-font-mono - Code font
 * @cssproperty --oz-font-size - Text size
 * @cssproperty --oz-font-size-small - Small text size
 * @cssproperty --oz-line-height - Line height
 */
export const tokens = css`
  :host {
    ${declarations}
  }
  :host([theme='dark']) {
    --oz-color-scheme: dark;
  }
  :host([theme='light']) {
    --oz-color-scheme: light;
  }
  :host([hidden]) {
    display: none !important;
  }
  :focus-visible {
    outline: 2px solid var(--_c-focus);
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;

/**
 * The tokens read again at the boxes `selector` matches, in an element that
 * renders others' templates in its own tree (the chat's messages, markdown
 * and tool calls): a token set on one of their parts (`::part(turn)`)
 * reaches what is inside it, as it reaches the element alone.
 */
export function tokensAt(selector: string): CSSResult {
  return css`
    ${unsafeCSS(selector)} {
      ${declarations}
    }
  `;
}

/** Shared bits: buttons, badges, visually hidden text. */
export const base = css`
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  button {
    font: inherit;
    font-size: var(--_f-size-s);
    color: var(--_c-text);
    background: var(--_c-surface);
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    padding: var(--_s-1) var(--_s-3);
    cursor: pointer;
    min-height: 2rem;
  }
  button:hover {
    background: var(--_c-surface-2);
  }
  button.primary {
    background: var(--_c-accent);
    border-color: var(--_c-accent);
    color: var(--_c-on-accent);
  }
  button.primary:hover {
    filter: brightness(1.08);
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.65;
  }
  a {
    color: var(--_c-accent);
  }
  .badge {
    display: inline-block;
    font-size: 0.75rem;
    line-height: 1.3;
    padding: 0 var(--_s-2);
    border-radius: 999px;
    border: 1px solid var(--_c-border);
    color: var(--_c-muted);
    background: var(--_c-surface);
    white-space: nowrap;
  }
  .mono {
    font-family: var(--_f-mono);
    font-size: 0.85em;
  }
`;

/** An element alone that is one box: `display: block` (`hidden` still hides it, see tokens). */
export const block = css`
  :host {
    display: block;
  }
`;
