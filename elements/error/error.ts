import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { describeError, type ErrorAction } from '../../src/protocol/index.js';
import type { ErrorView } from '../../src/thread/state.js';
import { OzErrorActionEvent } from '../shared/events.js';
import { OzElement } from '../shared/oz-element.js';
import { errorTitleOf, formatTime, isSafeHref } from '../shared/strings.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './error.styles.js';

/** Actions a button can carry out; the others are advice (wait, ask an admin). */
const BUTTON_ACTIONS: ReadonlySet<ErrorAction> = new Set(['reload', 'retry', 'answer_open', 'answer_rest', 'fix_answer', 'sign_in', 'follow', 'new_thread']);

/** The server's words, when they say more than the meaning: as text, collapsed when long (over 160 characters, or several lines). */
function serverWords(message: string | undefined, meaning: string, summary: string) {
  const words = typeof message === 'string' ? message.trim() : '';
  if (!words || words === meaning) return nothing;
  if (words.length <= 160 && !words.includes('\n')) return html`<p class="message" part="message">${words}</p>`;
  return html`<details class="message" part="message"><summary>${summary}</summary><p>${words}</p></details>`;
}

/**
 * A run's error, for the person: the code's plain meaning from the catalogue
 * (in `strings.errors`, so translated) and what to do next (load the thread
 * again, answer, wait, ask an admin, retry). A spend refusal reads as a limit
 * whatever its code, since its types are open-ended, with its numbers: the
 * limit's scope, when it resets and who can raise it. For a code the
 * catalogue does not know, the server's own message follows the generic
 * meaning, as text, so the person learns what happened.
 *
 * @summary What went wrong, and what to do next.
 *
 * @fires {OzErrorActionEvent} oz-error-action - The person chose the action (cancelable; the chat carries it out).
 *
 * @csspart error - The error's box.
 * @csspart title - The heading line.
 * @csspart meaning - The plain meaning.
 * @csspart message - The server's own words (folded when long).
 * @csspart spend - The spend refusal's figures.
 * @csspart action - The action button.
 * @csspart advice - The advice shown when there is no button.
 * @csspart follow - Follow again, beside the action, when a reconnect was refused mid-turn.
 * @csspart storage - Says the conversation's copy in this browser was removed.
 *
 * @cssproperty --oz-error-background - The box's background.
 * @cssproperty --oz-error-color - The text colour.
 * @cssproperty --oz-error-accent - The title and border colour.
 */
export class OzError extends OzElement {
  static override styles = [tokens, base, styles];

  /** The error (an ErrorView of the thread state). Without it, the thread's `lastError` from `store`. */
  @property({ attribute: false }) error?: ErrorView;

  private act(action: ErrorAction, code: string): void {
    this.dispatchEvent(new OzErrorActionEvent({ action, code }));
  }

  protected override render() {
    const error = this.error ?? this.storeState?.lastError;
    if (!error) return nothing;
    const t = this.t;
    const spend = error.spend;
    const key = error.key ?? error.code;
    const { meaning, action } = describeError(key, t.errors, spend);
    const label = t.actions[action];
    return html`<div class="error" part="error">
      <p class="title" part="title">${errorTitleOf(key, t)}</p>
      <p part="meaning">${meaning}</p>
      ${serverWords(error.message, meaning, t.serverSaid)}
      ${
        spend
          ? html`<ul class="spend" part="spend">
            <li>${t.spendScope(spend.scope)}</li>
            ${spend.used !== undefined && spend.limit !== undefined ? html`<li>${t.spendFigures(spend.used, spend.limit, spend.unit ?? '')}</li>` : nothing}
            ${spend.resetsAt ? html`<li>${t.spendResets(formatTime(spend.resetsAt))}</li>` : nothing}
            ${spend.raisableBy ? html`<li>${t.spendRaisable(spend.raisableBy)}</li>` : nothing}
            ${spend.couldWait ? html`<li>${t.spendCouldWait}</li>` : nothing}
          </ul>`
          : nothing
      }
      ${error.details.reason ? html`<p class="detail">${error.details.reason}</p>` : nothing}
      ${error.storageCleared ? html`<p class="detail" part="storage">${t.storageCleared}</p>` : nothing}
      <div class="actions">
        ${
          label && BUTTON_ACTIONS.has(action)
            ? html`<button class="primary" part="action" @click=${() => this.act(action, error.code)}>${label}</button>`
            : label
              ? html`<span class="advice" part="advice">${label}</span>`
              : nothing
        }
        ${error.reconnect && action !== 'follow' ? html`<button part="follow" @click=${() => this.act('follow', error.code)}>${t.actions.follow}</button>` : nothing}
        ${
          error.console && isSafeHref(error.console.url)
            ? html`<a href=${error.console.url} target="_blank" rel="noopener noreferrer"
              >${error.console.label}<span class="visually-hidden"> ${t.opensInNewTab}</span></a
            >`
            : nothing
        }
        <span class="detail">${t.errorCode(error.code)}${error.status ? ` · HTTP ${error.status}` : ''}</span>
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-error': OzError;
  }
}
