import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { EventEntry } from '../../src/recorder/index.js';
import { base, tokens } from '../../elements/kit.js';
import { InspectorElement } from '../shared/inspector-element.js';
import { invalidNotes } from '../../src/protocol/board.js';
import { atPointer, boardAt, boardEvents, type BoardMoment } from '../shared/model.js';
import { formatAt } from '../shared/strings.js';
import { tabStyles } from '../shared/styles.js';

const styles = css`
  .pick {
    display: flex;
    gap: var(--_s-2);
    align-items: flex-end;
    flex-wrap: wrap;
    margin-bottom: var(--_s-2);
  }
  .pick select {
    min-width: 16rem;
  }
  .status {
    display: inline-block;
    padding: 0 var(--_s-2);
    border: 1px solid var(--_c-border);
    border-radius: 999px;
    font-size: var(--_f-size-s);
  }
  td pre {
    margin: 0;
    font-family: var(--_f-mono);
    white-space: pre-wrap;
    word-break: break-word;
  }
  .masked {
    color: var(--_c-warning);
    font-size: var(--_f-size-s);
  }
`;

const json = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v, null, 2));

/**
 * The board at any point of the recording: pick a STATE_SNAPSHOT or
 * STATE_DELTA and see the board as it was then, the patch's operations with
 * each path's value before and after, and whether it applied (failed and
 * skipped patches are flagged, and so are notes that arrived malformed:
 * missing fields or fields of the wrong type, named per note). A live recording shows the store's own
 * before/after; an imported one folds its board events again. Under
 * redaction, note texts and tags are masked.
 *
 * @summary The inspector's State tab.
 *
 * @csspart picker - The board event picker.
 * @csspart status - The patch's applied/failed flag.
 * @csspart invalid - Names the notes of the board then that arrived malformed, and their bad fields.
 * @csspart ops - The patch operations table.
 * @csspart board - The board then, as JSON.
 */
export class OzInspectorState extends InspectorElement {
  static override styles = [tokens, base, tabStyles, styles];

  /** The seq of the board event shown (default: the last one at or before `at`, else the last one). */
  @state() selectedSeq: number | undefined;
  /** An entry's seq (the Events tab's selection): the board is shown as it was then. */
  @property({ attribute: false }) at: number | undefined;

  private events: EventEntry[] = [];
  private moment: { key: unknown[]; value: BoardMoment | undefined } = { key: [], value: undefined };

  /** Shows the board as it was at this board event (by seq). */
  pick(seq: number): void {
    this.selectedSeq = seq;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('recording') || changed.has('at')) this.selectedSeq = undefined;
    this.events = this.recording ? boardEvents(this.recording.entries()) : [];
  }

  private current(): BoardMoment | undefined {
    const r = this.recording;
    if (!r || this.events.length === 0) return undefined;
    const at = this.at;
    const then = at === undefined ? undefined : this.events.findLast((e) => e.seq <= at);
    const entry = this.events.find((e) => e.seq === this.selectedSeq) ?? then ?? this.events.at(-1)!;
    const key = [r, this.revision, entry];
    if (!key.every((k, i) => k === this.moment.key[i])) this.moment = { key, value: boardAt(r.entries(), entry, (b) => r.showBoard(b)) };
    return this.moment.value;
  }

  private status(m: BoardMoment) {
    const t = this.t;
    if (m.applied === undefined) return nothing;
    if (m.skipped) return html`<span class="status flag-warn" part="status">${t.patchSkipped}</span>`;
    if (!m.applied) return html`<span class="status flag-failed" part="status">${t.patchFailed(m.error ?? '')}</span>`;
    return html`<span class="status flag-ok" part="status">${t.patchApplied}</span>`;
  }

  /** Notes readBoard() flagged: shown as read, named here with the fields that were wrong. */
  private renderInvalid(m: BoardMoment) {
    const bad = invalidNotes(m.after);
    if (bad.length === 0) return nothing;
    const named = bad.map((n) => `${n.id} (${n.invalid!.join(', ')})`).join('; ');
    return html`<p class="status flag-warn" part="invalid" role="note">${this.t.notesInvalid(named)}</p>`;
  }

  protected override render() {
    const t = this.t;
    const m = this.current();
    if (!m) return html`<p class="empty">${t.noBoardEvents}</p>`;
    const label = (e: EventEntry) => {
      const type = (e.event as { type: string }).type;
      return `${formatAt(e.at)} · ${e.id ?? '—'} · ${type}`;
    };
    const ops = m.ops as { op?: string; path?: string; from?: string }[];
    return html`<div class="pick" part="picker">
        <label
          >${t.boardEvents}
          <select @change=${(e: Event) => this.pick(Number((e.target as HTMLSelectElement).value))}>
            ${this.events.map((e) => html`<option value=${e.seq} ?selected=${e === m.entry}>${label(e)}</option>`)}
          </select></label
        >
        ${this.status(m)}
      </div>
      ${this.renderInvalid(m)}
      ${this.recording?.masksBoards ? html`<p class="masked">${t.masked}</p>` : nothing}
      ${
        ops.length
          ? html`<h3>${t.patchOps}</h3>
            <table part="ops">
              <thead>
                <tr>
                  <th scope="col">op</th>
                  <th scope="col">path</th>
                  <th scope="col">${t.before}</th>
                  <th scope="col">${t.after}</th>
                </tr>
              </thead>
              <tbody>
                ${ops.map((op) => {
                  const path = typeof op?.path === 'string' ? op.path : '';
                  const afterPath = path.endsWith('/-') ? path.replace(/\/-$/, `/${Math.max(0, ((atPointer(m.after, path.slice(0, -2)) as unknown[] | undefined)?.length ?? 1) - 1)}`) : path;
                  return html`<tr>
                    <td class="mono">${String(op?.op ?? '?')}</td>
                    <td class="mono">${path}</td>
                    <td><pre>${json(atPointer(m.before, path))}</pre></td>
                    <td><pre>${op?.op === 'remove' ? '—' : json(atPointer(m.after, afterPath))}</pre></td>
                  </tr>`;
                })}
              </tbody>
            </table>`
          : nothing
      }
      <h3>${t.boardThen}</h3>
      <pre class="json" part="board" tabindex="0" aria-label=${t.boardThen}>${JSON.stringify(m.after, null, 2)}</pre>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-inspector-state': OzInspectorState;
  }
}
