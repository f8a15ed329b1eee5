/**
 * `oz-agui/inspector`: the devtools panel `<oz-inspector>` and its tabs, as
 * classes (import `oz-agui/inspector/define` to register the tags). A
 * separate entry: the chat's bundle does not carry it.
 */
export { OzInspector } from './inspector/inspector.js';
export { OzInspectorEvents } from './events-tab/events-tab.js';
export { OzInspectorState } from './state-tab/state-tab.js';
export { OzInspectorInterrupts } from './interrupts-tab/interrupts-tab.js';
export { OzInspectorRequests } from './requests-tab/requests-tab.js';
export { OzInspectorTimeline } from './timeline-tab/timeline-tab.js';
export { OzInspectorRuns, OzInspectorFollowEvent } from './runs-list/runs-list.js';
export type { InspectFeedFactory } from './runs-list/feed-types.js';
export { openInspectionFeed, createInspectFeed, InspectFeedError, isInspectFeedError, type InspectFeed, type InspectFeedInit, type InspectRunSummary } from './feed/index.js';
export { OzInspectorImportEvent, OzInspectorSelectEvent, OzInspectorToggleEvent } from './shared/events.js';
export { DEFAULT_INSPECTOR_STRINGS, resolveInspectorStrings, type InspectorStrings } from './shared/strings.js';
export { createReplayStore, type ReplayStore, type ReplayStoreOptions, type ReplayPlayOptions } from './replay/replay-store.js';
export { boardAt, interruptTraces, spansOf, type BoardMoment, type InterruptTrace, type Span } from './shared/model.js';
export { createRecorder, createRecordingLog, importRecording, maskBoard, REDACT_PRESETS } from '../src/recorder/index.js';
export type { Recorder, RecorderOptions, Recording, RecordingLog, RecorderEntry } from '../src/recorder/index.js';
