/** Where keyboard focus is, for the browser tests: followed into shadow roots, and named readably. */
import { expect } from '@open-wc/testing';

/** The focused element, through every open shadow root. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** An element as a failure message can show it (chai printing DOM nodes is slow and unreadable). */
export const describeNode = (node: Element | null) =>
  node ? `${node.localName}${node.getAttribute('part') ? `[part="${node.getAttribute('part')}"]` : ''}${node.id ? `#${node.id}` : ''}` : 'nothing';

/** Asserts that keyboard focus, followed into shadow roots, is on `target`. */
export function expectFocusOn(target: Element | null): void {
  const active = deepActiveElement();
  expect(describeNode(active)).to.equal(describeNode(target));
  expect(active === target, 'the very element is focused').to.equal(true);
}
