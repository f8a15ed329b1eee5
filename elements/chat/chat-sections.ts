/**
 * Parts of the chat's template that read the thread and call its store: the
 * connection indicator, the "following stopped" line with Follow again, and
 * where the turn waits (the interrupt forms). The chat's render() composes
 * them; each is a plain template function.
 */
import { html, nothing } from 'lit';
import { answerableInterrupts, currentRun, isActive } from '../../src/thread/selectors.js';
import type { ThreadState, ThreadStore } from '../../src/thread/index.js';
import type { InterruptsStore } from '../interrupt-list/interrupts.js';
import type { OzErrorActionEvent } from '../shared/events.js';
import type { OzStrings } from '../shared/strings.js';

/** A store call a button makes: a refusal or a failure is already the thread's state. */
const quietly = (call: () => Promise<void> | undefined) => {
  try {
    void call()?.catch(() => undefined);
  } catch {
    // refused before sending (a run streams, nothing to load): nothing changes
  }
};

/** Why the composer is off now, or '' when the person may send. */
export function busyReason(s: ThreadState, t: OzStrings, now: number): string {
  if (s.status === 'running') return t.busyRunning;
  if (s.status === 'waiting') return t.busyWaiting;
  // Interrupts past their deadline can no longer be answered: they hold nothing back.
  if (answerableInterrupts(s, now).length > 0) return t.busyAnswer;
  return '';
}

/**
 * What an error's action does when no listener cancelled it: `retry` tries
 * again (store.retryOrResend()), `reload` loads again, `follow` follows again,
 * `new_thread` starts a new thread, the answering ones move focus to the
 * interrupts; `sign_in` is the app's.
 */
export function carryOutErrorAction(action: OzErrorActionEvent['action'], store: ThreadStore, chat: { newThread(): void; focusInterrupts(): void }): void {
  if (action === 'retry') quietly(() => store.retryOrResend());
  else if (action === 'reload') quietly(() => store.resync());
  else if (action === 'follow') quietly(() => store.followAgain());
  else if (action === 'new_thread') chat.newThread();
  else if (action.startsWith('answer') || action === 'fix_answer') chat.focusInterrupts();
}

/** After Stop (or a connection given up): the turn may go on in OZ; "Follow again" picks it up. */
export function renderStopped(s: ThreadState, t: OzStrings, store: ThreadStore | undefined) {
  const run = currentRun(s);
  if (!run || isActive(s) || run.terminal || run.phase !== 'stopped') return nothing;
  return html`<p class="stopped" part="stopped">
    ${t.stoppedFollowing}
    <button @click=${() => quietly(() => store?.followAgain())}>${t.actions.follow}</button>
  </p>`;
}

/** Reconnecting, or the connection lost with a way to try again. */
export function renderConnection(s: ThreadState, t: OzStrings, store: ThreadStore | undefined) {
  const c = s.connection;
  if (c.status === 'reconnecting') return html`<span class="connection quiet" part="connection"><span class="dot" aria-hidden="true"></span>${t.reconnecting}</span>`;
  if (c.status === 'failed')
    return html`<span class="connection lost" part="connection"
      >${t.connectionLost}
      <button @click=${() => quietly(() => store?.retry())}>${t.retryConnection}</button></span
    >`;
  return nothing;
}

export interface InterruptsSection {
  t: OzStrings;
  strings: Partial<OzStrings> | undefined;
  /** The store as <oz-interrupts> sees it. */
  forms: InterruptsStore;
  /** Whether an interrupt waits for the person now. */
  open: boolean;
  /** The forms' tags are defined (they load on first use). */
  formsReady: boolean;
  clock: () => number;
}

/** Where the turn waits: the forms for every open interrupt, answered in one resume (slot `interrupts` replaces them). */
export function renderInterrupts(c: InterruptsSection) {
  const { t, open } = c;
  return html`<section class="interrupts ${open ? 'open' : ''}" part="interrupts" tabindex="-1" aria-labelledby=${open ? 'interrupts-title' : nothing}>
    ${open ? html`<p class="interrupts-title" id="interrupts-title">${t.interruptsTitle}</p><p class="hint">${t.interruptsHint}</p>` : nothing}
    <slot name="interrupts"
      ><oz-interrupts
        part="interrupt-forms"
        .store=${c.forms}
        .strings=${c.strings}
        .showWaiting=${false}
        .clock=${c.clock}
        @oz-interrupt-requested=${(e: Event) => e.stopPropagation() /* the chat fires it, once per run that asks */}
        >${open && !c.formsReady ? html`<p class="hint" role="status">${t.formsLoading}</p>` : nothing}</oz-interrupts
    ></slot>
  </section>`;
}

/** The store as <oz-interrupts> sees it: its "load again" is the store's resync(), not a restore from storage. */
export function formsView(store: ThreadStore): InterruptsStore {
  return {
    getState: () => store.getState(),
    subscribe: (listener) => store.subscribe(listener),
    resume: (answers) => store.resume(answers),
    setDraft: (id, value) => store.setDraft(id, value),
    resync: () => store.resync(),
    followAgain: () => store.followAgain(),
  };
}
