/**
 * The persistence port: where a thread's snapshot lives between page loads.
 * Adapters store JSON text; the store checks what it loads (a corrupt or
 * foreign value is ignored with a diagnostic, never trusted).
 */
import type { ThreadSnapshot } from './snapshot.js';

/**
 * Where snapshots live. `load` returns what was saved (unchecked: the store
 * checks it), or undefined; it may throw on corrupt data. Any method may be
 * async.
 */
export interface PersistencePort {
  load(key: string): Promise<unknown> | unknown;
  /** `json` is the snapshot already serialized and size-checked. */
  save(key: string, snapshot: ThreadSnapshot, json: string): Promise<void> | void;
  remove(key: string): Promise<void> | void;
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
 * Over Web Storage; sessionStorage by default (one tab's threads survive its
 * reloads, and nothing outlives the tab). A full storage throws from `save`
 * (the store records it as a diagnostic).
 */
export function webStorage(storage?: WebStorageLike): PersistencePort {
  const resolve = (): WebStorageLike => {
    const s = storage ?? (globalThis as { sessionStorage?: WebStorageLike }).sessionStorage;
    if (!s) throw new Error('no Web Storage here: pass one, or use memoryStorage()');
    return s;
  };
  return {
    load(key) {
      const text = resolve().getItem(key);
      return text === null ? undefined : (JSON.parse(text) as unknown);
    },
    save(key, _snapshot, json) {
      resolve().setItem(key, json);
    },
    remove(key) {
      resolve().removeItem(key);
    },
  };
}
