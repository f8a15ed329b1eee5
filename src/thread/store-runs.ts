/**
 * The store's run lifecycle over the transport: following one request's
 * stream (in slices that give the main thread back in a long burst), following
 * the last request again (from Last-Event-ID while its run had not ended), and
 * stopping. Only the newest follow writes to the thread: a stopped or
 * superseded one goes quiet.
 */
import { EventType, isTerminalEvent, OZ_WAITING } from '../protocol/index.js';
import type { RunAgentRequest } from '../protocol/index.js';
import { openRunBatches } from '../transport/index.js';
import type { BatchedRunTransport, ConnectionState, OpenRunOptions, RunRequest, RunTransport, StreamedBatch } from '../transport/index.js';
import { loadAnswerCheck } from '../forms/answer-check.js';
import { currentRun } from './selectors.js';
import type { StoreDispatcher } from './store-dispatcher.js';
import type { StoreSaver } from './store-saver.js';
import { toFailure } from './store-support.js';
import type { ThreadStoreOptions } from './store-types.js';
import { IDLE_GAP_MS, SLICE_MS, sliceClock, yieldToMain } from '../schedule.js';

export interface StoreRuns {
  /** Follows one request until its stream ends; never rejects. */
  follow(body: RunAgentRequest, lastEventId: string | undefined): Promise<void>;
  /** Sends the last request again (`retry`), or follows its run again (`follow`). */
  again(kind: 'retry' | 'follow'): Promise<void>;
  /** Stops following, saying so in the thread; false when nothing was followed. */
  stop(): boolean;
  /** Stops following without a word (the store goes away). */
  abort(): void;
}

export interface StoreRunsParts {
  url: string;
  options: ThreadStoreOptions;
  now: () => number;
  hub: StoreDispatcher;
  saver: StoreSaver;
  disposed: () => boolean;
  /** The request headers now (options.headers until setHeaders() replaces them). */
  headers: () => Readonly<Record<string, string>> | undefined;
}

/** What the transport tells about one follow, recorded and (for connections and invalid events) reduced. */
function transportOptions(
  { options, hub, now }: Pick<StoreRunsParts, 'options' | 'hub' | 'now'>,
  ctl: AbortController,
  lastEventId: string | undefined,
  mine: () => boolean,
  sent: (i: { lastEventId?: string; attempt: number }) => void,
): OpenRunOptions {
  return {
    ...options.transportOptions,
    signal: ctl.signal,
    ...(lastEventId !== undefined ? { lastEventId } : {}),
    onConnection: (s) => {
      if (!mine()) return;
      hub.record({ kind: 'connection', at: now(), state: s });
      hub.dispatch({ type: 'thread/connection', state: s });
    },
    onInvalidEvent: (i) => {
      if (!mine()) return;
      const at = now();
      hub.record({ kind: 'invalid', at, ...i });
      hub.dispatch({ type: 'thread/invalid-event', error: i.error, at, ...(i.id !== undefined ? { id: i.id } : {}) });
    },
    onRequest: (i) => {
      if (!mine()) return;
      sent(i);
      hub.record({ kind: 'request', at: now(), ...i });
    },
    onComment: () => {
      if (mine()) hub.record({ kind: 'keep-alive', at: now() });
    },
    onStreamEnd: (end) => {
      if (mine()) hub.record({ kind: 'stream-end', at: now(), ...end });
    },
  };
}

/** A source that yields events one by one, as batches of one (how long each waited is then the store's to measure). */
function inBatches(transport: RunTransport): BatchedRunTransport {
  return async function* (request, opts) {
    for await (const streamed of transport(request, opts)) yield { events: [streamed] } satisfies StreamedBatch;
  };
}

/** What a run sends: its headers read at each connection, a reconnect included (headers set while a stream is followed reach its reconnect). */
function runRequest(url: string, body: RunAgentRequest, headers: StoreRunsParts['headers'], credentials: RequestCredentials | undefined): RunRequest {
  return {
    url,
    body,
    get headers() {
      return headers();
    },
    ...(credentials ? { credentials } : {}),
  };
}

