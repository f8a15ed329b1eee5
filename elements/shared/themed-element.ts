import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';

/** What every oz-agui element and inspector panel shares: the `theme` attribute (tokens.styles.ts reads it). */
export class ThemedElement extends LitElement {
  /** `dark` or `light` forces the theme; absent follows the system. */
  @property({ reflect: true }) theme?: 'dark' | 'light';
}
