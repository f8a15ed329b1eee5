import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ERROR_CATALOGUE, RUN_ERROR_CODES } from '../../src/protocol/index.js';
import { currentRun } from '../../src/thread/index.js';
import { runErrorView } from '../../src/thread/index.js';
import { input, runError, runOk, setup, user } from './edge-runtime-harness.js';
import { apply, ev, EventType, started } from './thread-fixtures.js';

for (const code of [...RUN_ERROR_CODES, 'something_new']) {
  test(`RUN_ERROR ${code}: an error in the transcript with its meaning and action`, () => {
    const s = apply(started(), [ev({ type: EventType.RUN_ERROR, code, message: `server says ${code}` })]);
    const expected = ERROR_CATALOGUE[(code in ERROR_CATALOGUE ? code : 'unknown') as keyof typeof ERROR_CATALOGUE];
    assert.equal(s.status, 'error');
    assert.equal(s.lastError!.code, code);
    assert.equal(s.lastError!.message, `server says ${code}`);
    assert.equal(s.lastError!.meaning, expected.meaning);
    assert.equal(s.lastError!.action, expected.action);
    assert.equal(s.lastError!.source, 'run');
    assert.equal(s.lastError!.runId, 'run-1');
    const run = currentRun(s)!;
    assert.equal(run.phase, 'error');
    assert.equal(run.terminal, true);
    assert.equal(run.error, s.lastError);
    assert.deepEqual(
      run.items.map((i) => i.kind),
      ['error'],
    );
  });
}

test("RUN_ERROR oz0_quota_exceeded: the spend refusal's numbers from rawEvent.oz0", () => {
  const rawEvent = { oz0: { type: 'oz0_quota_exceeded', scope: 'team Sales', resetsAt: '2026-04-01T00:00:00Z', couldWait: false, raisableBy: 'a tenant admin', limit: 100, used: 100, unit: 'USD' } };
  const s = apply(started(), [ev({ type: EventType.RUN_ERROR, code: 'oz0_quota_exceeded', message: 'quota', rawEvent })]);
  assert.deepEqual(s.lastError!.spend, {
    type: 'oz0_quota_exceeded',
    scope: 'team Sales',
    resetsAt: '2026-04-01T00:00:00Z',
    couldWait: false,
    raisableBy: 'a tenant admin',
    limit: 100,
    used: 100,
    unit: 'USD',
  });
  assert.equal(s.lastError!.action, 'ask_admin');
  assert.equal(s.lastError!.retryable, false);
});

test('RUN_ERROR oz0_tree_limit without figures the caller may not read', () => {
  const s = apply(started(), [
    ev({ type: EventType.RUN_ERROR, code: 'oz0_tree_limit', message: 'limit', rawEvent: { oz0: { type: 'oz0_tree_limit', scope: 'this job tree', couldWait: true, raisableBy: 'Ana' } } }),
  ]);
  assert.equal(s.lastError!.spend!.limit, undefined);
  assert.equal(s.lastError!.spend!.couldWait, true);
});

test("the development edge's teamquota refusal (oz0_budget_exceeded): a budget, its numbers, ask an admin, not retryable", () => {
  const { rt, clock } = setup();
  const event = runError(runOk(rt, clock, 'ben-token', 'teamquota', input('tq-view', [user('go')])).events);
  const view = runErrorView(event, 'run-9', 5);
  assert.equal(view.code, 'oz0_budget_exceeded');
  assert.equal(view.meaning, ERROR_CATALOGUE.oz0_budget_exceeded.meaning);
  assert.equal(view.action, 'ask_admin');
  assert.equal(view.retryable, false);
  assert.deepEqual(view.spend, {
    type: 'oz0_budget_exceeded',
    scope: "the platform team's monthly budget",
    resetsAt: '2026-02-01T00:00:00.000Z',
    couldWait: true,
    raisableBy: 'a tenant admin',
    limit: 500,
    used: 512.4,
    unit: 'EUR',
  });
  assert.equal(view.message, "The platform team's monthly budget is used up.");
});

test('RUN_ERROR with a refusal type the catalogue does not know: a limit, never "Something went wrong" with Try again', () => {
  const rawEvent = {
    oz0: { type: 'oz0_something_new', scope: 'your daily images', resetsAt: '2026-01-02T00:00:00Z', couldWait: true, raisableBy: 'a tenant admin', limit: 20, used: 20, unit: 'images' },
  };
  const s = apply(started(), [ev({ type: EventType.RUN_ERROR, code: 'oz0_something_new', message: 'Daily images used up.', rawEvent })]);
  assert.equal(s.lastError!.code, 'oz0_something_new');
  assert.equal(s.lastError!.meaning, ERROR_CATALOGUE.limit.meaning);
  assert.equal(s.lastError!.action, 'ask_admin');
  assert.equal(s.lastError!.retryable, false);
  assert.deepEqual([s.lastError!.spend!.scope, s.lastError!.spend!.used, s.lastError!.spend!.limit], ['your daily images', 20, 20]);
});

