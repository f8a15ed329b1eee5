/**
 * `oz-agui/svelte`: the typings of every oz-agui tag for Svelte 5
 * (svelte-check): each tag's properties (Svelte sets a property when the
 * element has it, so objects bind as they are) and its events as
 * `onoz-send={...}` attributes, typed. Types only: import it once, e.g. in
 * `src/app.d.ts`:
 *
 *   import type {} from 'oz-agui/svelte';
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { OzElementMap, OzEventMap, OzEventName, OzProps, OzTag } from './tags.js';

/** What a Svelte template takes on tag `T`. */
export type OzSvelteAttributes<T extends OzTag> = OzProps<T> & Omit<HTMLAttributes<OzElementMap[T]>, keyof OzProps<T>> & { [N in OzEventName<T> as `on${N}`]?: (event: OzEventMap[N]) => void };

type OzSvelteElements = { [T in OzTag]: OzSvelteAttributes<T> };

declare module 'svelte/elements' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation by extension.
  interface SvelteHTMLElements extends OzSvelteElements {}
}
