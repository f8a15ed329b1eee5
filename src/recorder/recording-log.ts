/**
 * Recordings that are not taps: a log that grows by `add` (a followed feed)
 * and an imported NDJSON recording (the replay format).
 */
import { parseRecording } from '../transport/index.js';
import type { RecordedEvent } from '../transport/index.js';
import { utf8Length } from './entries.js';
import { createJobTracker } from './job-of.js';
import { DEFAULT_MAX_ENTRIES, RecordBuffer, type RecordBounds, type Recording } from './record-buffer.js';

/** A recording filled from replay records (an import, a followed feed): `add` appends one. */
export interface RecordingLog extends Recording {
  add(record: RecordedEvent): void;
}

/** An empty recording of events that grows by `add` (bounded as a recorder is). */
export function createRecordingLog(options: RecordBounds = {}): RecordingLog {
  const buf = new RecordBuffer({ maxEntries: Math.max(options.maxEntries ?? DEFAULT_MAX_ENTRIES, 1), ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}) });
  const jobOf = createJobTracker();
  const read = buf.reading();
  return Object.defineProperties(read, {
    add: {
      value: (r: RecordedEvent) => {
        const bytes = utf8Length(JSON.stringify(r.event)) + (r.id ? utf8Length(r.id) : 0);
        buf.push(buf.eventEntry(r.t, r.id ?? undefined, r.event, bytes, jobOf(r.event)));
      },
    },
  }) as RecordingLog;
}

/**
 * Reads an exported NDJSON recording (the replay format) into a recording:
 * its events, with `at` = their `t`. Throws the TransportError of
 * `parseRecording` (`malformed_event`) naming a bad line.
 */
export function importRecording(text: string, options: RecordBounds = {}): Recording {
  const records = parseRecording(text);
  const log = createRecordingLog(options);
  for (const r of records) log.add(r);
  return log;
}
