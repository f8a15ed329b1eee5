import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { WaitingForOthers } from '../../src/protocol/index.js';
import { OzElement } from '../shared/oz-element.js';
import { isSafeHref } from '../shared/strings.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './waiting.styles.js';

/**
 * What waits for other people's decisions (`oz0.waiting`, or RUN_FINISHED's
 * `oz0/waiting-for-others`): what waits, who must decide, and the console's
 * link where they decide. The run streams on once they do.
 *
 * @summary Who else must decide.
 *
 * @csspart waiting - The box.
 * @csspart title - Its heading line.
 * @csspart item - One wait.
 * @csspart link - A console link.
 *
 * @cssproperty --oz-waiting-background - The box's background.
 */
export class OzWaiting extends OzElement {
  static override styles = [tokens, base, styles];

  /** The waits; without it, the thread's `waitingForOthers` from `store`. */
  @property({ attribute: false }) waiting?: readonly WaitingForOthers[];

  protected override render() {
    const waiting = this.waiting ?? this.storeState?.waitingForOthers ?? [];
    if (waiting.length === 0) return nothing;
    const t = this.t;
    return html`<div role="group" class="waiting" part="waiting" aria-label=${t.waitingTitle}>
      <p class="title" part="title">${t.waitingTitle}</p>
      <ul>
        ${waiting.map(
          (w) => html`<li part="item">
            <span class="what">${w.what || t.waitingJob(w.job)}</span>
            <span class="meta">
              ${w.deciders ? html`<span>${t.waitingDeciders(w.deciders)}</span>` : nothing}
              <span class="mono">${t.waitingJob(w.job)}</span>
              ${
                w.console && isSafeHref(w.console.url)
                  ? html`<a part="link" href=${w.console.url} target="_blank" rel="noopener noreferrer"
                    >${w.console.label || t.waitingDefaultLink}</a
                  >`
                  : nothing
              }
            </span>
          </li>`,
        )}
      </ul>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-waiting': OzWaiting;
  }
}
