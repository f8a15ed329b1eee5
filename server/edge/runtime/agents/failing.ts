/** `failing`: failed, or timed_out when the message says `timeout`. */
import type { Script } from '../script.js';
import { fail, say } from '../script.js';

/** The failing agent. */
export const failing: Script = function* (ctx) {
  yield* say('Let me try that.');
  if (/timeout/i.test(ctx.text)) yield* fail('timed_out', 'The agent ran out of time on this turn.');
  else yield* fail('failed', "The agent's tool crashed.");
};
