import type { RecorderEntry } from '../../src/recorder/index.js';

const INIT: EventInit = { bubbles: true, composed: true };

/** An entry was selected in a tab (the events list, a board event). */
export class OzInspectorSelectEvent extends Event {
  static readonly eventName = 'oz-inspector-select';
  constructor(readonly entry: RecorderEntry) {
    super(OzInspectorSelectEvent.eventName, INIT);
  }
}

/** A recording was imported (from the file input or `importText`). */
export class OzInspectorImportEvent extends Event {
  static readonly eventName = 'oz-inspector-import';
  constructor(
    readonly name: string,
    readonly events: number,
  ) {
    super(OzInspectorImportEvent.eventName, INIT);
  }
}

/** The docked drawer opened or closed. */
export class OzInspectorToggleEvent extends Event {
  static readonly eventName = 'oz-inspector-toggle';
  constructor(readonly open: boolean) {
    super(OzInspectorToggleEvent.eventName, INIT);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'oz-inspector-select': OzInspectorSelectEvent;
    'oz-inspector-import': OzInspectorImportEvent;
    'oz-inspector-toggle': OzInspectorToggleEvent;
  }
}
