/**
 * `delegator`: four steps. `check` needs the caller's approval (its interrupt
 * names the step's job), `vault` is behind the finance wall (no card, no
 * content for those outside), `summary` draws a card, and `release` needs a
 * four-eyes approval only someone else may give.
 */
import type { Script } from '../script.js';
import { callTool, card, delegate, pin, say, step, wall } from '../script.js';

/** The delegator agent. */
export const delegator: Script = function* () {
  yield* say('I will split this into steps.');
  yield* delegate(
    step('check', function* () {
      const r = yield* callTool('deploy.check', { service: 'billing' }, { approval: 'self', what: 'Run the billing deploy check' });
      yield* card({ type: 'check', service: 'billing', approved: r.approved });
    }),
    step(
      'vault',
      function* () {
        yield* pin(wall('finance', { kind: 'finding', text: 'The Q3 margin is 12%.', tags: ['finance'] }));
        yield* card({ type: 'finding', text: 'The Q3 margin is 12%.' });
      },
      { wall: 'finance' },
    ),
    step('summary', function* () {
      yield* say('Three of four steps are routine.');
      yield* card({ type: 'summary', text: 'Three of four steps are routine.' });
    }),
    step('release', function* () {
      const r = yield* callTool('release.publish', { version: '2.1.0' }, { approval: 'four-eyes', what: 'Publish release 2.1.0' });
      yield* card({ type: 'release', version: '2.1.0', published: r.approved });
    }),
  );
  yield* pin({ kind: 'summary', text: 'Every step finished.', tags: ['steps'] });
  yield* say('Every step is done.');
  yield* card({ type: 'summary', steps: 4 });
};
