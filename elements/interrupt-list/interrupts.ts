import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { describeError, type ResumeEntry } from '../../src/protocol/index.js';
import type { ResumeAnswers } from '../../src/thread/resume.js';
import { type InterruptView, type ThreadState, type Turn } from '../../src/thread/state.js';
import { currentTurn, isActive, openInterrupts } from '../../src/thread/selectors.js';
import type { ThreadStore } from '../../src/thread/store.js';
import { checkAnswer, draftFromSent, interruptModel, readDraft, type InterruptModel } from '../interrupt-form/answer.js';
import type { OzInterruptChangeEvent } from '../interrupt-form/events.js';
import { OzInterruptSubmitEvent } from '../interrupt-form/events.js';
import type { OzInterrupt } from '../interrupt-form/interrupt.js';
import { resolveInterruptStrings, type InterruptStrings } from '../interrupt-form/strings.js';
import { OzErrorActionEvent, OzInterruptRequestedEvent } from '../shared/events.js';
import { OzElement } from '../shared/oz-element.js';
import { lastResolved } from '../shared/strings.js';
import { TickController } from '../shared/tick-controller.js';
import { isSafeHref, type OzStrings } from '../shared/strings.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './interrupts.styles.js';
import { listError, markFor, refusedAsNoPerson } from './resume-error.js';

/** What the list needs of a thread store. */
/** What the list needs of a store; `followAgain` (for `turn_waiting`'s Follow again) falls back to `resync` when absent. */
export type InterruptsStore = Pick<ThreadStore, 'getState' | 'subscribe' | 'resume' | 'setDraft' | 'resync'> & Partial<Pick<ThreadStore, 'followAgain'>>;

/** The delegated step an interrupt belongs to: its `oz0/job` when that is a step of the turn, not the turn's own job. */
export function stepOf(view: InterruptView, turn: Turn | undefined): string | undefined {
  const job = view.meta.job;
  if (!job || !turn) return undefined;
  if (turn.steps[job]) return job;
  return turn.job !== undefined && job !== turn.job ? job : undefined;
}

/** One open interrupt with what its draft answers. */
interface Row {
  view: InterruptView;
  check: ReturnType<typeof checkAnswer>;
  expired: boolean;
}

/**
 * Every open interrupt of the turn, oldest first, each as an `<oz-interrupt>`
 * form, with what waits for other people beside them and ONE submit that
 * answers them all in one resume. Submit stays disabled, with the reason,
 * until every answer fits its schema; one click sends one resume. Drafts are
 * kept through `store.setDraft`, so a reload keeps half-filled answers. A
 * resume's error shows on the interrupts it names, with its action.
 *
 * @summary Answer all of the turn's approvals and questions at once.
 *
 * @fires {OzInterruptRequestedEvent} oz-interrupt-requested - New interrupt forms appeared (their interrupts as they arrived).
 * @fires {OzInterruptSubmitEvent} oz-interrupt-submit - The answers are about to be sent (`entries`, also `detail`); cancelable.
 * @fires {OzErrorActionEvent} oz-error-action - The person chose the error's action: `reload` (else the list calls `store.resync()`: a fresh run that follows the turn from its start, the interrupts that wait now) or `follow` after `turn_waiting` (else `store.followAgain()`: how the waited turn goes on and ends); cancelable.
 *
 * @csspart interrupts - The whole list.
 * @csspart list - The interrupts.
 * @csspart item - One `<oz-interrupt>` (style its own parts with `::part` on it, exported as `item-*`).
 * @csspart others - What waits for other people.
 * @csspart error - The resume's error.
 * @csspart error-action - The error's action button.
 * @csspart error-message - The server's own words on the error.
 * @csspart load-again - "Load again", beside the status, once an interrupt ran out of time (OZ denied it; loading again shows how the turn went on). Answers to the others stay as drafts.
 * @csspart footer - The submit row.
 * @csspart submit - The submit button.
 * @csspart status - Why submit is disabled, or that it is ready.
 *
 * @cssproperty --oz-interrupts-gap - The space between interrupts.
 * @cssproperty --oz-interrupts-error-background - The error's background.
 */
