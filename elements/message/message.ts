import { nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { CardView, MessageView, ToolCallView } from '../../src/thread/state.js';
import { findMessage } from '../../src/thread/selectors.js';
import type { CardRendererRegistry } from '../card/card-renderers.js';
import { styles as markdownStyles } from '../markdown/markdown.styles.js';
import { MarkdownView, updatedAndShown } from '../markdown/markdown-view.js';
import { OzElement } from '../shared/oz-element.js';
import { base, block, tokens } from '../shared/tokens.styles.js';
import { styles as toolCallStyles } from '../tool-call/tool-call.styles.js';
import { messageTemplate } from './message-template.js';
import { styles } from './message.styles.js';

/**
 * One message of the transcript. The person's words as plain text; the
 * agent's as safe markdown with the tenant's AI label as a badge (the text
 * itself keeps it), its tool calls grouped under it, and the turn's card
 * under the answer.
 *
 * A thin element over `messageTemplate()` (message-template.ts), which
 * `<oz-agent-chat>` renders in its own tree: the same code and styles.
 *
 * @summary A message.
 *
 * @csspart message - The message.
 * @csspart head - The sender line.
 * @csspart ai-label - The AI label badge.
 * @csspart bubble - The body's box.
 * @csspart tools - The tool calls' list.
 * @csspart body - The answer's rendered markdown (see `<oz-markdown>`).
 * @csspart details - A tool call's box (and `summary`, `name`, `status`, `arguments`, `result`, `placeholder`: see `<oz-tool-call>`).
 *
 * @cssproperty --oz-message-user-background - The person's bubble.
 * @cssproperty --oz-message-assistant-background - The agent's bubble.
 * @cssproperty --oz-message-radius - The bubbles' corner radius.
 */
export class OzMessage extends OzElement {
  static override styles = [tokens, base, block, markdownStyles, toolCallStyles, styles];

  /** The message (a MessageView of the thread state). */
  @property({ attribute: false }) message?: MessageView;

  /** With `store`: the id of the message to show (its tool calls come from the store too). */
  @property({ attribute: 'message-id' }) messageId?: string;

  /** The message's tool calls, in order (by default the message's own). */
  @property({ attribute: false }) toolCalls?: readonly ToolCallView[];

  /** The turn's card, shown under the answer. */
  @property({ attribute: false }) card?: CardView;

  @property({ attribute: false }) renderers?: CardRendererRegistry;

  @property({ attribute: false }) imageAllowlist: string[] = [];

  private readonly markdownView = new MarkdownView();

  /** Resolves once its answer's whole markdown is shown (a long one takes several frames, see `<oz-markdown>`). */
  protected override getUpdateComplete(): Promise<boolean> {
    return updatedAndShown(this.markdownView, () => super.getUpdateComplete());
  }

  protected override render() {
    const state = this.storeState;
    const message = this.message ?? (this.messageId && state ? findMessage(state, this.messageId) : undefined);
    if (!message) return nothing;
    return messageTemplate(message, {
      t: this.t,
      strings: this.strings,
      toolCalls: this.toolCalls,
      card: this.card,
      renderers: this.renderers,
      imageAllowlist: this.imageAllowlist,
      markdownView: this.markdownView,
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-message': OzMessage;
  }
}
