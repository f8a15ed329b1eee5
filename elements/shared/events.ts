import type { ErrorAction, Interrupt } from '../../src/protocol/index.js';
import type { RunView, ThreadStore } from '../../src/thread/index.js';
import { defineEvent } from './define-event.js';

// Every event bubbles and crosses shadow roots, so a page listens on the chat or above it (define-event.ts).

/** A run of the thread started (RUN_STARTED). */
export class OzRunStartedEvent extends defineEvent<{ threadId: string; runId: string }>()('oz-run-started') {}

/** How a run ended: the outcome's type (`success`, `interrupt`, `cancelled`). */
export class OzRunFinishedEvent extends defineEvent<{ threadId: string; runId: string; outcome: NonNullable<RunView['outcome']> }>()('oz-run-finished') {}

/** A run failed or was refused: RUN_ERROR's code, or a refused request's. */
export class OzRunErrorEvent extends defineEvent<{ code: string; message: string; runId?: string }>()('oz-run-error') {}

/** A turn ended waiting for the person's answers. */
export class OzInterruptRequestedEvent extends defineEvent<{ interrupts: readonly Interrupt[] }>()('oz-interrupt-requested') {}

/** A card arrived (`oz0.card`): the job whose answer it shows, and the card. */
export class OzCardEvent extends defineEvent<{ job: string; card: Readonly<Record<string, unknown>> }>()('oz-card') {}

/** The person sends a message. Cancelable: `preventDefault()` keeps it from being sent. */
export class OzSendEvent extends defineEvent<{ text: string }>()('oz-send', { cancelable: true }) {}

declare global {
  interface GlobalEventHandlersEventMap {
    'oz-run-started': OzRunStartedEvent;
    'oz-run-finished': OzRunFinishedEvent;
    'oz-run-error': OzRunErrorEvent;
    'oz-interrupt-requested': OzInterruptRequestedEvent;
    'oz-card': OzCardEvent;
    'oz-send': OzSendEvent;
  }
}

/** The person chose an error's action (reload, retry, answer, sign in). The chat acts on it unless prevented. */
export class OzErrorActionEvent extends defineEvent<{ action: ErrorAction; code: string }>()('oz-error-action', { cancelable: true }) {}

/**
 * The page cannot go on with the thread from what it holds: it has none of
 * its turns (`nothing_to_load`: a fresh page given a thread's id) or the
 * thread has turns it lacks (`history_unavailable`: another tab or device
 * added them). An app that keeps its threads answers with
 * `chat.loadHistory(messages)`; otherwise the person may start a new thread.
 */
export class OzHistoryNeededEvent extends defineEvent<{ threadId: string; reason: 'nothing_to_load' | 'history_unavailable' }>()('oz-history-needed') {}

/**
 * The chat renders from another thread store: one it made (its first, or a
 * new thread's) or the app's; `store` is undefined when it has none. Fired at
 * once, before the new store sends anything (so a listener can tap its
 * records: the inspector does), and again when a chat with a store enters
 * the page.
 */
export class OzStoreChangeEvent extends defineEvent<{ store: ThreadStore | undefined }>()('oz-store-change') {}

/** The person asked to stop following the run (the job runs on in OZ). */
export class OzStopEvent extends defineEvent()('oz-stop') {}

declare global {
  interface GlobalEventHandlersEventMap {
    'oz-error-action': OzErrorActionEvent;
    'oz-history-needed': OzHistoryNeededEvent;
    'oz-stop': OzStopEvent;
    'oz-store-change': OzStoreChangeEvent;
  }
}
