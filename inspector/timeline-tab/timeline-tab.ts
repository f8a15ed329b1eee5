import { css, html, svg } from 'lit';
import { base, tokens } from '../../elements/kit.js';
import { InspectorElement } from '../shared/inspector-element.js';
import { spansOf, type Span } from '../shared/model.js';
import { tabStyles } from '../shared/styles.js';

const styles = css`
  svg {
    width: 100%;
    height: auto;
    display: block;
    font-family: var(--_f-body);
  }
  .run {
    fill: var(--oz-inspector-run-color, var(--_c-accent));
  }
  .step {
    fill: var(--oz-inspector-step-color, var(--_c-success));
  }
  .wait {
    fill: var(--oz-inspector-wait-color, var(--_c-warning));
  }
  .open {
    opacity: 0.6;
  }
  text {
    fill: var(--_c-text);
    font-size: 11px;
  }
  .axis {
    stroke: var(--_c-border);
  }
`;

const ROW = 22;
const LABEL_W = 140;
const WIDTH = 800;

/**
 * Runs, steps and waits on one time axis (an SVG, one row per span), with the
 * same spans listed for screen readers.
 *
 * @summary The inspector's Timeline tab.
 *
 * @csspart chart - The SVG.
 *
 * @cssproperty --oz-inspector-run-color - A run's bar.
 * @cssproperty --oz-inspector-step-color - A step's bar.
 * @cssproperty --oz-inspector-wait-color - A wait's bar.
 */
export class OzInspectorTimeline extends InspectorElement {
  static override styles = [tokens, base, tabStyles, styles];

  protected override render() {
    const t = this.t;
    const { spans, start, end } = this.recording ? spansOf(this.recording.entries()) : { spans: [] as Span[], start: 0, end: 0 };
    if (spans.length === 0) return html`<p class="empty">${t.noTimeline}</p>`;
    const range = Math.max(1, end - start);
    const x = (at: number) => LABEL_W + ((at - start) / range) * (WIDTH - LABEL_W - 8);
    const height = spans.length * ROW + 20;
    const describe = (s: Span) => `${t.lane[s.lane]} ${s.label}: ${s.status}, ${Math.round(s.end - s.start)} ms`;
    return html`<svg part="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label=${t.timelineLabel}>
        <line class="axis" x1=${LABEL_W} x2=${WIDTH - 8} y1=${height - 14} y2=${height - 14}></line>
        <text x=${LABEL_W} y=${height - 2}>0 ms</text>
        <text x=${WIDTH - 8} y=${height - 2} text-anchor="end">${Math.round(range)} ms</text>
        ${spans.map((s, i) => {
          const y = i * ROW + 2;
          const w = Math.max(2, x(s.end) - x(s.start));
          return svg`<g><title>${describe(s)}</title>
            <text x="4" y=${y + 14}>${t.lane[s.lane]} ${s.label.length > 18 ? `${s.label.slice(0, 18)}…` : s.label}</text>
            <rect class="${s.lane} ${s.open ? 'open' : ''}" x=${x(s.start)} y=${y + 3} width=${w} height=${ROW - 8} rx="3"></rect></g>`;
        })}
      </svg>
      <ul class="visually-hidden">
        ${spans.map((s) => html`<li>${describe(s)}</li>`)}
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-inspector-timeline': OzInspectorTimeline;
  }
}
