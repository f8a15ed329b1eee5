/**
 * The board (agent state): STATE_SNAPSHOT replaces it, STATE_DELTA patches it
 * atomically. Done without immer: a board of thousands of notes must cost a
 * patch only the containers on its paths, never a scan of the whole value.
 */
import type { StateDeltaEvent, StateSnapshotEvent } from '@ag-ui/core';
import type { BoardEntry } from '../protocol/index.js';
import { readBoard } from '../protocol/index.js';
import { applyBoardPatch, type ReplacedNote } from './board-patch.js';
import type { BoardView, Diagnostic, SupersededNotes } from './state.js';

export interface BoardStep {
  board: BoardView;
  diagnostic?: Diagnostic;
}

/**
 * The earlier versions after a patch: each note a `replace` took off the
 * board whose successor names it in `supersedes` is appended to the shared
 * log. A state that is not the log's newest (a branch) copies its own part
 * first, so no earlier state ever sees a version it did not keep.
 */
function keepSuperseded(superseded: SupersededNotes | undefined, replaced: readonly ReplacedNote[]): SupersededNotes | undefined {
  let notes: BoardEntry[] | undefined;
  let count = superseded?.count ?? 0;
  for (const { old, value } of replaced) {
    const oldId = (old as { id?: unknown } | null)?.id;
    const successor = value as { id?: unknown; supersedes?: unknown } | null;
    if (typeof oldId !== 'string' || successor?.supersedes !== oldId || successor.id === oldId) continue;
    if (!notes) {
      const shared = (superseded?.notes ?? []) as BoardEntry[];
      notes = shared.length === count ? shared : shared.slice(0, count);
    }
    notes.push(old as BoardEntry);
    count++;
  }
  return notes ? { notes, count } : superseded;
}

/** The earlier versions a board view keeps, by note id (the newest kept version of an id wins). */
export function supersededById(superseded: SupersededNotes | undefined): ReadonlyMap<string, BoardEntry> {
  const byId = new Map<string, BoardEntry>();
  for (let i = 0; i < (superseded?.count ?? 0); i++) {
    const note = superseded!.notes[i]!;
    byId.set(note.id, note);
  }
  return byId;
}

/**
 * STATE_SNAPSHOT: replaces the board and heals a stale one (earlier versions
 * are reset). Notes missing fields, or with fields of the wrong type, are
 * shown with what could be read and flagged (`invalid`, see readBoard); a
 * snapshot that is no board at all (no `board.notes` array) is refused: the
 * board is kept, marked stale.
 */
export function reduceSnapshot(board: BoardView, event: StateSnapshotEvent, eventId: string | undefined): BoardStep {
  const value = readBoard(event.snapshot);
  if (!value) {
    return {
      board: { ...board, stale: true, received: true, version: board.version + 1 },
      diagnostic: { kind: 'patch_failed', message: 'STATE_SNAPSHOT is not a board ({board: {notes: [...]}}); the board is kept and marked stale', ...(eventId ? { eventId } : {}) },
    };
  }
  const bad = value.board.notes.filter((n) => n.invalid).length;
  return {
    board: { value, stale: false, version: board.version + 1, received: true },
    ...(bad
      ? {
          diagnostic: {
            kind: 'bad_note' as const,
            message: `STATE_SNAPSHOT: ${bad} ${bad === 1 ? 'note arrived' : 'notes arrived'} malformed, shown with what could be read`,
            ...(eventId ? { eventId } : {}),
          },
        }
      : {}),
  };
}

/**
 * STATE_DELTA: applied all or nothing. A patch that fails leaves the board as
 * it was, marked stale with the failure kept; while stale, later deltas are
 * not applied (they were made for a board this one no longer is) until a
 * snapshot heals it.
 */
export function reduceDelta(board: BoardView, event: StateDeltaEvent, eventId: string | undefined): BoardStep {
  if (board.stale) {
    return {
      board,
      diagnostic: { kind: 'patch_failed', message: 'STATE_DELTA skipped: the board is stale until the next STATE_SNAPSHOT', ...(eventId ? { eventId } : {}) },
    };
  }
  const result = applyBoardPatch(board.value, event.delta);
  if (result.ok) {
    const superseded = keepSuperseded(board.superseded, result.replaced);
    const next: BoardStep = { board: { value: result.value, stale: false, version: board.version + 1, received: true, ...(superseded ? { superseded } : {}) } };
    if (result.malformed)
      next.diagnostic = {
        kind: 'bad_note',
        message: `STATE_DELTA wrote ${result.malformed} malformed ${result.malformed === 1 ? 'note' : 'notes'}, shown with what could be read`,
        ...(eventId ? { eventId } : {}),
      };
    return next;
  }
  const lastPatchError = {
    message: result.error,
    index: result.index,
    ...(result.path !== undefined ? { path: result.path } : {}),
    ...(eventId ? { eventId } : {}),
  };
  return {
    board: { value: board.value, stale: true, lastPatchError, version: board.version + 1, received: true, ...(board.superseded ? { superseded: board.superseded } : {}) },
    diagnostic: { kind: 'patch_failed', message: `STATE_DELTA op ${result.index} failed: ${result.error}`, ...(eventId ? { eventId } : {}) },
  };
}
