import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { base, defineEvent, tokens } from '../../elements/kit.js';
import { InspectorElement } from '../shared/inspector-element.js';
import { formatAt } from '../shared/strings.js';
import { tabStyles } from '../shared/styles.js';
import type { InspectFeed, InspectRunSummary } from './feed-types.js';

const styles = css`
  .bar {
    display: flex;
    gap: var(--_s-2);
    align-items: center;
    margin-bottom: var(--_s-2);
  }
  td {
    vertical-align: middle;
  }
  tr[aria-current='true'] {
    background: var(--_c-accent-soft);
  }
  .error {
    color: var(--_c-danger);
  }
`;

/** The run a person chose to follow. */
export class OzInspectorFollowEvent extends defineEvent<{ run: InspectRunSummary }>()('oz-inspector-follow') {}

declare global {
  interface GlobalEventHandlersEventMap {
    'oz-inspector-follow': OzInspectorFollowEvent;
  }
}

/**
 * The runs passing through the proxy's inspection feed (`<oz-inspector
 * src>`): listed on demand, one followed live by the panel.
 *
 * @summary The inspector's list of proxied runs.
 *
 * @fires {OzInspectorFollowEvent} oz-inspector-follow - The person chose a run to follow.
 *
 * @csspart runs - The runs table.
 */
export class OzInspectorRuns extends InspectorElement {
  static override styles = [tokens, base, tabStyles, styles];

  /** The feed to list. */
  @property({ attribute: false }) feed?: InspectFeed;
  /** The run followed now. */
  @property({ attribute: 'following' }) following = '';

  @state() private runs: InspectRunSummary[] = [];
  @state() private error = '';
  private controller?: AbortController;

  /** Lists the runs again. */
  async refresh(): Promise<void> {
    const feed = this.feed;
    if (!feed) return;
    this.controller?.abort();
    const ctl = new AbortController();
    this.controller = ctl;
    try {
      const runs = await feed.list(ctl.signal);
      if (ctl.signal.aborted) return;
      this.runs = runs;
      this.error = '';
    } catch (err) {
      if (!ctl.signal.aborted) this.error = err instanceof Error ? err.message : String(err);
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('feed')) void this.refresh();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.controller?.abort();
  }

  protected override render() {
    const t = this.t;
    return html`<div class="bar">
        <strong>${t.runsLabel}</strong>
        <button @click=${() => void this.refresh()}>${t.refresh}</button>
        ${this.following ? html`<span>${t.following(this.following)}</span>` : nothing}
      </div>
      ${this.error ? html`<p class="error" role="alert">${t.feedError(this.error)}</p>` : nothing}
      ${
        this.runs.length === 0
          ? html`<p class="empty">${t.noRuns}</p>`
          : html`<table part="runs">
            <thead>
              <tr>
                <th scope="col">run</th>
                <th scope="col">agent</th>
                <th scope="col">person</th>
                <th scope="col">started</th>
                <th scope="col">status</th>
                <th scope="col">events</th>
                <th scope="col"><span class="visually-hidden">${t.follow}</span></th>
              </tr>
            </thead>
            <tbody>
              ${this.runs.map(
                (r) => html`<tr aria-current=${r.runId === this.following ? 'true' : 'false'}>
                  <td class="mono">${r.runId}</td>
                  <td>${r.agent} · ${r.tenant}</td>
                  <td>${r.person ?? '—'}</td>
                  <td class="mono">${formatAt(r.startedAt)}</td>
                  <td>${t.runStatus[r.status] ?? r.status}</td>
                  <td>${r.events}${r.dropped ? html` <span class="badge">${t.runDropped(r.dropped)}</span>` : nothing}</td>
                  <td><button @click=${() => this.dispatchEvent(new OzInspectorFollowEvent({ run: r }))} aria-label="${t.follow} ${r.runId}">${t.follow}</button></td>
                </tr>`,
              )}
            </tbody>
          </table>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-inspector-runs': OzInspectorRuns;
  }
}
