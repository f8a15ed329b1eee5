/**
 * The persistence port: where a thread's snapshot lives between page loads.
 * Adapters store JSON text; the store checks what it loads (a corrupt or
 * foreign value is ignored with a diagnostic, never trusted).
 */
import type { SnapshotEncoder, SnapshotParts, ThreadSnapshot } from './snapshot.js';
import type { RequestRecord, Turn } from './state.js';

/**
 * Where snapshots live. `load` returns what was saved (unchecked: the store
 * checks it), or undefined; it may throw on corrupt data. Any method may be
 * async; a failed save (a full storage) throws or rejects, and the store
 * records it as a diagnostic.
 *
 * A port may also keep a thread in parts, one entry per turn, so that saving
 * a long thread after one more turn writes that turn and the head, not the
 * whole thread again: then it has both `saveParts` and `loadParts`, and the
 * store uses them instead of `save` and `load` (`load` still returns the
 * whole snapshot, for anyone else who reads it).
 */
export interface PersistencePort {
  load(key: string): Promise<unknown> | unknown;
  /** `json` is the snapshot already serialized and size-checked. */
  save(key: string, snapshot: ThreadSnapshot, json: string): Promise<void> | void;
  remove(key: string): Promise<void> | void;
  /** The snapshot in parts, size-checked; an unchanged turn comes as the very string it came as before (or from loadParts). */
  saveParts?(key: string, parts: SnapshotParts): Promise<void> | void;
  /** What saveParts saved (or a whole snapshot `save` saved, as parts), or undefined; throws on corrupt data. */
  loadParts?(key: string): Promise<SnapshotParts | undefined> | SnapshotParts | undefined;
}

/**
 * Saves a snapshot through a port within `maxChars` of JSON: in parts when
 * the port keeps them (`saveParts` and `loadParts`), else whole. Returns why
 * nothing was saved, or what the port returned; a port's error is thrown.
 */
export function writeSnapshot(port: PersistencePort, key: string, snapshot: ThreadSnapshot, encoder: SnapshotEncoder, maxChars: number): { error: string } | { done: Promise<void> | void } {
  if (port.saveParts && port.loadParts) {
    // Kept in parts: a save after one more turn writes that turn, the request and the head, not the whole thread.
    const encoded = encoder.parts(snapshot, maxChars);
    if (!encoded.ok) return { error: encoded.error };
    const { ok: _ok, trimmed: _trimmed, ...parts } = encoded;
    return { done: port.saveParts(key, parts) };
  }
  const encoded = encoder(snapshot, maxChars);
  if (!encoded.ok) return { error: encoded.error };
  return { done: port.save(key, snapshot, encoded.json) };
}

/**
 * What a port holds under `key` (unchecked: parseSnapshot checks it), or
 * undefined. Kept in parts, each turn's and the request's JSON is given to
 * `encoder` as read, so the next save writes none of them again. Throws what
 * the port or JSON.parse throws.
 */
export async function readSnapshot(port: PersistencePort, key: string, encoder?: SnapshotEncoder): Promise<unknown> {
  if (!port.loadParts || !port.saveParts) return port.load(key);
  const parts = await port.loadParts(key);
  if (!parts) return undefined;
  const head = JSON.parse(parts.head) as unknown;
  // A head without its turns (as saveParts keeps it); anything else is checked as it is.
  if (!head || typeof head !== 'object' || Array.isArray(head) || 'turns' in head) return head;
  const remembered = (json: string): unknown => {
    const value = JSON.parse(json) as unknown;
    if (value && typeof value === 'object') encoder?.remember(value as Turn | RequestRecord, json);
    return value;
  };
  return { ...head, ...(parts.request !== undefined ? { lastRequest: remembered(parts.request) } : {}), turns: parts.turns.map(remembered) };
}

/** In memory (tests, or no storage at all). `initial` seeds raw JSON text by key. */
export function memoryStorage(initial: Record<string, string> = {}): PersistencePort & { readonly entries: Map<string, string> } {
  const entries = new Map<string, string>(Object.entries(initial));
  return {
    entries,
    load(key) {
      const text = entries.get(key);
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    },
    save(key, _snapshot, json) {
      entries.set(key, json);
    },
    remove(key) {
      entries.delete(key);
    },
  };
}

