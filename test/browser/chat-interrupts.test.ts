/**
 * <oz-agent-chat> with its interrupts wired: the forms where the turn waits
 * (recorded runs of the real development edge, replayed), one resume for all,
 * error actions from any child, loading the thread again, turn_waiting, and a
 * caller who is no person.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzAgentChat } from '../../elements/chat/chat.js';
import type { OzInterrupt } from '../../elements/interrupt-form/interrupt.js';
import type { OzInterrupts } from '../../elements/interrupt-list/interrupts.js';
import type { OzError } from '../../elements/error/error.js';
import type { RunAgentRequest, StreamedEvent } from '../../src/protocol/index.js';
import type { ThreadStore } from '../../src/thread/index.js';
import type { OpenRunOptions, RecordedEvent, RunRequest, RunTransport } from '../../src/transport/index.js';
import { interruptRun } from './fixtures.js';

const { createThreadStore, memoryStorage } = await import('../../src/thread/index.js');
const { createReplayTransport, parseRecording, TransportError } = await import('../../src/transport/index.js');

/** The recordings' virtual clock: 2026-01-01T09:00Z (their deadlines are 15 minutes later). */
const T0 = Date.parse('2026-01-01T09:00:00Z');

async function recording(name: string): Promise<RecordedEvent[]> {
  const res = await fetch(`/test/fixtures/runs/${name}.ndjson`);
  return parseRecording(await res.text());
}

interface Sent {
  body: RunAgentRequest;
  lastEventId: string | undefined;
}

/** Wraps a transport to keep every request as sent. */
function counted(inner: RunTransport): { transport: RunTransport; sent: Sent[] } {
  const sent: Sent[] = [];
  const transport: RunTransport = (request: RunRequest, options: OpenRunOptions = {}) => {
    sent.push({ body: request.body, lastEventId: options.lastEventId });
    return inner(request, options);
  };
  return { transport, sent };
}

type Ev = Record<string, unknown>;
/** A transport that plays one scripted reply per request (events, or an error to throw). */
function scripted(replies: Array<((runId: string) => Ev[]) | Error>): RunTransport {
  let n = 0;
  return (request: RunRequest) =>
    (async function* (): AsyncGenerator<StreamedEvent> {
      const k = ++n;
      const reply = replies[k - 1];
      await Promise.resolve();
      if (reply instanceof Error) throw reply;
      let i = 0;
      for (const event of reply ? reply(request.body.runId) : []) yield { id: `${k}.${++i}`, event: event as unknown as StreamedEvent['event'] };
    })();
}

function storeWith(transport: RunTransport, threadId: string): ThreadStore {
  let n = 0;
  return createThreadStore({ url: 'https://edge.test/v1/agui/agents/helper?tenant=acme', threadId, transport, now: () => T0, generateId: () => `id-${++n}`, storage: memoryStorage() });
}

async function chatOn(store: ThreadStore): Promise<OzAgentChat> {
  return fixture<OzAgentChat>(html`<oz-agent-chat style="height: 720px" theme="light" .store=${store} .clock=${() => T0}></oz-agent-chat>`);
}

/** Waits until `check` holds, a frame at a time (bounded by the test's own timeout, never by a clock). */
async function until<T>(check: () => T | null | undefined | false): Promise<T> {
  for (;;) {
    const v = check();
    if (v) return v;
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  }
}

const root = (el: Element | null | undefined) => el?.shadowRoot ?? null;
const formsOf = (chat: OzAgentChat) => chat.shadowRoot!.querySelector<OzInterrupts>('[role="log"] [part~="interrupts"] oz-interrupts');
const itemsOf = (chat: OzAgentChat) => [...(root(formsOf(chat))?.querySelectorAll<OzInterrupt>('oz-interrupt') ?? [])];
const errorsOf = (chat: OzAgentChat) => [...chat.shadowRoot!.querySelectorAll<OzError>('oz-error')];

