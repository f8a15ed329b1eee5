import type { ResumeEntry } from '../../src/protocol/index.js';
import type { InterruptDraft } from './answer.js';

import { defineEvent } from '../shared/define-event.js';

/** The person changed an interrupt's answer: its new draft (keep it with `store.setDraft`). */
export class OzInterruptChangeEvent extends defineEvent<{ interruptId: string; value: InterruptDraft }>()('oz-interrupt-change') {}

/** The person pressed Enter in an interrupt's form: send the answers, if they may be sent. */
export class OzInterruptCommitEvent extends defineEvent<{ interruptId: string }>()('oz-interrupt-commit') {}

/**
 * The answers are about to be sent as one resume: one entry per open
 * interrupt. Cancelable: `preventDefault()` keeps them from being sent.
 */
export class OzInterruptSubmitEvent extends defineEvent<{ entries: readonly ResumeEntry[] }>()('oz-interrupt-submit', { cancelable: true }) {
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
