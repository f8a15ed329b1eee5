/**
 * The tenant's AI label at the start of an agent's text ("AI: " or the
 * tenant's own): kept in the text the history sends, split off for display.
 */

/** A text split at its AI label. `pending` while it may still become the label. */
export interface LabelSplit {
  label?: string;
  body: string;
  pending: boolean;
}

/**
 * Splits `label` off the start of `text`. While `text` is a proper prefix of
 * the label (the first tokens of a stream), the split is pending and the body
 * empty. Without a label, the whole text is the body.
 */
export function splitLabel(text: string, label: string | undefined): LabelSplit {
  if (!label) return { body: text, pending: false };
  if (text.length < label.length && label.startsWith(text)) return { body: '', pending: true };
  if (text.startsWith(label)) return { label, body: text.slice(label.length), pending: false };
  return { body: text, pending: false };
}
