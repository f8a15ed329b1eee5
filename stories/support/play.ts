/**
 * Plays recorded runs into a real thread store through a replay transport
 * (createReplayTransport), so a story shows what the chat shows after the
 * same stream: the person's message sent with `store.send`, each later run
 * reached with `store.resume` and the answers the recorder sent. A run may be
 * held open after some of its events (text still streaming, a turn waiting
 * for others, a reconnection), and events may be rewritten on the way in
 * (fixture-like events for states no recording has, reduced by the same
 * reducer).
 */
import { approve, createThreadStore, type ResumeAnswers, type ThreadState, type ThreadStore } from '../../src/thread/index.js';
import { createReplayTransport, TransportError, type RecordedEvent, type RunTransport } from '../../src/transport/index.js';
import type { Args } from '@storybook/web-components-vite';
import { fixture, runIds, SCENARIOS, startedAt } from './recordings.js';

/** What a held stream does after its last event. */
export type HoldEnd = 'open' | 'reconnecting' | 'failed';

export interface PlayOptions {
  /** A scenario of SCENARIOS (its runs, words and answers), or give `runs`, `text` and `answers`. */
  scenario?: string;
  runs?: readonly (readonly RecordedEvent[])[];
  text?: string;
  /** The payload each resume sends to every open interrupt. */
  answers?: readonly unknown[];
  /** Plays this many runs (default all of them). */
  runCount?: number;
  /** Delivers only this many events of the last run played, then keeps its stream open. */
  hold?: number;
  /** What the held stream does then (default: stays open). */
  holdEnd?: HoldEnd;
  /** Rewrites (or drops, with []) events before they play: `run` counts from 0. */
  rewrite?: (record: RecordedEvent, run: number) => RecordedEvent | RecordedEvent[];
  /** The tenant's AI label (default `AI: `, as the development edge sends it). */
  aiLabel?: string;
}

export interface Played {
  store: ThreadStore;
  state: ThreadState;
  /** The recording's time where the replay stopped (ms since the epoch): give it to the chat's `clock`. */
  now: number;
  clock: () => number;
}

const URL_BASE = 'https://edge.example.com/v1/agui/agents';

/** Answers every open interrupt of the state with one payload (`approve()` when none was recorded). */
export function answerAll(state: ThreadState, payload: unknown): ResumeAnswers {
  const out: Record<string, ResumeAnswers[string]> = {};
  for (const id of state.openInterruptIds) out[id] = payload === undefined ? approve() : { status: 'resolved', payload };
  return out;
}

/** A deferred promise (resolved by the transport once a held run reached its hold). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Waits until the signal aborts (a stream left open). */
function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * A replay transport over `runs` (one per request) that may hold the last
 * one open after `hold` events: then it reports `holdEnd` and waits for the
 * store to stop following.
 */
export function holdingTransport(runs: readonly (readonly RecordedEvent[])[], hold: number | undefined, holdEnd: HoldEnd, reached: () => void, onRun: (run: number) => void): RunTransport {
  let next = 0;
  return (request, options = {}) => {
    const index = next++;
    const held = hold !== undefined && index === runs.length - 1;
    const records = held ? runs[index]!.slice(0, hold) : (runs[index] ?? []);
    const inner = createReplayTransport([records], { speed: Infinity });
    return (async function* () {
      onRun(index);
      if (!runs[index]) throw new TransportError('bad_response', `No recording left to replay (${runs.length} played)`);
      const quiet = { ...options, onConnection: (s: Parameters<NonNullable<typeof options.onConnection>>[0]) => (held && s.status === 'closed' ? undefined : options.onConnection?.(s)) };
      yield* inner(request, held ? quiet : options);
      if (!held) return;
      const lastEventId = records.at(-1)?.id ?? undefined;
      if (holdEnd === 'reconnecting') {
        options.onConnection?.({ status: 'reconnecting', attempt: 2, delayMs: 4000, cause: 'The connection dropped.', ...(lastEventId ? { lastEventId } : {}) });
      } else if (holdEnd === 'failed') {
        const error = new TransportError('gave_up', 'Gave up reconnecting after 8 attempts.');
        options.onConnection?.({ status: 'failed', error });
        reached();
        throw error;
      }
      reached();
      await untilAborted(options.signal);
    })();
  };
}

/** Plays the runs into a new thread store and resolves once the last one ended (or reached its hold). */
export async function play(options: PlayOptions): Promise<Played> {
  const scenario = options.scenario ? SCENARIOS[options.scenario] : undefined;
  if (options.scenario && !scenario) throw new Error(`No scenario ${options.scenario}`);
  const all = options.runs ?? scenario!.runs.map((name) => fixture(name));
  const count = Math.min(options.runCount ?? all.length, all.length);
  const runs = all.slice(0, count).map((run, i) => (options.rewrite ? run.flatMap((r) => options.rewrite!(r, i)) : [...run]));
  const text = options.text ?? scenario?.text ?? 'Replay this recording';
  const answers = options.answers ?? scenario?.answers ?? [];
  const first = runIds(runs[0] ?? []);
  // The ids the recording names: the store's thread, and each run's id as the store asks for one.
  const ids = ['u1', ...runs.map((r, i) => runIds(r).runId ?? `run-${i + 1}`)];
  let idAt = 0;
  let now = startedAt(runs[0] ?? []) ?? Date.UTC(2026, 0, 1, 9);
  const done = deferred();
  const transport = holdingTransport(runs, options.hold, options.holdEnd ?? 'open', done.resolve, (i) => {
    const run = runs[i] ?? [];
    now = (startedAt(run) ?? now) + (run.at(-1)?.t ?? 0);
  });
  const agent = scenario?.agent ?? 'replay';
  const store = createThreadStore({
    url: `${URL_BASE}/${agent}?tenant=acme`,
    threadId: first.threadId ?? 'replay-thread',
    transport,
    aiLabel: options.aiLabel ?? 'AI: ',
    now: () => now,
    generateId: () => ids[idAt++] ?? `id-${idAt}`,
  });
  const held = options.hold !== undefined;
  const step = async (p: Promise<void>, last: boolean) => {
    if (last && held) await Promise.race([p, done.promise]);
    else await p;
  };
  await step(store.send(text), runs.length === 1);
  for (let i = 1; i < runs.length; i++) {
    const state = store.getState();
    if (state.openInterruptIds.length === 0) break;
    await step(store.resume(answerAll(state, answers[i - 1])), i === runs.length - 1);
  }
  // Let the store's batched listeners run once more.
  await new Promise((r) => setTimeout(r, 0));
  return { store, state: store.getState(), now, clock: () => now };
}

/** A thread store with nothing sent yet (the chat's empty state). */
export function idle(): Played {
  const now = Date.UTC(2026, 0, 1, 9);
  const store = createThreadStore({
    url: `${URL_BASE}/helper?tenant=acme`,
    threadId: 'empty-thread',
    transport: holdingTransport(
      [],
      undefined,
      'open',
      () => {},
      () => {},
    ),
    aiLabel: 'AI: ',
    now: () => now,
  });
  return { store, state: store.getState(), now, clock: () => now };
}

/** A story's loader that plays `options` (or what `options(args)` gives) into `loaded.played`. */
export function playing(options: PlayOptions | ((args: Args) => PlayOptions)) {
  return [async ({ args }: { args: Args }) => ({ played: await play(typeof options === 'function' ? options(args) : options) })];
}

/** What `playing` loaded. */
export function playedOf(loaded: Record<string, unknown>): Played {
  const played = loaded.played as Played | undefined;
  if (!played) throw new Error('This story has no `playing(...)` loader');
  return played;
}
