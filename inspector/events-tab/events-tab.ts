import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { RecorderEntry } from '../../src/recorder/index.js';
import { base, tokens } from '../../elements/kit.js';
import { OzInspectorSelectEvent } from '../shared/events.js';
import { InspectorElement } from '../shared/inspector-element.js';
import { facets, isListed, listedRows, summaryOf, typeOf } from '../shared/model.js';
import { formatAt } from '../shared/strings.js';
import { tabStyles } from '../shared/styles.js';
import { styles } from './events-tab.styles.js';

/** Rows rendered beyond the visible ones, above and below. */
const OVERSCAN = 8;

/**
 * The recording's raw entries (events, requests, reconnects, connection
 * changes, invalid events, transport errors) as a virtualized list: only the
 * rows in view are in the DOM (fixed row height), so 100,000 entries scroll
 * as lightly as 100. Filter by type, by step job and by free text; the
 * selected entry shows whole, as formatted JSON with its SSE id, arrival time
 * and size.
 *
 * Keyboard: the list is one tab stop (a listbox); arrows, Page Up/Down, Home
 * and End move the selection.
 *
 * @summary The inspector's Events tab.
 *
 * @fires {OzInspectorSelectEvent} oz-inspector-select - An entry was selected.
 *
 * @csspart filters - The filter bar.
 * @csspart list - The scrolling listbox.
 * @csspart row - One row.
 * @csspart detail - The selected entry.
 *
 * @cssproperty --oz-inspector-list-height - The list's height (default 24rem).
 * @cssproperty --oz-inspector-json-height - The JSON block's largest height.
 */
export class OzInspectorEvents extends InspectorElement {
  static override styles = [tokens, base, tabStyles, styles];

  /** Each row's height in pixels (fixed: the list is virtualized). */
  @property({ type: Number, attribute: 'row-height' }) rowHeight = 24;

  /** Shown types (event types or entry kinds); empty shows every type. */
  @property({ attribute: false }) types: string[] = [];
  /** Shown job; empty shows every job. */
  @property() job = '';
  /** Free text the entries must contain (case-insensitive). */
  @property() text = '';

  @state() private listTop = 0;
  @state() private viewHeight = 384;
  @state() private selectedSeq: number | undefined;
  @query('.list') private listEl?: HTMLElement;

  private rows: RecorderEntry[] = [];
  private rowsKey: unknown[] = [];
  private facetCache: { of: unknown; revision: number; types: string[]; jobs: string[]; total: number } | undefined;
  private resizeObserver?: ResizeObserver;

  /** The rows the filter lets through now (oldest first). */
  get filteredRows(): readonly RecorderEntry[] {
    this.refreshRows();
    return this.rows;
  }

