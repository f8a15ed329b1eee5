/**
 * Applies a STATE_DELTA (RFC 6902) to the board atomically, without cloning
 * the board: before each operation, only the containers on its path (and on
 * its `from`, for a move) are copied, so everything else keeps its identity
 * and the board given is never touched. A patch that fails leaves nothing
 * behind: the copies are simply dropped.
 */
import type { Operation } from 'fast-json-patch';
import type * as JsonPatchCore from 'fast-json-patch/module/core';
// @ts-expect-error: the package's types for this file are core.d.ts, which TypeScript pairs with core.js only; typed below.
import { _areEquals as untypedAreEquals, applyOperation as untypedApplyOperation } from 'fast-json-patch/module/core.mjs';
import { normalizeNote, type BoardState } from '../protocol/index.js';

/**
 * The two functions used, from fast-json-patch's ES module core: not its
 * default export, which carries the whole package (observe/compare too).
 * Imported by name, not as a namespace, so the bundle keeps only these two.
 */
const _areEquals = untypedAreEquals as typeof JsonPatchCore._areEquals;
const applyOperation = untypedApplyOperation as typeof JsonPatchCore.applyOperation;

/** Path segments a patch may never name (prototype pollution). */
export const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A note a `replace` at /board/notes/<i> took off the board, and the value put in its place. */
export interface ReplacedNote {
  readonly old: unknown;
  readonly value: unknown;
}

export type BoardPatchResult =
  | {
      ok: true;
      value: BoardState;
      /** Notes replaced at /board/notes/<i>, in patch order. */
      replaced: ReplacedNote[];
      /** Notes the patch wrote that arrived malformed: in the board with what could be read, flagged (see normalizeNote). */
      malformed: number;
    }
  | { ok: false; error: string; index: number; path?: string };

type Container = Record<string, unknown> | unknown[];

function isContainer(v: unknown): v is Container {
  return v !== null && typeof v === 'object';
}

