import { ERROR_CATALOGUE, type ErrorAction, type ErrorCatalogue } from '../../src/protocol/index.js';

/**
 * Every string the elements show, in English by default. Pass a partial
 * object to an element's `strings` property to replace any of them; the
 * error catalogue's wording comes from `src/protocol` and is replaced the
 * same way (`errors`).
 */
export interface OzStrings {
  // transcript and status
  transcriptLabel: string;
  you: string;
  assistant: string;
  aiLabel: string;
  generating: string;
  finished: (text: string) => string;
  empty: string;
  // connection
  reconnecting: string;
  connectionLost: string;
  retryConnection: string;
  // composer
  composerLabel: string;
  composerPlaceholder: string;
  send: string;
  stop: string;
  stopNote: string;
  busyRunning: string;
  busyWaiting: string;
  busyAnswer: string;
  // tool calls
  toolCall: string;
  toolArguments: string;
  toolResult: string;
  /** A call's status badge; `unfinished`: its run ended without its result (calm wording: after a stop, OZ may still finish it). */
  toolStatus: Record<'running' | 'awaiting' | 'done' | 'denied' | 'unfinished', string>;
  secretPlaceholder: (name: string) => string;
  // steps
  stepsLabel: string;
  stepOpen: string;
  stepFinished: string;
  stepsSummary: (finished: number, total: number) => string;
  stepsLimit: (max: number) => string;
  // board
  boardLabel: string;
  boardEmpty: string;
  boardStale: string;
  boardShow: string;
  tainted: string;
  taintedHint: string;
  redacted: (label: string) => string;
  /** Who wrote a note; either may be empty (a malformed note): leave it out. */
  writtenBy: (agent: string, job: string) => string;
  supersededCount: (n: number) => string;
  // cards
  cardLabel: string;
  // waiting
  waitingTitle: string;
  waitingDeciders: (who: string) => string;
  waitingJob: (job: string) => string;
  waitingDefaultLink: string;
  // interrupts (forms come with the next element)
  interruptsTitle: string;
  interruptsHint: string;
  /** Shown where the forms go while their code loads (the first run of a page that ends in interrupts, on a slow connection). */
  formsLoading: string;
  // errors
  errorTitle: string;
  /** The title when the thread could not be loaded (`history_unavailable`, `nothing_to_load`): no turn failed. */
  loadErrorTitle: string;
  errorCode: (code: string) => string;
  /** The server's own words, shown under the catalogue's meaning (collapsed when long). */
  serverSaid: string;
  /** Said when `revoked` removed the thread's copy from this browser. */
  storageCleared: string;
  /** Why sending failed before anything was sent (too large, a run streams): the words are back in the composer. */
  notSent: (why: string) => string;
  /** Under a message OZ never started a turn for (refused before it began): it is not part of the conversation. */
  notTaken: string;
  /** After Stop, or a lost connection: the turn may go on in OZ. */
  stoppedFollowing: string;
  /** A run OZ cancelled (RUN_FINISHED outcome `cancelled`: a job stopped in OZ). */
  stoppedInOz: string;
  /** The fragment a skip ahead cut, folded above the whole answer. */
  repeatedFragment: string;
  /** A board note that arrived malformed: its fields that were missing or of the wrong type. */
  noteInvalid: (fields: string) => string;
  errors: ErrorCatalogue;
  actions: Record<ErrorAction, string>;
  spendScope: (scope: string) => string;
  spendResets: (when: string) => string;
  spendRaisable: (who: string) => string;
  spendFigures: (used: number, limit: number, unit: string) => string;
  spendCouldWait: string;
  // misc
  opensInNewTab: string;
}

