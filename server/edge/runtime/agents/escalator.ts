/** `escalator`: a hook's escalation (confirmation) the caller decides. */
import type { Script } from '../script.js';
import { say, waitFor } from '../script.js';

/** The escalator agent. */
export const escalator: Script = function* () {
  yield* say('A hook escalated this change.');
  const r = yield* waitFor('changeset', 'Apply the changeset to the billing service');
  yield* say(r.approved ? 'Applied.' : 'Not applied.');
};
