/**
 * The streaming tail's cheap path: most updates of a streamed answer only
 * add words to the end of the paragraph (or list item, or code block) being
 * written. When the tail's new HTML is its old HTML with plain text inserted
 * into the text that ends it (before its closing tags, and before the newline
 * marked ends a code block with), that text node of the shown tail gets the
 * text, and nothing is parsed, sanitized, replaced, restyled or
 * laid out again but that one text node.
 *
 * The check is on the rendered HTML, so whatever marked decides (trimmed
 * spaces, an emphasis that closed, a paragraph that became a heading or a
 * table) is never guessed: anything but "text added at the end" is rendered
 * again in full. Text is set as text (`insertData`), never parsed, so the
 * cheap path cannot add markup the sanitizer did not see.
 */

/** The entities marked writes in text: it escapes `& < > " '`. */
const ENTITY = /&(amp|lt|gt|quot|#39);/g;
const DECODED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** Text (what ends the text node, such as the newline marked ends code with), then closing tags only. */
const CLOSINGS = /^([^<]*)((?:<\/[a-z][a-z\d]*>\s*)+)$/;
const CLOSING = /<\/([a-z][a-z\d]*)>/g;
const BLANK = /^\s*$/;

/** HTML text (no tags) as the text it stands for; undefined when it holds anything else (a tag, another entity). */
function decodeText(htmlText: string): string | undefined {
  if (/[<>\0]/.test(htmlText)) return undefined;
  if (!htmlText.includes('&')) return htmlText;
  if (htmlText.replace(ENTITY, '').includes('&')) return undefined;
  return htmlText.replace(ENTITY, (_m, name: string) => DECODED[name]!);
}

/** The last node of `nodes` that is not whitespace-only text. */
function lastNonBlank(nodes: ArrayLike<ChildNode>): ChildNode | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    if (!(node.nodeType === Node.TEXT_NODE && BLANK.test((node as Text).data))) return node;
  }
  return undefined;
}

/**
 * The text node the shown tail ends with, found by walking down the closing
 * tags' elements (outermost first), or undefined when the DOM is not shaped
 * as those tags say.
 */
function endingText(nodes: ArrayLike<ChildNode>, closings: string[]): Text | undefined {
  let children = nodes;
  for (let i = closings.length - 1; i >= 0; i--) {
    const el = lastNonBlank(children);
    if (!el || el.nodeType !== Node.ELEMENT_NODE || (el as Element).localName !== closings[i]) return undefined;
    children = el.childNodes;
  }
  const last = children[children.length - 1];
  return last && last.nodeType === Node.TEXT_NODE ? (last as Text) : undefined;
}

/**
 * Grows the shown tail (`nodes`, rendered from `before`) in place into what
 * `after` would render, when `after` is `before` with text inserted into
 * the text node its closing tags end. Returns whether it did; when not, nothing changed
 * and the caller renders `after` in full.
 */
export function growTail(nodes: readonly ChildNode[], before: string, after: string): boolean {
  if (before === '' || after.length <= before.length || nodes.length === 0) return false;
  let p = 0;
  while (p < before.length && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  const suffix = before.slice(p);
  const tags = CLOSINGS.exec(suffix);
  if (!tags || !after.endsWith(suffix)) return false;
  const prefix = before.slice(0, p);
  const lastTag = prefix.lastIndexOf('>');
  if (lastTag === p - 1 || prefix.lastIndexOf('<') > lastTag) return false;
  const added = decodeText(after.slice(p, after.length - suffix.length));
  // The end of the text before the insertion is enough to know the node (a long paragraph is not decoded each time).
  const ending = decodeText(prefix.slice(Math.max(lastTag + 1, p - 64)));
  const rest = decodeText(tags[1]!);
  if (!added || !ending || rest === undefined) return false;
  const closings = [...tags[2]!.matchAll(CLOSING)].map((m) => m[1]!);
  const text = endingText(nodes, closings);
  if (!text || !text.data.endsWith(ending + rest)) return false;
  text.insertData(text.data.length - rest.length, added);
  return true;
}
