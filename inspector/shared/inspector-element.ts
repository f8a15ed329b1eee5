import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { Recording } from '../../src/recorder/index.js';
import { resolveInspectorStrings, type InspectorStrings } from './strings.js';

/** What the inspector's elements share: the `strings` property and the `theme` attribute. */
export class InspectorBase extends LitElement {
  /** Replaces any of the English strings (see InspectorStrings). */
  @property({ attribute: false }) strings?: Partial<InspectorStrings>;
  /** `dark` or `light` forces the theme; absent follows the system. */
  @property({ reflect: true }) theme?: 'dark' | 'light';
  private resolvedFrom: Partial<InspectorStrings> | undefined;
  private resolved: InspectorStrings = resolveInspectorStrings();

  /** The strings in force. */
  protected get t(): InspectorStrings {
    if (this.strings !== this.resolvedFrom) {
      this.resolvedFrom = this.strings;
      this.resolved = resolveInspectorStrings(this.strings);
    }
    return this.resolved;
  }
}

/** A tab: the recording it shows (`recording`, re-read when `revision` changes: recordings grow in place). */
export class InspectorElement extends InspectorBase {
  /** The recording shown. */
  @property({ attribute: false }) recording?: Recording;
  /** Bumped by the panel whenever the recording grew or changed. */
  @property({ type: Number }) revision = 0;
}
