/**
 * The panel's tabs: which there are, the tablist (arrow keys, Home and End
 * move between tabs, as the ARIA tabs pattern says) and the open tab's panel,
 * each tab element given the recording shown.
 */
import { html } from 'lit';
import type { Recording } from '../../src/recorder/index.js';
import type { OzInspectorSelectEvent } from '../shared/events.js';
import type { InspectorStrings } from '../shared/strings.js';

export const TABS = ['events', 'state', 'interrupts', 'requests', 'timeline'] as const;
export type Tab = (typeof TABS)[number];

/** The tab a key moves to from `tab`, or undefined for a key that moves nothing. */
export function tabAfterKey(tab: Tab, key: string): Tab | undefined {
  const i = TABS.indexOf(tab);
  if (key === 'ArrowRight') return TABS[(i + 1) % TABS.length];
  if (key === 'ArrowLeft') return TABS[(i - 1 + TABS.length) % TABS.length];
  if (key === 'Home') return TABS[0];
  if (key === 'End') return TABS[TABS.length - 1];
  return undefined;
}

/** The tablist: the open tab is the one in the tab order. */
export function renderTablist(t: InspectorStrings, open: Tab, choose: (tab: Tab) => void, onKey: (e: KeyboardEvent) => void) {
  return html`<div role="tablist" part="tablist" aria-label=${t.tablist} @keydown=${onKey}>
    ${TABS.map(
      (tab) => html`<button
        role="tab"
        part="tab"
        id="tab-${tab}"
        aria-selected=${tab === open ? 'true' : 'false'}
        aria-controls="panel"
        tabindex=${tab === open ? 0 : -1}
        @click=${() => choose(tab)}
      >
        ${t.tabs[tab]}
      </button>`,
    )}
  </div>`;
}

export interface TabPanelContext {
  recording: Recording | undefined;
  revision: number;
  strings: Partial<InspectorStrings> | undefined;
  theme: 'dark' | 'light' | undefined;
  /** The entry selected in the Events tab: the State tab shows the board as it was then. */
  selectedSeq: number | undefined;
  select(seq: number): void;
}

/** The open tab's element. */
export function renderTab(tab: Tab, c: TabPanelContext) {
  switch (tab) {
    case 'events':
      return html`<oz-inspector-events
        .recording=${c.recording}
        .revision=${c.revision}
        .strings=${c.strings}
        .theme=${c.theme}
        @oz-inspector-select=${(e: OzInspectorSelectEvent) => c.select(e.entry.seq)}
      ></oz-inspector-events>`;
    case 'state':
      return html`<oz-inspector-state .recording=${c.recording} .revision=${c.revision} .strings=${c.strings} .theme=${c.theme} .at=${c.selectedSeq}></oz-inspector-state>`;
    case 'interrupts':
      return html`<oz-inspector-interrupts .recording=${c.recording} .revision=${c.revision} .strings=${c.strings} .theme=${c.theme}></oz-inspector-interrupts>`;
    case 'requests':
      return html`<oz-inspector-requests .recording=${c.recording} .revision=${c.revision} .strings=${c.strings} .theme=${c.theme}></oz-inspector-requests>`;
    case 'timeline':
      return html`<oz-inspector-timeline .recording=${c.recording} .revision=${c.revision} .strings=${c.strings} .theme=${c.theme}></oz-inspector-timeline>`;
  }
}
