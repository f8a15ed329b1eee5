/** `stepper`: opens 40 steps at once (a run shows 32). */
import type { Script } from '../script.js';
import { card, delegate, say, sleep, step } from '../script.js';

/** The stepper agent. */
export const stepper: Script = function* () {
  yield* say('Opening 40 steps.');
  yield* delegate(
    ...Array.from({ length: 40 }, (_, i) =>
      step(`s${i + 1}`, function* () {
        yield* sleep(100 + i);
        yield* card({ type: 'step', n: i + 1 });
      }),
    ),
  );
  yield* say('All 40 steps finished.');
};
