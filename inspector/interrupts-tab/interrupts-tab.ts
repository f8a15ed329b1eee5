import { css, html, nothing } from 'lit';
import { base, tokens } from '../../elements/kit.js';
import { InspectorElement } from '../shared/inspector-element.js';
import { interruptTraces, type InterruptTrace } from '../shared/model.js';
import { formatAt } from '../shared/strings.js';
import { tabStyles } from '../shared/styles.js';

const styles = css`
  li.interrupt {
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    padding: var(--_s-2) var(--_s-3);
    margin-bottom: var(--_s-2);
  }
  .head {
    display: flex;
    gap: var(--_s-2);
    align-items: baseline;
    flex-wrap: wrap;
  }
  .id {
    font-family: var(--_f-mono);
    font-size: var(--_f-size-s);
    word-break: break-all;
  }
  ol.path {
    display: flex;
    gap: var(--_s-2);
    flex-wrap: wrap;
    list-style: none;
    padding: 0;
    margin: var(--_s-1) 0 0;
    font-size: var(--_f-size-s);
  }
  ol.path li + li::before {
    content: '→ ';
    color: var(--_c-muted);
  }
`;

/**
 * Each interrupt of the recording, from its request (RUN_FINISHED's
 * interrupt outcome) to the answer sent (the resume entry) to the outcome
 * OZ gave (`oz0.resume`) or the RUN_ERROR the resume caused, with its
 * deadline and who decides.
 *
 * @summary The inspector's Interrupts tab.
 *
 * @csspart interrupt - One interrupt.
 */
export class OzInspectorInterrupts extends InspectorElement {
  static override styles = [tokens, base, tabStyles, styles];

  private renderOne(i: InterruptTrace) {
    const t = this.t;
    return html`<li class="interrupt" part="interrupt">
      <div class="head">
        <span class="badge">${i.kind ?? i.reason}</span>
        <span class="id">${i.id}</span>
      </div>
      ${i.message ? html`<p>${i.message}</p>` : nothing}
      <dl class="meta">
        <dt>${t.deadline}</dt>
        <dd>${i.expiresAt ?? '—'}</dd>
        <dt>${t.deciders}</dt>
        <dd>${i.deciders ?? '—'}</dd>
      </dl>
      <ol class="path">
        <li>${t.requested} ${formatAt(i.requestedAt)} (${i.runId})</li>
        <li>${i.answer ? html`${t.answer}: ${i.answer.status} ${formatAt(i.answer.at)}` : i.outcome ? t.answer : t.notAnswered}</li>
        ${
          i.outcome
            ? html`<li>${t.outcome}: ${i.outcome.outcome}${i.outcome.approved !== undefined ? ` (approved: ${i.outcome.approved})` : ''} ${formatAt(i.outcome.at)}</li>`
            : i.error
              ? html`<li class="flag-failed">${t.outcome}: RUN_ERROR ${i.error.code ?? ''} ${i.error.message}</li>`
              : nothing
        }
      </ol>
    </li>`;
  }

  protected override render() {
    const traces = this.recording ? interruptTraces(this.recording.entries()) : [];
    if (traces.length === 0) return html`<p class="empty">${this.t.noInterrupts}</p>`;
    return html`<ul class="plain">
      ${traces.map((i) => this.renderOne(i))}
    </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-inspector-interrupts': OzInspectorInterrupts;
  }
}
