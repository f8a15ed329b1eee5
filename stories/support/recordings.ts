/**
 * The recorded fixtures (test/fixtures/runs/*.ndjson, recorded from the
 * development edge by `npm run fixtures`), imported as text and parsed with
 * the replay transport's own parser; and what the recorder sent to get them
 * (the person's words, each resume's answer), so a story replays a scenario
 * the way it was recorded.
 */
import { parseRecording, type RecordedEvent } from '../../src/transport/index.js';

const files = import.meta.glob('../../test/fixtures/runs/*.ndjson', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** Each fixture's NDJSON text, by its file name without `.ndjson` (`helper-approved-1`). */
export const FIXTURE_TEXT: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(files).map(([path, text]) => [path.replace(/^.*\/([^/]+)\.ndjson$/, '$1'), text]));

/** The fixtures' names, sorted. */
export const FIXTURE_NAMES: readonly string[] = Object.keys(FIXTURE_TEXT).sort();

/** One fixture's events. Throws when no fixture has that name. */
export function fixture(name: string): RecordedEvent[] {
  const text = FIXTURE_TEXT[name];
  if (text === undefined) throw new Error(`No fixture ${name} in test/fixtures/runs (have ${FIXTURE_NAMES.join(', ')})`);
  return parseRecording(text);
}

/** A scenario of the edge: its runs in order, what the person wrote, and what each resume answered. */
export interface Scenario {
  /** The agent the recorder talked to. */
  agent: string;
  /** The person's message that opened the turn. */
  text: string;
  /** The fixtures of its runs, in order. */
  runs: readonly string[];
  /** The payload each resume sent to every open interrupt (resume n answers with `answers[n - 1]`). */
  answers: readonly unknown[];
}

/** The scenarios as scripts/record-fixtures.ts recorded them. */
export const SCENARIOS: Readonly<Record<string, Scenario>> = {
  'helper-approved': {
    agent: 'helper',
    text: 'Please greet the team',
    runs: ['helper-approved-1', 'helper-approved-2'],
    answers: [{ approved: true, comment: 'go ahead' }],
  },
  'helper-denied': {
    agent: 'helper',
    text: 'Please greet the team',
    runs: ['helper-denied-1', 'helper-denied-2'],
    answers: [{ approved: false, comment: 'not today' }],
  },
  asker: { agent: 'asker', text: 'Plan the offsite', runs: ['asker-1', 'asker-2', 'asker-3'], answers: [{ answer: 'design' }, { date: '2026-03-12', people: 8 }] },
  delegator: { agent: 'delegator', text: 'Release 2.1.0', runs: ['delegator-1', 'delegator-2'], answers: [{ approved: true }] },
  confirmer: {
    agent: 'confirmer',
    text: 'Pay the invoice',
    runs: ['confirmer-1', 'confirmer-2', 'confirmer-3'],
    // The recorder's first answer typed the wrong account (DE000…), which this client refuses before
    // sending (the schema's const): the story sends an approval without the value, which the client
    // lets through and OZ refuses, and the recorded invalid_resume plays.
    answers: [{ approved: true }, { approved: true, confirm: 'DE89370400440532013000' }],
  },
  writer: { agent: 'writer', text: 'Write the plan. chunks=40 pace=5', runs: ['writer'], answers: [] },
  board: { agent: 'board', text: 'Tidy the board', runs: ['board'], answers: [] },
  failing: { agent: 'failing', text: 'Try it', runs: ['failing'], answers: [] },
  'failing-timeout': { agent: 'failing', text: 'Try it until timeout', runs: ['failing-timeout'], answers: [] },
  quota: { agent: 'quota', text: 'Summarise everything', runs: ['quota'], answers: [] },
  stepper: { agent: 'stepper', text: 'Open the steps', runs: ['stepper'], answers: [] },
  budget: { agent: 'budget', text: 'Run the big report', runs: ['budget'], answers: [] },
};

/** The scenarios' names. */
export const SCENARIO_NAMES: readonly string[] = Object.keys(SCENARIOS);

/**
 * Splits one recording into its runs (a new run at each RUN_STARTED): an
 * inspector's export or a concatenation of a scenario's fixtures.
 */
export function splitRuns(records: readonly RecordedEvent[]): RecordedEvent[][] {
  const runs: RecordedEvent[][] = [];
  for (const r of records) {
    if (r.event.type === 'RUN_STARTED' || runs.length === 0) runs.push([]);
    runs.at(-1)!.push(r);
  }
  return runs;
}

/** The runId and threadId a run's RUN_STARTED names. */
export function runIds(run: readonly RecordedEvent[]): { runId?: string; threadId?: string } {
  const started = run.find((r) => r.event.type === 'RUN_STARTED')?.event as { runId?: string; threadId?: string } | undefined;
  return { runId: started?.runId, threadId: started?.threadId };
}

/** The wall-clock time (ms since the epoch) a run started at, from its first event's timestamp. */
export function startedAt(run: readonly RecordedEvent[]): number | undefined {
  const ts = run.find((r) => typeof r.event.timestamp === 'number')?.event.timestamp;
  return typeof ts === 'number' ? ts : undefined;
}
