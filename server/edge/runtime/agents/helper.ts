/** `helper`: greets, asks to post to #team (it sends data out, so a person approves), then pins, answers and draws a card. */
import type { Script } from '../script.js';
import { callTool, card, pin, say } from '../script.js';

const POST_URL = 'https://chat.example.com/team/p/1';

/** The helper agent. */
export const helper: Script = function* () {
  yield* say('Hello! I will greet the team in #team for you.');
  const text = 'Hello team, have a great day!';
  const r = yield* callTool(
    'team.post_message',
    { channel: '#team', text, credential: '{{secret:slack}}' },
    { sendsDataOut: true, what: 'Post a message to #team', result: { ok: true, url: POST_URL } },
  );
  if (!r.approved) {
    yield* say('I did not post the message to #team.');
    return;
  }
  yield* pin({ kind: 'decision', text: 'Posted the greeting to #team.', tags: ['team', 'greeting'] });
  yield* say('I posted the greeting to #team.');
  yield* card({ type: 'message_posted', channel: '#team', text, url: POST_URL });
};
