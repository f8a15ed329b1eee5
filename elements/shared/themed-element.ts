import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';

/** What every oz-agui element and inspector panel shares: the `theme` attribute (tokens.styles.ts reads it). */
export class ThemedElement extends LitElement {
  /** `dark` or `light` forces the theme; absent follows the system. */
  @property({ reflect: true }) theme?: 'dark' | 'light';
}

/**
 * `resolve` remembered for the last object given: an element's `strings`
 * are merged over the defaults once per new object, not at each render.
 * Make one per element (a field).
 */
export function lastResolved<G, R>(resolve: (given?: G) => R): (given?: G) => R {
  let from: G | undefined;
  let value = resolve();
  return (given) => {
    if (given !== from) {
      from = given;
      value = resolve(given);
    }
    return value;
  };
}
