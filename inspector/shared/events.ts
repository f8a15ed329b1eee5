import type { RecorderEntry } from '../../src/recorder/index.js';

import { defineEvent } from '../../elements/kit.js';

/** An entry was selected in a tab (the events list, a board event). */
export class OzInspectorSelectEvent extends defineEvent<{ entry: RecorderEntry }>()('oz-inspector-select') {}

/** A recording was imported (from the file input or `importText`). */
export class OzInspectorImportEvent extends defineEvent<{ name: string; events: number }>()('oz-inspector-import') {}

/** The docked drawer opened or closed. */
export class OzInspectorToggleEvent extends defineEvent<{ open: boolean }>()('oz-inspector-toggle') {}

declare global {
  interface GlobalEventHandlersEventMap {
    'oz-inspector-select': OzInspectorSelectEvent;
    'oz-inspector-import': OzInspectorImportEvent;
    'oz-inspector-toggle': OzInspectorToggleEvent;
  }
}
