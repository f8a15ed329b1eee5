/**
 * The interrupt forms' tags, loaded on first use by define.ts (in the bundle:
 * a chunk of its own, with the forms layer and its JSON Schema validator).
 */
import { OzInterrupt } from './interrupt-form/interrupt.js';
import { OzInterrupts } from './interrupt-list/interrupts.js';

/** Defines `<oz-interrupt>` and `<oz-interrupts>`, leaving a tag already defined alone. */
export function defineFormTags(): void {
  if (!customElements.get('oz-interrupt')) customElements.define('oz-interrupt', OzInterrupt);
  if (!customElements.get('oz-interrupts')) customElements.define('oz-interrupts', OzInterrupts);
}
