import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { addRow, layoutForm, moveRow, removeRow, walkNodes, type FieldDescriptor, type FormNode } from '../../src/forms/index.js';
import type { InterruptView } from '../../src/thread/state.js';
import { OzElement } from '../shared/oz-element.js';
import { lastResolved } from '../shared/strings.js';
import { TickController } from '../shared/tick-controller.js';
import type { OzStrings } from '../shared/strings.js';
import { isSafeHref } from '../shared/strings.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { checkAnswer, confirmMatches, interruptModel, readDraft, visibleMessages, type Decision, type InterruptDraft, type InterruptModel } from './answer.js';
import { OzInterruptChangeEvent, OzInterruptCommitEvent } from './events.js';
import { idFor, type FieldAction, type FieldContext } from './field-parts.js';
import { readControl, renderField, renderNode } from './fields.js';
import { addButtonId, rowBoxId, rowButtonId } from './structures.js';
import { styles } from './interrupt.styles.js';
import { resolveInterruptStrings, type InterruptStrings } from './strings.js';

/** A message the list puts on one interrupt (left out, not taken, decided before a failure). */
export interface InterruptNotice {
  tone: 'error' | 'info';
  text: string;
}

/**
 * One interrupt of the caller's, as a form by its reason: a tool call's
 * approval (what it will do, its arguments, Approve / Deny, a comment, a value
 * to type when the call asks for one), an agent's question (its choices as
 * radios, or a typed question's fields), or another confirmation (a budget
 * wait says an admin's decision ends it). A typed question's schema is drawn
 * as fields of every kind agents ask: groups nested to any depth, lists of
 * rows to add, remove and reorder (within minItems/maxItems, said in words),
 * key/value rows, a choice of variants (radios that switch the fields), "No
 * value" for nullable types, local `$ref`s; a part no form can draw is a JSON
 * box that says what it asks, shows an example and checks as one types. Each shows its deadline as a live
 * countdown, who may decide, the step's job (`step`, for an interrupt of a
 * delegated step) and OZ's console link; and, once
 * known, how the resume took it. It renders a draft (`value`) and reports
 * each change; `<oz-interrupts>` keeps drafts and sends the answers.
 *
 * @summary One approval or question, as a native form.
 *
 * @fires {OzInterruptChangeEvent} oz-interrupt-change - The person changed the answer (`interruptId`, `value`: the new draft).
 * @fires {OzInterruptCommitEvent} oz-interrupt-commit - The person pressed Enter in a field: send the answers.
 *
 * @csspart interrupt - The box.
 * @csspart title - What waits (`oz0/what`, or the reason).
 * @csspart ai-label - The AI label badge before the agent's words (in the title when the message is the title).
 * @csspart message - The agent's question or the approval's text, when it says more than the title.
 * @csspart details - The call's arguments (a definition list).
 * @csspart meta - The line with the countdown, deciders, step and console link.
 * @csspart job - The delegated step's job (see `step`).
 * @csspart deciders - Who may decide.
 * @csspart countdown - The time left, or that it expired.
 * @csspart console-link - The "Decide in OZ" link.
 * @csspart outcome - How the resume took it.
 * @csspart notice - A message about this interrupt from the last resume.
 * @csspart decision - The fieldset with the answer's controls.
 * @csspart field - One field.
 * @csspart field-description - A field's description.
 * @csspart field-error - A field's error.
 * @csspart row - One row of a list or of key/value entries.
 * @csspart row-button - A row's Move up, Move down or Remove button.
 * @csspart add-row - A list's or key/value entries' Add button.
 * @csspart approve - The Approve button.
 * @csspart deny - The Deny (or Decline) button.
 *
 * @cssproperty --oz-interrupt-background - The box's background.
 * @cssproperty --oz-interrupt-border-color - The box's border.
 * @cssproperty --oz-interrupt-accent - The stripe of an open interrupt.
 * @cssproperty --oz-interrupt-highlight - The stripe of one the last resume left out.
 */
export class OzInterrupt extends OzElement {
  static override styles = [tokens, base, styles];