export class OzInterrupts extends OzElement<InterruptsStore> {
  static override styles = [tokens, base, styles];

  /** Replaces any shared or interrupt string. */
  @property({ attribute: false }) override strings?: Partial<OzStrings & InterruptStrings>;
  /** The time (ms) for the countdowns; the clock's when absent. */
  @property({ attribute: false }) now?: number;
  /** The clock the countdowns read. */
  @property({ attribute: false }) clock: () => number = () => Date.now();
  /** How often the countdowns tick, in ms. */
  @property({ attribute: false }) tickMs = 1000;
  /** Shows the interrupts without controls (a caller who is no person). Set by itself after a 403 on resume. */
  @property({ type: Boolean, reflect: true, attribute: 'read-only' }) readOnly = false;
  /** Lists what waits for other people (turn off where the page shows `<oz-waiting>` already). */
  @property({ attribute: false }) showWaiting = true;

  @state() private inFlight = false;
  @state() private attempted = false;
  @state() private problem?: string;
  private readonly ticks = new TickController(this);
  private sentRunId?: string;
  private knownOpen = new Set<string>();
  private models = new WeakMap<InterruptView, InterruptModel>();
  private readonly resolvedStrings = lastResolved(resolveInterruptStrings);

  constructor() {
    super();
    this.storeController.onChange((s) => this.onState(s));
  }

  private get s(): InterruptStrings {
    return this.resolvedStrings(this.strings);
  }

  private model(view: InterruptView): InterruptModel {
    let m = this.models.get(view);
    if (!m) this.models.set(view, (m = interruptModel(view)));
    return m;
  }

  private rows(s: ThreadState): Row[] {
    const now = this.now ?? this.clock();
    return openInterrupts(s).map((view) => {
      const model = this.model(view);
      return { view, check: checkAnswer(model, readDraft(this.draftOf(s, view), model)), expired: view.deadline !== undefined && view.deadline <= now };
    });
  }

  /** The kept draft, or the answer sent in a resume that gave the interrupt back. */
  private draftOf(s: ThreadState, view: InterruptView): unknown {
    return s.drafts[view.id] ?? draftFromSent(this.model(view), view.sent);
  }

  /** The store reported the resumed run started, ended or failed: another submit may follow. */
  private onState(s: ThreadState): void {
    if (!this.inFlight) return;
    const run = currentTurn(s)?.runs.find((r) => r.runId === this.sentRunId);
    if (!run || run.phase !== 'requested' || s.status === 'error') this.inFlight = false;
  }

  /** Sends one resume answering every open interrupt; false when it may not be sent now. */
  submit(): boolean {
    const store = this.store;
    const s = store?.getState();
    if (!store || !s || this.inFlight || isActive(s) || this.isReadOnly(s)) return false;
    const rows = this.rows(s);
    if (rows.length === 0 || rows.some((r) => r.expired || r.check.status !== 'ok')) {
      this.attempted = true;
      return false;
    }
    const answers: Record<string, ResumeAnswers[string]> = {};
    const entries: ResumeEntry[] = [];
    for (const { view, check } of rows) {
      if (check.status !== 'ok') continue;
      answers[view.id] = check.answer;
      const a = check.answer;
      entries.push((a.status === 'resolved' ? { interruptId: view.id, status: 'resolved', payload: a.payload } : { interruptId: view.id, status: 'cancelled' }) as ResumeEntry);
    }
    this.inFlight = true;
    const event = new OzInterruptSubmitEvent({ entries });
    this.dispatchEvent(event);
    if (event.defaultPrevented) {
      this.inFlight = false;
      this.problem = this.s.vetoed;
      return false;
    }
    this.problem = undefined;
    this.attempted = false;
    try {
      const done = store.resume(answers);
      this.sentRunId = store.getState().lastRequest?.runId;
      void done.finally(() => (this.inFlight = false));
    } catch (err) {
      this.inFlight = false;
      this.problem = err instanceof Error ? err.message : String(err);
      return false;
    }
    return true;
  }

