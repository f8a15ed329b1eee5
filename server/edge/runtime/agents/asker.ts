/** `asker`: a choice question (an enum), then a typed question (a date and a bounded number), and an answer from both. */
import type { Script } from '../script.js';
import { ask, card, say } from '../script.js';

/** The asker agent. */
export const asker: Script = function* () {
  const team = yield* ask('Which team should I plan the offsite for?', { choices: ['design', 'platform', 'sales'] });
  if (!team.answered) {
    yield* say('You declined, so I planned nothing.');
    return;
  }
  const when = yield* ask('When is it, and for how many people?', {
    fields: {
      date: { type: 'string', format: 'date', title: 'Date' },
      people: { type: 'integer', minimum: 1, maximum: 20, title: 'People' },
    },
  });
  if (!when.answered) {
    yield* say(`I noted the ${String(team.answer.answer)} team, but without a date I planned nothing.`);
    return;
  }
  const plan = { team: team.answer.answer, date: when.answer.date, people: when.answer.people };
  yield* say(`Planned the ${String(plan.team)} offsite on ${String(plan.date)} for ${String(plan.people)} people.`);
  yield* card({ type: 'plan', ...plan });
};
