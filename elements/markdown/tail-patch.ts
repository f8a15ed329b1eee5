/**
 * The streaming tail, patched rather than replaced: most updates of a
 * streamed answer add words to the end of the paragraph (or list item, or
 * code block) being written, a list item to a list, a row to a table. The
 * tail's DOM just built is compared with the DOM shown, and the shown one
 * changes only where they differ: a node equal to its counterpart stays as
 * it is; an element with the same name and attributes stays and has its
 * children patched the same way; a text node takes its new text (inserted
 * where only text was inserted); anything else is replaced by its
 * counterpart. So a growing paragraph changes one text node, and a growing
 * list keeps every item but the last: nothing else is restyled or laid out
 * again.
 *
 * The comparison is with what was just built, so whatever marked decides
 * (trimmed spaces, an emphasis that closed, a paragraph that became a
 * heading or a table) is never guessed. Only the builder's own nodes and
 * text go into the page.
 */

/** Gives `text` the data `want`: inserted when `want` is its data with one insertion (the usual case), else set. */
function retext(text: Text, want: string): void {
  const have = text.data;
  const added = want.length - have.length;
  if (added > 0) {
    let p = 0;
    while (p < have.length && have.charCodeAt(p) === want.charCodeAt(p)) p++;
    if (want.slice(p + added) === have.slice(p)) return text.insertData(p, want.slice(p, p + added));
  }
  text.data = want;
}

/** Makes `shown` show what `fresh` does; returns the node now in its place (itself, or `fresh`). */
export function patchNode(shown: ChildNode, fresh: ChildNode): ChildNode {
  if (shown.isEqualNode(fresh)) return shown;
  if (shown.nodeType === Node.TEXT_NODE && fresh.nodeType === Node.TEXT_NODE) {
    retext(shown as Text, (fresh as Text).data);
    return shown;
  }
  // The same element, name and attributes: it stays, and its children are patched.
  if (shown.nodeType === Node.ELEMENT_NODE && shown.cloneNode(false).isEqualNode(fresh.cloneNode(false))) {
    patchNodes([...shown.childNodes], [...fresh.childNodes], shown);
    return shown;
  }
  shown.replaceWith(fresh);
  return fresh;
}

/**
 * Makes the nodes `shown` (in order, siblings in the page) show what
 * `fresh` (just built, not in the page) does, in place; extra fresh nodes
 * go after the last shown one (or into `parent` when none is shown), extra
 * shown ones go. Returns the nodes now shown, in order.
 */
export function patchNodes(shown: readonly ChildNode[], fresh: readonly ChildNode[], parent?: Node): ChildNode[] {
  const out: ChildNode[] = [];
  const n = Math.min(shown.length, fresh.length);
  for (let i = 0; i < n; i++) out.push(patchNode(shown[i]!, fresh[i]!));
  for (let i = n; i < fresh.length; i++) {
    const last = out[out.length - 1];
    if (last) last.after(fresh[i]!);
    else parent?.appendChild(fresh[i]!);
    out.push(fresh[i]!);
  }
  for (let i = n; i < shown.length; i++) shown[i]!.remove();
  return out;
}
