/** The job tree's board: notes, walls, redaction and the RFC 6902 patches a run streams. */
import type { BoardEntry, BoardNote, RedactedNote } from '../../../src/protocol/index.js';
import type { NoteInput } from './script.js';

/** A note as the board stores it: the wall stays beside it. */
export interface StoredNote extends BoardNote {
  wall?: string;
}

/** A JSON Patch operation the board emits. */
export type BoardPatchOp = { op: 'add'; path: '/board/notes/-'; value: BoardEntry } | { op: 'replace'; path: string; value: BoardEntry };

/** One tree's board; a superseding note takes the superseded one's place. */
export class Board {
  readonly notes: StoredNote[] = [];
  #seq = 0;

  /** Writes a note; returns it. */
  write(input: NoteInput, by: { job: string; agent: string; tainted: boolean; createdAt: string }, supersedes?: string): StoredNote {
    const note: StoredNote = {
      id: String(++this.#seq),
      kind: input.kind,
      tags: [...(input.tags ?? [])],
      text: input.text,
      job: by.job,
      agent: by.agent,
      createdAt: by.createdAt,
      tainted: input.tainted ?? by.tainted,
      labels: [...(input.labels ?? []), ...(input.wall ? [`wall:${input.wall}`] : [])],
    };
    if (input.wall) note.wall = input.wall;
    const index = supersedes === undefined ? -1 : this.notes.findIndex((n) => n.id === supersedes);
    if (supersedes !== undefined && index >= 0) {
      note.supersedes = supersedes;
      this.notes[index] = note;
    } else this.notes.push(note);
    return note;
  }
}

/** A note as a reader with these clearances sees it. */
export function viewNote(note: StoredNote, clearances: ReadonlySet<string>): BoardEntry {
  if (note.wall && !clearances.has(note.wall)) {
    const r: RedactedNote = { redacted: true, label: `Behind the ${note.wall} wall`, id: note.id, kind: note.kind, job: note.job, agent: note.agent, createdAt: note.createdAt };
    if (note.supersedes) r.supersedes = note.supersedes;
    return r;
  }
  const { wall: _wall, ...visible } = note;
  return { ...visible, tags: [...visible.tags], labels: [...visible.labels] };
}

/** The whole board as a reader sees it. */
export function viewBoard(board: Board, clearances: ReadonlySet<string>): BoardEntry[] {
  return board.notes.map((n) => viewNote(n, clearances));
}

/** The patch from what a run showed to what the board holds now: add for new notes, replace for superseded ones. */
export function diffBoard(shown: readonly BoardEntry[], now: readonly BoardEntry[]): BoardPatchOp[] {
  const ops: BoardPatchOp[] = [];
  now.forEach((entry, i) => {
    if (i >= shown.length) ops.push({ op: 'add', path: '/board/notes/-', value: entry });
    else if (shown[i]!.id !== entry.id) ops.push({ op: 'replace', path: `/board/notes/${i}`, value: entry });
  });
  return ops;
}