test('RUN_ERROR failed or resource_exhausted carrying a spend refusal reads as that limit, not a failure to retry', () => {
  for (const code of ['failed', 'resource_exhausted']) {
    const rawEvent = { oz0: { type: 'oz0_tree_limit', scope: 'this job tree', couldWait: true, raisableBy: 'Ana' } };
    const e = apply(started(), [ev({ type: EventType.RUN_ERROR, code, message: 'limit', rawEvent })]).lastError!;
    assert.deepEqual([e.code, e.meaning, e.action, e.retryable], [code, ERROR_CATALOGUE.oz0_tree_limit.meaning, 'ask_admin', false], code);
  }
});

test("RUN_ERROR of an unknown code without a refusal keeps the server's message beside the generic meaning", () => {
  const e = apply(started(), [
    ev({ type: EventType.RUN_ERROR, code: 'tool_policy_denied', message: 'The tool policy blocks <b>web.fetch</b> here.', rawEvent: { oz0: { scope: 'no type' } } }),
  ]).lastError!;
  assert.equal(e.meaning, ERROR_CATALOGUE.unknown.meaning);
  assert.equal(e.message, 'The tool policy blocks <b>web.fetch</b> here.', 'as sent: the element shows it as text');
  assert.equal(e.spend, undefined, 'an oz0 without a type is no refusal');
});

test('RUN_ERROR interrupts_open names the interrupts left out', () => {
  const s = apply(started(), [ev({ type: EventType.RUN_ERROR, code: 'interrupts_open', message: 'answer all', metadata: { 'oz0/open': ['i2'] } })]);
  assert.deepEqual(s.lastError!.details.open, ['i2']);
  assert.equal(s.lastError!.action, 'answer_rest');
});

test('failed and timed_out may be retried; history_mismatch asks to reload', () => {
  for (const code of ['failed', 'timed_out']) assert.equal(apply(started(), [ev({ type: EventType.RUN_ERROR, code, message: '' })]).lastError!.retryable, true);
  const s = apply(started(), [ev({ type: EventType.RUN_ERROR, code: 'history_mismatch', message: 'load again' })]);
  assert.equal(s.lastError!.action, 'reload');
  assert.equal(s.lastError!.retryable, false);
});

test('a refused request (HTTP 401/403/413/5xx) becomes an error in the transcript', () => {
  const cases: Array<[number, string | undefined, string, string]> = [
    [401, undefined, 'unauthenticated', 'sign_in'],
    [403, 'permission_denied', 'permission_denied', 'ask_admin'],
    [413, undefined, 'payload_too_large', 'none'],
    [503, undefined, 'unavailable', 'retry'],
  ];
  for (const [status, serverCode, code, action] of cases) {
    const s = apply(started(), [
      {
        type: 'thread/transport-error',
        at: 9,
        error: {
          code: 'http_error',
          message: `HTTP ${status}`,
          status,
          retryable: status >= 500,
          ...(serverCode ? { serverCode, body: { code: serverCode, message: 'A resume needs a person.', console: { label: 'Decide in OZ', url: 'https://c' } } } : {}),
        },
      },
    ]);
    assert.equal(s.status, 'error');
    assert.equal(s.lastError!.code, code);
    assert.equal(s.lastError!.action, action);
    assert.equal(s.lastError!.status, status);
    assert.equal(s.lastError!.source, 'http');
    assert.deepEqual(
      currentRun(s)!.items.map((i) => i.kind),
      ['error'],
    );
    if (serverCode) {
      assert.equal(s.lastError!.message, 'A resume needs a person.');
      assert.deepEqual(s.lastError!.console, { label: 'Decide in OZ', url: 'https://c' });
    }
  }
});

test('a network failure after the reconnect budget is an error to retry', () => {
  const s = apply(started(), [{ type: 'thread/transport-error', at: 9, error: { code: 'gave_up', message: 'gave up after 8 attempts', retryable: true } }]);
  assert.equal(s.lastError!.code, 'unavailable');
  assert.equal(s.lastError!.source, 'network');
  assert.equal(s.lastError!.retryable, true);
  assert.equal(currentRun(s)!.terminal, false, 'the job may run on: the run is not over');
});
