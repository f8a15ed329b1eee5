/**
 * RUN_ERRORs by code, through the real reducer: the failing recording (a
 * message, then RUN_ERROR `failed`) with its RUN_ERROR's code and message
 * replaced, the way the edge sends any other code. Spend refusals keep the
 * quota recording's `rawEvent.oz0`.
 */
import { ERROR_CATALOGUE } from '../../src/protocol/index.js';
import { reduceAll, initialThreadState, type ErrorView } from '../../src/thread/index.js';
import type { RecordedEvent } from '../../src/transport/index.js';
import type { PlayOptions } from './play.js';
import { fixture } from './recordings.js';

/** The messages the development edge sends with these codes (server/edge), where it sends one. */
const MESSAGES: Readonly<Record<string, string>> = {
  failed: "The agent's tool crashed.",
  timed_out: 'The agent ran out of time on this turn.',
  oz0_quota_exceeded: 'Your monthly token quota is used up.',
  oz0_tree_limit: 'The job tree reached its limit of 50 jobs.',
  revoked: 'You may no longer read this thread.',
  not_a_decider: 'You may not decide this one; someone else must.',
  invalid_resume: "The answer does not fit the interrupt's schema.",
};

/** The edge's tree-limit refusal (server/edge). */
const TREE_LIMIT = { type: 'oz0_tree_limit', scope: 'this job tree', couldWait: false, raisableBy: 'a tenant admin', limit: 50, used: 50, unit: 'jobs' };

/** The `failing` recording whose RUN_ERROR carries `code` (and the quota's refusal for a spend code). */
export function runErrorRecording(code: string): RecordedEvent[] {
  const spend = fixture('quota').find((r) => r.event.type === 'RUN_ERROR')!.event as { rawEvent?: unknown };
  const entry = (ERROR_CATALOGUE as Record<string, { meaning: string } | undefined>)[code];
  return fixture('failing').map((r) => {
    if (r.event.type !== 'RUN_ERROR') return r;
    const message = MESSAGES[code] ?? (entry ? entry.meaning : `An error this client has not met (${code}).`);
    const event: Record<string, unknown> = { ...r.event, code, message };
    if (code === 'oz0_quota_exceeded') event.rawEvent = spend.rawEvent;
    if (code === 'oz0_tree_limit') event.rawEvent = { oz0: TREE_LIMIT };
    return { ...r, event: event as unknown as RecordedEvent['event'] };
  });
}

/** Play options for a chat that ends with that RUN_ERROR. */
export function runErrorOf(code: string): PlayOptions {
  return { runs: [runErrorRecording(code)], text: 'Try it' };
}

/** The ErrorView the reducer makes of that RUN_ERROR. */
export function runErrorView(code: string): ErrorView {
  const state = reduceAll(
    initialThreadState('failing-thread'),
    runErrorRecording(code).map((r) => ({ id: r.id ?? undefined, event: r.event })),
  );
  if (!state.lastError) throw new Error(`The reducer made no error of ${code}`);
  return state.lastError;
}
