/** What the edge saw: counters for tests, the bench and `GET /__edge/stats`. */
import { EventEmitter } from 'node:events';

/** A copy of the edge's counters at one moment. */
export interface EdgeStatsSnapshot {
  /** Requests per route: agent, preflight, token, console, hooks, not_found. */
  requests: Record<string, number>;
  /** Route requests (POST) per agent. */
  agents: Record<string, number>;
  /** Route requests that sent Last-Event-ID (a stream taken up again). */
  resumeRequests: number;
  /** Route requests whose RunAgentInput carried `resume` entries (answers to interrupts). */
  interruptResumes: number;
  /** Streams open now. */
  openStreams: number;
  /** Streams opened since the edge started. */
  streamsOpened: number;
  /** Streams that ended after their terminal event. */
  streamsCompleted: number;
  /** Streams the edge ended at the stream maximum, without a terminal event. */
  streamsTimedOut: number;
  /** Streams the client closed before they ended. */
  disconnects: number;
  /** Streams a fault cut (drop-after, cut-frame). */
  faultsApplied: number;
  /** Events written to streams. */
  eventsWritten: number;
  /** `: keep-alive` comments written. */
  keepAlives: number;
}

type Counter = Exclude<keyof EdgeStatsSnapshot, 'requests' | 'agents'>;

function empty(): EdgeStatsSnapshot {
  return {
    requests: {},
    agents: {},
    resumeRequests: 0,
    interruptResumes: 0,
    openStreams: 0,
    streamsOpened: 0,
    streamsCompleted: 0,
    streamsTimedOut: 0,
    disconnects: 0,
    faultsApplied: 0,
    eventsWritten: 0,
    keepAlives: 0,
  };
}

/**
 * The edge's counters. Tests await a condition with `until()` instead of
 * sleeping: it resolves as soon as a change makes the predicate true.
 */
export class EdgeStats {
  private readonly counts: EdgeStatsSnapshot = empty();
  private readonly changes = new EventEmitter();

  constructor() {
    this.changes.setMaxListeners(0);
  }

  /** A copy of the counters now. */
  snapshot(): EdgeStatsSnapshot {
    return { ...this.counts, requests: { ...this.counts.requests }, agents: { ...this.counts.agents } };
  }

  /** Resolves with the first snapshot that satisfies `predicate` (now or after a change); rejects after `timeoutMs`. */
  until(predicate: (s: EdgeStatsSnapshot) => boolean, timeoutMs = 5000): Promise<EdgeStatsSnapshot> {
    const now = this.snapshot();
    if (predicate(now)) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const check = () => {
        const s = this.snapshot();
        if (!predicate(s)) return;
        done();
        resolve(s);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`edge stats: condition not met within ${timeoutMs} ms: ${JSON.stringify(this.snapshot())}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.changes.off('change', check);
      };
      this.changes.on('change', check);
    });
  }

  /** Counts a request to a route. */
  request(route: string): void {
    this.counts.requests[route] = (this.counts.requests[route] ?? 0) + 1;
    this.changed();
  }

  /** Counts a route request for an agent. */
  agent(agent: string): void {
    this.counts.agents[agent] = (this.counts.agents[agent] ?? 0) + 1;
    this.changed();
  }

  /** Adds `by` (default 1) to a counter. */
  add(counter: Counter, by = 1): void {
    this.counts[counter] += by;
    this.changed();
  }

  private changed(): void {
    this.changes.emit('change');
  }
}
