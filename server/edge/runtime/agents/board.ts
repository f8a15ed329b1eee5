/** `board`: pins, supersedes and walls many notes; a step that held no outside input writes untainted ones. */
import type { Script } from '../script.js';
import { delegate, pin, say, step, supersede, wall } from '../script.js';

/** The board agent. */
export const board: Script = function* () {
  const hours = yield* pin({ kind: 'fact', text: 'The office opens at 9.', tags: ['office'] });
  const budget = yield* pin(wall('finance', { kind: 'finding', text: 'The budget is 40k.', tags: ['budget'] }));
  yield* delegate(
    step(
      'archivist',
      function* () {
        yield* pin({ kind: 'fact', text: 'Archived 12 old threads.', tags: ['archive'] });
        yield* pin({ kind: 'fact', text: 'Nothing else to archive.', tags: ['archive'] });
      },
      { tainted: false },
    ),
  );
  yield* supersede(hours, { kind: 'fact', text: 'The office opens at 8:30.', tags: ['office'] });
  yield* pin({ kind: 'todo', text: 'Book the room.', tags: ['todo'], labels: ['urgent'] });
  yield* supersede(budget, wall('finance', { kind: 'finding', text: 'The budget is 45k.', tags: ['budget'] }));
  yield* say('The board is up to date.');
};
