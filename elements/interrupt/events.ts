import type { ResumeEntry } from '../../src/protocol/index.js';
import type { InterruptDraft } from './answer.js';

/** Every event bubbles and crosses shadow roots. */
const INIT: EventInit = { bubbles: true, composed: true };

/** The person changed an interrupt's answer: its new draft (keep it with `store.setDraft`). */
export class OzInterruptChangeEvent extends Event {
  static readonly eventName = 'oz-interrupt-change';
  constructor(
    readonly interruptId: string,
    readonly value: InterruptDraft,
  ) {
    super(OzInterruptChangeEvent.eventName, INIT);
  }
}

/** The person pressed Enter in an interrupt's form: send the answers, if they may be sent. */
export class OzInterruptCommitEvent extends Event {
  static readonly eventName = 'oz-interrupt-commit';
  constructor(readonly interruptId: string) {
    super(OzInterruptCommitEvent.eventName, INIT);
  }
}

/**
 * The answers are about to be sent as one resume: one entry per open
 * interrupt. Cancelable: `preventDefault()` keeps them from being sent.
 */
export class OzInterruptSubmitEvent extends Event {
  static readonly eventName = 'oz-interrupt-submit';
  constructor(readonly entries: readonly ResumeEntry[]) {
    super(OzInterruptSubmitEvent.eventName, { ...INIT, cancelable: true });
  }

  /** The resume entries (the same as `entries`). */
  get detail(): readonly ResumeEntry[] {
    return this.entries;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'oz-interrupt-change': OzInterruptChangeEvent;
    'oz-interrupt-commit': OzInterruptCommitEvent;
    'oz-interrupt-submit': OzInterruptSubmitEvent;
  }
}
