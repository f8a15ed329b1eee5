/** The agent state: the job tree's board, `{board: {notes: [...]}}`. */

/** A note the caller may read. */
export interface BoardNote {
  /** Its number in the tree, as a string. */
  id: string;
  kind: string;
  tags: string[];
  text: string;
  /** The job that wrote it. */
  job: string;
  /** The agent that wrote it. */
  agent: string;
  /** ISO 8601. */
  createdAt: string;
  /** The id of the note this one replaces. */
  supersedes?: string;
  /** Written by a job that held outside input. */
  tainted: boolean;
  labels: string[];
}

/** A note behind a wall from the caller: never its text or tags. */
export interface RedactedNote {
  redacted: true;
  /** Why it is hidden, in words (the wall's label). */
  label: string;
  id: string;
  kind: string;
  job: string;
  agent: string;
  createdAt: string;
  supersedes?: string;
}

export type BoardEntry = BoardNote | RedactedNote;

export interface BoardState {
  board: { notes: BoardEntry[] };
}

export function isRedactedNote(note: BoardEntry): note is RedactedNote {
  return (note as RedactedNote).redacted === true;
}

export function emptyBoard(): BoardState {
  return { board: { notes: [] } };
}

/** Shape check of a STATE_SNAPSHOT's value; never trusts it blindly. */
export function isBoardState(value: unknown): value is BoardState {
  if (!value || typeof value !== 'object') return false;
  const board = (value as { board?: unknown }).board;
  if (!board || typeof board !== 'object') return false;
  const notes = (board as { notes?: unknown }).notes;
  return Array.isArray(notes) && notes.every((n) => n !== null && typeof n === 'object' && typeof (n as { id?: unknown }).id === 'string');
}
