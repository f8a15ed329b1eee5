/**
 * The recorder (no DOM, no Lit): taps a thread store for the inspector.
 * See {@link createRecorder}.
 */
export { createRecorder, createRecordingLog, importRecording } from './recorder.js';
export type { Recorder, RecorderOptions, RecorderFilter, RecorderDropped, Recording, RecordableStore, RecordingLog } from './recorder.js';
export type * from './entries.js';
export { utf8Length, jsonBytes } from './entries.js';
export { maskString, maskDeep, maskBoard, createRedactor, REDACT_PRESETS } from './redact.js';
export type { RedactPreset, RedactOption, RedactCallback, RedactTarget, Redactor } from './redact.js';
export { Ring } from './ring.js';
export type { RingDropped } from './ring.js';
