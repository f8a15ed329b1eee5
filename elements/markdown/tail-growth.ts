/**
 * The streaming tail's cheap path: most updates of a streamed answer only
 * add words to the end of the paragraph (or list item, or code block) being
 * written. When the tail's new DOM is the shown one with text inserted into
 * the text node that ends it (the last child, all the way down; before the
 * newline a code block ends with), that shown text node gets the text, and
 * nothing is replaced, restyled or laid out again but that one text node.
 *
 * The check compares the DOM just built with the DOM shown, so whatever
 * marked decides (trimmed spaces, an emphasis that closed, a paragraph that
 * became a heading or a table) is never guessed: anything but "text added in
 * the last text node" is shown anew in full. Only text is inserted, so the
 * cheap path adds nothing the DOM builder did not make.
 */

/** Inserts into `text` what makes it `want`, when `want` is its data with one insertion; returns whether it did (or had nothing to do). */
function insertInto(text: Text, want: string): boolean {
  const have = text.data;
  if (want.length <= have.length) return want === have;
  let p = 0;
  while (p < have.length && have.charCodeAt(p) === want.charCodeAt(p)) p++;
  const added = want.length - have.length;
  if (want.slice(p + added) !== have.slice(p)) return false;
  text.insertData(p, want.slice(p, p + added));
  return true;
}

/**
 * Grows the shown tail (`shown`, as the element shows it) in place into
 * `fresh` (the tail just built), when they are the same but for text
 * inserted into the last text node. Returns whether `shown` now equals
 * `fresh`; when not, nothing changed and the caller shows `fresh` instead.
 */
export function growTail(shown: ArrayLike<ChildNode>, fresh: ArrayLike<ChildNode>): boolean {
  const n = shown.length;
  if (n !== fresh.length) return false;
  if (n === 0) return true;
  for (let i = 0; i < n - 1; i++) if (!shown[i]!.isEqualNode(fresh[i]!)) return false;
  const a = shown[n - 1]!;
  const b = fresh[n - 1]!;
  if (a.nodeType === Node.TEXT_NODE) return b.nodeType === Node.TEXT_NODE && insertInto(a as Text, (b as Text).data);
  // The same element, name and attributes (its children compared next).
  if (a.nodeType !== Node.ELEMENT_NODE || !a.cloneNode(false).isEqualNode(b.cloneNode(false))) return false;
  return growTail(a.childNodes, b.childNodes);
}
