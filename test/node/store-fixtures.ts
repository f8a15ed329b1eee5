/** Shared helpers for the store tests: a scripted transport and the store's options around it. */
import type { StreamedEvent } from '../../src/protocol/index.js';
import type { ThreadStoreOptions } from '../../src/thread/index.js';
import type { OpenRunOptions, RunRequest, RunTransport } from '../../src/transport/index.js';

/** One request's script: the events it plays, then how it ends (`then` thrown), and what it tells onRequest first. */
export interface Script {
  events: StreamedEvent[];
  then?: Error;
  /** Reported to onRequest before the events, as the real transport does on a reconnect. */
  request?: { lastEventId?: string; attempt: number };
}

/** Each request plays the next script's events, then ends (or throws). */
export function fakeTransport(scripts: Script[]) {
  const calls: Array<{ request: RunRequest; options: OpenRunOptions }> = [];
  const transport: RunTransport = (request, options = {}) => {
    calls.push({ request, options });
    const script = scripts.shift() ?? { events: [] };
    return (async function* () {
      if (script.request) options.onRequest?.({ url: request.url, body: request.body, ...script.request });
      for (const e of script.events) yield e;
      if (script.then) throw script.then;
    })();
  };
  return { transport, calls };
}

export function options(transport: RunTransport, extra: Partial<ThreadStoreOptions> = {}): ThreadStoreOptions {
  let n = 0;
  return {
    url: 'http://edge/v1/agui/agents/helper?tenant=acme',
    threadId: 'chat-1',
    transport,
    aiLabel: 'AI: ',
    now: () => Date.parse('2026-01-01T00:00:00Z') + n,
    generateId: () => `id-${++n}`,
    schedule: () => () => {},
    ...extra,
  };
}
