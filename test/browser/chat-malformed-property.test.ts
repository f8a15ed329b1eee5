/**
 * Issue #19, property in Chromium: `<oz-agent-chat>` fed a random malformed
 * stream through the real transport (openRun: SSE bytes cut at random points,
 * JSON decoding, event validation) and the real store. Between a run's valid
 * events come lines that are not JSON, events of no known type, fields of the
 * wrong type, orphan ends, content for messages never started, patches that
 * cannot apply or reach for `__proto__`, snapshots and cards of the wrong
 * shape, and random text. Whatever the mix: no uncaught error or rejection in
 * the page, no prototype polluted, the run ends, and the valid text after the
 * junk is shown once. Seeded: a failure prints the seed and the stream.
 */
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import '../../elements/define.js';
import type { OzAgentChat } from '../../elements/chat/chat.js';
import { openRun, type RunTransport } from '../../src/transport/index.js';
import { chatOn, until } from './fixtures.js';
import { seenText } from './seen-text.js';

const SEED = 19_0006;

type Ev = Record<string, unknown>;

/** What may come between the valid events: each a whole SSE message (`data:` lines and the blank line). */
const junk = fc.oneof(
  fc.constantFrom(
    'data: {not json\n\n',
    'data: \n\n',
    'data: null\n\n',
    'data: [1,2]\n\n',
    'data: {"type":"NO_SUCH_EVENT"}\n\n',
    'data: {"type":7}\n\n',
    'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":5,"delta":null}\n\n',
    'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"never-started","delta":"ghost"}\n\n',
    'data: {"type":"TEXT_MESSAGE_END","messageId":"never-started"}\n\n',
    'data: {"type":"TOOL_CALL_ARGS","toolCallId":"no-call","delta":"{"}\n\n',
    'data: {"type":"TOOL_CALL_END","toolCallId":"no-call"}\n\n',
    'data: {"type":"STATE_DELTA","delta":[{"op":"add","path":"/__proto__/polluted","value":1}]}\n\n',
    'data: {"type":"STATE_DELTA","delta":[{"op":"replace","path":"/board/notes/99/text","value":"x"}]}\n\n',
    'data: {"type":"STATE_DELTA","delta":"not a patch"}\n\n',
    'data: {"type":"STATE_SNAPSHOT","snapshot":7}\n\n',
    'data: {"type":"STATE_SNAPSHOT","snapshot":{"board":{"notes":[{"id":1},{"text":null}]}}}\n\n',
    'data: {"type":"CUSTOM","name":"oz0.card","value":{"card":"<script>"}}\n\n',
    'data: {"type":"CUSTOM","name":"oz0.waiting","value":"soon"}\n\n',
    'data: {"type":"CUSTOM","name":"something.else","value":{}}\n\n',
    'data: {"type":"STEP_FINISHED","stepName":"never-started"}\n\n',
    'data: {"type":"RAW","event":{}}\n\n',
    ': a comment\n\n',
    'retry: soon\n\n',
  ),
  // Random text, one data line of it (a line break inside would start a field of its own).
  fc.string({ maxLength: 40 }).map((s) => `data: ${s.replace(/[\r\n]/g, ' ')}\n\n`),
  // A huge delta to the first message (plain words, so no markdown of it can swallow what follows).
  fc
    .stringMatching(/^[a-z]{1,12} $/)
    .map((s) => s.repeat(200))
    .map((s) => `data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"early","delta":${JSON.stringify(s)}}\n\n`),
);

/** A run's stream: RUN_STARTED, junk mixed into a first message, junk, the final message, RUN_FINISHED. */
function stream(threadId: string, runId: string, mixed: string[], words: string): string {
  const early: Ev[] = [
    { type: 'TEXT_MESSAGE_START', messageId: 'early', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'early', delta: 'AI: first part. ' },
    { type: 'TEXT_MESSAGE_END', messageId: 'early' },
  ];
  const parts: Array<Ev | string> = [{ type: 'RUN_STARTED', threadId, runId }];
  mixed.forEach((j, i) => {
    if (i < early.length) parts.push(early[i]!);
    parts.push(j);
  });
  parts.push(...early.slice(Math.min(mixed.length, early.length)));
  parts.push({ type: 'TEXT_MESSAGE_START', messageId: 'final', role: 'assistant' });
  parts.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'final', delta: `AI: ${words}` });
  parts.push({ type: 'TEXT_MESSAGE_END', messageId: 'final' });
  parts.push({ type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success' } });
  // Valid events carry ids in order, as the route sends them; junk carries none.
  let id = 0;
  return parts.map((p) => (typeof p === 'string' ? p : `id: e${++id}\ndata: ${JSON.stringify(p)}\n\n`)).join('');
}

/** A transport through the real openRun, over a fetch that answers with `text` cut into byte chunks at `cuts`. */
function transportOf(make: (threadId: string, runId: string) => string, cuts: number[]): RunTransport {
  return (request, options) =>
    openRun(request, {
      ...options,
      fetch: async () => {
        const { threadId, runId } = request.body as { threadId: string; runId: string };
        const bytes = new TextEncoder().encode(make(threadId, runId));
        const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at, bytes.length].slice(1).map((end, i, all) => bytes.slice(i === 0 ? 0 : all[i - 1], end));
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const next = chunks.shift();
            if (next === undefined) return controller.close();
            await new Promise((r) => setTimeout(r, 0));
            controller.enqueue(next);
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
      },
    });
}

describe('<oz-agent-chat> fed random malformed streams (property)', () => {
  it('never throws in the page, pollutes nothing, ends the run and shows the valid text after the junk once', async () => {
    const errors: string[] = [];
    const onError = (e: ErrorEvent) => errors.push(String(e.message));
    const onRejection = (e: PromiseRejectionEvent) => errors.push(String(e.reason));
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    let chat: OzAgentChat | undefined;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(junk, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 6 }), fc.stringMatching(/^[a-z]{4,10}$/), async (mixed, cuts, word) => {
          const words = `the answer is ${word}.`;
          chat?.remove();
          chat = await chatOn(transportOf((threadId, runId) => stream(threadId, runId, mixed, words), cuts));
          const seen = () => seenText(chat!.shadowRoot!.querySelector('[role="log"]')!);
          try {
            await chat.send('go');
            // A long message renders in frame slices: wait for both texts, not for the first frame after the run.
            await until(() => chat!.store?.getState().status === 'idle' && seen().includes(words) && seen().includes('first part.'), 8000);
            const log = seen();
            expect(log.split(words).length - 1, 'the final text once').to.equal(1);
            expect(log.split('first part.').length - 1, 'the valid text before the junk once').to.equal(1);
            expect(({} as { polluted?: unknown }).polluted === undefined, 'no prototype polluted').to.equal(true);
            expect(errors, 'no uncaught error in the page').to.deep.equal([]);
          } catch (e) {
            // fast-check prints the input; this says what went wrong with it.
            const s = chat.store?.getState();
            const why = `${(e as Error).message}; status ${String(s?.status)}; error ${JSON.stringify(s?.lastError ?? null).slice(0, 300)}; diagnostics ${JSON.stringify(s?.diagnostics.slice(-3) ?? []).slice(0, 400)}; shown …${seen().slice(-200)}`;
            throw new Error(why);
          }
        }),
        { seed: SEED, numRuns: 25, endOnFailure: true },
      );
    } finally {
      chat?.remove();
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
