/**
 * The recorder: taps a thread store (`onRecord`, `getState`) and keeps what
 * the inspector shows — every raw event with its SSE id, arrival time and
 * size; every request sent (never headers); reconnects with the Last-Event-ID
 * used; each STATE_DELTA with the board before and after (the store's own
 * structurally shared values) and whether it applied; resume entries sent,
 * their `oz0.resume` outcomes and the RUN_ERRORs they caused.
 *
 * Memory is bounded by a ring of `maxEntries` entries and `maxBytes` bytes;
 * `dropped` counts what fell out. Redaction happens at record time.
 * No DOM: it runs in a page, a worker or Node.
 */
import type { ThreadRecord, ThreadState } from '../thread/index.js';
import type { RecorderEntry, RecorderEntryKind } from './entries.js';
import { RecordBuffer, type RecordBounds, type Recording } from './record-buffer.js';
import { createRecordTap } from './record-tap.js';
import { createRedactor, type RedactOption, type Redactor } from './redact.js';

export type { RecordBounds, RecorderDropped, RecorderFilter, Recording } from './record-buffer.js';
export { createRecordingLog, importRecording, type RecordingLog } from './recording-log.js';

/** What the recorder needs of a thread store. */
export interface RecordableStore {
  getState(): ThreadState;
  onRecord(listener: (record: ThreadRecord) => void): () => void;
}

export interface RecorderOptions extends RecordBounds {
  /** Masking at record time: false, presets, or a callback. Default: every preset when `production`, else off. */
  redact?: RedactOption;
  /** A production build: redaction defaults to on. */
  production?: boolean;
}

export interface Recorder extends Recording {
  /** Stops recording (keeps what was recorded). */
  stop(): void;
  /** Forgets every entry (the dropped counts stay). */
  clear(): void;
}

/** Starts recording a thread store; `stop()` ends it. */
export function createRecorder(store: RecordableStore, options: RecorderOptions = {}): Recorder {
  const buf = new RecordBuffer(options);
  const redactor: Redactor = createRedactor(options.redact, options.production === true);
  buf.masksBoards = redactor.masksBoards;
  const tap = createRecordTap(store, buf, redactor);
  buf.settle = tap.settle;
  const settle = tap.settle;

  let off: (() => void) | undefined = store.onRecord(tap.onRecord);
  // The read side as imports have it (record-buffer.ts), and the two calls only a live recorder has.
  const recorder = Object.defineProperties(buf.reading(), {
    stop: {
      value: () => {
        settle();
        off?.();
        off = undefined;
      },
    },
    clear: {
      value: () => {
        settle();
        buf.ring.clear();
      },
    },
  }) as Recorder;
  return recorder;
}

export type { RecorderEntry, RecorderEntryKind };