/** Splits a JSON Pointer into unescaped segments; undefined when it is no pointer. */
export function pointerSegments(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (pointer[0] !== '/') return undefined;
  const raw = pointer.slice(1).split('/');
  const out: string[] = [];
  for (const s of raw) {
    if (/~[^01]|~$/.test(s)) return undefined;
    out.push(s.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return out;
}

function copyOf(c: Container): Container {
  return Array.isArray(c) ? c.slice() : { ...c };
}

/**
 * Makes the containers from the root down to the parent of `segments`' last
 * segment writable: copies each one not already copied in this patch.
 * Returns the (possibly new) root.
 */
function writablePath(root: unknown, segments: string[], fresh: WeakSet<object>): unknown {
  if (segments.length === 0 || !isContainer(root)) return root;
  const newRoot = fresh.has(root) ? root : copyOf(root);
  fresh.add(newRoot);
  let parent: Container = newRoot;
  for (let i = 0; i < segments.length - 1; i++) {
    const key = segments[i]!;
    if (!Object.prototype.hasOwnProperty.call(parent, key)) break;
    const child = (parent as Record<string, unknown>)[key];
    if (!isContainer(child)) break;
    const writable = fresh.has(child) ? child : copyOf(child);
    fresh.add(writable);
    (parent as Record<string, unknown>)[key] = writable;
    parent = writable;
  }
  return newRoot;
}

function get(doc: unknown, segments: readonly string[]): { found: boolean; value?: unknown } {
  let cur: unknown = doc;
  for (const s of segments) {
    if (!isContainer(cur) || !Object.prototype.hasOwnProperty.call(cur, s)) return { found: false };
    cur = (cur as Record<string, unknown>)[s];
  }
  return { found: true, value: cur };
}

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);
const INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * RFC 6902's checks, done here before fast-json-patch runs the operation:
 * its own validator deep-clones the document for move/copy, and its errors
 * pretty-print the whole document into their message.
 */
function checkOp(doc: unknown, op: Operation, path: string[], from: string[]): string | undefined {
  if (!OPS.has(op.op)) return `unknown op ${JSON.stringify(String(op.op)).slice(0, 40)}`;
  if ((op.op === 'add' || op.op === 'replace' || op.op === 'test') && (op as { value?: unknown }).value === undefined) return 'the operation has no value';
  if (op.op === 'move' || op.op === 'copy') {
    if (!get(doc, from).found) return 'from names nothing';
    if (op.op === 'move' && from.length < path.length && from.every((s, i) => s === path[i])) return 'a value cannot move into itself';
  }
  if (path.length === 0) return op.op === 'remove' ? 'the root cannot be removed' : undefined;
  const parent = get(doc, path.slice(0, -1));
  if (!parent.found || !isContainer(parent.value)) return "the path's parent does not exist";
  const key = path[path.length - 1]!;
  const container = parent.value;
  if (Array.isArray(container)) {
    if (key === '-') return op.op === 'add' || op.op === 'move' || op.op === 'copy' ? undefined : 'the path names no element';
    if (!INDEX.test(key)) return 'an array index must be an unsigned integer';
    const i = Number(key);
    const adds = op.op === 'add' || op.op === 'move' || op.op === 'copy';
    if (adds ? i > container.length : i >= container.length) return 'the array index is out of bounds';
    return undefined;
  }
  if (op.op === 'replace' || op.op === 'remove' || op.op === 'test') {
    if (!Object.prototype.hasOwnProperty.call(container, key)) return 'the path names nothing';
  }
  return undefined;
}

/**
 * add / replace / remove on an array element, done here: the new array is
 * built in one allocation (concat, slice), where copying it and then
 * splicing into the copy would copy it twice. Returns the new root, or
 * undefined when the operation is not one of these (checkOp has run).
 */
function arrayOp(doc: unknown, op: Operation, path: string[], fresh: WeakSet<object>, replaced: ReplacedNote[]): unknown {
  if (path.length === 0 || (op.op !== 'add' && op.op !== 'replace' && op.op !== 'remove')) return undefined;
  const parentPath = path.slice(0, -1);
  const arr = get(doc, parentPath).value;
  if (!Array.isArray(arr)) return undefined;
  const key = path[path.length - 1]!;
  const value = (op as { value?: unknown }).value;
  if (op.op === 'replace' && path.length === 3 && path[0] === 'board' && path[1] === 'notes') replaced.push({ old: arr[Number(key)], value });
  let next: unknown[];
  if (fresh.has(arr)) {
    next = arr;
    if (op.op === 'add') next.splice(key === '-' ? next.length : Number(key), 0, value);
    else if (op.op === 'replace') next[Number(key)] = value;
    else next.splice(Number(key), 1);
  } else if (op.op === 'add') {
    const i = key === '-' ? arr.length : Number(key);
    next = i === arr.length ? arr.concat([value]) : arr.slice(0, i).concat([value], arr.slice(i));
  } else if (op.op === 'replace') {
    next = arr.slice();
    next[Number(key)] = value;
  } else {
    const i = Number(key);
    next = arr.slice(0, i).concat(arr.slice(i + 1));
  }
  fresh.add(next);
  if (parentPath.length === 0) return next;
  const root = writablePath(doc, parentPath, fresh) as Container;
  let parent: Container = root;
  for (let i = 0; i < parentPath.length - 1; i++) parent = (parent as Record<string, unknown>)[parentPath[i]!] as Container;
  (parent as Record<string, unknown>)[parentPath[parentPath.length - 1]!] = next;
  return root;
}

/** The board after a patch must still hold a notes array. */
function shapeError(doc: unknown): string | undefined {
  const notes = isContainer(doc) ? (doc as { board?: { notes?: unknown } }).board?.notes : undefined;
  return Array.isArray(notes) ? undefined : 'the patch leaves no board.notes array';
}

/**
 * Checks each note the patch wrote (a note added or replaced at
 * /board/notes/<i>, or a field under one): a malformed one is replaced, in
 * the patched board only, by what normalizeNote reads of it. Costs the notes
 * written, never a scan of the board, unless a written note needs fixing.
 */
function checkWritten(doc: unknown, ops: readonly Operation[], fresh: WeakSet<object>): { doc: unknown; malformed: number } {
  const notes = (doc as BoardState).board.notes as unknown[];
  const suspects = new Set<number>();
  const written = new Set<unknown>();
  for (const op of ops) {
    if (op.op === 'remove' || op.op === 'test') continue;
    const segs = pointerSegments(op.path);
    if (!segs || segs.length < 3 || segs[0] !== 'board' || segs[1] !== 'notes') continue;
    if (segs.length === 3 && (op.op === 'add' || op.op === 'replace')) written.add((op as { value?: unknown }).value);
    else if (INDEX.test(segs[2]!)) suspects.add(Number(segs[2]));
  }
  for (const value of written) if (normalizeNote(value, 0) !== value) notes.forEach((n, i) => n === value && suspects.add(i));
  let malformed = 0;
  let out = doc;
  for (const i of suspects) {
    if (i >= notes.length) continue;
    const note = normalizeNote(notes[i], i);
    if (note === notes[i]) continue;
    malformed++;
    out = writablePath(out, ['board', 'notes', String(i)], fresh);
    ((out as BoardState).board.notes as unknown[])[i] = note;
  }
  return { doc: out, malformed };
}

/**
 * Applies `ops` to `board`, all or nothing. Never mutates `board`; never
 * throws. Refuses any path or from naming `__proto__`, `constructor` or
 * `prototype`.
 */
export function applyBoardPatch(board: BoardState, ops: unknown): BoardPatchResult {
  if (!Array.isArray(ops)) return { ok: false, error: 'STATE_DELTA delta is not an array', index: 0 };
  const fresh = new WeakSet<object>();
  const replaced: ReplacedNote[] = [];
  let doc: unknown = board;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as Operation;
    if (!isContainer(op) || typeof op.path !== 'string') return { ok: false, error: 'operation is not an object with a path', index: i };
    const path = pointerSegments(op.path);
    const fromPointer = (op as { from?: unknown }).from;
    const from = typeof fromPointer === 'string' ? pointerSegments(fromPointer) : [];
    if (!path || !from) return { ok: false, error: 'path is not a JSON Pointer', index: i, path: op.path };
    if (path.some((s) => FORBIDDEN_SEGMENTS.has(s)) || from.some((s) => FORBIDDEN_SEGMENTS.has(s))) {
      return { ok: false, error: 'path names a forbidden segment (__proto__, constructor or prototype)', index: i, path: op.path };
    }
    const problem = checkOp(doc, op, path, from);
    if (problem) return { ok: false, error: problem, index: i, path: op.path };
    if (op.op === 'test') {
      if (!_areEquals(get(doc, path).value, (op as { value: unknown }).value)) return { ok: false, error: 'test failed', index: i, path: op.path };
      continue;
    }
    const direct = arrayOp(doc, op, path, fresh, replaced);
    if (direct !== undefined) {
      doc = direct;
      continue;
    }
    doc = writablePath(doc, path, fresh);
    if (op.op === 'move') doc = writablePath(doc, from, fresh);
    try {
      doc = applyOperation(doc, op, false, true, true, i).newDocument;
    } catch {
      return { ok: false, error: 'the operation failed', index: i, path: op.path };
    }
    if (isContainer(doc)) fresh.add(doc);
  }
  const bad = shapeError(doc);
  if (bad) return { ok: false, error: bad, index: ops.length - 1 };
  const checked = checkWritten(doc, ops as Operation[], fresh);
  return { ok: true, value: checked.doc as BoardState, replaced, malformed: checked.malformed };
}
