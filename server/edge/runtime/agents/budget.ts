/** `budget`: a budget wait (confirmation with an empty schema) an admin's decision ends. */
import type { Script } from '../script.js';
import { budgetWait, say } from '../script.js';

/** The budget agent. */
export const budget: Script = function* () {
  yield* say('This needs more budget than the team has left.');
  const r = yield* budgetWait('The team budget for this month is used up; an admin may raise it.');
  yield* say(r.approved ? 'The budget was raised, so I finished.' : 'The budget was not raised, so I stopped.');
};
