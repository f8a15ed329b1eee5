/**
 * The recorder's tap: each record of a thread store as the entries the
 * inspector shows. A STATE_DELTA gets the board before it and, once the store
 * has reduced it (`settle`), after it and whether it applied; a resume's
 * request, its `oz0.resume` outcomes and the RUN_ERRORs of its run are tied
 * together by runId. Everything is redacted here, before it is kept.
 */
import { OZ_RESUME, readOzResume } from '../protocol/index.js';
import type { StreamedEvent } from '../protocol/index.js';
import type { ThreadRecord, ThreadState } from '../thread/index.js';
import { jsonBytes, utf8Length, type StateDeltaEntry } from './entries.js';
import { createJobTracker } from './job-of.js';
import { REF_BYTES, type RecordBuffer } from './record-buffer.js';
import type { Redactor } from './redact.js';

export interface RecordTap {
  onRecord(record: ThreadRecord): void;
  /** Fills the last STATE_DELTA's `after`: the store reduces an event right after recording it. */
  settle(): void;
}

export function createRecordTap(store: { getState(): ThreadState }, buf: RecordBuffer, redactor: Redactor): RecordTap {
  const jobOf = createJobTracker();
  let pending: { entry: StateDeltaEntry; before: ThreadState['board'] } | undefined;
  let resumeRunId: string | undefined;
  let resumeRequestRunId: string | undefined;

  function settle(): void {
    if (!pending) return;
    const { entry, before } = pending;
    pending = undefined;
    const after = store.getState().board;
    entry.after = after.value;
    entry.skipped = before.stale;
    const failed = after.lastPatchError !== undefined && after.lastPatchError !== before.lastPatchError;
    entry.applied = !before.stale && !failed && !after.stale;
    entry.error = failed ? after.lastPatchError : undefined;
  }

  function onEvent(at: number, streamed: StreamedEvent): void {
    const raw = streamed.event;
    const bytes = utf8Length(JSON.stringify(raw)) + (streamed.id ? utf8Length(streamed.id) : 0);
    const event = redactor.event(raw);
    const job = jobOf(raw);
    const entry = buf.eventEntry(at, streamed.id, event, bytes, job);
    buf.push(entry);
    const e = raw as unknown as Record<string, unknown>;
    if (e.type === 'STATE_DELTA') {
      const board = store.getState().board;
      const patch = (event as unknown as { delta?: unknown }).delta;
      const delta: StateDeltaEntry = {
        kind: 'state-delta',
        seq: buf.seq++,
        at,
        bytes: REF_BYTES,
        id: streamed.id,
        eventSeq: entry.seq,
        patch: Array.isArray(patch) ? patch : [],
        before: board.value,
        after: undefined,
        applied: undefined,
        skipped: undefined,
        error: undefined,
      };
      buf.push(delta);
      pending = { entry: delta, before: board };
      queueMicrotask(settle);
    } else if (e.type === 'RUN_STARTED') {
      if (resumeRequestRunId !== undefined) resumeRunId = resumeRequestRunId;
    } else if (e.type === 'CUSTOM' && e.name === OZ_RESUME) {
      const v = readOzResume(e.value);
      if (v) {
        buf.push({
          kind: 'resume-outcome',
          seq: buf.seq++,
          at,
          bytes: REF_BYTES,
          runId: resumeRunId ?? resumeRequestRunId,
          id: streamed.id,
          interruptId: v.interruptId,
          outcome: v.outcome,
          approved: v.approved,
        });
      }
    } else if (e.type === 'RUN_ERROR' && resumeRequestRunId !== undefined) {
      const code = typeof e.code === 'string' ? e.code : undefined;
      const message = typeof e.message === 'string' ? e.message : '';
      buf.push({ kind: 'resume-error', seq: buf.seq++, at, bytes: REF_BYTES + utf8Length(message), runId: resumeRunId ?? resumeRequestRunId, id: streamed.id, code, message });
    }
  }

  function onRecord(r: ThreadRecord): void {
    settle();
    switch (r.kind) {
      case 'event':
        return onEvent(r.at, r.streamed);
      case 'request': {
        const body = redactor.request(r.body);
        const bytes = jsonBytes(r.body) + utf8Length(r.url);
        if (r.attempt > 0 || r.lastEventId !== undefined) {
          buf.push({ kind: 'reconnect', seq: buf.seq++, at: r.at, bytes, url: r.url, body, attempt: r.attempt, lastEventId: r.lastEventId });
          return;
        }
        buf.push({ kind: 'request', seq: buf.seq++, at: r.at, bytes, url: r.url, body });
        const entries = body.resume;
        resumeRunId = undefined;
        resumeRequestRunId = entries && entries.length > 0 ? body.runId : undefined;
        if (entries && entries.length > 0) buf.push({ kind: 'resume-sent', seq: buf.seq++, at: r.at, bytes: REF_BYTES, runId: body.runId, entries });
        return;
      }
      case 'connection':
        return buf.push({ kind: 'connection', seq: buf.seq++, at: r.at, bytes: jsonBytes(r.state), state: r.state });
      case 'invalid':
        return buf.push({ kind: 'invalid', seq: buf.seq++, at: r.at, bytes: utf8Length(r.data) + utf8Length(r.error), id: r.id, data: redactor.raw(r.data), error: r.error });
      case 'error':
        return buf.push({ kind: 'error', seq: buf.seq++, at: r.at, bytes: jsonBytes(r.error), error: r.error });
      case 'keep-alive':
        return buf.push({ kind: 'keep-alive', seq: buf.seq++, at: r.at, bytes: REF_BYTES });
      case 'stream-end': {
        const { kind: _kind, at, lastEventId, ...end } = r;
        void _kind;
        return buf.push({ kind: 'stream-end', seq: buf.seq++, at, bytes: REF_BYTES + utf8Length(lastEventId ?? ''), ...end, lastEventId });
      }
    }
  }

  return { onRecord, settle };
}