  /** Selects an entry by its seq and scrolls it into view. */
  select(seq: number | undefined): void {
    this.selectedSeq = seq;
    if (seq === undefined) return;
    const i = this.rows.findIndex((r) => r.seq === seq);
    if (i >= 0) this.reveal(i);
    const entry = this.rows[i];
    if (entry) this.dispatchEvent(new OzInspectorSelectEvent({ entry }));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.resizeObserver = new ResizeObserver(() => {
      const h = this.listEl?.clientHeight;
      if (h && h !== this.viewHeight) this.viewHeight = h;
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
  }

  private observed?: HTMLElement;

  protected override updated(): void {
    const el = this.listEl;
    if (el === this.observed) return;
    if (this.observed) this.resizeObserver?.unobserve(this.observed);
    this.observed = el;
    if (el) {
      this.resizeObserver?.observe(el);
      if (el.clientHeight && el.clientHeight !== this.viewHeight) this.viewHeight = el.clientHeight;
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('recording')) this.selectedSeq = undefined;
    this.refreshRows();
  }

  private refreshRows(): void {
    const key = [this.recording, this.revision, this.types.join('\n'), this.job, this.text];
    if (key.every((k, i) => k === this.rowsKey[i])) return;
    this.rowsKey = key;
    const r = this.recording;
    this.rows = r ? listedRows(r, { types: this.types, ...(this.job ? { job: this.job } : {}), ...(this.text ? { text: this.text } : {}) }) : [];
  }

  private facets(): { types: string[]; jobs: string[]; total: number } {
    const r = this.recording;
    if (!r) return { types: [], jobs: [], total: 0 };
    if (this.facetCache?.of !== r || this.facetCache.revision !== this.revision) {
      const entries = r.entries();
      let total = 0;
      for (const e of entries) if (isListed(e)) total++;
      this.facetCache = { of: r, revision: this.revision, total, ...facets(entries) };
    }
    return this.facetCache;
  }

  /** Scroll events come once per frame: the rows for the new offset render in that same frame. */
  private onScroll(): void {
    this.listTop = this.listEl?.scrollTop ?? 0;
  }

  private reveal(i: number): void {
    const el = this.listEl;
    if (!el) return;
    const top = i * this.rowHeight;
    const h = el.clientHeight || this.viewHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + this.rowHeight > el.scrollTop + h) el.scrollTop = top + this.rowHeight - h;
    this.listTop = el.scrollTop;
  }

  private onKey(e: KeyboardEvent): void {
    const n = this.rows.length;
    if (n === 0) return;
    const at = this.selectedSeq === undefined ? -1 : this.rows.findIndex((r) => r.seq === this.selectedSeq);
    const page = Math.max(1, Math.floor((this.listEl?.clientHeight || this.viewHeight) / this.rowHeight) - 1);
    let next: number;
    switch (e.key) {
      case 'ArrowDown':
        next = Math.min(n - 1, at + 1);
        break;
      case 'ArrowUp':
        next = Math.max(0, at === -1 ? 0 : at - 1);
        break;
      case 'PageDown':
        next = Math.min(n - 1, Math.max(0, at) + page);
        break;
      case 'PageUp':
        next = Math.max(0, at - page);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = n - 1;
        break;
      default:
        return;
    }
    e.preventDefault();
    this.select(this.rows[next]!.seq);
  }

  private onFilter(e: Event): void {
    const t = e.target as HTMLInputElement | HTMLSelectElement;
    if (t.name === 'type') this.types = t.value ? [t.value] : [];
    else if (t.name === 'job') this.job = t.value;
    else if (t.name === 'text') this.text = t.value;
    if (this.listEl) this.listEl.scrollTop = 0;
    this.listTop = 0;
  }

  private renderRow(e: RecorderEntry, i: number) {
    const selected = e.seq === this.selectedSeq;
    return html`<div
      class="row kind-${e.kind}"
      part="row"
      role="option"
      id="row-${e.seq}"
      aria-selected=${selected ? 'true' : 'false'}
      aria-posinset=${i + 1}
      aria-setsize=${this.rows.length}
      style="top:${i * this.rowHeight}px"
      @click=${() => this.select(e.seq)}
    >
      <span class="at">${formatAt(e.at)}</span><span class="sid">${'id' in e && e.id ? e.id : ''}</span><span class="type">${typeOf(e)}</span><span class="sum">${summaryOf(e)}</span>
    </div>`;
  }

  private renderDetail() {
    const t = this.t;
    const e = this.selectedSeq === undefined ? undefined : this.rows.find((r) => r.seq === this.selectedSeq);
    if (!e) return html`<p class="empty">${t.selectHint}</p>`;
    const body = e.kind === 'event' ? e.event : e.kind === 'request' || e.kind === 'reconnect' ? e.body : e;
    return html`<dl class="meta">
        <dt>${t.sseId}</dt>
        <dd>${'id' in e && e.id ? e.id : '—'}</dd>
        <dt>${t.arrived}</dt>
        <dd>${formatAt(e.at)}</dd>
        <dt>${t.size}</dt>
        <dd>${t.bytes(e.bytes)}</dd>
        ${e.kind === 'event' && e.job ? html`<dt>${t.filterJob}</dt><dd>${e.job}</dd>` : nothing}
        ${e.kind === 'reconnect' ? html`<dt>${t.lastEventId}</dt><dd>${e.lastEventId ?? '—'}</dd>` : nothing}
      </dl>
      <pre class="json" tabindex="0" aria-label=${typeOf(e)}>${JSON.stringify(body, null, 2)}</pre>`;
  }

  protected override render() {
    const t = this.t;
    const rows = this.rows;
    const { types, jobs, total } = this.facets();
    const h = this.rowHeight;
    const first = Math.max(0, Math.floor(this.listTop / h) - OVERSCAN);
    const last = Math.min(rows.length, Math.ceil((this.listTop + this.viewHeight) / h) + OVERSCAN);
    const visible: unknown[] = [];
    for (let i = first; i < last; i++) visible.push(this.renderRow(rows[i]!, i));
    const selectedShown = this.selectedSeq !== undefined && rows.slice(first, last).some((r) => r.seq === this.selectedSeq);
    return html`<div class="filters" part="filters" @change=${this.onFilter}>
        <label>${t.filterType}
          <select name="type">
            <option value="">${t.filterAllTypes}</option>
            ${types.map((ty) => html`<option value=${ty} ?selected=${this.types[0] === ty}>${ty}</option>`)}
          </select></label
        >
        <label>${t.filterJob}
          <select name="job">
            <option value="">${t.filterAllJobs}</option>
            ${jobs.map((j) => html`<option value=${j} ?selected=${this.job === j}>${j}</option>`)}
          </select></label
        >
        <label>${t.filterText} <input name="text" type="search" .value=${this.text} @input=${this.onFilter} /></label>
        <span class="count" role="status">${t.eventsLabel(rows.length, total)}</span>
      </div>
      <div class="split">
        ${
          rows.length === 0
            ? html`<div class="list" part="list"><p class="empty">${t.noEvents}</p></div>`
            : html`<div
              class="list"
              part="list"
              role="listbox"
              tabindex="0"
              aria-label=${t.tabs.events}
              aria-activedescendant=${selectedShown ? `row-${this.selectedSeq}` : nothing}
              style="--_row-h:${h}px"
              @scroll=${this.onScroll}
              @keydown=${this.onKey}
            >
              <div class="spacer" role="none" style="height:${rows.length * h}px">${visible}</div>
            </div>`
        }
        <section class="detail" part="detail" aria-label=${t.selectHint}>${this.renderDetail()}</section>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-inspector-events': OzInspectorEvents;
  }
}
