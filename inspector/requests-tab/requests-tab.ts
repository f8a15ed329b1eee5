import { css, html, nothing } from 'lit';
import { base, tokens } from '../../elements/kit.js';
import { InspectorElement } from '../shared/inspector-element.js';
import { requestsOf, type RequestTrace } from '../shared/model.js';
import { formatAt } from '../shared/strings.js';
import { tabStyles } from '../shared/styles.js';

const styles = css`
  li.request {
    border: 1px solid var(--_c-border);
    border-radius: var(--_r-s);
    padding: var(--_s-2) var(--_s-3);
    margin-bottom: var(--_s-2);
  }
  li.reconnect {
    border-style: dashed;
  }
  .badge.bad {
    color: var(--_c-danger);
  }
  summary {
    cursor: pointer;
    font-size: var(--_f-size-s);
  }
  .head {
    display: flex;
    gap: var(--_s-2);
    flex-wrap: wrap;
    align-items: baseline;
    font-size: var(--_f-size-s);
  }
`;

/**
 * Each request the chat sent: the run, the history and resume entries it
 * carried (headers are never recorded), and each reconnect with the
 * Last-Event-ID it used; then how its stream went: the keep-alives it
 * carried (a silent turn whose connection lives), and how it ended (the
 * run's end, the server ending it at its maximum, or a drop), with its
 * events and how long it stayed open. A stream that carried something or
 * ended as servers end them is no failure: the chat follows on.
 *
 * @summary The inspector's Requests tab.
 *
 * @csspart request - One request or reconnect.
 * @csspart stream - How its stream went: keep-alives and its end.
 */
export class OzInspectorRequests extends InspectorElement {
  static override styles = [tokens, base, tabStyles, styles];

  private renderStream(trace: RequestTrace) {
    const t = this.t;
    const end = trace.end;
    if (!end && trace.keepAlives === 0) return nothing;
    return html`<div class="head" part="stream">
      ${trace.keepAlives ? html`<span>${t.keepAlives(trace.keepAlives)}${trace.lastKeepAlive ? html` · <span class="mono">${formatAt(trace.lastKeepAlive)}</span>` : nothing}</span>` : nothing}
      ${
        end
          ? html`<span class="badge ${end.healthy ? '' : 'bad'}">${t.streamEnd(end.how, end.healthy)}</span>
            <span>${t.streamFigures(end.events, Math.round(end.openMs / 1000))}</span>`
          : nothing
      }
    </div>`;
  }

  private renderOne(trace: RequestTrace) {
    const t = this.t;
    const r = trace.request;
    const body = r.body;
    return html`<li class="request ${r.kind}" part="request">
      <div class="head">
        <span class="badge">${r.kind === 'request' ? t.request : t.reconnect(r.attempt)}</span>
        <span class="mono">${formatAt(r.at)}</span>
        <span class="mono">${body.runId}</span>
        ${r.kind === 'reconnect' ? html`<span>${t.lastEventId}: <span class="mono">${r.lastEventId ?? '—'}</span></span>` : nothing}
      </div>
      <div class="head">
        <span>${t.history(body.messages?.length ?? 0)}</span>
        ${body.resume?.length ? html`<span>${t.resumeCarried(body.resume.length)}</span>` : nothing}
        <span class="mono">${r.url}</span>
      </div>
      <details>
        <summary>RunAgentInput</summary>
        <pre class="json" tabindex="0">${JSON.stringify(body, null, 2)}</pre>
      </details>
      ${this.renderStream(trace)}
    </li>`;
  }

  protected override render() {
    const list = this.recording ? requestsOf(this.recording.entries()) : [];
    if (list.length === 0) return html`<p class="empty">${this.t.noRequests}</p>`;
    return html`<ul class="plain">
      ${list.map((r) => this.renderOne(r))}
    </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-inspector-requests': OzInspectorRequests;
  }
}