  private isReadOnly(s: ThreadState): boolean {
    return this.readOnly || refusedAsNoPerson(listError(s));
  }

  private onChange(e: OzInterruptChangeEvent): void {
    this.store?.setDraft(e.interruptId, e.value);
    this.requestUpdate();
  }

  private onSubmit(e: Event): void {
    e.preventDefault();
    this.submit();
  }

  private act(action: 'reload' | 'follow', code: string): void {
    const event = new OzErrorActionEvent({ action, code });
    this.dispatchEvent(event);
    const store = this.store;
    if (event.defaultPrevented || !store) return;
    try {
      const run = action === 'follow' && store.followAgain ? store.followAgain() : store.resync();
      void run.catch(() => undefined);
    } catch {
      // refused before sending (nothing to load, a run streams): nothing changes
    }
  }

  protected override updated(): void {
    const s = this.storeState;
    if (!s) return;
    const open = openInterrupts(s);
    const fresh = open.filter((i) => !this.knownOpen.has(i.id));
    this.knownOpen = new Set(open.map((i) => i.id));
    if (fresh.length === 0) return;
    this.dispatchEvent(new OzInterruptRequestedEvent({ interrupts: fresh.map((i) => i.raw) }));
    const first = this.renderRoot.querySelector<OzInterrupt>(`oz-interrupt[data-id="${CSS.escape(fresh[0]!.id)}"]`);
    if (first?.updateComplete) void first.updateComplete.then(() => first.focus());
  }

  private renderError(error: ReturnType<typeof listError>, s: ThreadState) {
    if (!error) return nothing;
    const t = this.t;
    const entry = describeError(error.code, t.errors);
    const known = new Set(Object.keys(s.interrupts));
    const unseen = (error.details.open ?? []).filter((id) => !known.has(id)).length;
    const reload = entry.action === 'reload';
    // turn_waiting: the turn before waits for others; following it shows how it ends.
    const follow = entry.action === 'follow';
    const partial = !!error.details.decided?.length;
    return html`<div class="error" part="error" role="alert" data-code=${error.code}>
      <p class="meaning">${entry.meaning}</p>
      ${error.message && error.message !== entry.meaning && error.message !== error.details.reason ? html`<p class="reason" part="error-message">${error.message}</p>` : nothing}
      ${error.details.reason && !error.details.entry ? html`<p class="reason">${error.details.reason}</p>` : nothing}
      ${partial ? html`<p>${this.s.answerRest}</p>` : nothing}
      ${unseen > 0 ? html`<p>${t.actions.reload}</p>` : nothing}
      <div class="actions">
        ${
          reload || unseen > 0
            ? html`<button type="button" class="primary" part="error-action" @click=${() => this.act('reload', error.code)}>${this.s.loadAgain}</button>`
            : follow
              ? html`<button type="button" class="primary" part="error-action" @click=${() => this.act('follow', error.code)}>${t.actions.follow}</button>`
              : t.actions[entry.action] && !partial
                ? html`<span class="advice">${t.actions[entry.action]}</span>`
                : nothing
        }
        ${
          error.console && isSafeHref(error.console.url)
            ? html`<a href=${error.console.url} target="_blank" rel="noopener noreferrer"
              >${error.console.label}<span class="visually-hidden"> ${this.s.opensInNewTab}</span></a
            >`
            : nothing
        }
        <span class="code">${t.errorCode(error.code)}</span>
      </div>
    </div>`;
  }

  private renderOthers(s: ThreadState) {
    const waiting = s.waitingForOthers;
    if (!this.showWaiting || waiting.length === 0) return nothing;
    return html`<div class="others" part="others">
      <p class="others-title">${this.s.othersTitle}</p>
      <ul>
        ${waiting.map(
          (w) => html`<li>
            <span class="what">${w.what || this.s.job(w.job)}</span>
            <span class="meta">
              ${w.deciders ? html`<span>${this.s.othersDecide(w.deciders)}</span>` : nothing}
              <span>${this.s.job(w.job)}</span>
              ${
                w.console && isSafeHref(w.console.url)
                  ? html`<a href=${w.console.url} target="_blank" rel="noopener noreferrer"
                    >${w.console.label || this.s.othersLink}<span class="visually-hidden"> ${this.s.opensInNewTab}</span></a
                  >`
                  : nothing
              }
            </span>
          </li>`,
        )}
      </ul>
    </div>`;
  }

