/** `tree`: the tree's limit refuses the start. */
import type { Script } from '../script.js';
import { quota as refuse } from '../script.js';

/** The tree agent. */
export const tree: Script = function* () {
  yield* refuse({ type: 'oz0_tree_limit', scope: 'this job tree', couldWait: false, raisableBy: 'a tenant admin', limit: 50, used: 50, unit: 'jobs' }, 'The job tree reached its limit of 50 jobs.');
};
