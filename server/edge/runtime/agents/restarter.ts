/** `restarter`: a turn that waits for a restart's confirmation (the `restart` wait reason), which the caller decides. */
import type { Script } from '../script.js';
import { say, waitFor } from '../script.js';

/** What the restart confirmation asks. */
export const RESTART_WHAT = 'Restart the billing service to apply its new configuration';

/** The restarter agent. */
export const restarter: Script = function* () {
  yield* say('The new configuration takes effect after a restart.');
  const r = yield* waitFor('restart', RESTART_WHAT);
  yield* say(r.approved ? 'Restarted the billing service.' : 'Did not restart the billing service.');
};
