import { html, nothing, type TemplateResult } from 'lit';
import type { CardView, MessageView, ToolCallView } from '../../src/thread/state.js';
import type { CardRendererRegistry } from '../card/card-renderers.js';
import { markdown } from '../markdown/markdown-directive.js';
import type { MarkdownView } from '../markdown/markdown-view.js';
import { exportParts } from '../shared/export-parts.js';
import type { OzStrings } from '../shared/strings.js';
import { toolCallTemplate } from '../tool-call/tool-call-template.js';

const CARD_PARTS = exportParts('oz-card');

export interface MessageTemplateContext {
  t: OzStrings;
  /** The strings the app gave (passed on to the card). */
  strings?: Partial<OzStrings> | undefined;
  /** The message's tool calls, in order (by default the message's own). */
  toolCalls?: readonly ToolCallView[] | undefined;
  /** The turn's card, shown under the answer. */
  card?: CardView | undefined;
  renderers?: CardRendererRegistry | undefined;
  imageAllowlist?: readonly string[] | undefined;
  /** More classes on its box. */
  classes?: string | undefined;
  /** The view its markdown renders through (`<oz-message>` keeps one, to wait for it); by default the directive's own. */
  markdownView?: MarkdownView | undefined;
}

/**
 * One message (see `<oz-message>`), as a template: a `.message` box (part
 * `message`) styled by message.styles.ts, its markdown by the `markdown()`
 * directive and its tool calls by `toolCallTemplate()`. The chat renders its
 * transcript with it in its own tree; `<oz-message>` alone, in its shadow root.
 */
export function messageTemplate(message: MessageView, c: MessageTemplateContext): TemplateResult {
  const t = c.t;
  if (message.kind === 'user') {
    return html`<div class="message user ${c.classes ?? ''}" part="message">
      <span class="visually-hidden">${t.you}:</span>
      <div class="bubble" part="bubble">${message.text}</div>
    </div>`;
  }
  const calls = c.toolCalls ?? message.toolCalls;
  const waiting = !message.complete && message.body.trim() === '';
  return html`<div class="message assistant ${c.classes ?? ''}" part="message">
    <div class="head" part="head">
      <span>${t.assistant}</span>
      ${message.label ? html`<span class="badge ai" part="ai-label" title=${message.label.trim()}>${message.label.replace(/[:\s]+$/, '')}</span>` : nothing}
    </div>
    <div class="bubble" part="bubble">
      ${
        waiting
          ? html`<span class="typing" aria-hidden="true"><span></span><span></span><span></span></span>`
          : html`<div class="markdown" part="body" ${markdown(message.body, { imageAllowlist: c.imageAllowlist, view: c.markdownView })}></div>`
      }
    </div>
    ${calls.length ? html`<div class="tools" part="tools">${calls.map((call) => toolCallTemplate(call, t))}</div>` : nothing}
    ${c.card ? html`<oz-card exportparts=${CARD_PARTS} .card=${c.card.card} job=${c.card.job} .renderers=${c.renderers} .strings=${c.strings}></oz-card>` : nothing}
  </div>`;
}
