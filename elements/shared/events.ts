import type { Interrupt } from '../../src/protocol/index.js';

/** Every event bubbles and crosses shadow roots, so a page listens on the chat or above it. */
const INIT: EventInit = { bubbles: true, composed: true };

/** A run of the thread started (RUN_STARTED). */
export class OzRunStartedEvent extends Event {
  static readonly eventName = 'oz-run-started';
  constructor(
    readonly threadId: string,
    readonly runId: string,
  ) {
    super(OzRunStartedEvent.eventName, INIT);
  }
}

/** How a run ended: the outcome's type (`success`, `interrupt`, `cancelled`). */
export class OzRunFinishedEvent extends Event {
  static readonly eventName = 'oz-run-finished';
  constructor(
    readonly threadId: string,
    readonly runId: string,
    readonly outcome: string,
  ) {
    super(OzRunFinishedEvent.eventName, INIT);
  }
}

/** A run failed or was refused: RUN_ERROR's code, or a refused request's. */
export class OzRunErrorEvent extends Event {
  static readonly eventName = 'oz-run-error';
  constructor(
    readonly code: string,
    readonly message: string,
    readonly runId?: string,
  ) {
    super(OzRunErrorEvent.eventName, INIT);
  }
}

/** A turn ended waiting for the person's answers. */
export class OzInterruptRequestedEvent extends Event {
  static readonly eventName = 'oz-interrupt-requested';
  constructor(readonly interrupts: readonly Interrupt[]) {
    super(OzInterruptRequestedEvent.eventName, INIT);
  }
}

/** A card arrived (`oz0.card`): the job whose answer it shows, and the card. */
export class OzCardEvent extends Event {
  static readonly eventName = 'oz-card';
  constructor(
    readonly job: string,
    readonly card: Readonly<Record<string, unknown>>,
  ) {
    super(OzCardEvent.eventName, INIT);
  }
}

/** The person sends a message. Cancelable: `preventDefault()` keeps it from being sent. */
export class OzSendEvent extends Event {
  static readonly eventName = 'oz-send';
  constructor(readonly text: string) {
    super(OzSendEvent.eventName, { ...INIT, cancelable: true });
  }
}

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
export class OzErrorActionEvent extends Event {
  static readonly eventName = 'oz-error-action';
  constructor(
    readonly action: string,
    readonly code: string,
  ) {
    super(OzErrorActionEvent.eventName, { ...INIT, cancelable: true });
  }
}

/**
 * The page cannot go on with the thread from what it holds: it has none of
 * its turns (`nothing_to_load`: a fresh page given a thread's id) or the
 * thread has turns it lacks (`history_unavailable`: another tab or device
 * added them). An app that keeps its threads answers with
 * `chat.loadHistory(messages)`; otherwise the person may start a new thread.
 */
export class OzHistoryNeededEvent extends Event {
  static readonly eventName = 'oz-history-needed';
  constructor(
    readonly threadId: string,
    readonly reason: 'nothing_to_load' | 'history_unavailable',
  ) {
    super(OzHistoryNeededEvent.eventName, INIT);
  }
}

/** The person asked to stop following the run (the job runs on in OZ). */
export class OzStopEvent extends Event {
  static readonly eventName = 'oz-stop';
  constructor() {
    super(OzStopEvent.eventName, INIT);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'oz-error-action': OzErrorActionEvent;
    'oz-history-needed': OzHistoryNeededEvent;
    'oz-stop': OzStopEvent;
  }
}