/** The Web Storage API's shape (sessionStorage, localStorage). */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * How the thread under `key` is kept: its head (the snapshot without the
 * turns and the last request) under `key`, ending with the count of its
 * entries, written last; entry 0, `key:0`, the last request (or null), and
 * entry i, `key:<i>`, turn i - 1.
 */
export const entryKey = (key: string, i: number): string => `${key}:${i}`;

const ENTRIES = /,?"entries":(\d+)\}$/;
const entriesOf = (head: string | null): number => Number(ENTRIES.exec(head ?? '')?.[1] ?? 0);

/**
 * Reads the thread under `key`: a head with its entries, or a whole snapshot
 * (one entry, as saved before turns were kept apart: saved in parts from the
 * next save on). `kept` is what is stored, the head then the entries, when
 * kept in parts.
 */
function readParts(s: WebStorageLike, key: string): (SnapshotParts & { kept?: string[] }) | undefined {
  const text = s.getItem(key);
  if (text === null) return undefined;
  const count = ENTRIES.exec(text);
  if (!count) {
    const whole = JSON.parse(text) as { turns?: unknown; lastRequest?: unknown };
    if (!Array.isArray(whole?.turns)) return { head: text, turns: [] }; // checked as it is
    const { turns, lastRequest, ...head } = whole as { turns: unknown[]; lastRequest?: unknown };
    return { head: JSON.stringify(head), request: lastRequest === undefined ? undefined : JSON.stringify(lastRequest), turns: turns.map((t) => JSON.stringify(t)) };
  }
  const kept = [text];
  for (let i = 0; i < Number(count[1]); i++) {
    const entry = s.getItem(entryKey(key, i));
    if (entry === null) throw new Error(`entry ${i} of ${count[1]} is missing from storage`);
    kept.push(entry);
  }
  return { head: `${text.slice(0, count.index)}}`, request: kept[1] === 'null' ? undefined : kept[1], turns: kept.slice(2), kept };
}

/**
 * Over Web Storage; sessionStorage by default (one tab's threads survive its
 * reloads, and nothing outlives the tab). A thread is kept in parts (see
 * {@link entryKey}): a save writes only the entries that changed (after one
 * more turn: that turn, the request, the head), not the whole thread. A
 * thread saved whole under `key` (by an earlier version) is read as well. A
 * full storage throws from the save (the store records it as a diagnostic;
 * the next save writes every entry again).
 */
export function webStorage(storage?: WebStorageLike): PersistencePort {
  const resolve = (): WebStorageLike => {
    const s = storage ?? (globalThis as { sessionStorage?: WebStorageLike }).sessionStorage;
    if (!s) throw new Error('no Web Storage here: pass one, or use memoryStorage()');
    return s;
  };
  /** What this port last wrote or read by key: the head as kept, then each entry. */
  const known = new Map<string, readonly string[]>();
  const port: Required<PersistencePort> = {
    load: (key) => readSnapshot(port, key),
    save(key, _snapshot, json) {
      port.remove(key);
      resolve().setItem(key, json);
    },
    remove(key) {
      const s = resolve();
      const n = known.get(key)?.length ?? entriesOf(s.getItem(key)) + 1;
      known.delete(key);
      s.removeItem(key);
      for (let i = 0; i < n - 1; i++) s.removeItem(entryKey(key, i));
    },
    saveParts(key, parts) {
      const s = resolve();
      let last = known.get(key);
      // Another writer (a second store of this thread, a clear) since: write every entry.
      if (last && s.getItem(key) !== last[0]) last = undefined;
      const had = last?.length ?? entriesOf(s.getItem(key)) + 1;
      known.delete(key);
      const entries = [parts.request ?? 'null', ...parts.turns];
      entries.forEach((entry, i) => last?.[i + 1] !== entry && s.setItem(entryKey(key, i), entry));
      const head = `${parts.head.slice(0, -1)}${parts.head.length > 2 ? ',' : ''}"entries":${entries.length}}`;
      s.setItem(key, head); // last: until now, the head before names entries that are all there
      for (let i = entries.length; i < had - 1; i++) s.removeItem(entryKey(key, i));
      known.set(key, [head, ...entries]);
    },
    loadParts(key) {
      known.delete(key);
      const read = readParts(resolve(), key);
      if (!read) return undefined;
      const { kept, ...parts } = read;
      if (kept) known.set(key, kept);
      return parts;
    },
  };
  return port;
}
