import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  agentRoutePath,
  matchAgentRoute,
  THREAD_ID_PATTERN,
  describeError,
  ERROR_CATALOGUE,
  LIMIT_CODES,
  RUN_ERROR_CODES,
  readInterruptMeta,
  readOzCard,
  readOzResume,
  readOzWaiting,
  readSpendRefusal,
  readRunErrorDetails,
  isBoardState,
  isRedactedNote,
  isInterruptExpired,
  validateEvent,
  validateRunAgentInput,
  isTerminalEvent,
  codeForStatus,
} from '../../src/protocol/index.js';

test('route path round trip, with the tenant in the query', () => {
  assert.equal(agentRoutePath('helper', 'acme'), '/v1/agui/agents/helper?tenant=acme');
  assert.equal(matchAgentRoute('/v1/agui/agents/helper'), 'helper');
  assert.equal(matchAgentRoute('/v1/agui/agents/a/b'), undefined);
  assert.equal(matchAgentRoute('/v1/agui/agents/%E0%A4%A'), undefined);
});

test('threadId: letters, digits and ._:@-, at most 200', () => {
  assert.ok(THREAD_ID_PATTERN.test('chat-1.a_b:c@d'));
  assert.ok(THREAD_ID_PATTERN.test('x'.repeat(200)));
  assert.ok(!THREAD_ID_PATTERN.test('x'.repeat(201)));
  assert.ok(!THREAD_ID_PATTERN.test('chat 1'));
  assert.ok(!THREAD_ID_PATTERN.test(''));
});

test('every RUN_ERROR code has a meaning and an action; unknown codes fall back', () => {
  for (const code of RUN_ERROR_CODES) {
    const e = describeError(code);
    assert.equal(e.code, code);
    assert.ok(e.meaning.length > 10, code);
    assert.ok(e.action, code);
  }
  assert.equal(describeError('history_mismatch').action, 'reload');
  assert.equal(describeError('interrupts_open').action, 'answer_rest');
  assert.equal(describeError('turn_waiting').action, 'follow');
  assert.equal(describeError('oz0_quota_exceeded').action, 'ask_admin');
  const unknown = describeError('brand_new_code');
  assert.equal(unknown.code, 'brand_new_code');
  assert.equal(unknown.meaning, ERROR_CATALOGUE.unknown.meaning);
  // Inherited names are no codes: an event saying code 'toString' gets the fallback.
  assert.equal(describeError('toString').meaning, ERROR_CATALOGUE.unknown.meaning);
  assert.equal(describeError('__proto__').meaning, ERROR_CATALOGUE.unknown.meaning);
  assert.equal(describeError('brand_new_code').key, 'unknown', "the key says the code fell back, so a view shows the server's message");
  assert.equal(describeError('oz0_budget_exceeded').key, 'oz0_budget_exceeded');
  // `limit` is a fallback of spend refusals, no code of its own.
  assert.equal(describeError('limit').key, 'unknown');
});

test("a spend refusal reads as a limit whatever its code: the refusal type's entry, else the generic limit", () => {
  const spend = (type: string) => ({ type });
  const budget = describeError('oz0_budget_exceeded', ERROR_CATALOGUE, spend('oz0_budget_exceeded'));
  assert.deepEqual([budget.key, budget.meaning, budget.action], ['oz0_budget_exceeded', ERROR_CATALOGUE.oz0_budget_exceeded.meaning, 'ask_admin']);
  const fresh = describeError('oz0_something_new', ERROR_CATALOGUE, spend('oz0_something_new'));
  assert.deepEqual([fresh.code, fresh.key, fresh.meaning, fresh.action], ['oz0_something_new', 'limit', ERROR_CATALOGUE.limit.meaning, 'ask_admin']);
  // An older server's code for a refusal (resource_exhausted, failed) is no "try again" when oz0 names the limit.
  assert.equal(describeError('resource_exhausted', ERROR_CATALOGUE, spend('oz0_quota_exceeded')).key, 'oz0_quota_exceeded');
  assert.deepEqual([describeError('failed', ERROR_CATALOGUE, spend('oz0_new')).key, describeError('failed', ERROR_CATALOGUE, spend('oz0_new')).action], ['limit', 'ask_admin']);
  // The code names a limit the type does not: the code's wording.
  assert.equal(describeError('oz0_tree_limit', ERROR_CATALOGUE, spend('oz0_tree_limit_v2')).key, 'oz0_tree_limit');
  for (const key of LIMIT_CODES) assert.equal(ERROR_CATALOGUE[key as keyof typeof ERROR_CATALOGUE].action, 'ask_admin', key);
  // A translated catalogue words it all.
  const de = { ...ERROR_CATALOGUE, limit: { meaning: 'Ein Limit ist erreicht.', action: 'ask_admin' as const } };
  assert.equal(describeError('oz0_x', de, spend('oz0_x')).meaning, 'Ein Limit ist erreicht.');
});

