import { nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { ToolCallView } from '../../src/thread/state.js';
import { findToolCall } from '../../src/thread/selectors.js';
import { OzElement } from '../shared/oz-element.js';
import { base, block, tokens } from '../shared/tokens.styles.js';
import { toolCallTemplate } from './tool-call-template.js';
import { styles } from './tool-call.styles.js';

export { prettyJson } from './tool-call-template.js';

/**
 * One tool call of the turn: its name, its arguments as pretty JSON (streamed
 * while they arrive, credential placeholders marked as such), its result and
 * its status (running, waiting for approval, done, denied, or not finished:
 * its run ended without its result, shown muted rather than as an error,
 * since after a stop the job may still finish it in OZ). Collapsed by default
 * to a summary line; a native `<details>` opens it.
 *
 * A thin element over `toolCallTemplate()` (tool-call-template.ts), which
 * `<oz-agent-chat>` renders in its own tree: the same code and styles.
 *
 * @summary A tool call and its result.
 *
 * @csspart details - The `<details>` box.
 * @csspart summary - The summary line.
 * @csspart name - The tool's name.
 * @csspart status - The status badge.
 * @csspart arguments - The arguments' `<pre>`.
 * @csspart result - The result's `<pre>`.
 * @csspart placeholder - A credential placeholder.
 *
 * @cssproperty --oz-tool-call-background - The box's background.
 * @cssproperty --oz-tool-call-border-color - The box's border.
 */
export class OzToolCall extends OzElement {
  static override styles = [tokens, base, block, styles];

  /** The call (a ToolCallView of the thread state). */
  @property({ attribute: false }) call?: ToolCallView;

  /** With `store`: the id of the call to show. */
  @property({ attribute: 'call-id' }) callId?: string;

  /** Shows the call opened. */
  @property({ type: Boolean, reflect: true }) open = false;

  protected override render() {
    const state = this.storeState;
    const call = this.call ?? (this.callId && state ? findToolCall(state, this.callId) : undefined);
    if (!call) return nothing;
    return toolCallTemplate(call, this.t, { open: this.open, onToggle: (open) => (this.open = open) });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-tool-call': OzToolCall;
  }
}
