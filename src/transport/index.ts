/**
 * The transport: a run over POST + Server-Sent Events that survives the
 * network (reconnecting with Last-Event-ID), its SSE parser, its error type,
 * and recordings with their replay.
 */
export { SseParser, SseByteParser } from './sse-parser.js';
export type { SseMessage, SseParserHandlers, SseParserStats } from './sse-parser.js';
export { TransportError, isTransportError } from './errors.js';
export type { TransportErrorCode, TransportErrorDetails } from './errors.js';
export { openRun, openRunBatches } from './open-run.js';
export type { BatchedRunTransport, ConnectionState, OpenRunOptions, RunRequest, RunTransport, StreamedBatch, StreamEnd } from './open-run.js';
export { DEFAULT_RECONNECT, backoffDelay, parseRetryAfter, abortableSleep } from './backoff.js';
export type { ReconnectOptions } from './backoff.js';
export { isRetryableStatus } from './response.js';
export { parseRecording, toNdjson, replayRun, createReplayStepper, createReplayTransport } from './replay.js';
export type { RecordedEvent, RecordingSource, ReplayOptions, ReplayStepper } from './replay.js';
