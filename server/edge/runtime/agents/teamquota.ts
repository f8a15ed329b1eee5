/**
 * `teamquota`: the team's monthly budget ends the job. The figures are the
 * team's, not the caller's: only a caller who may read them (budget.read, or
 * an admin's budget.decide) gets them; everyone gets the scope, when it
 * resets, whether the job could wait and who can raise it.
 */
import type { Script } from '../script.js';
import { quota as refuse, say } from '../script.js';

/** The teamquota agent. */
export const teamquota: Script = function* () {
  yield* say('Working on it.');
  yield* refuse(
    {
      type: 'oz0_budget_exceeded',
      scope: "the platform team's monthly budget",
      resetsAt: '2026-02-01T00:00:00.000Z',
      couldWait: true,
      raisableBy: 'a tenant admin',
      limit: 500,
      used: 512.4,
      unit: 'EUR',
      figuresOf: 'others',
    },
    "The platform team's monthly budget is used up.",
  );
};
