import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { isRedactedNote, type BoardEntry } from '../../src/protocol/index.js';
import type { BoardView } from '../../src/thread/state.js';
import { supersededById } from '../../src/thread/reduce-board.js';
import { OzElement } from '../shared/oz-element.js';
import { formatTime } from '../shared/strings.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './board.styles.js';

/** Notes as shown: the latest of each chain, with the versions it replaced (newest first). */
export interface FoldedNote {
  note: BoardEntry;
  earlier: BoardEntry[];
}

/**
 * Folds superseded notes under the note that replaced them, keeping board
 * order. An earlier version is looked up on the board first, then in
 * `superseded` (the versions a `replace` took off the board, by id).
 */
export function foldNotes(notes: readonly BoardEntry[], superseded: ReadonlyMap<string, BoardEntry> = new Map()): FoldedNote[] {
  const byId = new Map(notes.map((n) => [n.id, n]));
  const lookup = (id: string | undefined): BoardEntry | undefined => {
    if (id === undefined) return undefined;
    const present = byId.get(id);
    if (present) return present;
    return superseded.get(id);
  };
  const replaced = new Set<string>();
  for (const n of notes) if (n.supersedes && byId.has(n.supersedes)) replaced.add(n.supersedes);
  const out: FoldedNote[] = [];
  for (const note of notes) {
    if (replaced.has(note.id)) continue;
    const earlier: BoardEntry[] = [];
    const seen = new Set([note.id]);
    let prev = lookup(note.supersedes);
    while (prev && !seen.has(prev.id)) {
      seen.add(prev.id);
      earlier.push(prev);
      prev = lookup(prev.supersedes);
    }
    out.push({ note, earlier });
  }
  return out;
}

/**
 * The board of the job tree (the agent state): each note with its kind,
 * tags, text (markdown), who wrote it and when, labels and a badge when a job
 * that held outside input wrote it. A note that replaced others shows them
 * folded under it (a native <details>, "N earlier versions"), also when the
 * stream replaced them on the board; a note behind a wall shows as a labelled placeholder.
 * When a patch could not be applied it says the board may be out of date.
 *
 * Give it `board` (the thread state's `board`), or a `store`.
 *
 * @summary The job tree's board.
 *
 * @csspart board - The board's box.
 * @csspart heading - The board's heading.
 * @csspart stale - The banner shown when the board may be out of date.
 * @csspart note - A note (its current version).
 * @csspart superseded - An earlier version of a note, folded under it.
 * @csspart redacted - A note hidden from the person.
 * @csspart tainted - The outside-input badge.
 * @csspart tag - A tag or label.
 * @csspart invalid - Says a note arrived malformed (missing fields or of the wrong type) and names them; the rest of the board is shown as usual.
 *
 * @cssproperty --oz-board-background - The board's background.
 * @cssproperty --oz-board-note-background - A note's background.
 */
export class OzBoard extends OzElement {
  static override styles = [tokens, base, styles];

  /** The board as the thread state keeps it. */
  @property({ attribute: false }) board?: BoardView;

  /** Image origins the notes' markdown may show. */
  @property({ attribute: false }) imageAllowlist: string[] = [];

  /** The heading level of the board's title (2 by default). */
  @property({ type: Number, attribute: 'heading-level' }) headingLevel = 2;

  private renderNote(note: BoardEntry, part = 'note'): TemplateResult {
    const t = this.t;
    // A malformed note may lack who wrote it or when: show what it has, no lone separator or empty time.
    const by = t.writtenBy(note.agent, note.job);
    const writer = html`${by ? html`<span>${by}</span>` : nothing}
      ${note.createdAt ? html`<time datetime=${note.createdAt}>${formatTime(note.createdAt)}</time>` : nothing}`;
    if (isRedactedNote(note)) {
      return html`<div class="note redacted" part="${part} redacted">
        <div class="meta"><span class="kind">${note.kind}</span>${writer}</div>
        <p class="text">${t.redacted(note.label)}</p>
        ${this.renderInvalid(note)}
      </div>`;
    }
    return html`<div class="note" part=${part}>
      <div class="meta">
        <span class="kind">${note.kind}</span>${writer}
        ${note.tainted ? html`<span class="badge tainted" part="tainted" title=${t.taintedHint}>${t.tainted}</span>` : nothing}
      </div>
      <oz-markdown class="text" .text=${note.text} .imageAllowlist=${this.imageAllowlist}></oz-markdown>
      ${
        note.tags.length || note.labels.length
          ? html`<div class="tags">
            ${note.tags.map((tag) => html`<span class="badge" part="tag">#${tag}</span>`)}
            ${note.labels.map((label) => html`<span class="badge" part="tag label">${label}</span>`)}
          </div>`
          : nothing
      }
      ${this.renderInvalid(note)}
    </div>`;
  }

  /** A note that arrived malformed: which fields, said in words (it shows what could be read). */
  private renderInvalid(note: BoardEntry) {
    return note.invalid?.length ? html`<p class="invalid" part="invalid">${this.t.noteInvalid(note.invalid.join(', '))}</p>` : nothing;
  }

  protected override render() {
    const t = this.t;
    const board = this.board ?? this.storeState?.board;
    const notes = board?.value.board.notes ?? [];
    const folded = foldNotes(notes, supersededById(board?.superseded));
    const level = Math.min(6, Math.max(1, this.headingLevel));
    return html`<div role="group" class="board" part="board" aria-label=${t.boardLabel}>
      <div role="heading" aria-level=${level} class="heading" part="heading">${t.boardLabel}</div>
      ${board?.stale ? html`<p class="stale" part="stale" role="status">${t.boardStale}</p>` : nothing}
      ${
        folded.length === 0
          ? html`<p class="empty">${t.boardEmpty}</p>`
          : html`<ol>
            ${folded.map(
              ({ note, earlier }) => html`<li>
                ${this.renderNote(note)}
                ${
                  earlier.length
                    ? html`<details>
                      <summary>${t.supersededCount(earlier.length)}</summary>
                      <ol>
                        ${earlier.map((e) => html`<li>${this.renderNote(e, 'superseded')}</li>`)}
                      </ol>
                    </details>`
                    : nothing
                }
              </li>`,
            )}
          </ol>`
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-board': OzBoard;
  }
}
