/** `confirmer`: a transfer whose approval asks the person to type the account (`confirm`). */
import type { Script } from '../script.js';
import { callTool, say } from '../script.js';

/** The account the approver must type. */
export const CONFIRM_ACCOUNT = 'DE89370400440532013000';

/** The confirmer agent. */
export const confirmer: Script = function* () {
  yield* say('I will transfer 120 EUR once you confirm the account.');
  const r = yield* callTool(
    'payments.transfer',
    { account: CONFIRM_ACCOUNT, amount: 120, currency: 'EUR', credential: '{{secret:bank}}' },
    { approval: 'self', confirmArg: 'account', what: 'Transfer 120 EUR' },
  );
  yield* say(r.approved ? 'I transferred 120 EUR.' : 'I did not transfer anything.');
};
