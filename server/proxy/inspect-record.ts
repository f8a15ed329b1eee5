/**
 * How one SSE frame of a person's stream becomes a line of its run's record:
 * a repeat (by SSE id) is dropped, secrets are scrubbed, the recorder's
 * redaction applied (a failing one keeps nothing of that event, never the
 * unredacted one), the run's end noted, and the line kept only within the
 * run's byte bound. Kept apart from the stream's plumbing so that what is
 * recorded, and redacted, is read in one place.
 */
import { isTerminalEvent, type AguiEvent } from '../../src/protocol/index.js';
import { createRedactor, REDACT_PRESETS, type RedactOption, type Redactor } from '../../src/recorder/redact.js';
import type { SseMessage } from '../../src/transport/sse-parser.js';
import { scrub } from './errors.js';
import type { ProxyLogger } from './forward.js';
import type { InspectRun, InspectRunStatus } from './inspect-run.js';

/** Records one frame of a stream into its run. */
export type RecordFrame = (run: InspectRun, m: SseMessage, secrets: readonly string[]) => void;

/** The redactor of the `inspect.redact` option (default: every preset), its errors worded for the proxy. */
export function inspectRedactor(redact: RedactOption | undefined): Redactor {
  try {
    return createRedactor(redact ?? REDACT_PRESETS, true);
  } catch (err) {
    throw new TypeError(`createAguiProxy: inspect.redact: ${(err as Error).message.replace(/^createRecorder: /, '')}`);
  }
}

function statusOf(event: AguiEvent): InspectRunStatus {
  if (event.type === 'RUN_ERROR') return 'error';
  const outcome = (event as { outcome?: { type?: unknown } }).outcome;
  return outcome?.type === 'interrupt' ? 'interrupted' : 'finished';
}

/** The frame's data as an event, or undefined when it is none (not JSON, or no object with a type). */
function eventOf(data: string, secrets: readonly string[]): AguiEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(scrub(data, secrets));
  } catch {
    return undefined; // not JSON: not an event, not recorded
  }
  // Only the shape the feed needs (an object with a type): the inspector validates what it shows,
  // and a full schema check here would cost every run's throughput.
  if (!value || typeof value !== 'object' || Array.isArray(value) || typeof (value as { type?: unknown }).type !== 'string') return undefined;
  return value as AguiEvent;
}

/** Creates the recording of frames, redacted by `redactor`, each line at most `maxBytesPerRun`. */
export function frameRecorder(redactor: Redactor, maxBytesPerRun: number, now: () => number, logger: ProxyLogger): RecordFrame {
  return (run, m, secrets) => {
    const ownId = m.ownId ? m.id : undefined;
    if (ownId !== undefined && run.ids.has(ownId)) return; // a repeat (two tabs on one run, an older Last-Event-ID)
    run.messages += 1;
    if (m.data.length > maxBytesPerRun) {
      run.events += 1;
      run.skipped += 1;
      run.mirror?.event({ sseId: ownId, line: undefined, bytes: 0, terminal: undefined, at: now() });
      return;
    }
    const value = eventOf(m.data, secrets);
    if (!value) return;
    run.events += 1;
    const terminal = isTerminalEvent(value) ? statusOf(value) : undefined;
    if (terminal && !run.ended) {
      run.status = terminal;
      run.endedAt = now();
    }
    let event: AguiEvent;
    try {
      event = redactor.event(value);
    } catch (err) {
      // A redaction callback that fails keeps nothing of that event (never the unredacted one).
      run.skipped += 1;
      run.mirror?.event({ sseId: ownId, line: undefined, bytes: 0, terminal, at: now() });
      logger.warn(`oz-agui-proxy: inspect.redact threw (${err instanceof Error ? err.name : 'error'}); the event was not kept`);
      return;
    }
    const line = JSON.stringify({ id: m.id === undefined ? null : scrub(m.id, secrets), event, t: Math.max(0, now() - run.startedAt) });
    const bytes = Buffer.byteLength(line);
    const kept = bytes <= maxBytesPerRun;
    if (!kept) run.skipped += 1;
    else {
      run.seq += 1;
      run.ring.push({ seq: run.seq, line, bytes, id: ownId });
      if (ownId !== undefined) run.ids.add(ownId);
    }
    run.mirror?.event({ sseId: ownId, line: kept ? line : undefined, bytes: kept ? bytes : 0, terminal, at: now() });
  };
}
