/**
 * What a person asks of the thread: a new turn, answers to its interrupts,
 * sending again, loading again. Each refuses before sending what cannot go
 * (a {@link ThreadError}), builds the request, notes it in the thread, saves,
 * and follows it.
 */
import type { RunAgentRequest } from '../protocol/index.js';
import { answerCheck, loadAnswerCheck } from '../forms/answer-check.js';
import type { StoreAction } from './actions.js';
import { buildFollowRequest, buildTurnRequest } from './history.js';
import { buildResume } from './resume.js';
import { answerableInterrupts, currentRun, currentTurn, openInterrupts } from './selectors.js';
import type { StoreDispatcher } from './store-dispatcher.js';
import type { StoreRuns } from './store-runs.js';
import type { StoreSaver } from './store-saver.js';
import { assertBodyFits, resumeRefused } from './store-support.js';
import type { ThreadStore } from './store-types.js';
import { ThreadError } from './thread-error.js';
import { acceptedTurns, isRefusedTurn, retryMode } from './turn-status.js';

export type TurnCommands = Pick<ThreadStore, 'send' | 'checkAnswers' | 'resume' | 'retry' | 'retryOrResend' | 'resync' | 'followAgain' | 'loadHistory'>;

export interface TurnCommandParts {
  threadId: string;
  url: string;
  now: () => number;
  generateId: () => string;
  hub: StoreDispatcher;
  saver: StoreSaver;
  runs: StoreRuns;
  /** Throws `disposed` once the store is. */
  assertUsable(): void;
  /** Throws `turn_running` while a run streams. */
  assertIdle(): void;
  stop(): void;
}

export function createTurnCommands(p: TurnCommandParts): TurnCommands {
  const { threadId, url, now, generateId, hub, saver, runs } = p;

  /** Notes a request in the thread, saves, and follows it. */
  function start(action: StoreAction, body: RunAgentRequest): Promise<void> {
    hub.dispatch(action);
    saver.save();
    return runs.follow(body, undefined);
  }

  const commands: TurnCommands = {
    send(text) {
      p.assertUsable();
      p.assertIdle();
      const state = hub.state;
      const at = now();
      // An interrupt past its deadline was denied by OZ: it can no longer be answered, and holds nothing back.
      if (answerableInterrupts(state, at).length > 0) throw new ThreadError('interrupts_open', 'The agent waits for your answers: resume() before sending a new message.');
      if (typeof text !== 'string' || text.trim() === '') throw new ThreadError('empty_message', 'There is no text to send.');
      const messageId = generateId();
      const runId = generateId();
      const body = buildTurnRequest(state, { runId, messageId, text });
      assertBodyFits(body, 'message');
      const expired = state.openInterruptIds.length > 0 ? [...state.openInterruptIds] : undefined;
      return start({ type: 'thread/send', turnId: messageId, text, url, runId, body, at, ...(expired ? { expired } : {}) }, body);
    },

    checkAnswers(answers) {
      if (!answerCheck()) {
        loadAnswerCheck().catch(() => undefined);
        throw new ThreadError('not_ready', 'The answer check is still loading: await loadAnswerCheck() first.');
      }
      return buildResume(openInterrupts(hub.state), answers, now());
    },

    resume(answers) {
      p.assertUsable();
      p.assertIdle();
      const open = openInterrupts(hub.state);
      if (open.length === 0) throw new ThreadError('nothing_to_resume', 'No interrupt waits for an answer.');
      // Loaded when the run started; a resume sooner than that waits for it (and is refused by rejection).
      if (!answerCheck()) return loadAnswerCheck().then(() => commands.resume(answers));
      const built = buildResume(open, answers, now());
      if (!built.ok) throw resumeRefused(built);
      const runId = generateId();
      const body: RunAgentRequest = { threadId, runId, messages: [], resume: built.entries };
      assertBodyFits(body, 'answers');
      return start({ type: 'thread/resume', url, runId, body, entries: built.entries, at: now() }, body);
    },

    retry() {
      p.assertUsable();
      p.assertIdle();
      if (!hub.state.lastRequest) throw new ThreadError('nothing_to_retry', 'Nothing was sent yet.');
      return runs.again('retry');
    },

    retryOrResend() {
      p.assertUsable();
      p.assertIdle();
      const text = currentTurn(hub.state)?.userMessage?.text;
      if (retryMode(hub.state.lastError) === 'new_turn' && text !== undefined) return commands.send(text);
      return commands.retry();
    },

    resync() {
      p.assertUsable();
      p.stop();
      const latest = acceptedTurns(hub.state.turns).at(-1);
      if (!latest?.userMessage) {
        const message = 'No turn of this thread is known to load again.';
        hub.dispatch({ type: 'thread/client-error', code: 'nothing_to_load', message, at: now() });
        hub.flushNow();
        throw new ThreadError('nothing_to_load', message);
      }
      const runId = generateId();
      const body = buildFollowRequest(hub.state, runId);
      return start({ type: 'thread/resync', url, runId, body, at: now() }, body);
    },

    followAgain() {
      p.assertUsable();
      p.assertIdle();
      const state = hub.state;
      const run = currentRun(state);
      const turn = currentTurn(state);
      const unfinished = run && !run.terminal && state.lastRequest?.runId === run.runId && (run.phase === 'stopped' || run.phase === 'error');
      if (unfinished && turn && !isRefusedTurn(turn)) return runs.again('follow');
      return commands.resync();
    },

    loadHistory(messages) {
      p.assertUsable();
      if (!Array.isArray(messages) || !messages.some((m) => m && m.role === 'user' && typeof m.id === 'string' && m.id !== '')) {
        throw new ThreadError('bad_history', 'The history holds no user message with an id: it names no turn to load.');
      }
      p.stop();
      hub.dispatch({ type: 'thread/load-history', messages, at: now() });
      if (!acceptedTurns(hub.state.turns).at(-1)?.userMessage) throw new ThreadError('bad_history', 'The history holds no user message with words.');
      return commands.resync();
    },
  };
  return commands;
}
