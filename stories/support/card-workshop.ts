/**
 * The card workshop (`<story-card-workshop>`, defined for the stories only):
 * a JSON textarea holding a card object, a renderer picked from a registry,
 * the `<oz-card>` drawn live. A card that does not parse, or is no object,
 * shows why and keeps the last good one drawn: nothing typed is lost.
 */
import { LitElement, css, html, nothing } from 'lit';
import { CardRendererRegistry, genericCardRenderer, type CardRenderer } from '../../elements/card/card-renderers.js';

/** Parses the textarea: a card object, or why it is not one. */
export function parseCard(text: string): { card: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { error: `Not JSON: ${(err as Error).message}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'A card is a JSON object, such as {"type": "plan", "title": "…"}.' };
  return { card: value as Record<string, unknown> };
}

export class StoryCardWorkshop extends LitElement {
  static override properties = {
    text: { type: String },
    renderer: { type: String },
    renderers: { attribute: false },
    job: { type: String },
  };

  static override styles = css`
    :host {
      display: grid;
      grid-template-columns: minmax(16rem, 1fr) minmax(16rem, 1fr);
      gap: 1.5rem;
      align-items: start;
      font-family: system-ui, sans-serif;
    }
    @media (max-width: 640px) {
      :host {
        grid-template-columns: 1fr;
      }
    }
    label {
      display: block;
      font-weight: 600;
      margin-bottom: 0.25rem;
    }
    textarea {
      box-sizing: border-box;
      width: 100%;
      min-height: 18rem;
      font: 0.85rem/1.4 ui-monospace, monospace;
      padding: 0.5rem;
      color: inherit;
      background: light-dark(#ffffff, #1c2027);
      border: 1px solid light-dark(#8a939f, #6b7480);
      border-radius: 6px;
    }
    select {
      font: inherit;
      color: inherit;
      background: light-dark(#ffffff, #1c2027);
      border: 1px solid light-dark(#8a939f, #6b7480);
      border-radius: 6px;
      padding: 0.25rem;
      margin-bottom: 0.75rem;
    }
    .error {
      color: light-dark(#a8261b, #ff9c92);
      margin: 0.5rem 0 0;
    }
    .hint {
      font-size: 0.8125rem;
      color: light-dark(#525a65, #a9b1bd);
    }
  `;

  /** The card as JSON text. */
  text = '{}';
  /** The renderer's name in `renderers`, `generic`, or `by type` (the registry picks by the card's `type`). */
  renderer = 'by type';
  /** The renderers to choose from, by name. */
  renderers: Readonly<Record<string, CardRenderer>> = {};
  job = 'job-0000000000000001';

  private lastGood: Record<string, unknown> = {};
  private error = '';

  override willUpdate(): void {
    const parsed = parseCard(this.text);
    if ('card' in parsed) {
      this.lastGood = parsed.card;
      this.error = '';
    } else this.error = parsed.error;
  }

  /** The registry `<oz-card>` gets: the chosen renderer for this card's type, or the whole set. */
  private registry(): CardRendererRegistry {
    if (this.renderer === 'by type') return new CardRendererRegistry(this.renderers);
    const chosen = this.renderer === 'generic' ? genericCardRenderer : (this.renderers[this.renderer] ?? genericCardRenderer);
    const type = typeof this.lastGood.type === 'string' ? this.lastGood.type : '';
    return new CardRendererRegistry({ [type]: chosen });
  }

  private onInput(e: Event): void {
    this.text = (e.target as HTMLTextAreaElement).value;
  }

  private onRenderer(e: Event): void {
    this.renderer = (e.target as HTMLSelectElement).value;
  }

  protected override render() {
    return html`<div>
        <label for="renderer">Renderer</label>
        <select id="renderer" @change=${this.onRenderer}>
          ${['by type', 'generic', ...Object.keys(this.renderers)].map((name) => html`<option value=${name} ?selected=${name === this.renderer}>${name}</option>`)}
        </select>
        <label for="card">Card object (JSON)</label>
        <textarea id="card" spellcheck="false" aria-describedby="card-error card-hint" .value=${this.text} @input=${this.onInput}></textarea>
        <p id="card-error" class="error" role="alert">${this.error ? html`${this.error} Showing the last card that parsed.` : nothing}</p>
        <p id="card-hint" class="hint">"by type" picks the renderer registered for the card's <code>type</code>, or the generic one.</p>
      </div>
      <div>
        <p style="font-weight: 600; margin: 0 0 0.25rem">Live</p>
        <oz-card .card=${this.lastGood} job=${this.job} .renderers=${this.registry()}></oz-card>
      </div>`;
  }
}

if (!customElements.get('story-card-workshop')) customElements.define('story-card-workshop', StoryCardWorkshop);

declare global {
  interface HTMLElementTagNameMap {
    'story-card-workshop': StoryCardWorkshop;
  }
}