export function createStoreRuns({ url, options, now, hub, saver, disposed, headers }: StoreRunsParts): StoreRuns {
  const transport = options.transport ? inBatches(options.transport) : openRunBatches;
  const giveBack = options.yieldToMain ?? yieldToMain;
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const clock = options.sliceClock ?? sliceClock;
  let controller: AbortController | undefined;
  let generation = 0;

  /**
   * A 400 to a request that carried Last-Event-ID means the run's log no
   * longer holds that position (a stale id): the same run is followed again
   * from its start (once; its view is cleared first, so nothing shows twice).
   */
  async function follow(body: RunAgentRequest, lastEventId: string | undefined, fromStartOnce = false): Promise<void> {
    // A run may end in interrupts: have their answer check ready by then.
    loadAnswerCheck().catch(() => undefined);
    controller?.abort();
    const gen = ++generation;
    const ctl = new AbortController();
    controller = ctl;
    const mine = () => gen === generation && !disposed();
    let terminal = false;
    let restart = false;
    /** The last request sent: whether it was a reconnect (the stream of a run OZ took, followed again). */
    let sent: { lastEventId?: string; attempt: number } = { attempt: 0 };
    const opts = transportOptions({ options, hub, now }, ctl, lastEventId, mine, (i) => (sent = i));
    try {
      const request = runRequest(url, body, headers, options.credentials);
      let sliceStart = clock();
      let lastDone = sliceStart; // a slice counts busy time: a wait for the stream starts a new one
      read: for await (const batch of transport(request, opts)) {
        for (let i = 0; i < batch.events.length; i++) {
          if (!mine()) break read;
          const streamed = batch.events[i]!;
          const at = clock();
          // What waited for the network starts a new slice. Read with the one before, it is the same slice,
          // however long its reading took (that time was the page's too).
          const waited = i > 0 ? 0 : (batch.waitedMs ?? at - lastDone);
          if (waited > IDLE_GAP_MS) sliceStart = at;
          else if (at - sliceStart >= sliceMs) {
            // A long burst: tell the listeners what is there so far, then let the page breathe.
            hub.flushNow();
            await giveBack();
            if (!mine()) break read;
            sliceStart = clock();
          }
          if (hub.recording) hub.record({ kind: 'event', at: now(), streamed });
          hub.dispatch(streamed);
          saver.watchAccess(streamed.event);
          if (streamed.event && isTerminalEvent(streamed.event)) terminal = true;
          saver.saveStreaming(terminal);
          lastDone = clock();
        }
      }
      if (mine() && !terminal && !ctl.signal.aborted) hub.dispatch({ type: 'thread/stream-closed', reason: 'ended', at: now() });
    } catch (err) {
      if (mine() && !ctl.signal.aborted) {
        const error = toFailure(err);
        const at = now();
        hub.record({ kind: 'error', at, error });
        const stale = error.code === 'http_error' && error.status === 400 && sent.lastEventId !== undefined;
        if (stale && !fromStartOnce) restart = true;
        else hub.dispatch({ type: 'thread/transport-error', error, at, reconnect: sent.lastEventId !== undefined || sent.attempt > 0 });
      }
    } finally {
      if (mine()) {
        controller = undefined;
        saver.save();
        hub.flushNow();
      }
    }
    if (!restart || !mine()) return;
    hub.dispatch({ type: 'thread/again', kind: 'follow', fromStart: true, at: now() });
    saver.save();
    return follow(body, undefined, true);
  }

  function again(kind: 'retry' | 'follow'): Promise<void> {
    const state = hub.state;
    const request = state.lastRequest!;
    const run = currentRun(state);
    const lastEventId = run && !run.terminal && run.runId === request.runId ? state.lastEventId : undefined;
    // Followed from Last-Event-ID, the stream does not say again that the turn waits for others
    // (oz0.waiting came before that id, and a waiting run is silent until they decide): keep the wait.
    const waiting = lastEventId !== undefined ? state.waitingForOthers : [];
    hub.dispatch({ type: 'thread/again', kind, fromStart: lastEventId === undefined, at: now() });
    if (waiting.length > 0) hub.dispatch({ id: undefined, event: { type: EventType.CUSTOM, name: OZ_WAITING, value: { waiting } } });
    saver.save();
    return follow(request.body, lastEventId);
  }

  function abort(): void {
    controller?.abort();
    controller = undefined;
    generation++;
  }

  return {
    follow: (body, lastEventId) => follow(body, lastEventId),
    again,
    abort,
    stop() {
      const ctl = controller;
      if (!ctl) return false;
      controller = undefined;
      generation++; // before the abort: nothing the transport says as it closes reaches the thread
      ctl.abort();
      const at = now();
      const closed: ConnectionState = { status: 'closed' };
      hub.record({ kind: 'connection', at, state: closed });
      hub.dispatch({ type: 'thread/stream-closed', reason: 'stopped', at });
      hub.dispatch({ type: 'thread/connection', state: closed });
      saver.save();
      hub.flushNow();
      return true;
    },
  };
}
