/**
 * Example card renderers for the card types the development edge sends: how
 * an app draws its own cards. A renderer returns a Lit template (values in it
 * are escaped), it runs inside `<oz-card>`'s shadow root, so it may use the
 * card's classes (`title`, `summary`, `fields`, `field`, `badge`, `mono`) and
 * the public `--oz-*` tokens; links go through `isSafeHref`.
 */
import { html, nothing } from 'lit';
import type { CardRenderer } from '../../elements/card/card-renderers.js';
import { isSafeHref } from '../../elements/markdown/render-markdown.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** `message_posted`: where the message went, what it said, a link to it. */
export const messagePosted: CardRenderer = (card) => {
  const url = str(card.url);
  return html`<p class="summary"><span class="badge">${str(card.channel)}</span> “${str(card.text)}”</p>
    ${url && isSafeHref(url) ? html`<a part="card-link" href=${url} target="_blank" rel="noopener noreferrer">Open the message</a>` : nothing}`;
};

/** `plan`: an offsite plan as one line. */
export const plan: CardRenderer = (card) =>
  html`<h3 class="title">Offsite for ${str(card.team)}</h3>
    <p class="summary">${str(card.date)} · ${str(card.people)} people</p>`;

/** `release`: a version and whether it is out. */
export const release: CardRenderer = (card) =>
  html`<h3 class="title">Release <span class="mono">${str(card.version)}</span></h3>
    <p class="summary">${card.published ? 'Published' : 'Not published yet'}</p>`;

/** `step`: a step's number, compact. */
export const step: CardRenderer = (card) => html`<span class="mono">Step ${str(card.n)}</span>`;

/** `check`: a service check's verdict. */
export const check: CardRenderer = (card) => html`<p class="summary"><strong>${str(card.service)}</strong>: ${card.approved ? 'check passed' : 'check failed'}</p>`;

/** The example renderers by card type. */
export const EXAMPLE_RENDERERS: Readonly<Record<string, CardRenderer>> = { message_posted: messagePosted, plan, release, step, check };