test('interrupt metadata is read by key and type, wrong types ignored', () => {
  const meta = readInterruptMeta({
    metadata: {
      'oz0/kind': 'approval',
      'oz0/what': 'Post to #team',
      'oz0/job': 'job-1',
      'oz0/details': { channel: '#team' },
      'oz0/choices': ['a', 'b'],
      'oz0/deciders': 'ana or ben',
      'oz0/typed': true,
      'oz0/ai-label': 'AI: ',
      'oz0/console': { label: 'Decide in OZ', url: 'http://x/console/jobs/job-1' },
    },
  });
  assert.deepEqual(meta, {
    kind: 'approval',
    what: 'Post to #team',
    job: 'job-1',
    details: { channel: '#team' },
    choices: ['a', 'b'],
    deciders: 'ana or ben',
    typed: true,
    aiLabel: 'AI: ',
    console: { label: 'Decide in OZ', url: 'http://x/console/jobs/job-1' },
  });
  assert.deepEqual(readInterruptMeta({ metadata: { 'oz0/choices': [1, 2], 'oz0/details': [1], 'oz0/console': { url: 'x' } } }), {});
  assert.deepEqual(readInterruptMeta({}), {});
});

test('deadline: expired at or after expiresAt, never for a missing or unparsable one', () => {
  const at = Date.parse('2026-12-02T10:00:00Z');
  assert.equal(isInterruptExpired({ expiresAt: '2026-12-02T10:00:00Z' }, at), true);
  assert.equal(isInterruptExpired({ expiresAt: '2026-12-02T10:00:00Z' }, at - 1), false);
  assert.equal(isInterruptExpired({}, at), false);
  assert.equal(isInterruptExpired({ expiresAt: 'soon' }, at), false);
});

test('OZ custom events are read, malformed values refused', () => {
  assert.deepEqual(readOzCard({ job: 'j', card: { type: 't' } }), { job: 'j', card: { type: 't' } });
  assert.equal(readOzCard({ job: 'j', card: [] }), undefined);
  assert.equal(readOzCard(null), undefined);
  assert.deepEqual(readOzWaiting({ waiting: [{ job: 'j', what: 'w', deciders: 'ben' }, { what: 'no job' }] }), {
    waiting: [{ job: 'j', what: 'w', deciders: 'ben' }],
  });
  assert.equal(readOzWaiting({ waiting: 'x' }), undefined);
  assert.deepEqual(readOzResume({ interruptId: 'i', outcome: 'decided', approved: false }), { interruptId: 'i', outcome: 'decided', approved: false });
  assert.deepEqual(readOzResume({ interruptId: 'i', outcome: 'already_decided' }), { interruptId: 'i', outcome: 'already_decided' });
  assert.equal(readOzResume({ interruptId: 'i', outcome: 'maybe' }), undefined);
});

test('spend refusals and error details are read from rawEvent.oz0 and metadata', () => {
  const r = readSpendRefusal({
    oz0: { type: 'oz0_quota_exceeded', scope: 'ana', resetsAt: '2026-12-03T00:00:00Z', couldWait: true, raisableBy: 'a tenant admin', limit: 100, used: 100, unit: 'runs' },
  });
  assert.deepEqual(r, { type: 'oz0_quota_exceeded', scope: 'ana', resetsAt: '2026-12-03T00:00:00Z', couldWait: true, raisableBy: 'a tenant admin', limit: 100, used: 100, unit: 'runs' });
  assert.equal(readSpendRefusal({}), undefined);
  assert.equal(readSpendRefusal({ oz0: { type: 1 } }), undefined);
  assert.deepEqual(readRunErrorDetails({ 'oz0/decided': ['a'], 'oz0/not-decided': ['b'], 'oz0/entry': 'b', 'oz0/reason': 'why', 'oz0/open': [1] }), {
    decided: ['a'],
    notDecided: ['b'],
    entry: 'b',
    reason: 'why',
  });
});

test('board shape checks and redacted notes', () => {
  assert.ok(isBoardState({ board: { notes: [] } }));
  assert.ok(!isBoardState({ board: { notes: [{}] } }));
  assert.ok(!isBoardState({ notes: [] }));
  assert.ok(isRedactedNote({ redacted: true, label: 'wall', id: '1', kind: 'k', job: 'j', agent: 'a', createdAt: 't' }));
});

test("events are validated with @ag-ui/core's schemas", () => {
  assert.equal(validateEvent({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'hi' }).ok, true);
  const bad = validateEvent({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm' });
  assert.equal(bad.ok, false);
  assert.match(!bad.ok ? bad.error : '', /delta/);
  assert.equal(validateEvent({ type: 'NOPE' }).ok, false);
  assert.equal(validateRunAgentInput({ threadId: 't', runId: 'r', messages: [] }).ok, true);
  assert.equal(validateRunAgentInput({ threadId: 't', messages: [] }).ok, false);
  assert.ok(isTerminalEvent({ type: 'RUN_ERROR' }) && !isTerminalEvent({ type: 'RUN_STARTED' }));
});

test('an HTTP status without a code in its body maps to the catalogue', () => {
  const cases: Array<[number | undefined, string]> = [
    [400, 'invalid_argument'],
    [422, 'invalid_argument'],
    [401, 'unauthenticated'],
    [403, 'permission_denied'],
    [404, 'not_found'],
    [409, 'failed_precondition'],
    [412, 'failed_precondition'],
    [413, 'payload_too_large'],
    [429, 'resource_exhausted'],
    [500, 'unavailable'],
    [503, 'unavailable'],
    [418, 'unknown'],
    [undefined, 'unknown'],
  ];
  for (const [status, code] of cases) assert.equal(codeForStatus(status), code, String(status));
  for (const [, code] of cases) assert.ok(code === 'unknown' || (RUN_ERROR_CODES as readonly string[]).includes(code), code);
});
