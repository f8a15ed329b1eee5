/**
 * `oz-agui/vue`: the typings of every oz-agui tag for Vue 3 templates
 * (vue-tsc, Volar): each tag's properties (bind objects with `.prop` or
 * `:prop`, Vue sets a property when the element has it) and its events
 * (`@oz-send`), typed. Types only: import it once, e.g. in `env.d.ts`:
 *
 *   import type {} from 'oz-agui/vue';
 *
 * and tell Vue's compiler the tags are custom elements
 * (`isCustomElement: (tag) => tag.startsWith('oz-')`, README "Vue").
 */
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { OzElementMap, OzEventMap, OzEventName, OzProps, OzTag } from './tags.js';

/** Tag `T` as Vue's template type checker sees a component: its props and the events it emits. */
export type OzVueElement<T extends OzTag> = new () => OzElementMap[T] & {
  /** @deprecated For the template's prop types only: not on the element. */
  $props: HTMLAttributes & OzProps<T> & PublicProps;
  /** @deprecated For the template's event types only: not on the element. */
  $emit: EmitFn<{ [N in OzEventName<T>]: (event: OzEventMap[N]) => void }>;
};

type OzGlobalComponents = { [T in OzTag]: OzVueElement<T> };

declare module 'vue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation by extension.
  interface GlobalComponents extends OzGlobalComponents {}
}
