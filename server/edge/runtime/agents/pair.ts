/**
 * `pair`: two steps that wait for the caller at once, an approval and a
 * question, so one resume answers both (a test can make the job refuse the
 * second decision: the partial case); and a third, a release under four eyes
 * that someone else approves, after which it asks the caller whether to
 * announce it: a new interrupt of the caller's that a client which read the
 * first two does not know (a resume without it ends with interrupts_open).
 */
import type { Script } from '../script.js';
import { ask, callTool, card, delegate, say, step } from '../script.js';

/** The pair agent. */
export const pair: Script = function* () {
  yield* say('Two steps need you: a deploy and a question. A release needs someone else.');
  yield* delegate(
    step('deploy', function* () {
      const r = yield* callTool('deploy.staging', { service: 'web' }, { approval: 'self', what: 'Deploy web to staging' });
      yield* card({ type: 'deploy', service: 'web', approved: r.approved });
    }),
    step('notes', function* () {
      const a = yield* ask('Where should the release notes go?', { choices: ['email', 'blog'] });
      yield* card({ type: 'notes', channel: a.answered ? a.answer.answer : null });
    }),
    step('release', function* () {
      const r = yield* callTool('release.publish', { version: '3.0.0' }, { approval: 'four-eyes', what: 'Publish release 3.0.0' });
      if (!r.approved) return;
      const a = yield* ask('Announce release 3.0.0 now?', { choices: ['yes', 'later'] });
      yield* card({ type: 'release', version: '3.0.0', announce: a.answered ? a.answer.answer : null });
    }),
  );
  yield* say('Every step is done.');
};
