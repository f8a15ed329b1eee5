/**
 * Steps (STEP_STARTED / STEP_FINISHED, named by the step's job id; at most
 * MAX_OPEN_STEPS open at once are shown) and cards (`oz0.card`: the turn's
 * answer, or a step's when it finishes).
 */
import type { StepFinishedEvent, StepStartedEvent } from '@ag-ui/core';
import { MAX_OPEN_STEPS, readOzCard } from '../protocol/index.js';
import { diagnose, ensureRun, type D, type EventContext } from './draft.js';

export function stepStarted(d: D, e: StepStartedEvent, ctx: EventContext): void {
  const { turn, run } = ensureRun(d);
  const job = e.stepName;
  const step = turn.steps[job];
  if (step && step.status === 'open' && step.runId === run.runId) {
    diagnose(d, 'out_of_order', `STEP_STARTED for step ${job} already open`, ctx);
    return;
  }
  if (run.openSteps >= MAX_OPEN_STEPS) {
    run.hiddenSteps += 1;
    run.stepLimitReached = true;
    diagnose(d, 'step_limit', `STEP_STARTED for ${job} past ${MAX_OPEN_STEPS} open steps: not shown`, ctx);
    return;
  }
  run.openSteps += 1;
  if (run.openSteps >= MAX_OPEN_STEPS) run.stepLimitReached = true;
  if (step) {
    // A resume starts the steps still open again; a step is shown once.
    step.status = 'open';
    step.runId = run.runId;
    return;
  }
  turn.steps[job] = { job, status: 'open', runId: run.runId };
  turn.stepOrder.push(job);
  run.items.push({ kind: 'step', job });
}

export function stepFinished(d: D, e: StepFinishedEvent, ctx: EventContext): void {
  const { turn, run } = ensureRun(d);
  const step = turn.steps[e.stepName];
  if (!step) {
    // A step past the limit was never shown; its end is not either.
    if (run.hiddenSteps === 0) diagnose(d, 'out_of_order', `STEP_FINISHED for step ${e.stepName} that never started`, ctx);
    return;
  }
  if (step.status === 'finished') return;
  step.status = 'finished';
  if (step.runId === run.runId && run.openSteps > 0) run.openSteps -= 1;
}

/** `oz0.card`: a step's card when the job is a step of the turn, else the turn's own. */
export function card(d: D, value: unknown, ctx: EventContext): void {
  const c = readOzCard(value);
  if (!c) {
    diagnose(d, 'malformed_custom', 'oz0.card without {job: string, card: object}', ctx);
    return;
  }
  const { turn, run } = ensureRun(d);
  const step = turn.steps[c.job];
  if (step) {
    step.card = c.card;
    return;
  }
  turn.card = { job: c.job, card: c.card, runId: run.runId };
  turn.job = c.job;
  if (turn.userMessage && !turn.userMessage.ozId) turn.userMessage.ozId = `${c.job}:in`;
  if (!run.items.some((i) => i.kind === 'card')) run.items.push({ kind: 'card', job: c.job });
}
