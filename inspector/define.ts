/**
 * Registers the inspector's tags (`import 'oz-agui/inspector/define'`, or
 * `await import('oz-agui/inspector/define')` when the panel is opened: the
 * chat's bundle does not carry it). A tag already defined is left alone.
 */
import { OzInspectorEvents } from './events-tab/events-tab.js';
import { OzInspector } from './inspector/inspector.js';
import { OzInspectorInterrupts } from './interrupts-tab/interrupts-tab.js';
import { OzInspectorRequests } from './requests-tab/requests-tab.js';
import { OzInspectorRuns } from './runs-list/runs-list.js';
import { OzInspectorState } from './state-tab/state-tab.js';
import { OzInspectorTimeline } from './timeline-tab/timeline-tab.js';

const TAGS: ReadonlyArray<readonly [string, CustomElementConstructor]> = [
  ['oz-inspector-events', OzInspectorEvents],
  ['oz-inspector-state', OzInspectorState],
  ['oz-inspector-interrupts', OzInspectorInterrupts],
  ['oz-inspector-requests', OzInspectorRequests],
  ['oz-inspector-timeline', OzInspectorTimeline],
  ['oz-inspector-runs', OzInspectorRuns],
  ['oz-inspector', OzInspector],
];

/** Defines every inspector tag not defined yet. */
export function defineInspector(): void {
  for (const [tag, ctor] of TAGS) {
    if (!customElements.get(tag)) customElements.define(tag, ctor);
  }
}

defineInspector();
