/** `quota`: a quota ends the job, with its numbers. */
import type { Script } from '../script.js';
import { quota as refuse, say } from '../script.js';

/** The quota agent. */
export const quota: Script = function* () {
  yield* say('Working on it.');
  yield* refuse(
    {
      type: 'oz0_quota_exceeded',
      scope: 'your monthly model tokens',
      resetsAt: '2026-02-01T00:00:00.000Z',
      couldWait: false,
      raisableBy: 'a tenant admin',
      limit: 100000,
      used: 100250,
      unit: 'tokens',
    },
    'Your monthly token quota is used up.',
  );
};
