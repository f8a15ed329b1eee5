/**
 * RUN_ERROR's codes: what each means for the person, and the one action a UI
 * should offer. The wording is plain English and replaceable: pass your own
 * catalogue (same keys) to translate it.
 */

/** What a person can do next. */
export type ErrorAction =
  | 'reload' // load the thread again
  | 'answer_open' // answer the interrupts that wait
  | 'answer_rest' // answer the rest in the next run
  | 'fix_answer' // correct an answer the schema did not take
  | 'wait' // wait for the named deciders
  | 'follow' // follow the latest turn again (it goes on in OZ)
  | 'new_thread' // start a new thread (this page cannot go on with this one)
  | 'ask_admin' // ask an admin (a permission, a budget, a limit)
  | 'sign_in' // sign in again
  | 'retry' // try again
  | 'none'; // nothing to do here

export interface ErrorEntry {
  /** What happened, for the person. */
  meaning: string;
  action: ErrorAction;
}

export const RUN_ERROR_CODES = [
  'history_mismatch',
  'interrupts_pending',
  'turn_waiting',
  'interrupts_open',
  'interrupt_expired',
  'interrupt_changed',
  'not_a_decider',
  'invalid_resume',
  'revoked',
  'failed',
  'timed_out',
  'permission_denied',
  'failed_precondition',
  'unauthenticated',
  'not_found',
  'invalid_argument',
  'payload_too_large',
  'resource_exhausted',
  'unavailable',
  'oz0_quota_exceeded',
  'oz0_tree_limit',
  'oz0_budget_exceeded',
] as const;
export type RunErrorCode = (typeof RUN_ERROR_CODES)[number];

/**
 * The spend refusals the catalogue words itself. The spec leaves the list
 * open (a refusal's code is its own type, "such as" these), so any other type
 * with a refusal in `rawEvent.oz0` reads as the catalogue's `limit`.
 */
export const LIMIT_CODES: ReadonlySet<string> = new Set<RunErrorCode>(['oz0_quota_exceeded', 'oz0_tree_limit', 'oz0_budget_exceeded']);

/**
 * Entries for what the client itself meets, which no RUN_ERROR sends:
 * - `history_unavailable`: history_mismatch again while loading the thread
 *   again (another tab or device added turns this page does not have);
 * - `nothing_to_load`: loading the thread again with none of its turns here
 *   (a fresh page given the `thread-id` of a thread OZ has).
 */
export const CLIENT_ERROR_KEYS = ['history_unavailable', 'nothing_to_load'] as const;
export type ClientErrorKey = (typeof CLIENT_ERROR_KEYS)[number];

/**
 * Every code's entry, the client's own (CLIENT_ERROR_KEYS), and two fallbacks
 * that are no codes: `limit` for a spend refusal of a type the catalogue does
 * not word, `unknown` for the rest.
 */
export type ErrorCatalogue = Record<RunErrorCode | ClientErrorKey | 'limit' | 'unknown', ErrorEntry>;

export const ERROR_CATALOGUE: ErrorCatalogue = {
  history_mismatch: { meaning: 'This conversation changed elsewhere, so this page is out of date.', action: 'reload' },
  interrupts_pending: { meaning: 'The agent is waiting for your answers before it takes a new message.', action: 'answer_open' },
  turn_waiting: { meaning: 'The agent is still on the turn before, waiting for other people to decide; the conversation goes on once they do.', action: 'follow' },
  interrupts_open: { meaning: 'Some questions still wait for an answer: answer all of them together.', action: 'answer_rest' },
  interrupt_expired: { meaning: 'The time to answer ran out, and OZ denied it.', action: 'reload' },
  interrupt_changed: { meaning: 'What you answered changed since it was shown.', action: 'reload' },
  not_a_decider: { meaning: 'You may not decide this one; someone else must.', action: 'wait' },
  invalid_resume: { meaning: 'An answer was not in the form the agent asked for.', action: 'fix_answer' },
  revoked: { meaning: 'You may no longer read this conversation.', action: 'ask_admin' },
  failed: { meaning: 'The agent could not finish this turn.', action: 'retry' },
  timed_out: { meaning: 'The agent ran out of time on this turn.', action: 'retry' },
  permission_denied: { meaning: 'You are not allowed to do this.', action: 'ask_admin' },
  failed_precondition: { meaning: 'A check before deciding did not pass.', action: 'reload' },
  unauthenticated: { meaning: 'You are not signed in, or your sign-in expired.', action: 'sign_in' },
  not_found: { meaning: 'This agent or conversation does not exist.', action: 'none' },
  invalid_argument: { meaning: 'The request was not one OZ accepts.', action: 'none' },
  payload_too_large: { meaning: 'The message is too large to send.', action: 'none' },
  resource_exhausted: { meaning: 'Too many requests or a limit was reached.', action: 'retry' },
  unavailable: { meaning: 'OZ cannot be reached right now.', action: 'retry' },
  oz0_quota_exceeded: { meaning: 'A quota was used up, so the agent stopped.', action: 'ask_admin' },
  oz0_tree_limit: { meaning: 'The job tree reached its limit, so the agent stopped.', action: 'ask_admin' },
  oz0_budget_exceeded: { meaning: 'A budget was used up, so the agent stopped.', action: 'ask_admin' },
  history_unavailable: {
    meaning: 'This conversation has turns this page does not have (another tab or device added them), so this page cannot go on with it.',
    action: 'new_thread',
  },
  nothing_to_load: { meaning: "This page has none of this conversation's turns, so there is nothing it can load.", action: 'new_thread' },
  limit: { meaning: 'A budget, quota or limit was reached, so the agent stopped.', action: 'ask_admin' },
  unknown: { meaning: 'Something went wrong.', action: 'retry' },
};

