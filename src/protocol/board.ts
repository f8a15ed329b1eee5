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
  /**
   * Set by the client, never by OZ: the fields that arrived missing or of the
   * wrong type (`note` when the entry was no object at all). They are shown
   * with a default (no tags, no text, outside input assumed), flagged.
   */
  invalid?: string[];
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
  /** Set by the client: the fields that arrived missing or of the wrong type (see BoardNote). */
  invalid?: string[];
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

const STRING_FIELDS = ['kind', 'text', 'job', 'agent', 'createdAt'] as const;
const REDACTED_FIELDS = ['label', 'kind', 'job', 'agent', 'createdAt'] as const;

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Whether an entry is a note of the right shape (every field of its type), so it is used as it is. */
function isWellFormed(n: Record<string, unknown>): boolean {
  if (typeof n.id !== 'string' || (n.supersedes !== undefined && typeof n.supersedes !== 'string') || n.invalid !== undefined) return false;
  if (n.redacted === true) return REDACTED_FIELDS.every((k) => typeof n[k] === 'string');
  return STRING_FIELDS.every((k) => typeof n[k] === 'string') && isStrings(n.tags) && isStrings(n.labels) && typeof n.tainted === 'boolean';
}

/**
 * A board entry as the client can show it: the entry itself when well formed;
 * otherwise a copy whose missing or wrongly typed fields take a default (no
 * tags or labels, empty words, outside input assumed) and are listed in
 * `invalid`. An id that is no string becomes `?<index>`. Never throws.
 */
export function normalizeNote(raw: unknown, index: number): BoardEntry {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return { id: `?${index}`, kind: '', tags: [], text: '', job: '', agent: '', createdAt: '', tainted: true, labels: [], invalid: ['note'] };
  }
  const n = raw as Record<string, unknown>;
  if (isWellFormed(n)) return raw as BoardEntry;
  const invalid: string[] = [];
  const str = (k: string): string => {
    if (typeof n[k] === 'string') return n[k] as string;
    invalid.push(k);
    return typeof n[k] === 'number' ? String(n[k]) : '';
  };
  const id = typeof n.id === 'string' ? n.id : typeof n.id === 'number' ? (invalid.push('id'), String(n.id)) : (invalid.push('id'), `?${index}`);
  const supersedes = n.supersedes === undefined || typeof n.supersedes === 'string' ? (n.supersedes as string | undefined) : (invalid.push('supersedes'), undefined);
  const { invalid: _ignored, ...rest } = n;
  void _ignored;
  if (n.redacted === true) {
    const note: RedactedNote = { ...rest, redacted: true, id, label: str('label'), kind: str('kind'), job: str('job'), agent: str('agent'), createdAt: str('createdAt') };
    if (supersedes !== undefined) note.supersedes = supersedes;
    else delete note.supersedes;
    if (invalid.length) note.invalid = invalid;
    return note;
  }
  const list = (k: 'tags' | 'labels'): string[] => {
    const v = n[k];
    if (isStrings(v)) return v;
    invalid.push(k);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  };
  const note: BoardNote = {
    ...rest,
    id,
    kind: str('kind'),
    tags: list('tags'),
    text: str('text'),
    job: str('job'),
    agent: str('agent'),
    createdAt: str('createdAt'),
    tainted: typeof n.tainted === 'boolean' ? n.tainted : (invalid.push('tainted'), true),
    labels: list('labels'),
  };
  if (supersedes !== undefined) note.supersedes = supersedes;
  else delete note.supersedes;
  if (invalid.length) note.invalid = invalid;
  return note;
}

/**
 * A STATE_SNAPSHOT's value (or a stored board) as the client can show it:
 * undefined when it is no board at all (no `board.notes` array); otherwise
 * every entry through {@link normalizeNote} (the value itself when all are
 * well formed). Never throws.
 */
export function readBoard(value: unknown): BoardState | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const board = (value as { board?: unknown }).board;
  if (!board || typeof board !== 'object') return undefined;
  const notes = (board as { notes?: unknown }).notes;
  if (!Array.isArray(notes)) return undefined;
  let fixed: BoardEntry[] | undefined;
  notes.forEach((raw, i) => {
    const note = normalizeNote(raw, i);
    if (note === raw) return;
    fixed ??= notes.slice();
    fixed[i] = note;
  });
  return fixed ? { ...(value as object), board: { ...(board as object), notes: fixed } } : (value as BoardState);
}

/** The notes of a board that arrived malformed (see BoardNote.invalid). */
export function invalidNotes(board: BoardState): BoardEntry[] {
  return board.board.notes.filter((n) => n.invalid !== undefined);
}
