import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { OzElement } from '../shared/oz-element.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './card.styles.js';
import { CardRendererRegistry, type CardRenderer } from './card-renderers.js';

/**
 * One `oz0.card`: the answer of a job drawn from its card object. The card's
 * `type` picks a renderer from `renderers` (a registry the app or the chat
 * made); any other card gets the generic renderer (title, summary, fields,
 * nested objects as definition lists, links).
 *
 * @summary A card an agent's answer was drawn as.
 *
 * @csspart card - The card's box.
 * @csspart type - The card's type badge.
 * @csspart card-title - The generic renderer's title.
 * @csspart card-summary - The generic renderer's summary.
 * @csspart card-fields - The generic renderer's field lists.
 * @csspart card-link - A link in the generic renderer.
 *
 * @cssproperty --oz-card-background - The card's background.
 * @cssproperty --oz-card-border-color - The card's border.
 */
export class OzCard extends OzElement {
  static override styles = [tokens, base, styles];

  /** The card object (`oz0.card`'s `card`). */
  @property({ attribute: false }) card?: Readonly<Record<string, unknown>>;

  /** The job whose answer it shows. */
  @property() job = '';

  /** Where to find a renderer for the card's type. */
  @property({ attribute: false }) renderers?: CardRendererRegistry;

  private fallback: CardRendererRegistry | undefined;

  private registry(): CardRendererRegistry {
    if (this.renderers) return this.renderers;
    this.fallback ??= new CardRendererRegistry();
    return this.fallback;
  }

  protected override render() {
    const card = this.card;
    if (!card) return nothing;
    const renderer: CardRenderer = this.registry().resolve(card);
    let body: unknown;
    try {
      body = renderer(card, { job: this.job, strings: this.t });
    } catch {
      body = this.registry().resolve({})(card, { job: this.job, strings: this.t });
    }
    const type = typeof card.type === 'string' ? card.type : undefined;
    const title = ['title', 'name', 'heading'].map((k) => card[k]).find((v) => typeof v === 'string');
    const label = [this.t.cardLabel, type, title].filter(Boolean).join(': ');
    return html`<div class="card" part="card" role="group" aria-label=${label}>
      ${type ? html`<div class="head"><span class="badge" part="type">${type}</span></div>` : nothing} ${body}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-card': OzCard;
  }
}
