/** Scripted runs for the browser tests: events shaped as the route sends them. */
import { fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzAgentChat } from '../../elements/chat/chat.js';
import type { AguiEvent, StreamedEvent } from '../../src/protocol/index.js';
import type { RunTransport } from '../../src/transport/index.js';
import type { BoardView, ThreadState } from '../../src/thread/state.js';
import { initialThreadState } from '../../src/thread/state.js';
import type { BoardEntry } from '../../src/protocol/index.js';

type Loose = Record<string, unknown> & { type: string };

/** One turn of the `helper` agent: text, a tool call and its result, a step with a card, a board note, the turn's card. */
export function helperRun(threadId: string, runId: string, reply = 'AI: Hello **team**, I sent the greeting.'): Loose[] {
  const cut = Math.ceil(reply.length / 3);
  return [
    { type: 'RUN_STARTED', threadId, runId },
    { type: 'STATE_SNAPSHOT', snapshot: { board: { notes: [] } } },
    { type: 'TEXT_MESSAGE_START', messageId: 'job-1:m1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-1:m1', delta: 'AI: I will greet the team.' },
    { type: 'TEXT_MESSAGE_END', messageId: 'job-1:m1' },
    { type: 'TOOL_CALL_START', toolCallId: 'call-1', toolCallName: 'send_email', parentMessageId: 'job-1:m1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: '{"to":"team@example.com",' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: '"password":"{{secret:smtp}}"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'call-1' },
    { type: 'TOOL_CALL_RESULT', messageId: 'tool-1', toolCallId: 'call-1', content: '{"sent":true}', role: 'tool' },
    { type: 'STEP_STARTED', stepName: 'job-2' },
    { type: 'CUSTOM', name: 'oz0.card', value: { job: 'job-2', card: { type: 'summary', title: 'Step summary', done: 3 } } },
    { type: 'STEP_FINISHED', stepName: 'job-2' },
    {
      type: 'STATE_DELTA',
      delta: [
        {
          op: 'add',
          path: '/board/notes/-',
          value: { id: '1', kind: 'decision', tags: ['greeting'], text: 'Greeted the *team*.', job: 'job-1', agent: 'helper', createdAt: '2026-01-05T10:00:00Z', tainted: false, labels: [] },
        },
      ],
    },
    { type: 'TEXT_MESSAGE_START', messageId: 'job-1:m2', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-1:m2', delta: reply.slice(0, cut) },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-1:m2', delta: reply.slice(cut, 2 * cut) },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-1:m2', delta: reply.slice(2 * cut) },
    { type: 'TEXT_MESSAGE_END', messageId: 'job-1:m2' },
    { type: 'CUSTOM', name: 'oz0.card', value: { job: 'job-1', card: { type: 'greeting', title: 'Team greeted', recipients: ['ana', 'bo'], url: 'https://example.com/g' } } },
    { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success' } },
  ];
}

/** A turn that ends waiting for the person's approval. */
export function interruptRun(threadId: string, runId: string): Loose[] {
  return [
    { type: 'RUN_STARTED', threadId, runId },
    { type: 'TOOL_CALL_START', toolCallId: 'call-9', toolCallName: 'delete_file' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call-9', delta: '{"path":"/tmp/x"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'call-9' },
    {
      type: 'RUN_FINISHED',
      threadId,
      runId,
      outcome: {
        type: 'interrupt',
        interrupts: [
          {
            id: 'ozi1.abc',
            reason: 'tool_call',
            toolCallId: 'call-9',
            message: 'AI: May I delete /tmp/x?',
            expiresAt: '2030-01-01T00:00:00Z',
            responseSchema: { type: 'object', properties: { approved: { type: 'boolean' } } },
            metadata: { 'oz0/kind': 'approval', 'oz0/what': 'delete_file', 'oz0/deciders': 'you', 'oz0/console': { label: 'Decide in OZ', url: 'https://console.example/j/1' } },
          },
        ],
      },
    },
  ];
}

/** A refused start: a quota's RUN_ERROR with its numbers. */
export function quotaRun(): Loose[] {
  return [
    {
      type: 'RUN_ERROR',
      message: 'quota exceeded',
      code: 'oz0_quota_exceeded',
      rawEvent: {
        oz0: { type: 'oz0_quota_exceeded', scope: 'your daily tokens', resetsAt: '2030-01-02T00:00:00Z', couldWait: false, raisableBy: 'a tenant admin', limit: 1000, used: 1000, unit: 'tokens' },
      },
    },
  ];
}

export interface ScriptedTransport {
  transport: RunTransport;
  requests: unknown[];
}

/**
 * A transport that plays scripted runs, one per request, yielding to the
 * event loop between events so the page sees them stream.
 */
/** `burst`: every event of a run at once, in one task (as one network chunk brings them); else 1 ms apart. */
export function scriptedTransport(runs: Array<(threadId: string, runId: string) => Loose[]>, options: { failWith?: Error; burst?: boolean } = {}): ScriptedTransport {
  const requests: unknown[] = [];
  let next = 0;
  const transport: RunTransport = (request, opts = {}) => {
    requests.push(request.body);
    const script = runs[next++];
    return (async function* (): AsyncGenerator<StreamedEvent> {
      opts.onConnection?.({ status: 'connecting' });
      if (options.failWith) throw options.failWith;
      opts.onConnection?.({ status: 'open' });
      const body = request.body as { threadId: string; runId: string };
      const events = script ? script(body.threadId, body.runId) : [];
      let id = 0;
      for (const event of events) {
        if (opts.signal?.aborted) return;
        if (!options.burst) await new Promise((r) => setTimeout(r, 1));
        yield { id: `e${++id}`, event: event as unknown as AguiEvent };
      }
      opts.onConnection?.({ status: 'closed' });
    })();
  };
  return { transport, requests };
}

/** Waits until `check` holds (polling each frame), or fails after `ms`. */
export async function until(check: () => unknown, ms = 4000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error('until: timed out');
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  }
}

/** A board view with the given notes. */
export function boardView(notes: BoardEntry[], stale = false): BoardView {
  return { value: { board: { notes } }, stale, version: 1, received: true };
}

/** A tiny store over a fixed state, for elements used alone. */
export function staticStore(patch: Partial<ThreadState>) {
  let state: ThreadState = { ...initialThreadState('t-1'), ...patch };
  const listeners = new Set<(s: ThreadState) => void>();
  return {
    getState: () => state,
    subscribe(l: (s: ThreadState) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next: Partial<ThreadState>) {
      state = { ...state, ...next };
      for (const l of listeners) l(state);
    },
    get listenerCount() {
      return listeners.size;
    },
  };
}

/** A light-themed <oz-agent-chat> for the helper agent, kept in memory, its runs from `transport`. */
export function chatOn(transport: RunTransport, attrs: { board?: string; theme?: string } = {}): Promise<OzAgentChat> {
  return fixture<OzAgentChat>(html`<oz-agent-chat
    style="height: 640px"
    endpoint="/agui"
    agent="helper"
    tenant="acme"
    ai-label="AI: "
    board=${attrs.board ?? 'side'}
    theme=${attrs.theme ?? 'light'}
    .storage=${'memory'}
    .transport=${transport}
  ></oz-agent-chat>`);
}
