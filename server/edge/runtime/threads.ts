/** Threads and their turns, as the runtime keeps them. */
import type { Caller } from '../contract.js';
import { Board } from './board.js';
import type { MemoryRunLog } from './run-log.js';
import type { Turn } from './turn.js';

/** A turn with the runs that followed it (latest last). */
export interface TurnRecord {
  turn: Turn;
  runs: MemoryRunLog[];
}

/** A conversation: owned by a person (private) or by the tenant (started with a key). */
export interface Thread {
  id: string;
  tenant: string;
  owner?: string;
  agent: string;
  turns: TurnRecord[];
  /** The board of the thread's job trees. */
  board: Board;
}

/** The runtime's threads and runs. */
export class ThreadStore {
  readonly #threads = new Map<string, Thread>();
  readonly #runs = new Map<string, MemoryRunLog>();

  get(tenant: string, id: string): Thread | undefined {
    return this.#threads.get(`${tenant}/${id}`);
  }

  create(tenant: string, id: string, agent: string, owner: string | undefined): Thread {
    const thread: Thread = { id, tenant, agent, turns: [], board: new Board() };
    if (owner) thread.owner = owner;
    this.#threads.set(`${tenant}/${id}`, thread);
    return thread;
  }

  run(tenant: string, threadId: string, runId: string): MemoryRunLog | undefined {
    return this.#runs.get(`${tenant}/${threadId}/${runId}`);
  }

  addRun(tenant: string, threadId: string, log: MemoryRunLog): void {
    this.#runs.set(`${tenant}/${threadId}/${log.runId}`, log);
  }

  /** The thread and turn a job (root or step) belongs to. */
  findJob(job: string): { thread: Thread; record: TurnRecord } | undefined {
    for (const thread of this.#threads.values()) {
      for (const record of thread.turns) if (record.turn.jobs.has(job)) return { thread, record };
    }
    return undefined;
  }

  /** Every turn of every thread. */
  *turns(): Generator<{ thread: Thread; record: TurnRecord }> {
    for (const thread of this.#threads.values()) for (const record of thread.turns) yield { thread, record };
  }
}

/** Whether the caller may see a thread: the tenant's threads, their own, or any with threads.read_private. */
export function maySeeThread(caller: Caller, thread: Thread, permissions: ReadonlySet<string>): boolean {
  if (caller.tenant !== thread.tenant) return false;
  if (!thread.owner) return true;
  if (caller.kind !== 'person') return false;
  return caller.person === thread.owner || permissions.has('threads.read_private');
}