/** A code's description, and the catalogue entry it came from. */
export interface ErrorDescription extends ErrorEntry {
  code: string;
  /** The entry used: the code's own, a limit's for a spend refusal, or `unknown` (then show the error's own message). */
  key: keyof ErrorCatalogue;
}

/**
 * Looks a code up. With a spend refusal (rawEvent.oz0) it reads as a limit
 * whatever the code says, since new refusal types come without a catalogue
 * entry and "try again" would hit the same limit: the entry of the refusal's
 * type or of the code when the catalogue words that limit, else `limit`.
 * Without one, a code the catalogue has not met falls back to `unknown`.
 */
export function describeError(code: string | undefined, catalogue: ErrorCatalogue = ERROR_CATALOGUE, spend?: Pick<SpendRefusal, 'type'>): ErrorDescription {
  const key = spend ? limitKey(spend.type, code) : codeKey(code, catalogue);
  return { code: code ?? 'unknown', key, ...catalogue[key] };
}

function limitKey(type: string, code: string | undefined): keyof ErrorCatalogue {
  const own = [type, code].find((c) => c !== undefined && LIMIT_CODES.has(c));
  return (own ?? 'limit') as keyof ErrorCatalogue;
}

/** Own keys only, so `toString` is no code; `limit` is only a spend refusal's. */
function codeKey(code: string | undefined, catalogue: ErrorCatalogue): keyof ErrorCatalogue {
  return (code && code !== 'limit' && Object.hasOwn(catalogue, code) ? code : 'unknown') as keyof ErrorCatalogue;
}

/**
 * The catalogue code an HTTP status stands for, when a refusal's body names
 * none (the route's errors before the stream are JSON `{code, message}`).
 */
export function codeForStatus(status: number | undefined): string {
  switch (status) {
    case 400:
    case 422:
      return 'invalid_argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission_denied';
    case 404:
      return 'not_found';
    case 409:
    case 412:
      return 'failed_precondition';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'resource_exhausted';
    default:
      return status !== undefined && status >= 500 ? 'unavailable' : 'unknown';
  }
}

/** A budget, quota or tree limit's refusal, from RUN_ERROR's `rawEvent.oz0`. */
export interface SpendRefusal {
  /** The refusal's own type, such as oz0_quota_exceeded. */
  type: string;
  /** What the limit applies to, in words (a person, a team, the tenant, a tree). */
  scope: string;
  /** When the limit resets (ISO 8601), when it does. */
  resetsAt?: string;
  /** Whether the job could have waited instead. */
  couldWait: boolean;
  /** Who can raise it, in words. */
  raisableBy: string;
  /** The figures, only when the caller may read them. */
  limit?: number;
  used?: number;
  unit?: string;
}

/** Reads `rawEvent.oz0` of a RUN_ERROR, or undefined when it holds no refusal. */
export function readSpendRefusal(rawEvent: unknown): SpendRefusal | undefined {
  const oz0 = rawEvent && typeof rawEvent === 'object' ? (rawEvent as { oz0?: unknown }).oz0 : undefined;
  if (!oz0 || typeof oz0 !== 'object') return undefined;
  const r = oz0 as Record<string, unknown>;
  if (typeof r.type !== 'string' || typeof r.scope !== 'string') return undefined;
  const out: SpendRefusal = {
    type: r.type,
    scope: r.scope,
    couldWait: r.couldWait === true,
    raisableBy: typeof r.raisableBy === 'string' ? r.raisableBy : '',
  };
  if (typeof r.resetsAt === 'string') out.resetsAt = r.resetsAt;
  if (typeof r.limit === 'number') out.limit = r.limit;
  if (typeof r.used === 'number') out.used = r.used;
  if (typeof r.unit === 'string') out.unit = r.unit;
  return out;
}

/**
 * Details a RUN_ERROR carries in its `metadata`, where the spec names the
 * facts but not the keys: the entry and reason of a failed check, the entries
 * a partly made resume decided and left, the interrupts a resume left out.
 */
export const ERROR_META = {
  entry: 'oz0/entry',
  reason: 'oz0/reason',
  decided: 'oz0/decided',
  notDecided: 'oz0/not-decided',
  open: 'oz0/open',
  field: 'oz0/field',
} as const;

export interface RunErrorDetails {
  entry?: string;
  reason?: string;
  decided?: string[];
  notDecided?: string[];
  open?: string[];
  field?: string;
}

function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : undefined;
}

export function readRunErrorDetails(metadata: unknown): RunErrorDetails {
  const m = (metadata && typeof metadata === 'object' ? metadata : {}) as Record<string, unknown>;
  const d: RunErrorDetails = {};
  if (typeof m[ERROR_META.entry] === 'string') d.entry = m[ERROR_META.entry] as string;
  if (typeof m[ERROR_META.reason] === 'string') d.reason = m[ERROR_META.reason] as string;
  if (typeof m[ERROR_META.field] === 'string') d.field = m[ERROR_META.field] as string;
  const decided = strings(m[ERROR_META.decided]);
  if (decided) d.decided = decided;
  const notDecided = strings(m[ERROR_META.notDecided]);
  if (notDecided) d.notDecided = notDecided;
  const open = strings(m[ERROR_META.open]);
  if (open) d.open = open;
  return d;
}
