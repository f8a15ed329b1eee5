/** Renders a chat over a played store, at the recording's time. */
import { html, type TemplateResult } from 'lit';
import type { Played } from './play.js';

export interface ChatFrame {
  /** The chat's height (default the viewport's). */
  height?: string;
  board?: 'side' | 'inline' | 'none';
}

/** `<oz-agent-chat>` rendering a played store (its clock at the recording's time). */
export function chatOf(played: Played, frame: ChatFrame = {}): TemplateResult {
  return html`<oz-agent-chat
    style="height: ${frame.height ?? '100vh'}"
    ai-label="AI: "
    board=${frame.board ?? 'side'}
    .store=${played.store}
    .clock=${played.clock}
  ></oz-agent-chat>`;
}
