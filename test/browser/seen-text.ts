/** Test helper. The text a person sees in a subtree, through shadow roots and slots (styles, scripts and templates left out). */
export function seenText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return (node as Text).data;
  if (!(node instanceof Element) && !(node instanceof DocumentFragment)) return '';
  if (node instanceof Element) {
    if (['STYLE', 'SCRIPT', 'TEMPLATE'].includes(node.tagName)) return '';
    if (node instanceof HTMLSlotElement) {
      const assigned = node.assignedNodes();
      if (assigned.length) return assigned.map(seenText).join('');
    }
    if (node.shadowRoot) return seenText(node.shadowRoot);
  }
  return [...node.childNodes].map(seenText).join('');
}
