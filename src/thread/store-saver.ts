/**
 * How the store keeps its thread in storage: the save policy (at once at a
 * request, an end, a draft; at most every `saveIntervalMs` while a run
 * streams; never when nothing changed), forgetting a revoked thread, and
 * reading the stored thread back, checked. Storage trouble becomes a
 * diagnostic of the thread, never an exception.
 */
import { EventType } from '../protocol/index.js';
import { readSnapshot, writeSnapshot, type PersistencePort } from './persistence.js';
import { createSnapshotEncoder, DEFAULT_MAX_SNAPSHOT_CHARS, parseSnapshot, takeSnapshot, type ThreadSnapshot } from './snapshot.js';
import type { ThreadState } from './state.js';
import type { StoreDispatcher } from './store-dispatcher.js';
import { removeSnapshot } from './store-support.js';

export interface StoreSaverOptions {
  threadId: string;
  storage: PersistencePort | undefined;
  storageKey: string;
  saveIntervalMs: number;
  maxSnapshotChars: number | undefined;
  now: () => number;
}

export interface StoreSaver {
  /** Saves the thread when it changed since the last save. */
  save(): void;
  /** Saves while a run streams: at the end, or once `saveIntervalMs` passed since the last save. */
  saveStreaming(terminal: boolean): void;
  /** What one streamed event means for storage: `revoked` forgets the thread; a run streaming again ends that. */
  watchAccess(event: { type: string; code?: unknown }): void;
  /**
   * The stored thread, checked, or undefined (none, unreadable, another
   * thread's: the last two leave a diagnostic). `wanted` is asked after the
   * read: false (the store was disposed meanwhile) drops what was read.
   */
  read(wanted: () => boolean): Promise<ThreadSnapshot | undefined>;
}

const words = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createStoreSaver(o: StoreSaverOptions, hub: StoreDispatcher): StoreSaver {
  const { storage, storageKey, now } = o;
  const encodeSnapshot = createSnapshotEncoder();
  let lastSavedAt = -Infinity;
  let savedState: ThreadState | undefined;
  /** The thread was revoked: its copy is gone from storage, and is not written again until a run streams the turn. */
  let forgotten = false;

  const problem = (kind: 'storage' | 'bad_snapshot', message: string) => hub.dispatch({ type: 'thread/diagnostic', kind, message, at: now() });

  function save(): void {
    const state = hub.state;
    if (!storage || forgotten || state === savedState) return; // nothing changed since the last save
    savedState = state;
    lastSavedAt = now();
    try {
      const written = writeSnapshot(storage, storageKey, takeSnapshot(state, lastSavedAt), encodeSnapshot, o.maxSnapshotChars ?? DEFAULT_MAX_SNAPSHOT_CHARS);
      if ('error' in written) return problem('storage', `not saved: ${written.error}`);
      const done = written.done;
      if (done && typeof done.catch === 'function') done.catch((err: unknown) => problem('storage', `not saved: ${String(err)}`));
    } catch (err) {
      problem('storage', `not saved: ${words(err)}`);
    }
  }

  /** The person may no longer read the thread (`revoked`): its copy in storage goes, and nothing is saved again until a run streams the turn again. */
  function forget(): void {
    if (!storage) return;
    forgotten = true;
    removeSnapshot(storage, storageKey, (why) => problem('storage', `not removed: ${why}`));
    hub.dispatch({ type: 'thread/storage-cleared', reason: 'revoked', at: now() });
  }

  return {
    save,
    saveStreaming(terminal) {
      if (terminal || now() - lastSavedAt >= o.saveIntervalMs) save();
    },
    watchAccess(e) {
      if (e.type === EventType.RUN_ERROR && e.code === 'revoked') forget();
      else if (forgotten && e.type !== EventType.RUN_STARTED && e.type !== EventType.RUN_ERROR) forgotten = false;
    },
    async read(wanted) {
      if (!storage) return undefined;
      let raw: unknown;
      try {
        raw = await readSnapshot(storage, storageKey, encodeSnapshot);
      } catch (err) {
        problem('storage', `stored thread ignored: ${words(err)}`);
        hub.flushNow();
        return undefined;
      }
      if (!wanted() || raw === undefined || raw === null) return undefined;
      const parsed = parseSnapshot(raw);
      if (parsed.ok && parsed.snapshot.threadId === o.threadId) return parsed.snapshot;
      problem('bad_snapshot', `stored thread ignored: ${parsed.ok ? `it is thread ${parsed.snapshot.threadId}` : parsed.error}`);
      hub.flushNow();
      return undefined;
    },
  };
}
