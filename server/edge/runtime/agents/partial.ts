/** `partial`: a turn whose waits the server can read only in part. */
import type { Script } from '../script.js';
import { partial as partly, say, waitForOthers } from '../script.js';

/** The partial agent. */
export const partial: Script = function* () {
  yield* say('Handing over to a newer runtime.');
  yield* partly();
  yield* waitForOthers('An escalation a newer runtime wrote', { unreadable: true });
  yield* say('Done.');
};
