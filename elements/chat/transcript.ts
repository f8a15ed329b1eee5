/** How <oz-agent-chat> draws its transcript from the thread state (templates only; no state). */
import { html, nothing, type TemplateResult } from 'lit';
import type { CardView, InterruptView, ThreadState, Turn } from '../../src/thread/state.js';
import type { CardRendererRegistry } from '../card/card-renderers.js';
import { formatTime, isSafeHref, type OzStrings } from '../shared/strings.js';

export interface TranscriptContext {
  state: ThreadState;
  t: OzStrings;
  strings: Partial<OzStrings> | undefined;
  renderers: CardRendererRegistry;
  imageAllowlist: string[];
}

/** The id of the turn's last assistant message, where the turn's card goes. */
function answerId(turn: Turn): string | undefined {
  for (let r = turn.runs.length - 1; r >= 0; r--) {
    const run = turn.runs[r]!;
    for (let i = run.items.length - 1; i >= 0; i--) {
      const item = run.items[i]!;
      if (item.kind === 'message') return item.message.id;
    }
  }
  return undefined;
}

export function renderTurn(turn: Turn, c: TranscriptContext): TemplateResult {
  const user = turn.userMessage;
  const cardHost = turn.card ? answerId(turn) : undefined;
  const stepsShown = new Set<string>();
  return html`<div class="turn" part="turn">
    ${user ? html`<oz-message .message=${user} .strings=${c.strings}></oz-message>` : nothing}
    ${turn.runs.map((run) =>
      run.items.map((item) => {
        switch (item.kind) {
          case 'message': {
            const m = item.message;
            const card: CardView | undefined = m.id === cardHost ? turn.card : undefined;
            return html`<oz-message
              .message=${m}
              .card=${card}
              .renderers=${c.renderers}
              .imageAllowlist=${c.imageAllowlist}
              .strings=${c.strings}
            ></oz-message>`;
          }
          case 'tool_call': {
            return html`<oz-tool-call class="orphan" .call=${item.call} .strings=${c.strings}></oz-tool-call>`;
          }
          case 'step': {
            // One progress list per turn, where its first step appeared.
            if (stepsShown.size > 0) return nothing;
            turn.stepOrder.forEach((j) => stepsShown.add(j));
            const steps = turn.stepOrder.map((j) => turn.steps[j]).filter((s) => s !== undefined);
            const limit = turn.runs.some((r) => r.stepLimitReached);
            return html`<oz-steps .steps=${steps} ?limit-reached=${limit} .renderers=${c.renderers} .strings=${c.strings}></oz-steps>`;
          }
          case 'card':
            return cardHost || !turn.card
              ? nothing
              : html`<oz-card .card=${turn.card.card} job=${turn.card.job} .renderers=${c.renderers} .strings=${c.strings}></oz-card>`;
          case 'error':
            return run.error ? html`<oz-error .error=${run.error} .strings=${c.strings}></oz-error>` : nothing;
        }
      }),
    )}
  </div>`;
}

/** The caller's open interrupts, read-only: the forms come with <oz-interrupt>. */
export function renderInterrupts(open: readonly InterruptView[], t: OzStrings): TemplateResult | typeof nothing {
  if (open.length === 0) return nothing;
  return html`<ul class="interrupt-list">
    ${open.map((i) => {
      const link = i.meta.console;
      return html`<li class="interrupt" part="interrupt">
        <div class="interrupt-head">
          <span class="badge">${i.meta.kind ?? i.reason}</span>
          ${i.label ? html`<span class="badge ai">${i.label.replace(/[:\s]+$/, '')}</span>` : nothing}
          ${i.meta.what ? html`<span class="what">${i.meta.what}</span>` : nothing}
        </div>
        ${i.body ?? i.message ? html`<p class="interrupt-message">${i.body ?? i.message}</p>` : nothing}
        <p class="interrupt-meta">
          ${i.meta.deciders ? html`<span>${t.waitingDeciders(i.meta.deciders)}</span>` : nothing}
          ${i.expiresAt ? html`<span>${t.interruptExpires(formatTime(i.expiresAt))}</span>` : nothing}
          ${link && isSafeHref(link.url) ? html`<a href=${link.url} target="_blank" rel="noopener noreferrer">${link.label}</a>` : nothing}
        </p>
      </li>`;
    })}
  </ul>`;
}
