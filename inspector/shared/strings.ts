/**
 * Every string the inspector shows, in English by default. Pass a partial
 * object to `<oz-inspector>`'s `strings` property (it hands them to its tabs)
 * to replace any of them.
 */
import type { StreamEndEntry } from '../../src/recorder/index.js';

export interface InspectorStrings {
  title: string;
  tablist: string;
  tabs: Record<'events' | 'state' | 'interrupts' | 'requests' | 'timeline', string>;
  source: string;
  noSource: string;
  imported: (name: string) => string;
  chatSource: (chat: string, thread: string) => string;
  kept: (entries: number, kb: number) => string;
  dropped: (entries: number, events: number) => string;
  redacted: string;
  exportLabel: string;
  importLabel: string;
  importError: (why: string) => string;
  clear: string;
  close: string;
  // replay
  replayLabel: string;
  replayTarget: string;
  replayNoTarget: string;
  play: string;
  pause: string;
  step: string;
  reset: string;
  speed: string;
  speedAsFast: string;
  replayPosition: (at: number, total: number) => string;
  // events
  filterType: string;
  filterAllTypes: string;
  filterJob: string;
  filterAllJobs: string;
  filterText: string;
  eventsLabel: (shown: number, total: number) => string;
  noEvents: string;
  selectHint: string;
  sseId: string;
  arrived: string;
  size: string;
  bytes: (n: number) => string;
  // state
  boardEvents: string;
  noBoardEvents: string;
  boardThen: string;
  patchOps: string;
  before: string;
  after: string;
  patchFailed: (why: string) => string;
  patchSkipped: string;
  patchApplied: string;
  /** A note of the board then arrived malformed: its id and the fields that were missing or of the wrong type. */
  notesInvalid: (notes: string) => string;
  masked: string;
  // interrupts
  noInterrupts: string;
  requested: string;
  deadline: string;
  deciders: string;
  answer: string;
  outcome: string;
  notAnswered: string;
  // requests
  noRequests: string;
  request: string;
  reconnect: (attempt: number) => string;
  lastEventId: string;
  keepAlives: (n: number) => string;
  streamEnd: (how: StreamEndEntry['how'], healthy: boolean) => string;
  streamFigures: (events: number, seconds: number) => string;
  history: (n: number) => string;
  resumeCarried: (n: number) => string;
  // timeline
  noTimeline: string;
  timelineLabel: string;
  lane: Record<'run' | 'step' | 'wait', string>;
  // runs feed
  runsLabel: string;
  noRuns: string;
  follow: string;
  following: (runId: string) => string;
  feedError: (why: string) => string;
  refresh: string;
  runDropped: (n: number) => string;
  runStatus: Record<'running' | 'finished' | 'interrupted' | 'error' | 'dropped', string>;
}