describe('<oz-agent-chat> with interrupts', () => {
  it('helper, from the recorded edge: the approval form in the transcript, one resume with an entry per interrupt, then the run streams on', async () => {
    const { transport, sent } = counted(createReplayTransport([await recording('helper-approved-1'), await recording('helper-approved-2')], { speed: Infinity }));
    const store = storeWith(transport, 'helper-approved-thread');
    const chat = await chatOn(store);
    let requested = 0;
    chat.addEventListener('oz-interrupt-requested', () => requested++);
    await chat.send('Please greet the team');

    const approve = await until(() => root(itemsOf(chat)[0])?.querySelector<HTMLButtonElement>('[part="approve"]'));
    expect(itemsOf(chat).length).to.equal(1);
    expect(root(itemsOf(chat)[0])!.textContent).to.contain('Post a message to #team');
    // It sits in the turn, after the run that waits, inside the role="log" transcript.
    const turn = chat.shadowRoot!.querySelector('[part~="turn"]')!;
    expect(turn.querySelector('[part~="interrupts"] oz-interrupts')).to.equal(formsOf(chat));
    await expect(chat).to.be.accessible();

    approve.click();
    const forms = formsOf(chat)!;
    const submit = await until(() => root(forms)?.querySelector<HTMLButtonElement>('[part="submit"]:not([disabled])'));
    submit.click();
    submit.click();
    await until(() => store.getState().status === 'idle' && store.getState().turns[0]!.card);

    expect(requested).to.equal(1, 'oz-interrupt-requested once for the set');
    expect(sent.length).to.equal(2, 'one resume, however often submit is clicked');
    const interruptId = store.getState().turns[0]!.runs[0]!.interruptIds[0]!;
    expect(sent[1]!.body.resume).to.deep.equal([{ interruptId, status: 'resolved', payload: { approved: true } }]);
    expect(sent[1]!.body.messages).to.deep.equal([]);
    expect(sent[1]!.body.runId).to.not.equal(sent[0]!.body.runId);

    // The continued run: its answer with the card under it, and the board's note.
    const answer = await until(() => [...chat.shadowRoot!.querySelectorAll('.message')].find((m) => m.querySelector('oz-card')));
    expect(root(answer.querySelector('oz-card'))!.textContent).to.contain('#team');
    const board = chat.shadowRoot!.querySelector('.board-side oz-board')!;
    const note = await until(() => root(board)?.querySelector('[part~="note"]'));
    expect(note.textContent).to.contain('#greeting');
    await until(() => root(note.querySelector('oz-markdown'))?.textContent?.includes('Posted the greeting to #team.'));
    await until(() => root(itemsOf(chat)[0])?.querySelector('[part="outcome"]'));
    await expect(chat).to.be.accessible();
  });

  it('error actions work from <oz-error>: Try again after a failed job is a new turn; Load again after history_mismatch is a fresh run without Last-Event-ID', async () => {
    const failing = await recording('failing');
    const success = (runId: string): Ev[] => [
      { type: 'RUN_STARTED', threadId: 'failing-thread', runId },
      { type: 'TEXT_MESSAGE_START', messageId: 'job-2:m1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-2:m1', delta: 'AI: Done this time.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'job-2:m1' },
      { type: 'RUN_FINISHED', threadId: 'failing-thread', runId, outcome: { type: 'success' } },
    ];
    const mismatch = (runId: string): Ev[] => [
      { type: 'RUN_STARTED', threadId: 'failing-thread', runId },
      { type: 'RUN_ERROR', code: 'history_mismatch', message: 'The history does not match.' },
    ];
    const replay = createReplayTransport([failing], { speed: Infinity });
    const script = scripted([success, mismatch, success]);
    let n = 0;
    const { transport, sent } = counted((request, options) => (++n === 1 ? replay(request, options) : script(request, options)));
    const store = storeWith(transport, 'failing-thread');
    const chat = await chatOn(store);
    await chat.send('Do the thing');
    const retry = await until(() => root(errorsOf(chat)[0])?.querySelector<HTMLButtonElement>('[part="action"]'));
    expect(retry.textContent).to.equal('Try again');
    await expect(chat).to.be.accessible();
    retry.click();
    await until(() => sent.length === 2 && store.getState().status === 'idle');
    expect(sent[1]!.body.runId).to.not.equal(sent[0]!.body.runId, 'failed: the same runId would only fail again');
    expect(sent[1]!.body.messages.at(-1)!.content).to.equal('Do the thing');
    expect(sent[1]!.lastEventId).to.equal(undefined);
    expect(store.getState().turns.length).to.equal(2);

    await chat.send('And again');
    const load = await until(() => root(errorsOf(chat).at(-1))?.querySelector<HTMLButtonElement>('[part="action"]'));
    expect(load.textContent).to.equal('Load the conversation again');
    // An app may veto: nothing is sent.
    const veto = (e: Event) => e.preventDefault();
    chat.addEventListener('oz-error-action', veto, { once: true });
    load.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.length).to.equal(3);
    load.click();
    await until(() => sent.length === 4 && store.getState().status === 'idle');
    const again = sent[3]!;
    expect(again.lastEventId).to.equal(undefined);
    expect([sent[0], sent[1], sent[2]].map((s) => s!.body.runId)).to.not.include(again.body.runId);
    expect(again.body.messages.at(-1)).to.deep.equal({ id: 'id-3', role: 'user', content: 'Do the thing' }, 'the latest turn OZ took, newest');
    expect(store.getState().turns.length).to.equal(2, 'the refused message is no turn');
    await until(() => errorsOf(chat).length === 1);
    await expect(chat).to.be.accessible();
  });

  it('Load again on the interrupts (interrupt_expired) follows the turn afresh once: its current interrupts, a fresh runId, no Last-Event-ID', async () => {
    const again = (runId: string): Ev[] => {
      const events = interruptRun('chat-1', runId) as Ev[];
      const last = events.at(-1) as { outcome: { interrupts: Array<{ id: string }> } };
      last.outcome.interrupts[0]!.id = 'ozi1.now';
      return events;
    };
    const expired = (runId: string): Ev[] => [
      { type: 'RUN_STARTED', threadId: 'chat-1', runId },
      { type: 'RUN_ERROR', code: 'interrupt_expired', message: 'It expired.', metadata: { 'oz0/entry': 'ozi1.abc' } },
    ];
    const { transport, sent } = counted(scripted([(r) => interruptRun('chat-1', r) as Ev[], expired, again]));
    const store = storeWith(transport, 'chat-1');
    const chat = await chatOn(store);
    let requested = 0;
    chat.addEventListener('oz-interrupt-requested', () => requested++);
    await chat.send('Clean up');
    (await until(() => root(itemsOf(chat)[0])?.querySelector<HTMLButtonElement>('[part="approve"]'))).click();
    (await until(() => root(formsOf(chat))?.querySelector<HTMLButtonElement>('[part="submit"]:not([disabled])'))).click();
    const load = await until(() => root(formsOf(chat))?.querySelector<HTMLButtonElement>('[part="error-action"]'));
    expect(errorsOf(chat).length).to.equal(0, 'the interrupts show their error; no second <oz-error>');
    await expect(chat).to.be.accessible();
    load.click();
    await until(() => store.getState().openInterruptIds[0] === 'ozi1.now');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.length).to.equal(3, 'handled once: by the interrupts, not again by the chat');
    expect(sent[2]!.lastEventId).to.equal(undefined);
    expect(sent[2]!.body.resume).to.equal(undefined);
    expect(sent[2]!.body.messages).to.deep.equal([{ id: 'id-1', role: 'user', content: 'Clean up' }]);
    expect([sent[0]!.body.runId, sent[1]!.body.runId]).to.not.include(sent[2]!.body.runId);
    await until(() => itemsOf(chat).length === 1 && itemsOf(chat)[0]!.dataset.id === 'ozi1.now');
    expect(requested).to.equal(2, 'once for each new set');
    await expect(chat).to.be.accessible();
  });

  it('turn_waiting on a new message shows who decides, with the console link', async () => {
    const done = (runId: string): Ev[] => [
      { type: 'RUN_STARTED', threadId: 'chat-1', runId },
      { type: 'TEXT_MESSAGE_START', messageId: 'job-1:m1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-1:m1', delta: 'AI: Release is being published.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'job-1:m1' },
      { type: 'RUN_FINISHED', threadId: 'chat-1', runId, outcome: { type: 'success' } },
    ];
    const waiting = [
      {
        job: 'job-5',
        what: 'Publish release 2.1.0',
        deciders: 'a person who may decide approvals, other than ana (four eyes)',
        console: { label: 'Decide in OZ', url: 'https://edge.example.com:7443/console/jobs/job-5' },
      },
    ];
    const refused = (runId: string): Ev[] => [
      { type: 'RUN_STARTED', threadId: 'chat-1', runId },
      {
        type: 'RUN_ERROR',
        code: 'turn_waiting',
        message: 'The turn waits for others to decide: a person who may decide approvals, other than ana (four eyes).',
        metadata: { 'oz0/waiting-for-others': waiting },
      },
    ];
    const store = storeWith(scripted([done, refused]), 'chat-1');
    const chat = await chatOn(store);
    await chat.send('Publish it');
    await chat.send('Is it out?');
    const box = await until(() => root(chat.shadowRoot!.querySelector('oz-waiting'))?.querySelector('[part~="waiting"]'));
    expect(box.textContent).to.contain('Publish release 2.1.0').and.contain('other than ana (four eyes)');
    expect(box.querySelector('a')!.getAttribute('href')).to.equal('https://edge.example.com:7443/console/jobs/job-5');
    const reason = await until(() => root(formsOf(chat))?.querySelector('[part="error"]'));
    expect(reason.getAttribute('data-code')).to.equal('turn_waiting');
    expect(reason.textContent).to.contain('waiting for other people');
    expect(store.getState().lastError!.waitingForOthers).to.deep.equal(waiting);
    await expect(chat).to.be.accessible();
  });

  it('a caller who is no person (403 on resume) sees the interrupts read-only with the console link, and keeps the answer', async () => {
    const forbidden = new TransportError('http_error', 'HTTP 403', {
      status: 403,
      serverCode: 'permission_denied',
      retryable: false,
      body: { code: 'permission_denied', message: 'Only a person resumes.', console: { label: 'Decide in OZ', url: 'https://console.example/j/1' } },
    });
    const store = storeWith(scripted([(r) => interruptRun('chat-1', r) as Ev[], forbidden]), 'chat-1');
    const chat = await chatOn(store);
    await chat.send('Clean up');
    (await until(() => root(itemsOf(chat)[0])?.querySelector<HTMLButtonElement>('[part="approve"]'))).click();
    (await until(() => root(formsOf(chat))?.querySelector<HTMLButtonElement>('[part="submit"]:not([disabled])'))).click();
    await until(() => itemsOf(chat)[0]?.readOnly);
    const forms = formsOf(chat)!;
    expect(root(forms)!.querySelector('[part="submit"]')).to.equal(null);
    expect(root(forms)!.querySelector('[part="error"] a')!.getAttribute('href')).to.equal('https://console.example/j/1');
    expect(root(itemsOf(chat)[0])!.querySelector('a[part="console-link"]')!.getAttribute('href')).to.equal('https://console.example/j/1');
    expect(store.getState().drafts['ozi1.abc']).to.not.equal(undefined, 'the refused answer is kept');
    await expect(chat).to.be.accessible();
  });
});
