/**
 * The parts of the elements a host renders with shadow roots of their own,
 * under the host's names (`exportparts`), so that a page styles them from
 * outside: `oz-agent-chat::part(board-note)`. A part's name in the host
 * says whose it is (`board-note`, `composer-send`); the parts an element
 * exports from those inside it keep their names.
 *
 * The keys are each element's `@csspart`s: test/node/export-parts.test.ts
 * checks them against custom-elements.json. This table is the one source of
 * the chat's exported-part docs: the manifest config (`oz-shared-docs`) lists
 * each on `<oz-agent-chat>`, described as its element documents it.
 */

interface Exported {
  /** Each part of the element, and its name in the host. */
  parts: Readonly<Record<string, string>>;
  /** Elements in its shadow tree whose exported parts it exports again. */
  inner?: readonly string[];
}

const EXPORTED: Readonly<Record<string, Exported>> = {
  'oz-board': {
    parts: {
      board: 'board',
      heading: 'board-heading',
      stale: 'board-stale',
      note: 'board-note',
      superseded: 'board-superseded',
      redacted: 'board-redacted',
      tainted: 'board-tainted',
      tag: 'board-tag',
      invalid: 'board-invalid',
    },
  },
  'oz-card': {
    parts: { card: 'card', type: 'card-type', 'card-title': 'card-title', 'card-summary': 'card-summary', 'card-fields': 'card-fields', 'card-link': 'card-link' },
  },
  'oz-composer': {
    parts: { form: 'composer-form', input: 'composer-input', send: 'composer-send', stop: 'composer-stop', reason: 'composer-reason', 'stop-note': 'composer-stop-note' },
  },
  'oz-error': {
    parts: {
      error: 'error',
      title: 'error-title',
      meaning: 'error-meaning',
      message: 'error-message',
      spend: 'error-spend',
      action: 'error-action',
      advice: 'error-advice',
      follow: 'error-follow',
      storage: 'error-storage',
    },
  },
  'oz-steps': { parts: { steps: 'steps', summary: 'steps-summary', step: 'step', limit: 'steps-limit' }, inner: ['oz-card'] },
  'oz-waiting': { parts: { waiting: 'waiting', title: 'waiting-title', item: 'waiting-item', link: 'waiting-link' } },
};

function entry(tag: string): Exported {
  const e = EXPORTED[tag];
  if (!e) throw new Error(`exportParts: no parts listed for <${tag}>`);
  return e;
}

/** The names `tag`'s parts go by in its host, its inner elements' included. */
export function exportedNames(tag: string): string[] {
  const { parts, inner = [] } = entry(tag);
  return [...Object.values(parts), ...inner.flatMap(exportedNames)];
}

/** The `exportparts` value for a `tag` element in a host's shadow tree. */
export function exportParts(tag: string): string {
  const { parts, inner = [] } = entry(tag);
  return [...Object.entries(parts).map(([part, name]) => `${part}:${name}`), ...inner.flatMap(exportedNames).map((n) => `${n}:${n}`)].join(', ');
}

/** The elements listed here, with each one's own parts. */
export function exportingTags(): Array<{ tag: string; parts: string[] }> {
  return Object.entries(EXPORTED).map(([tag, e]) => ({ tag, parts: Object.keys(e.parts) }));
}
