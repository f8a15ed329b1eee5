/**
 * The answer check loads on first use (src/forms/answer-check.ts). This file
 * imports nothing that loads the validator (not thread-fixtures.ts), so the
 * store starts without it, as in the bundle: a run preloads it through the
 * loader the bundle's define sets; a resume sooner than that waits for it and
 * still refuses a wrong answer; checkAnswers() before it says not_ready; with
 * no loader at all, resume() rejects with words that say what to import.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EventType, type AguiEvent, type StreamedEvent } from '../../src/protocol/index.js';
import { answerCheck, loadAnswerCheck, setAnswerCheckLoader } from '../../src/forms/answer-check.js';
import { approve, createThreadStore, isThreadError } from '../../src/thread/index.js';
import { fakeTransport, options } from './store-fixtures.js';

let n = 0;
const ev = (event: Record<string, unknown>): StreamedEvent => ({ id: `e${++n}`, event: event as unknown as AguiEvent });
const schema = { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'], additionalProperties: false };
const interruptRun = (runId: string) => [
  ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId }),
  ev({ type: EventType.RUN_FINISHED, threadId: 'chat-1', runId, outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'question', message: 'Go?', responseSchema: schema }] } }),
];
const doneRun = (runId: string) => [ev({ type: EventType.RUN_STARTED, threadId: 'chat-1', runId }), ev({ type: EventType.RUN_FINISHED, threadId: 'chat-1', runId, outcome: { type: 'success' } })];

test('without a loader, resume() rejects with what to import and sends nothing; checkAnswers() says not_ready', async () => {
  assert.equal(answerCheck(), undefined, 'nothing in this file loaded the validator');
  const fake = fakeTransport([{ events: interruptRun('id-2') }]);
  const store = createThreadStore(options(fake.transport));
  await store.send('hi');
  assert.deepEqual(store.getState().openInterruptIds, ['i1']);
  assert.throws(
    () => store.checkAnswers({ i1: approve() }),
    (e: unknown) => isThreadError(e) && e.code === 'not_ready',
  );
  await assert.rejects(() => store.resume({ i1: approve() }), /answer check is not loaded: import it/);
  assert.equal(fake.calls.length, 1, 'nothing was sent');
  store.dispose();
});

test('with the loader set, a run preloads the check; a resume before it loaded waits, refuses a wrong answer, sends a right one', async () => {
  let loads = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  setAnswerCheckLoader(async () => {
    loads++;
    await gate;
    await import('../../src/forms/validate.js');
  });
  const fake = fakeTransport([{ events: interruptRun('id-2') }, { events: doneRun('id-3') }]);
  const store = createThreadStore(options(fake.transport));
  await store.send('hi');
  assert.ok(loads >= 1, 'the run asked for the check');
  assert.equal(answerCheck(), undefined, 'still loading');
  const wrong = store.resume({ i1: { status: 'resolved', payload: { approved: 'yes' } } });
  release();
  await assert.rejects(wrong, (e: unknown) => isThreadError(e) && e.code === 'resume_refused' && Object.keys(e.resume!.invalid).join() === 'i1');
  assert.equal(fake.calls.length, 1, 'the wrong answer was not sent');
  assert.notEqual(answerCheck(), undefined);
  assert.equal(await loadAnswerCheck(), answerCheck());
  assert.equal(store.checkAnswers({ i1: approve() }).ok, true);
  await store.resume({ i1: approve() });
  assert.equal(fake.calls.length, 2);
  assert.deepEqual(fake.calls[1]!.request.body.resume, [{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }]);
  store.dispose();
});
