/**
 * Turns RUN_ERROR events and transport failures into ErrorViews: the code, the
 * catalogue's meaning and action, spend refusals and details, never a raw
 * exception or a token.
 */
import type { ClientErrorKey, RunErrorEvent } from '../protocol/index.js';
import { codeForStatus, describeError, META, readRunErrorDetails, readSpendRefusal, readConsoleLink, readWaitingForOthers } from '../protocol/index.js';
import type { TransportFailure } from './actions.js';
import type { ErrorView } from './state.js';

/** Codes whose run sending again may help (the job's end, or the service). */
const RETRYABLE = new Set(['failed', 'timed_out', 'unavailable', 'resource_exhausted']);

/**
 * An ErrorView from a RUN_ERROR. A spend refusal reads as a limit whatever the
 * code (describeError), and is never retryable: the same run meets the same limit.
 */
export function runErrorView(event: RunErrorEvent, runId: string | undefined, at: number | undefined): ErrorView {
  const spend = readSpendRefusal(event.rawEvent);
  const entry = describeError(event.code, undefined, spend);
  const meta = event.metadata && typeof event.metadata === 'object' ? (event.metadata as Record<string, unknown>) : undefined;
  const waiting = readWaitingForOthers(meta?.[META.waitingForOthers]);
  const view: ErrorView = {
    code: entry.code,
    message: typeof event.message === 'string' ? event.message : '',
    meaning: entry.meaning,
    action: entry.action,
    source: 'run',
    retryable: !spend && RETRYABLE.has(entry.code),
    details: readRunErrorDetails(event.metadata),
    ...(spend ? { spend } : {}),
    ...(waiting.length ? { waitingForOthers: waiting } : {}),
    ...(runId ? { runId } : {}),
    ...(at !== undefined ? { at } : {}),
  };
  return view;
}

/**
 * An ErrorView from a transport failure (refused request, network, malformed
 * stream). `reconnect`: it happened while following again a run OZ had taken.
 */
export function transportErrorView(error: TransportFailure, runId: string | undefined, at: number, reconnect = false): ErrorView {
  const http = error.code === 'http_error';
  const code = http ? (error.serverCode ?? error.body?.code ?? codeForStatus(error.status)) : error.code === 'network' || error.code === 'gave_up' ? 'unavailable' : 'unknown';
  const entry = describeError(code);
  const console = readConsoleLink(error.body?.console);
  return {
    code: entry.code,
    message: (http ? error.body?.message : undefined) ?? error.message,
    meaning: entry.meaning,
    action: entry.action,
    source: http ? 'http' : error.code === 'malformed_event' || error.code === 'bad_response' ? 'stream' : 'network',
    retryable: error.retryable,
    details: {},
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(console ? { console } : {}),
    ...(reconnect ? { reconnect } : {}),
    ...(runId ? { runId } : {}),
    at,
  };
}

/** An ErrorView for what the client met itself (CLIENT_ERROR_KEYS: nothing to load). */
export function clientErrorView(code: ClientErrorKey, message: string, at: number): ErrorView {
  const entry = describeError(code);
  return { code, message, meaning: entry.meaning, action: entry.action, source: 'client', retryable: false, details: {}, at };
}

/** The error of a stream that ended before the run did (no RUN_FINISHED or RUN_ERROR). */
export function streamEndedView(runId: string | undefined, at: number): ErrorView {
  const entry = describeError('unavailable');
  return {
    code: entry.code,
    message: 'The stream ended before the run finished.',
    meaning: entry.meaning,
    action: entry.action,
    source: 'stream',
    retryable: true,
    details: {},
    ...(runId ? { runId } : {}),
    at,
  };
}
