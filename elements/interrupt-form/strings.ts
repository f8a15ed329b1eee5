import type { ResumeOutcome } from '../../src/protocol/index.js';

/**
 * The words of `<oz-interrupt>` and `<oz-interrupts>`, in English by default.
 * Pass any of them (beside the shared OzStrings) in an element's `strings`
 * property to replace them.
 */
export interface InterruptStrings {
  reasonTitle: Record<'tool_call' | 'input_required' | 'confirmation', string>;
  /** Titles by `oz0/kind`, for a confirmation without `oz0/what`. */
  kindTitle: Readonly<Record<string, string>>;
  approve: string;
  deny: string;
  decline: string;
  decisionLabel: string;
  answerLegend: string;
  detailsLabel: string;
  comment: string;
  confirmHint: string;
  optional: string;
  deciders: (who: string) => string;
  job: (job: string) => string;
  /** "4 min 12 s": what is left before the deadline. */
  duration: (ms: number) => string;
  timeLeft: (duration: string) => string;
  expired: string;
  budgetWait: string;
  budgetNoted: string;
  readOnly: string;
  opensInNewTab: string;
  declined: string;
  denied: string;
  approving: string;
  submitted: string;
  outcome: Record<ResumeOutcome, string>;
  approvedWord: (approved: boolean) => string;
  // <oz-interrupts>
  listLabel: string;
  submit: string;
  submitting: string;
  progress: (answered: number, total: number) => string;
  invalid: (n: number) => string;
  expiredCount: (n: number) => string;
  ready: string;
  readOnlyList: string;
  othersTitle: string;
  othersDecide: (who: string) => string;
  othersLink: string;
  leftOut: string;
  decidedBefore: string;
  answerRest: string;
  loadAgain: string;
  entryProblem: (reason: string) => string;
  notYours: string;
  vetoed: string;
  // Fields of lists, maps, variants, nullable values and JSON parts
  /** A list's or a map's add button (`Add to Tags`). */
  addRow: (list: string) => string;
  /** A row's buttons; the row's label follows, for a screen reader (visually hidden). */
  removeRow: string;
  moveUp: string;
  moveDown: string;
  /** Why Add is disabled: the list holds as many rows as it takes. */
  rowsFull: (max: number) => string;
  /** Why Remove is disabled: the list needs this many rows. */
  rowsAtLeast: (min: number) => string;
  /** A list with no rows yet. */
  noRows: string;
  /** The "no value" (null) choice of a nullable field; the field's label follows, visually hidden. */
  noValue: string;
  /** A JSON field: what it asks, in words; an answer that fits, and the button that copies it in. */
  jsonAsks: string;
  jsonExample: string;
  useExample: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const DEFAULT_INTERRUPT_STRINGS: Readonly<InterruptStrings> = Object.freeze<InterruptStrings>({
  reasonTitle: {
    tool_call: 'A tool call waits for your approval',
    input_required: 'The agent asks you',
    confirmation: 'This waits for your decision',
  },
  kindTitle: {
    escalation: 'An escalation waits for your decision',
    changeset: 'A changeset waits for your decision',
    restart: 'A restart waits for your decision',
    budget: 'Waiting for a budget decision',
  },
  approve: 'Approve',
  deny: 'Deny',
  decline: 'Decline',
  decisionLabel: 'Your decision',
  answerLegend: 'Your answer',
  detailsLabel: 'Arguments',
  comment: 'Comment',
  confirmHint: 'Approve is enabled once what you type matches.',
  optional: '(optional)',
  deciders: (who) => `Who may decide: ${who}`,
  job: (job) => `Step: ${job}`,
  duration: (ms) => {
    const s = Math.max(0, Math.ceil(ms / 1000));
    const d = Math.floor(s / 86400);
    const h = Math.floor((s % 86400) / 3600);
    const m = Math.floor((s % 3600) / 60);
    if (d > 0) return `${d} d ${h} h`;
    if (h > 0) return `${h} h ${pad(m)} min`;
    if (m > 0) return `${m} min ${pad(s % 60)} s`;
    return `${s} s`;
  },
  timeLeft: (duration) => `${duration} left to answer`,
  expired: 'Expired: OZ denied it',
  budgetWait: "An admin's budget decision ends this wait: there is nothing to approve here.",
  budgetNoted: 'Sending your answers notes that you saw it.',
  readOnly: 'Only a person can answer this: decide in OZ.',
  opensInNewTab: '(opens in a new tab)',
  declined: 'You decline to answer.',
  denied: 'You deny it.',
  approving: 'You approve it.',
  submitted: 'Sent: waiting for OZ to take it.',
  outcome: { decided: 'Decided', already_decided: 'Already decided', acknowledged: 'Acknowledged' },
  approvedWord: (approved) => (approved ? 'approved' : 'not approved'),
  listLabel: 'Open questions and approvals',
  submit: 'Send answers',
  submitting: 'Sending…',
  progress: (answered, total) => `${answered} of ${total} answered`,
  invalid: (n) => (n === 1 ? '1 answer does not fit what is asked' : `${n} answers do not fit what is asked`),
  expiredCount: (n) => (n === 1 ? '1 ran out of time: load again' : `${n} ran out of time: load again`),
  ready: 'Ready to send',
  readOnlyList: 'Only a person can answer these: decide in OZ.',
  othersTitle: 'Waiting for other people',
  othersDecide: (who) => `Decides: ${who}`,
  othersLink: 'Open in OZ',
  leftOut: 'The last answers left this one out: answer it too.',
  decidedBefore: 'Decided before the failure: this decision stands.',
  answerRest: 'Answer the rest and send again.',
  loadAgain: 'Load again',
  entryProblem: (reason) => `Not taken: ${reason}`,
  notYours: 'You may not decide this one that way; someone else must.',
  vetoed: 'Not sent.',
  addRow: (list) => `Add to ${list}`,
  removeRow: 'Remove',
  moveUp: 'Move up',
  moveDown: 'Move down',
  rowsFull: (max) => (max === 1 ? 'This takes only 1 item: remove it to add another.' : `This takes at most ${max} items: remove one to add another.`),
  rowsAtLeast: (min) => (min === 1 ? 'At least 1 item is needed.' : `At least ${min} items are needed.`),
  noRows: 'Nothing added yet.',
  noValue: 'No value',
  jsonAsks: 'What to enter',
  jsonExample: 'An answer that fits',
  useExample: 'Use this example',
});

/** Merges an app's partial strings over the defaults (the nested maps one level deep). */
export function resolveInterruptStrings(partial?: Partial<InterruptStrings>): InterruptStrings {
  if (!partial) return DEFAULT_INTERRUPT_STRINGS;
  const d = DEFAULT_INTERRUPT_STRINGS;
  return {
    ...d,
    ...partial,
    reasonTitle: { ...d.reasonTitle, ...partial.reasonTitle },
    kindTitle: { ...d.kindTitle, ...partial.kindTitle },
    outcome: { ...d.outcome, ...partial.outcome },
  };
}