  /** Replaces any shared or interrupt string (see OzStrings and InterruptStrings). */
  @property({ attribute: false }) override strings?: Partial<OzStrings & InterruptStrings>;
  /** The interrupt: an InterruptView of the thread state. */
  @property({ attribute: false }) interrupt?: InterruptView;
  /** The draft answer (an InterruptDraft; anything else starts afresh). */
  @property({ attribute: false }) value?: unknown;
  /** The time (ms since the epoch) to count down from; the clock's when absent. */
  @property({ attribute: false }) now?: number;
  /** The clock the countdown reads each tick. */
  @property({ attribute: false }) clock: () => number = () => Date.now();
  /** How often the countdown ticks, in ms. */
  @property({ attribute: false }) tickMs = 1000;
  /** Shows it without controls (a caller who is no person decides in OZ). */
  @property({ type: Boolean, reflect: true, attribute: 'read-only' }) readOnly = false;
  /** Shows every field's message, filled in or not. */
  @property({ type: Boolean, attribute: 'show-errors' }) showErrors = false;
  /** Marks it as one the last resume left out. */
  @property({ type: Boolean, reflect: true }) highlight = false;
  /** An error the server put on one field (`invalid_resume`). */
  @property({ attribute: false }) fieldError?: { field: string; message: string };
  /** A message about it from the last resume. */
  @property({ attribute: false }) notice?: InterruptNotice;
  /**
   * The delegated step's job this interrupt belongs to, shown as the step: set
   * it when `oz0/job` names a step of the turn rather than the turn's own job
   * (`<oz-interrupts>` does). Unset, no step is shown: every interrupt names a
   * job, and the turn's own is no step.
   */
  @property({ attribute: false }) step?: string;
  /** Moves focus to the first control when a new interrupt opens (the list turns it off and focuses itself). */
  @property({ attribute: false }) focusOnOpen = true;

  private readonly ticks = new TickController(this);
  private model?: { from: InterruptView; model: InterruptModel };
  /** The control to focus after the next render (a row's Add, Remove or Move left focus on a button that moved or went). */
  private focusNext?: string[];
  private focusedFor?: string;
  private readonly resolvedStrings = lastResolved(resolveInterruptStrings);

  /** The interrupt strings in force. */
  private get s(): InterruptStrings {
    return this.resolvedStrings(this.strings);
  }

  private get current(): { model: InterruptModel } | undefined {
    const view = this.interrupt;
    if (!view) return undefined;
    if (this.model?.from !== view) this.model = { from: view, model: interruptModel(view) };
    return this.model;
  }

  /** The draft in force. */
  get draft(): InterruptDraft | undefined {
    const m = this.current;
    return m ? readDraft(this.value, m.model) : undefined;
  }

  /** Whether the deadline passed (at `now`, or the clock's time). */
  get expired(): boolean {
    const d = this.interrupt?.deadline;
    return d !== undefined && d <= (this.now ?? this.clock());
  }

  /** Focuses the first field, or the first button (the console link when read-only). */
  override focus(options?: FocusOptions): void {
    const root = this.renderRoot as ParentNode | undefined;
    const first = root?.querySelector<HTMLElement>('.decision :is(input, textarea, button):not([disabled])') ?? root?.querySelector<HTMLElement>('a[part="console-link"]');
    if (first) first.focus(options);
    else super.focus(options);
  }

