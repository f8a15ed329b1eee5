/**
 * A person's first message after a page load runs the store's code for the
 * first time: the send and its history, the reducers and Immer, the snapshot
 * encoder and the storage parts. Compiling it cost the frame that shows the
 * message tens of milliseconds (the restore bench's first append).
 * `warmUpStore` runs all of it once on a throwaway thread, kept in a map of
 * its own (never the page's storage) and answered by a scripted transport:
 * nothing is sent, stored or shown. A host calls it when the page is idle.
 */
import { EventType } from '../protocol/index.js';
import type { RunTransport } from '../transport/index.js';
import { webStorage } from './persistence.js';
import type { ThreadState } from './state.js';
import { createThreadStore } from './store.js';

/** A scripted answer to the warm-up's one run: the events of a short reply. */
const answer: RunTransport = async function* (request) {
  const { threadId, runId } = request.body;
  const messageId = `${runId}:m`;
  const events = [
    { type: EventType.RUN_STARTED, threadId, runId },
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: 'A short **answer**.' },
    { type: EventType.TEXT_MESSAGE_END, messageId },
    { type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: 'success' } },
  ] as const;
  let id = 0;
  for (const event of events) yield { id: String(++id), event };
};

let warmed: Promise<ThreadState> | undefined;

/**
 * Sends one message on a throwaway thread held in memory, and disposes of it;
 * resolves, with its last state, when its run has ended. Once per page: every
 * chat on it asks, the first one's run answers them all.
 */
export function warmUpStore(): Promise<ThreadState> {
  return (warmed ??= sendOnce());
}

async function sendOnce(): Promise<ThreadState> {
  const entries = new Map<string, string>();
  const storage = webStorage({ getItem: (k) => entries.get(k) ?? null, setItem: (k, v) => void entries.set(k, v), removeItem: (k) => void entries.delete(k) });
  const store = createThreadStore({ url: 'http://warm-up.invalid/v1/agui/agents/warm-up?tenant=warm-up', threadId: 'warm-up', storage, transport: answer });
  try {
    await store.send('A first message.');
    return store.getState();
  } finally {
    store.dispose();
  }
}
