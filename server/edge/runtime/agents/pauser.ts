/**
 * `pauser`: says it will look, works for a minute on the runtime's clock
 * (`PAUSE_MS`), then asks to approve a call. On a clock a test moves, the
 * minute passes when the test says, so a client can stop following before the
 * approval is asked and meet it only when it sends a new message
 * (interrupts_pending).
 */
import type { Script } from '../script.js';
import { callTool, say, sleep } from '../script.js';

/** How long it works before it asks. */
export const PAUSE_MS = 60_000;

/** The pauser agent. */
export const pauser: Script = function* () {
  yield* say('Let me look into it first.');
  yield* sleep(PAUSE_MS);
  const r = yield* callTool('cache.flush', { region: 'eu' }, { approval: 'self', what: 'Flush the EU cache' });
  yield* say(r.approved ? 'I flushed the EU cache.' : 'I left the cache alone.');
};
