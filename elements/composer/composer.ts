import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { OzSendEvent, OzStopEvent } from '../shared/events.js';
import { OzElement } from '../shared/oz-element.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './composer.styles.js';

/**
 * Where the person writes: a multi-line field (Enter sends, Shift+Enter adds
 * a line). While a turn runs or waits it is disabled and says why; while a
 * run streams a stop button stops following it, and says that the job runs
 * on in OZ.
 *
 * "Disabled" is `readonly` + `aria-disabled`, not the `disabled` attribute:
 * a disabled field drops keyboard focus to `<body>` on every send, so the
 * field stays focusable (and names its reason) while sending is refused.
 * Likewise, when a control that holds focus goes away or turns disabled (the
 * stop button once the run ends, Send once the text is sent), focus moves to
 * the field instead of being lost.
 *
 * @summary The message field.
 *
 * @fires {OzSendEvent} oz-send - The person sends a message (cancelable: prevent it to keep the text).
 * @fires {OzStopEvent} oz-stop - The person stops following the run.
 *
 * @slot actions - Extra buttons beside Send.
 *
 * @csspart form - The form.
 * @csspart input - The textarea.
 * @csspart send - The send button.
 * @csspart stop - The stop button.
 * @csspart reason - Why it is disabled.
 * @csspart stop-note - Says the job runs on in OZ (shown once stopped).
 *
 * @cssproperty --oz-composer-background - The field's background.
 * @cssproperty --oz-composer-border-color - The field's border.
 */
export class OzComposer extends OzElement {
  static override styles = [tokens, base, styles];

  /** Why the person may not send now; empty when they may. */
  @property({ attribute: 'disabled-reason' }) disabledReason = '';

  /** A run streams: show the stop button. */
  @property({ type: Boolean }) running = false;

  /** The text being written. */
  @property() value = '';

  @state() private stopped = false;
  @query('textarea') private textarea!: HTMLTextAreaElement;
  /** The control of this shadow tree that had focus before the update now rendering. */
  private focusedBefore: Element | null = null;

  override focus(options?: FocusOptions): void {
    this.textarea?.focus(options);
  }

  /** Sends the text: fires `oz-send`, and clears the field unless the event was prevented. */
  send(): boolean {
    const text = this.value.trim();
    if (!text || this.disabledReason) return false;
    const event = new OzSendEvent({ text });
    this.dispatchEvent(event);
    if (event.defaultPrevented) return false;
    this.value = '';
    this.stopped = false;
    return true;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('running') && this.running) this.stopped = false;
    this.focusedBefore = this.shadowRoot?.activeElement ?? null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const held = this.focusedBefore;
    this.focusedBefore = null;
    // Only when this update removed or disabled it: focus the person moved elsewhere is theirs.
    if (held && held !== this.textarea && (!held.isConnected || held.matches(':disabled'))) this.textarea.focus();
  }

  private onKeydown(e: KeyboardEvent): void {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      this.send();
    }
  }

  private onStop(): void {
    this.stopped = true;
    this.dispatchEvent(new OzStopEvent());
  }

  protected override render() {
    const t = this.t;
    const disabled = !!this.disabledReason;
    return html`<form part="form" @submit=${(e: Event) => (e.preventDefault(), this.send())}>
      <div class="box">
        <textarea
          part="input"
          rows="1"
          aria-label=${t.composerLabel}
          aria-describedby="reason"
          placeholder=${t.composerPlaceholder}
          .value=${this.value}
          ?readonly=${disabled}
          aria-disabled=${disabled ? 'true' : nothing}
          @input=${(e: Event) => (this.value = (e.target as HTMLTextAreaElement).value)}
          @keydown=${this.onKeydown}
        ></textarea>
        <div class="buttons">
          <slot name="actions"></slot>
          ${this.running ? html`<button type="button" part="stop" @click=${this.onStop} aria-describedby="stop-note">${t.stop}</button>` : nothing}
          <button type="submit" class="primary" part="send" ?disabled=${disabled || !this.value.trim()}>${t.send}</button>
        </div>
      </div>
      <p class="reason" id="reason" part="reason">${disabled ? this.disabledReason : ''}</p>
      <p class=${this.stopped ? 'reason' : 'visually-hidden'} id="stop-note" part="stop-note">${t.stopNote}</p>
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-composer': OzComposer;
  }
}