  override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('tickMs')) {
      this.ticks.restart();
    }
  }

  protected override updated(): void {
    if (this.focusNext) {
      const root = this.renderRoot as ShadowRoot;
      const candidates = this.focusNext;
      this.focusNext = undefined;
      for (const id of candidates) {
        const el = root.getElementById(id);
        const target = el?.matches('button, input, textarea') ? el : el?.querySelector<HTMLElement>('input, textarea, button');
        if (target instanceof HTMLElement && !(target as HTMLButtonElement).disabled) {
          target.focus();
          break;
        }
      }
    }
    const view = this.interrupt;
    if (!this.focusOnOpen || !view || view.state !== 'open' || this.focusedFor === view.id) return;
    this.focusedFor = view.id;
    this.focus();
  }

  private emit(draft: InterruptDraft): void {
    const view = this.interrupt;
    if (!view) return;
    this.value = draft;
    this.dispatchEvent(new OzInterruptChangeEvent({ interruptId: view.id, value: draft }));
  }

  private onInput(e: Event): void {
    const target = e.target as HTMLInputElement | HTMLTextAreaElement;
    const draft = this.draft;
    if (!draft || !target.name) return;
    const next: InterruptDraft = { ...draft, values: readControl(target, draft.values) };
    if (next.decision === 'decline') delete next.decision;
    this.emit(next);
  }

  /** A row added, removed or moved, or an example copied in; focus goes where the person's next step is. */
  private act(action: FieldAction, ctx: FieldContext): void {
    const draft = this.draft;
    if (!draft) return;
    const list = action.node;
    const rowName = (i: number) => (list.name === '' ? String(i) : `${list.name}/${i}`);
    const row = (i: number): FormNode => ({ field: list.field, name: rowName(i) });
    let values: Record<string, unknown>;
    if (action.type === 'add') {
      values = addRow(draft.values, list);
      this.focusNext = [rowBoxId(ctx, row(list.rows?.length ?? 0))];
    } else if (action.type === 'remove') {
      values = removeRow(draft.values, list, action.index);
      const left = (list.rows?.length ?? 1) - 1;
      this.focusNext = [
        ...(left > action.index ? [rowButtonId(ctx, row(action.index), 'remove')] : []),
        ...(action.index > 0 ? [rowButtonId(ctx, row(action.index - 1), 'remove')] : []),
        addButtonId(ctx, list),
      ];
    } else if (action.type === 'move') {
      values = moveRow(draft.values, list, action.index, action.by);
      const to = row(action.index + action.by);
      this.focusNext = [rowButtonId(ctx, to, action.by < 0 ? 'up' : 'down'), rowButtonId(ctx, to, action.by < 0 ? 'down' : 'up')];
    } else {
      values = { ...draft.values, [list.name]: list.field.example };
      this.focusNext = [ctx.id(list.name)];
    }
    const next: InterruptDraft = { ...draft, values };
    if (next.decision === 'decline') delete next.decision;
    this.emit(next);
  }

  private choose(decision: Decision): void {
    const draft = this.draft;
    if (!draft) return;
    const next: InterruptDraft = { ...draft };
    if (draft.decision === decision) delete next.decision;
    else next.decision = decision;
    this.emit(next);
  }

  private onKeydown(e: KeyboardEvent): void {
    const target = e.target as HTMLElement;
    if (e.key !== 'Enter' || target.localName !== 'input') return;
    e.preventDefault();
    if (this.interrupt) this.dispatchEvent(new OzInterruptCommitEvent({ interruptId: this.interrupt.id }));
  }

  private onSubmit(e: Event): void {
    e.preventDefault();
    if (this.interrupt) this.dispatchEvent(new OzInterruptCommitEvent({ interruptId: this.interrupt.id }));
  }

  private heading(view: InterruptView): string {
    const s = this.s;
    if (view.meta.what) return view.meta.what;
    if (view.meta.kind && s.kindTitle[view.meta.kind]) return s.kindTitle[view.meta.kind]!;
    return s.reasonTitle[view.reason as keyof InterruptStrings['reasonTitle']] ?? s.reasonTitle.confirmation;
  }

  private renderDetails(details: Record<string, unknown> | undefined) {
    if (!details || Object.keys(details).length === 0) return nothing;
    const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    return html`<p class="details-label">${this.s.detailsLabel}</p>
      <dl part="details">
        ${Object.entries(details).map(([k, v]) => html`<div><dt>${k}</dt><dd class="mono">${show(v)}</dd></div>`)}
      </dl>`;
  }

  private renderMeta(view: InterruptView) {
    const s = this.s;
    const now = this.now ?? this.clock();
    const link = view.meta.console && isSafeHref(view.meta.console.url) ? view.meta.console : undefined;
    const open = view.state === 'open';
    return html`<ul class="meta" part="meta">
      ${
        view.deadline !== undefined && open
          ? this.expired
            ? html`<li class="countdown expired" part="countdown">${s.expired}</li>`
            : html`<li class="countdown" part="countdown">
              <time role="timer" datetime=${view.expiresAt ?? ''}>${s.timeLeft(s.duration(view.deadline - now))}</time>
            </li>`
          : nothing
      }
      ${view.meta.deciders ? html`<li part="deciders">${s.deciders(view.meta.deciders)}</li>` : nothing}
      ${this.step ? html`<li part="job">${s.job(this.step)}</li>` : nothing}
      ${
        link
          ? html`<li>
            <a part="console-link" href=${link.url} target="_blank" rel="noopener noreferrer"
              >${link.label}<span class="visually-hidden"> ${s.opensInNewTab}</span></a
            >
          </li>`
          : nothing
      }
    </ul>`;
  }

  private renderOutcome(view: InterruptView) {
    const s = this.s;
    if (view.state === 'submitted') return html`<p class="outcome" part="outcome">${s.submitted}</p>`;
    if (view.state !== 'answered' || !view.outcome) return nothing;
    const approved = view.approved !== undefined ? `: ${s.approvedWord(view.approved)}` : '';
    return html`<p class="outcome" part="outcome" data-outcome=${view.outcome}>${s.outcome[view.outcome]}${approved}</p>`;
  }

  private fieldContext(model: InterruptModel, draft: InterruptDraft, tree: FormNode | undefined, disabled: boolean): FieldContext {
    const check = checkAnswer(model, draft);
    const messages: Record<string, string[]> = visibleMessages(model, draft, check, this.showErrors);
    const fe = this.fieldError;
    if (fe) {
      // The server names the field by its place in the answer; outside maps that is its name.
      const path = fe.field.replace(/^#?\//, '');
      const names = new Set<string>();
      if (tree) walkNodes(tree, (n) => names.add(n.name));
      const key = names.has(path) || !tree ? path : (tree.children?.[0]?.name ?? tree.name);
      messages[key] = [...(messages[key] ?? []), fe.message];
    }
    const ctx: FieldContext = {
      id: idFor,
      values: draft.values,
      messages,
      disabled,
      optional: this.s.optional,
      s: this.s,
      act: (action) => this.act(action, ctx),
    };
    return ctx;
  }

  private renderControls(view: InterruptView, model: InterruptModel, draft: InterruptDraft) {
    const s = this.s;
    const locked = this.expired;
    const tree = model.mode === 'form' ? layoutForm(model.form, draft.values) : undefined;
    const ctx = this.fieldContext(model, draft, tree, locked);
    if (model.mode === 'notice') {
      return html`<div class="decision notice" part="decision"><p>${s.budgetWait}</p><p class="hint">${s.budgetNoted}</p></div>`;
    }
    if (model.mode === 'approval') {
      const confirm = model.confirm;
      const matches = confirmMatches(model, draft);
      return html`<fieldset class="decision" part="decision" ?disabled=${locked}>
        <legend>${s.decisionLabel}</legend>
        ${confirm ? this.renderConfirm(confirm, ctx) : nothing} ${model.comment ? renderField(model.comment, ctx) : nothing}
        <div class="buttons">
          <button type="button" class="primary" part="approve" aria-pressed=${draft.decision === 'approve'} ?disabled=${!matches} @click=${() => this.choose('approve')}>
            ${s.approve}
          </button>
          <button type="button" part="deny" aria-pressed=${draft.decision === 'deny'} @click=${() => this.choose('deny')}>${s.deny}</button>
        </div>
        <p class="chosen" role="status">${draft.decision === 'approve' && matches ? s.approving : draft.decision === 'deny' ? s.denied : ''}</p>
      </fieldset>`;
    }
    const declineLabel = view.reason === 'input_required' ? s.decline : s.deny;
    return html`<fieldset class="decision" part="decision" ?disabled=${locked}>
      <legend>${s.answerLegend}</legend>
      ${model.form.description ? html`<p class="desc">${model.form.description}</p>` : nothing}
      ${tree ? (tree.field.kind === 'group' && tree.name === '' ? (tree.children ?? []).map((c) => renderNode(c, ctx)) : renderNode(tree, ctx)) : nothing}
      <div class="buttons">
        <button type="button" part="deny" aria-pressed=${draft.decision === 'decline'} @click=${() => this.choose('decline')}>${declineLabel}</button>
      </div>
      <p class="chosen" role="status">${draft.decision === 'decline' ? s.declined : ''}</p>
    </fieldset>`;
  }

  /** The value a call asks the person to type: empty, and Approve waits until it matches. */
  private renderConfirm(confirm: FieldDescriptor, ctx: FieldContext) {
    const hinted: FieldDescriptor = { ...confirm, description: `${confirm.description ? `${confirm.description} ` : ''}${this.s.confirmHint}` };
    return renderField(hinted, ctx);
  }

  protected override render() {
    const view = this.interrupt;
    const m = this.current;
    if (!view || !m) return nothing;
    const draft = readDraft(this.value, m.model);
    const s = this.s;
    const label = view.label?.replace(/[\s:]+$/, '');
    const badge = label ? html`<span class="badge ai" part="ai-label">${label}</span> ` : nothing;
    const heading = this.heading(view);
    const body = view.body ?? view.message;
    // OZ's `oz0/what` is often the message itself (a call's approval, a question): say it once, as the title.
    const repeats = !!body && body.trim() === heading.trim();
    const controls = view.state === 'open' && !this.readOnly;
    return html`<div class="interrupt ${view.state}" part="interrupt" role="group" aria-labelledby="title" data-reason=${view.reason}>
      <form novalidate @input=${this.onInput} @keydown=${this.onKeydown} @submit=${this.onSubmit}>
        <p class="title" id="title" part="title">${repeats ? badge : nothing}${heading}</p>
        ${body && !repeats ? html`<p class="message" part="message">${badge}${body}</p>` : nothing}
        ${this.renderDetails(view.meta.details)} ${this.renderMeta(view)}
        ${this.notice ? html`<p class="notice ${this.notice.tone}" part="notice">${this.notice.text}</p>` : nothing}
        ${this.renderOutcome(view)}
        ${controls ? this.renderControls(view, m.model, draft) : nothing}
        ${view.state === 'open' && this.readOnly ? html`<p class="hint">${s.readOnly}</p>` : nothing}
      </form>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-interrupt': OzInterrupt;
  }
}
