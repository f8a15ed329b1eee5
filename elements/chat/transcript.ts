/** How <oz-agent-chat> draws its transcript from the thread state (templates only; no state). */
import { html, nothing, type TemplateResult } from 'lit';
import type { CardView, ErrorView, ThreadState, Turn } from '../../src/thread/state.js';
import { isRefusedTurn } from '../../src/thread/turn-status.js';
import type { CardRendererRegistry } from '../card/card-renderers.js';
import { messageTemplate } from '../message/message-template.js';
import { toolCallTemplate } from '../tool-call/tool-call-template.js';
import { exportParts } from '../shared/export-parts.js';
import type { OzStrings } from '../shared/strings.js';

const STEPS_PARTS = exportParts('oz-steps');
const CARD_PARTS = exportParts('oz-card');
const ERROR_PARTS = exportParts('oz-error');

export interface TranscriptContext {
  state: ThreadState;
  t: OzStrings;
  strings: Partial<OzStrings> | undefined;
  renderers: CardRendererRegistry;
  imageAllowlist: string[];
  /** The error `<oz-interrupts>` shows on the interrupts: not repeated as an `<oz-error>`. */
  listed?: ErrorView | undefined;
}

/** Where in a turn its interrupts go: after the first run that ended waiting for them (-1: at the turn's end). */
export function waitIndex(turn: Turn): number {
  return turn.runs.findIndex((r) => r.interruptIds.length > 0);
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

/** The person's message; one OZ never took (refused before its turn started) is marked so, not shown as sent. */
function renderUser(turn: Turn, c: TranscriptContext): TemplateResult {
  const refused = isRefusedTurn(turn);
  return html`${messageTemplate(turn.userMessage!, { t: c.t, classes: refused ? 'not-taken' : '' })}
    ${refused ? html`<p class="run-note not-taken-note" part="not-taken">${c.t.notTaken}</p>` : nothing}`;
}

/** One turn; `waits` (the interrupts' forms) goes where the turn waits for them. */
export function renderTurn(turn: Turn, c: TranscriptContext, waits?: TemplateResult): TemplateResult {
  const user = turn.userMessage;
  const cardHost = turn.card ? answerId(turn) : undefined;
  const stepsShown = new Set<string>();
  const waitAt = waits ? waitIndex(turn) : -2;
  // Each run is one template (its items, then the interrupts where it waited), so the
  // interrupts' element keeps its place, and its state, while other runs stream.
  return html`<div class="turn" part="turn">
    ${user ? renderUser(turn, c) : nothing}
    ${turn.runs.map(
      (run, r) =>
        html`${run.items.map((item) => {
          switch (item.kind) {
            case 'message': {
              const m = item.message;
              const card: CardView | undefined = m.id === cardHost ? turn.card : undefined;
              // Cut where the stream skipped ahead: its text is in the turn's whole answer, shown after it.
              if (m.repeatedIn) {
                return html`<details class="repeated" part="repeated"
                ><summary>${c.t.repeatedFragment}</summary
                >${messageTemplate(m, { t: c.t, strings: c.strings, imageAllowlist: c.imageAllowlist })}</details
              >`;
              }
              return messageTemplate(m, { t: c.t, strings: c.strings, card, renderers: c.renderers, imageAllowlist: c.imageAllowlist });
            }
            case 'tool_call': {
              return toolCallTemplate(item.call, c.t, { classes: 'orphan' });
            }
            case 'step': {
              // One progress list per turn, where its first step appeared.
              if (stepsShown.size > 0) return nothing;
              turn.stepOrder.forEach((j) => stepsShown.add(j));
              const steps = turn.stepOrder.map((j) => turn.steps[j]).filter((s) => s !== undefined);
              const limit = turn.runs.some((r) => r.stepLimitReached);
              return html`<oz-steps exportparts=${STEPS_PARTS} .steps=${steps} ?limit-reached=${limit} .renderers=${c.renderers} .strings=${c.strings}></oz-steps>`;
            }
            case 'card':
              return cardHost || !turn.card
                ? nothing
                : html`<oz-card exportparts=${CARD_PARTS} .card=${turn.card.card} job=${turn.card.job} .renderers=${c.renderers} .strings=${c.strings}></oz-card>`;
            case 'error':
              return run.error && run.error !== c.listed ? html`<oz-error exportparts=${ERROR_PARTS} .error=${run.error} .strings=${c.strings}></oz-error>` : nothing;
          }
        })}${run.outcome === 'cancelled' ? html`<p class="run-note" part="run-cancelled">${c.t.stoppedInOz}</p>` : nothing}${r === waitAt ? waits : nothing}`,
    )}
    ${waitAt === -1 ? waits : nothing}
  </div>`;
}