export const DEFAULT_STRINGS: Readonly<OzStrings> = Object.freeze<OzStrings>({
  transcriptLabel: 'Conversation',
  you: 'You',
  assistant: 'Assistant',
  aiLabel: 'AI',
  generating: 'The assistant is writing an answer.',
  finished: (text) => `The assistant answered: ${text}`,
  empty: 'Ask the agent something to start.',
  reconnecting: 'Reconnecting…',
  connectionLost: 'The connection was lost. The agent may still be working in OZ.',
  retryConnection: 'Reconnect',
  composerLabel: 'Message',
  composerPlaceholder: 'Write a message…',
  send: 'Send',
  stop: 'Stop following',
  stopNote: 'This page stops following the answer; the job runs on in OZ.',
  busyRunning: 'The agent is answering. You can write again when it is done.',
  busyWaiting: 'The agent is waiting for other people to decide.',
  busyAnswer: 'The agent is waiting for your answers above.',
  toolCall: 'Tool',
  toolArguments: 'Arguments',
  toolResult: 'Result',
  toolStatus: { running: 'Running', awaiting: 'Waiting for approval', done: 'Done', denied: 'Denied', unfinished: 'Not finished' },
  secretPlaceholder: (name) => `secret: ${name}`,
  stepsLabel: 'Steps',
  stepOpen: 'Working',
  stepFinished: 'Finished',
  stepsSummary: (finished, total) => `${finished} of ${total} ${total === 1 ? 'step' : 'steps'} finished`,
  stepsLimit: (max) => `${max} steps are open: more may run that are not shown.`,
  boardLabel: 'Board',
  boardEmpty: 'Nothing is pinned to the board yet.',
  boardStale: 'The board may be out of date: an update could not be applied. It refreshes with the next run.',
  boardShow: 'Board',
  tainted: 'Outside input',
  taintedHint: 'Written by a job that read outside input.',
  redacted: (label) => `Hidden: ${label}`,
  writtenBy: (agent, job) => [agent, job].filter(Boolean).join(' · '),
  supersededCount: (n) => (n === 1 ? '1 earlier version' : `${n} earlier versions`),
  cardLabel: 'Card',
  waitingTitle: 'Waiting for other people',
  waitingDeciders: (who) => `Decides: ${who}`,
  waitingJob: (job) => `Job ${job}`,
  waitingDefaultLink: 'Open in OZ',
  interruptsTitle: 'Waiting for your answer',
  interruptsHint: 'Answer these to let the agent go on.',
  formsLoading: 'Loading the questions…',
  errorTitle: 'The turn did not finish',
  loadErrorTitle: 'This conversation could not be loaded',
  errorCode: (code) => `Code: ${code}`,
  serverSaid: 'What the server said',
  storageCleared: "This conversation's copy in this browser was removed.",
  notSent: (why) => `Not sent: ${why} Your message is back in the box.`,
  notTaken: 'Not sent: OZ did not take this message, so it is not part of the conversation.',
  stoppedFollowing: 'You stopped following this turn; it may go on in OZ.',
  stoppedInOz: 'Stopped in OZ: the agent did not finish this answer.',
  repeatedFragment: 'Cut off where the stream skipped ahead (the whole answer follows)',
  noteInvalid: (fields) => `Arrived malformed (${fields}): shown with what could be read.`,
  errors: ERROR_CATALOGUE,
  actions: {
    reload: 'Load the conversation again',
    answer_open: 'Answer the open questions',
    answer_rest: 'Answer the rest',
    fix_answer: 'Correct the answer',
    wait: 'Wait for them to decide',
    ask_admin: 'Ask an admin',
    sign_in: 'Sign in again',
    retry: 'Try again',
    follow: 'Follow again',
    new_thread: 'Start a new thread',
    none: '',
  },
  spendScope: (scope) => `Limit: ${scope}`,
  spendResets: (when) => `Resets ${when}`,
  spendRaisable: (who) => `Who can raise it: ${who}`,
  spendFigures: (used, limit, unit) => `Used ${used} of ${limit}${unit ? ` ${unit}` : ''}`,
  spendCouldWait: 'The job could have waited for the limit instead.',
  opensInNewTab: '(opens in a new tab)',
});

/** Merges an app's partial strings over the defaults (one level deep for the nested maps). */
export function resolveStrings(partial?: Partial<OzStrings>): OzStrings {
  if (!partial) return DEFAULT_STRINGS;
  return {
    ...DEFAULT_STRINGS,
    ...partial,
    toolStatus: { ...DEFAULT_STRINGS.toolStatus, ...partial.toolStatus },
    errors: { ...DEFAULT_STRINGS.errors, ...partial.errors },
    actions: { ...DEFAULT_STRINGS.actions, ...partial.actions },
  };
}

/** A date in the page's locale; the raw text when it does not parse. */
export function formatTime(iso: string | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  return new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The URL when it is safe to link to (http, https, mailto), else undefined. */
export { isSafeHref } from '../markdown/safe-urls.js';

/** Errors of loading the thread, not of a turn. */
const LOAD_CODES: ReadonlySet<string> = new Set(['history_unavailable', 'nothing_to_load']);

/** An error's title: loading the thread could fail with no turn that did not finish. */
export function errorTitleOf(key: string, t: Pick<OzStrings, 'errorTitle' | 'loadErrorTitle'>): string {
  return LOAD_CODES.has(key) ? t.loadErrorTitle : t.errorTitle;
}

/**
 * `resolve` remembered for the last object given: an element's `strings`
 * are merged over the defaults once per new object, not at each render.
 * Make one per element (a field).
 */
export function lastResolved<G, R>(resolve: (given?: G) => R): (given?: G) => R {
  let from: G | undefined;
  let value = resolve();
  return (given) => {
    if (given !== from) {
      from = given;
      value = resolve(given);
    }
    return value;
  };
}