export const DEFAULT_INSPECTOR_STRINGS: Readonly<InspectorStrings> = Object.freeze<InspectorStrings>({
  title: 'Inspector',
  tablist: 'Inspector views',
  tabs: { events: 'Events', state: 'State', interrupts: 'Interrupts', requests: 'Requests', timeline: 'Timeline' },
  source: 'Recording',
  noSource: 'Nothing recorded yet: point the inspector at a chat, or import a recording.',
  imported: (name) => `Imported: ${name}`,
  chatSource: (chat, thread) => `${chat} · ${thread}`,
  kept: (entries, kb) => `${entries.toLocaleString()} kept (${kb.toLocaleString()} kB)`,
  dropped: (entries, events) => `${entries.toLocaleString()} dropped (${events.toLocaleString()} events)`,
  redacted: 'Redacted',
  exportLabel: 'Export NDJSON',
  importLabel: 'Import NDJSON',
  importError: (why) => `The file could not be imported: ${why}`,
  clear: 'Clear',
  close: 'Close inspector',
  replayLabel: 'Replay',
  replayTarget: 'Into chat',
  replayNoTarget: 'No chat to replay into',
  play: 'Play',
  pause: 'Pause',
  step: 'Step',
  reset: 'Reset',
  speed: 'Speed',
  speedAsFast: 'As fast as possible',
  replayPosition: (at, total) => `${at} of ${total} events played`,
  filterType: 'Type',
  filterAllTypes: 'All types',
  filterJob: 'Job',
  filterAllJobs: 'All jobs',
  filterText: 'Search',
  eventsLabel: (shown, total) => `${shown.toLocaleString()} of ${total.toLocaleString()} entries`,
  noEvents: 'No entry matches.',
  selectHint: 'Select an entry to see it whole.',
  sseId: 'SSE id',
  arrived: 'Arrived',
  size: 'Size',
  bytes: (n) => `${n.toLocaleString()} bytes`,
  boardEvents: 'Board events',
  noBoardEvents: 'No STATE_SNAPSHOT or STATE_DELTA was recorded.',
  boardThen: 'The board then',
  patchOps: 'Patch operations',
  before: 'Before',
  after: 'After',
  patchFailed: (why) => `Failed: ${why}`,
  patchSkipped: 'Skipped: the board was already stale',
  patchApplied: 'Applied',
  notesInvalid: (notes) => `Malformed notes (shown with what could be read): ${notes}`,
  masked: 'Note texts are masked (redaction).',
  noInterrupts: 'No interrupt was recorded.',
  requested: 'Requested',
  deadline: 'Deadline',
  deciders: 'Decides',
  answer: 'Answer',
  outcome: 'Outcome',
  notAnswered: 'Not answered',
  noRequests: 'No request was recorded (imported recordings hold events only).',
  request: 'Request',
  reconnect: (attempt) => `Reconnect (attempt ${attempt})`,
  lastEventId: 'Last-Event-ID',
  keepAlives: (n) => (n === 1 ? '1 keep-alive' : `${n} keep-alives`),
  streamEnd: (how, healthy) =>
    how === 'done' ? 'Stream ended with the run' : how === 'ended' ? (healthy ? 'Ended by the server (followed on)' : 'Ended early, empty') : healthy ? 'Dropped (followed on)' : 'Dropped',
  streamFigures: (events, seconds) => `${events} ${events === 1 ? 'event' : 'events'} · open ${seconds} s`,
  history: (n) => (n === 1 ? '1 message of history' : `${n} messages of history`),
  resumeCarried: (n) => (n === 1 ? '1 resume entry' : `${n} resume entries`),
  noTimeline: 'No run was recorded.',
  timelineLabel: 'Runs, steps and waits over time',
  lane: { run: 'Run', step: 'Step', wait: 'Wait' },
  runsLabel: 'Runs through the proxy',
  noRuns: 'No run is passing through the proxy.',
  follow: 'Follow',
  following: (runId) => `Following ${runId}`,
  feedError: (why) => `The inspection feed failed: ${why}`,
  refresh: 'Refresh',
  runDropped: (n) => `${n.toLocaleString()} not kept`,
  runStatus: { running: 'Running', finished: 'Finished', interrupted: 'Interrupted', error: 'Error', dropped: 'Dropped' },
});

/** Merges an app's partial strings over the defaults (one level deep for the nested maps). */
export function resolveInspectorStrings(partial?: Partial<InspectorStrings>): InspectorStrings {
  if (!partial) return DEFAULT_INSPECTOR_STRINGS;
  return {
    ...DEFAULT_INSPECTOR_STRINGS,
    ...partial,
    tabs: { ...DEFAULT_INSPECTOR_STRINGS.tabs, ...partial.tabs },
    lane: { ...DEFAULT_INSPECTOR_STRINGS.lane, ...partial.lane },
    runStatus: { ...DEFAULT_INSPECTOR_STRINGS.runStatus, ...partial.runStatus },
  };
}

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
const NUMBER = new Intl.NumberFormat();

/** A time of day with milliseconds (a recording's `at`); small values (imports: ms from the start) as `+n ms`. */
export function formatAt(at: number): string {
  if (at < 1e11) return `+${NUMBER.format(at)} ms`;
  return `${TIME.format(at)}.${String(Math.floor(at) % 1000).padStart(3, '0')}`;
}
