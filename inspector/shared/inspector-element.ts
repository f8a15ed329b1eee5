import { property } from 'lit/decorators.js';
import { lastResolved, ThemedElement } from '../../elements/kit.js';
import type { Recording } from '../../src/recorder/index.js';
import { resolveInspectorStrings, type InspectorStrings } from './strings.js';

/** What the inspector's elements share: the `strings` property and the `theme` attribute. */
export class InspectorBase extends ThemedElement {
  /** Replaces any of the English strings (see InspectorStrings). */
  @property({ attribute: false }) strings?: Partial<InspectorStrings>;
  private readonly resolved = lastResolved(resolveInspectorStrings);

  /** The strings in force. */
  protected get t(): InspectorStrings {
    return this.resolved(this.strings);
  }
}

/** A tab: the recording it shows (`recording`, re-read when `revision` changes: recordings grow in place). */
export class InspectorElement extends InspectorBase {
  /** The recording shown. */
  @property({ attribute: false }) recording?: Recording;
  /** Bumped by the panel whenever the recording grew or changed. */
  @property({ type: Number }) revision = 0;
}
