/** The built-in scripted agents, by the names tests and fixtures rely on. */
import type { Script } from '../script.js';
import { asker } from './asker.js';
import { board } from './board.js';
import { confirmer } from './confirmer.js';
import { delegator } from './delegator.js';
import { budget } from './budget.js';
import { escalator } from './escalator.js';
import { failing } from './failing.js';
import { pair } from './pair.js';
import { partial } from './partial.js';
import { pauser } from './pauser.js';
import { quota } from './quota.js';
import { restarter } from './restarter.js';
import { stepper } from './stepper.js';
import { teamquota } from './teamquota.js';
import { tree } from './tree.js';
import { helper } from './helper.js';
import { writer } from './writer.js';

/** A fresh registry of the built-in agents. */
export function builtInAgents(): Record<string, Script> {
  return { helper, asker, delegator, confirmer, writer, board, failing, quota, tree, budget, stepper, partial, escalator, restarter, pair, pauser, teamquota };
}
