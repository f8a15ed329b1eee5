import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { type CardView, type MessageView, type ToolCallView } from '../../src/thread/state.js';
import { findMessage } from '../../src/thread/selectors.js';
import type { CardRendererRegistry } from '../card/card-renderers.js';
import type { Purifier } from '../markdown/purifier.js';
import { exportParts } from '../shared/export-parts.js';
import { hostedStyles } from '../shared/hosted.js';
import { OzElement } from '../shared/oz-element.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './message.styles.js';

const CARD_PARTS = exportParts('oz-card');

/**
 * One message of the transcript. The person's words as plain text; the
 * agent's as safe markdown with the tenant's AI label as a badge (the text
 * itself keeps it), its tool calls grouped under it, and the turn's card
 * under the answer.
 *
 * Inside `<oz-agent-chat>` it renders in the chat's tree, without a shadow
 * root of its own, and its parts are the chat's (see shared/hosted.ts).
 *
 * @summary A message.
 *
 * @csspart message - The message.
 * @csspart head - The sender line.
 * @csspart ai-label - The AI label badge.
 * @csspart bubble - The body's box.
 * @csspart tools - The tool calls' list.
 *
 * @cssproperty --oz-message-user-background - The person's bubble.
 * @cssproperty --oz-message-assistant-background - The agent's bubble.
 * @cssproperty --oz-message-radius - The bubbles' corner radius.
 */
export class OzMessage extends OzElement {
  static override styles = [tokens, base, styles];
  /** Its rules for a host that renders it in its tree (see hosted.ts): the tokens too, read again at its own box as alone. */
  static readonly hostedStyles = hostedStyles('oz-message', [tokens, styles]);

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

  /** A sanitizer for its markdown to share (see `<oz-markdown>`'s `purifier`). */
  @property({ attribute: false }) purifier?: Purifier;

  protected override render() {
    const state = this.storeState;
    const message = this.message ?? (this.messageId && state ? findMessage(state, this.messageId) : undefined);
    if (!message) return nothing;
    const t = this.t;
    if (message.kind === 'user') {
      return html`<div class="message user" part="message">
        <span class="visually-hidden">${t.you}:</span>
        <div class="bubble" part="bubble">${message.text}</div>
      </div>`;
    }
    const calls = this.toolCalls ?? message.toolCalls;
    const waiting = !message.complete && message.body.trim() === '';
    return html`<div class="message assistant" part="message">
      <div class="head" part="head">
        <span>${t.assistant}</span>
        ${message.label ? html`<span class="badge ai" part="ai-label" title=${message.label.trim()}>${message.label.replace(/[:\s]+$/, '')}</span>` : nothing}
      </div>
      <div class="bubble" part="bubble">
        ${
          waiting
            ? html`<span class="typing" aria-hidden="true"><span></span><span></span><span></span></span>`
            : html`<oz-markdown .text=${message.body} .imageAllowlist=${this.imageAllowlist} .purifier=${this.purifier}></oz-markdown>`
        }
      </div>
      ${
        calls.length
          ? html`<div class="tools" part="tools">
            ${calls.map((c) => html`<oz-tool-call .call=${c} .strings=${this.strings}></oz-tool-call>`)}
          </div>`
          : nothing
      }
      ${this.card ? html`<oz-card exportparts=${CARD_PARTS} .card=${this.card.card} job=${this.card.job} .renderers=${this.renderers} .strings=${this.strings}></oz-card>` : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-message': OzMessage;
  }
}
