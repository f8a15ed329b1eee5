/**
 * Tags defined on first use. `oz-agui/define` registers the interrupt forms
 * (`<oz-interrupts>`, `<oz-interrupt>`, their schema-to-form layer and
 * validator: a chunk beside the first file in the bundle) through this hook
 * instead of at once; the chat asks for them when a run starts or a turn
 * waits for answers, so they are there when the run ends in interrupts. With
 * no loader set (the app defines the tags itself) asking does nothing.
 */
let loader: (() => Promise<void>) | undefined;

/** Sets how the lazy tags load (define.ts). */
export function setLazyTagLoader(load: () => Promise<void>): void {
  loader = load;
}

/** Loads and defines the lazy tags, once; resolves when they are defined (or at once with no loader). */
export function loadLazyTags(): Promise<void> {
  return loader ? loader() : Promise.resolve();
}
