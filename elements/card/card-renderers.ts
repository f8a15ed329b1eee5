import { html, nothing, type TemplateResult } from 'lit';
import { isSafeHref } from '../markdown/safe-urls.js';
import type { OzStrings } from '../shared/strings.js';

/** What a renderer is given beside the card. */
export interface CardContext {
  /** The job whose answer the card shows. */
  job: string;
  strings: OzStrings;
}

/**
 * Draws one type of card. Return a Lit template (values in it are escaped),
 * a DOM node the app built, or plain text. Never hand card text to innerHTML.
 */
export type CardRenderer = (card: Readonly<Record<string, unknown>>, context: CardContext) => TemplateResult | Node | string;

/**
 * Card renderers keyed by the card's `type`. Each chat makes its own (or the
 * app passes one); nothing is shared between chats unless the app shares it.
 */
export class CardRendererRegistry {
  private readonly renderers = new Map<string, CardRenderer>();

  constructor(entries?: Readonly<Record<string, CardRenderer>>) {
    if (entries) for (const [type, renderer] of Object.entries(entries)) this.register(type, renderer);
  }

  register(type: string, renderer: CardRenderer): this {
    this.renderers.set(type, renderer);
    return this;
  }

  unregister(type: string): boolean {
    return this.renderers.delete(type);
  }

  get(type: unknown): CardRenderer | undefined {
    return typeof type === 'string' ? this.renderers.get(type) : undefined;
  }

  /** A new registry with the same renderers. */
  copy(): CardRendererRegistry {
    const out = new CardRendererRegistry();
    for (const [type, renderer] of this.renderers) out.register(type, renderer);
    return out;
  }

  /** The renderer for a card's `type`, or the generic one. */
  resolve(card: Readonly<Record<string, unknown>>): CardRenderer {
    return this.get(card.type) ?? genericCardRenderer;
  }
}

/** A registry from a registry or a plain `{type: renderer}` object. */
export function toRegistry(value: CardRendererRegistry | Readonly<Record<string, CardRenderer>> | undefined): CardRendererRegistry {
  if (value instanceof CardRendererRegistry) return value;
  return new CardRendererRegistry(value);
}

const TITLE_KEYS = ['title', 'name', 'heading', 'subject', 'label'];
const SUMMARY_KEYS = ['summary', 'description', 'text', 'body', 'message'];
const LINK_KEYS = /^(url|href|link|links|website|homepage)$/i;
const MAX_DEPTH = 4;
const MAX_ITEMS = 50;

/** `due_date` and `dueDate` read as "Due date". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\/\S+$/i.test(value) && isSafeHref(value);
}

/** A link's readable label: its host and path, shortened. */
function shortUrl(href: string): string {
  try {
    const u = new URL(href);
    const text = (u.host + (u.pathname === '/' ? '' : u.pathname)).replace(/^www\./, '');
    return text.length > 48 ? `${text.slice(0, 47)}…` : text;
  } catch {
    return href;
  }
}

function renderLink(href: string, label?: string): TemplateResult {
  return html`<a part="card-link" href=${href} target="_blank" rel="noopener noreferrer">${label ?? href}</a>`;
}

function renderValue(value: unknown, depth: number): TemplateResult | string | typeof nothing {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return isUrl(value) ? renderLink(value, shortUrl(value)) : value;
  if (depth >= MAX_DEPTH) return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    const items = value.slice(0, MAX_ITEMS);
    const more = value.length - items.length;
    return html`<ul class="list">
      ${items.map((v) => html`<li>${renderValue(v, depth + 1)}</li>`)}${more > 0 ? html`<li>… +${more}</li>` : nothing}
    </ul>`;
  }
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    // A {label, url} object reads as a link.
    if (isUrl(obj.url) && Object.keys(obj).every((k) => k === 'url' || k === 'label' || k === 'title' || k === 'name')) {
      const label = [obj.label, obj.title, obj.name].find((v) => typeof v === 'string') as string | undefined;
      return renderLink(obj.url, label);
    }
    return renderFields(Object.entries(obj), depth + 1);
  }
  return String(value);
}

function renderFields(entries: [string, unknown][], depth: number): TemplateResult {
  return html`<dl class="fields" part="card-fields">
    ${entries.slice(0, MAX_ITEMS).map(([k, v]) => html`<div class="field"><dt>${humanize(k)}</dt><dd>${renderValue(v, depth)}</dd></div>`)}
  </dl>`;
}

/** A readable rendering of any card object: its title, summary, links, then every other field. */
export const genericCardRenderer: CardRenderer = (card) => {
  const titleKey = TITLE_KEYS.find((k) => typeof card[k] === 'string' && card[k] !== '');
  const summaryKey = SUMMARY_KEYS.find((k) => typeof card[k] === 'string' && card[k] !== '');
  const links: [string, string][] = [];
  const rest: [string, unknown][] = [];
  for (const [k, v] of Object.entries(card)) {
    if (k === titleKey || k === summaryKey || k === 'type') continue;
    if (LINK_KEYS.test(k) && isUrl(v)) links.push([k, v]);
    else rest.push([k, v]);
  }
  return html`
    ${titleKey ? html`<h3 class="title" part="card-title">${card[titleKey] as string}</h3>` : nothing}
    ${summaryKey ? html`<p class="summary" part="card-summary">${card[summaryKey] as string}</p>` : nothing}
    ${rest.length ? renderFields(rest, 1) : nothing}
    ${links.length ? html`<p class="links">${links.map(([, v]) => renderLink(v, shortUrl(v)))}</p>` : nothing}
  `;
};
