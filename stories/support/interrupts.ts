/**
 * Fixture-like events for interrupt states no recording has, rewritten from
 * recorded ones and reduced by the same reducer: an answer someone else
 * decided first, an acknowledgement, several interrupts at once.
 */
import type { RecordedEvent } from '../../src/transport/index.js';
import { fixture } from './recordings.js';
import type { PlayOptions } from './play.js';

type Loose = Record<string, unknown>;

/** helper, approved, but OZ says the interrupt was `already_decided` (someone decided first), or `acknowledged`. */
export function resumeOutcome(outcome: 'already_decided' | 'acknowledged'): PlayOptions {
  return {
    scenario: 'helper-approved',
    rewrite: (r) => {
      const e = r.event as Loose;
      if (e.type !== 'CUSTOM' || e.name !== 'oz0.resume') return r;
      const { approved: _approved, ...value } = e.value as Loose;
      void _approved;
      return { ...r, event: { ...e, value: { ...value, outcome } } as unknown as RecordedEvent['event'] };
    },
  };
}

/** The interrupts a recording's last RUN_FINISHED holds. */
function interruptsOf(name: string): Loose[] {
  const last = fixture(name).at(-1)!.event as Loose;
  return ((last.outcome as Loose | undefined)?.interrupts as Loose[] | undefined) ?? [];
}

/**
 * helper's first run ending with three interrupts: its approval, asker's
 * question and confirmer's approval with a value to type (ids made distinct,
 * as OZ's are across jobs).
 */
export function severalInterrupts(): PlayOptions {
  const more = [...interruptsOf('asker-1').map((i) => ({ ...i, id: `${String(i.id)}.q` })), ...interruptsOf('confirmer-1').map((i) => ({ ...i, id: `${String(i.id)}.c`, toolCallId: undefined }))];
  return {
    scenario: 'helper-approved',
    runCount: 1,
    rewrite: (r) => {
      const e = r.event as Loose;
      if (e.type !== 'RUN_FINISHED') return r;
      const outcome = e.outcome as Loose;
      return { ...r, event: { ...e, outcome: { ...outcome, interrupts: [...(outcome.interrupts as Loose[]), ...more] } } as unknown as RecordedEvent['event'] };
    },
  };
}
