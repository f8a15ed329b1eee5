import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { MAX_OPEN_STEPS } from '../../src/protocol/index.js';
import type { StepView } from '../../src/thread/state.js';
import type { CardRendererRegistry } from '../card/card-renderers.js';
import { exportParts } from '../shared/export-parts.js';
import { OzElement } from '../shared/oz-element.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './steps.styles.js';

const CARD_PARTS = exportParts('oz-card');

/**
 * The jobs a turn delegated to and a flow's steps, by job id: a compact
 * progress list, open or finished, each finished step's card under it, and a
 * note when the route's limit of 32 open steps was reached (it shows no more).
 *
 * @summary The turn's steps.
 *
 * @csspart steps - The box.
 * @csspart summary - The "n of m finished" line.
 * @csspart step - One step's row.
 * @csspart limit - The note shown at the limit.
 * @csspart card - A step's card (and `card-type`, `card-title`, `card-summary`, `card-fields`, `card-link`: see `<oz-card>`).
 * @csspart card-type - The card's type badge.
 * @csspart card-title - The generic renderer's title.
 * @csspart card-summary - The generic renderer's summary.
 * @csspart card-fields - The generic renderer's field lists.
 * @csspart card-link - A link in the generic renderer.
 *
 * @cssproperty --oz-steps-background - The box's background.
 */
export class OzSteps extends OzElement {
  static override styles = [tokens, base, styles];

  /** The steps, in order. */
  @property({ attribute: false }) steps: readonly StepView[] = [];

  /** The route's limit of open steps was reached: more may run than are shown. */
  @property({ type: Boolean, attribute: 'limit-reached' }) limitReached = false;

  /** Renderers for the steps' cards. */
  @property({ attribute: false }) renderers?: CardRendererRegistry;

  protected override render() {
    const steps = this.steps;
    if (steps.length === 0 && !this.limitReached) return nothing;
    const t = this.t;
    const finished = steps.filter((s) => s.status === 'finished').length;
    const pct = steps.length ? Math.round((finished / steps.length) * 100) : 0;
    return html`<div role="group" class="steps" part="steps" aria-label=${t.stepsLabel}>
      <p class="summary" part="summary">${t.stepsSummary(finished, steps.length)}</p>
      <div class="bar" aria-hidden="true"><span style="width: ${pct}%"></span></div>
      <ol>
        ${steps.map(
          (s) => html`<li class=${s.status}>
            <div class="row" part="step">
              <span class="icon" aria-hidden="true">${s.status === 'finished' ? '✓' : '●'}</span>
              <span class="mono">${s.job}</span>
              <span class="state">${s.status === 'finished' ? t.stepFinished : t.stepOpen}</span>
            </div>
            ${s.card ? html`<oz-card exportparts=${CARD_PARTS} .card=${s.card} job=${s.job} .renderers=${this.renderers} .strings=${this.strings}></oz-card>` : nothing}
          </li>`,
        )}
      </ol>
      ${this.limitReached ? html`<p class="limit" part="limit">${t.stepsLimit(MAX_OPEN_STEPS)}</p>` : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-steps': OzSteps;
  }
}