  private status(rows: Row[], running: boolean): string {
    const s = this.s;
    if (this.inFlight || running) return s.submitting;
    const answered = rows.filter((r) => r.check.status === 'ok' && !r.expired).length;
    const invalid = rows.filter((r) => r.check.status === 'invalid').length;
    const expired = rows.filter((r) => r.expired).length;
    const parts = [s.progress(answered, rows.length)];
    if (invalid) parts.push(s.invalid(invalid));
    if (expired) parts.push(s.expiredCount(expired));
    return answered === rows.length && !expired ? s.ready : parts.join(' · ');
  }

  protected override render() {
    const s = this.storeState;
    if (!s) return nothing;
    const turn = currentTurn(s);
    const error = listError(s);
    const rows = this.rows(s);
    const openIds = rows.map((r) => r.view.id);
    // Each once (a run that loaded the turn again ends with the same interrupts), in the order they came.
    const settled = [...new Set(turn?.runs.flatMap((r) => r.interruptIds) ?? [])].map((id) => s.interrupts[id]).filter((i): i is InterruptView => !!i && i.state !== 'open');
    if (!rows.length && !settled.length && !error && !(this.showWaiting && s.waitingForOthers.length)) return nothing;
    const readOnly = this.isReadOnly(s);
    const running = isActive(s);
    const ready = rows.length > 0 && rows.every((r) => r.check.status === 'ok' && !r.expired);
    const canSend = ready && !readOnly && !running && !this.inFlight;
    // One time for the list and its items: an item never shows a deadline open that the list counts expired.
    const now = this.now ?? this.clock();
    const item = (view: InterruptView) => {
      const mark = markFor(view.id, error, openIds, this.s);
      return html`<li>
        <oz-interrupt
          part="item"
          exportparts="interrupt:item-interrupt,title:item-title,message:item-message,approve:item-approve,deny:item-deny,outcome:item-outcome"
          data-id=${view.id}
          .interrupt=${view}
          .value=${this.draftOf(s, view)}
          .strings=${this.strings}
          .now=${now}
          .clock=${this.clock}
          .tickMs=${this.tickMs}
          .readOnly=${readOnly}
          .showErrors=${this.attempted || mark.highlight}
          .highlight=${mark.highlight}
          .notice=${mark.notice}
          .fieldError=${mark.fieldError}
          .step=${stepOf(view, turn)}
          .focusOnOpen=${false}
        ></oz-interrupt>
      </li>`;
    };
    return html`<form class="interrupts" part="interrupts" novalidate @submit=${this.onSubmit} @oz-interrupt-change=${this.onChange} @oz-interrupt-commit=${() => this.submit()}>
      ${this.renderError(error, s)}
      <ul class="list" part="list" aria-label=${this.s.listLabel}>
        ${repeat([...settled, ...rows.map((r) => r.view)], (view) => view.id, item)}
      </ul>
      ${this.renderOthers(s)}
      ${
        rows.length
          ? readOnly
            ? html`<p class="status" part="status">${this.s.readOnlyList}</p>`
            : html`<div class="footer" part="footer">
              <button type="submit" class="primary" part="submit" aria-describedby="submit-status" ?disabled=${!canSend}>${this.s.submit}</button>
              <p class="status" id="submit-status" part="status">${this.status(rows, running)}</p>
              ${rows.some((r) => r.expired) && !running ? html`<button type="button" part="load-again" @click=${() => this.act('reload', 'interrupt_expired')}>${this.s.loadAgain}</button>` : nothing}
              ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}
            </div>`
          : nothing
      }
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-interrupts': OzInterrupts;
  }
}
