/**
 * What the panel shows recordings of: chats found by id (`for`), stores given
 * directly, imports and followed feed runs. One recorder per store; a chat
 * whose store is replaced gets a new recording (the old one stays listed).
 */
import { createRecorder, type Recorder, type RecorderOptions, type Recording } from '../../src/recorder/index.js';
import type { ThreadState } from '../../src/thread/index.js';

/** What a source needs of a store: the recorder's tap and a subscription for redraws. */
export interface InspectableStore {
  readonly threadId: string;
  getState(): ThreadState;
  subscribe(listener: (s: ThreadState) => void): () => void;
  onRecord(listener: (record: never) => void): () => void;
}

export interface Source {
  key: string;
  label: string;
  recording: Recording;
  recorder?: Recorder;
  store?: InspectableStore;
  /** The chat's id, for chats found by `for`. */
  chatId?: string;
  off?: () => void;
}

/** Starts recording a store; `changed` runs (at most once per frame) when it records more. */
export function recordStore(key: string, label: string, store: InspectableStore, options: RecorderOptions, changed: () => void): Source {
  const recorder = createRecorder(store as unknown as Parameters<typeof createRecorder>[0], options);
  let frame = 0;
  const bump = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      changed();
    });
  };
  const unsubscribe = store.subscribe(bump);
  const offRecord = store.onRecord(bump as never);
  return {
    key,
    label,
    recording: recorder,
    recorder,
    store,
    off: () => {
      unsubscribe();
      offRecord();
      if (frame) cancelAnimationFrame(frame);
      recorder.stop();
    },
  };
}

/** The person's words of each turn, from the requests a live recording kept (for replays). */
export function userTextsOf(recording: Recording): string[] {
  const out: string[] = [];
  for (const e of recording.entries()) {
    if (e.kind !== 'request' || e.body.resume?.length) continue;
    const last = e.body.messages.at(-1) as { role?: string; content?: unknown } | undefined;
    if (last?.role === 'user' && typeof last.content === 'string') out.push(last.content);
  }
  return out;
}
