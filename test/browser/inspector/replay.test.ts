import { expect, fixture, html } from '@open-wc/testing';
import type { OzAgentChat } from '../../../elements/chat/chat.js';
import type { OzInspector } from '../../../inspector/inspector/inspector.js';
import type { ThreadState } from '../../../src/thread/state.js';
import { helperRun, interruptRun } from '../fixtures.js';
import { chatAndInspector, seenText, settled, shadow, until } from './helpers.js';

const resumeRun = (threadId: string, runId: string) => [
  { type: 'RUN_STARTED', threadId, runId },
  { type: 'CUSTOM', name: 'oz0.resume', value: { interruptId: 'ozi1.abc', outcome: 'decided', approved: true } },
  { type: 'TOOL_CALL_RESULT', messageId: 'tool-9', toolCallId: 'call-9', content: '{"deleted":true}', role: 'tool' },
  { type: 'TEXT_MESSAGE_START', messageId: 'job-3:m1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-3:m1', delta: 'AI: Deleted /tmp/x.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'job-3:m1' },
  { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success' } },
];

/** What a person sees of a thread, without the ids the store generates. */
function transcript(s: ThreadState) {
  return {
    turns: s.turns.map((t) => ({
      runs: t.runs.map((r) => ({
        outcome: r.outcome,
        items: r.items.map((i) =>
          i.kind === 'message'
            ? { message: i.message.body ?? i.message.content }
            : { kind: i.kind, ...('toolCall' in i ? { tool: (i as { toolCall: { name: string; args: string; result?: string } }).toolCall } : {}) },
        ),
      })),
      steps: t.stepOrder.map((j) => [j, t.steps[j]!.status, t.steps[j]!.card]),
    })),
    interrupts: Object.values(s.interrupts).map((i) => [i.id, i.state]),
    board: s.board.value,
    status: s.status,
  };
}

const seen = (chat: OzAgentChat) => seenText(shadow(chat, '[role="log"]')!).replace(/\s+/g, ' ');

describe('<oz-inspector> export, import and replay', () => {
  it('an exported recording imported again replays the same transcript into a chat', async () => {
    const { chat, inspector, replay } = await chatAndInspector([interruptRun, resumeRun, helperRun], {}, { replayInto: true });
    await chat.send('Delete it');
    await until(() => chat.store!.getState().openInterruptIds.length === 1, 'the interrupt');
    await chat.store!.resume({ 'ozi1.abc': { status: 'resolved', payload: { approved: true } } });
    await until(() => chat.store!.getState().status === 'idle', 'the resume to finish');
    await chat.send('Please greet the team');
    await until(() => chat.store!.getState().turns.length === 2 && chat.store!.getState().status === 'idle', 'the second turn');
    await settled(inspector);

    // Export: the replay transport's NDJSON, one {id, event, t} a line.
    const text = inspector.exportText();
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; event: { type: string }; t: number });
    expect(lines.length).to.equal(interruptRun('t', 'r').length + resumeRun('t', 'r').length + helperRun('t', 'r').length);
    expect(Object.keys(lines[0]!).sort()).to.deep.equal(['event', 'id', 't']);

    // Import it back (a new source, shown at once) and replay it as fast as possible.
    inspector.importText(text, 'support-case.ndjson');
    await settled(inspector);
    expect(shadow(inspector, '[part~="toolbar"] select')!.textContent).to.contain('Imported: support-case.ndjson');
    expect(inspector.recording!.size).to.equal(lines.length);
    const store = inspector.replayInto('replay', { speed: Infinity });
    await until(() => store.position === store.total && !store.playing, 'the replay to end');
    await until(() => replay.store === store, 'the chat to take the replay');
    await replay.updateComplete;
    expect(transcript(store.getState())).to.deep.equal(transcript(chat.store!.getState()));
    await until(() => seen(replay).includes('Deleted /tmp/x.') && seen(replay).includes('I sent the greeting'), 'the replayed chat to render');
    // The person's words are not in an exported recording (events only): each turn shows a placeholder.
    const words = (t: string) => t.replace('Delete it', '').replace('Please greet the team', '').replace(/…/g, '').replace(/\s+/g, ' ').trim();
    expect(words(seen(replay))).to.equal(words(seen(chat)));
    await expect(inspector).to.be.accessible();
  });

  it('steps event by event with the replay controls, and resets', async () => {
    const { chat, inspector, replay } = await chatAndInspector([helperRun], {}, { replayInto: true });
    await chat.send('Please greet the team');
    await until(() => chat.store!.getState().status === 'idle' && chat.store!.getState().turns.length === 1, 'the run');
    await settled(inspector);
    const controls = shadow(inspector, '[part~="replay"]')!;
    const button = (name: string) => [...controls.querySelectorAll('button')].find((b) => b.textContent!.trim() === name)!;
    button('Step').click();
    await inspector.updateComplete;
    const store = replay.store as unknown as { position: number; total: number };
    expect(store.position).to.equal(1);
    expect(replay.store!.getState().status).to.equal('running');
    button('Step').click();
    button('Step').click();
    await inspector.updateComplete;
    expect(store.position).to.equal(3);
    expect(controls.querySelector('[role="status"]')!.textContent).to.equal(`3 of ${store.total} events played`);
    button('Reset').click();
    await inspector.updateComplete;
    expect(store.position).to.equal(0);
    expect(replay.store!.getState().turns.length).to.equal(0);
    await expect(inspector).to.be.accessible();
  });

  it('a bad file is refused with the line that is wrong, and what was shown stays', async () => {
    const { chat, inspector } = await chatAndInspector([helperRun]);
    await chat.send('Hi');
    await until(() => chat.store!.getState().status === 'idle' && chat.store!.getState().turns.length === 1, 'the run');
    await settled(inspector);
    const before = inspector.recording;
    const input = shadow<HTMLInputElement>(inspector, 'input[type="file"]')!;
    const data = new DataTransfer();
    data.items.add(new File(['{"id":"1","event":{"type":"RUN_STARTED","threadId":"t","runId":"r"},"t":0}\nnot json\n'], 'broken.ndjson'));
    input.files = data.files;
    input.dispatchEvent(new Event('change'));
    await until(() => shadow(inspector, '[role="alert"]'), 'the error');
    expect(shadow(inspector, '[role="alert"]')!.textContent).to.contain('Recording line 2');
    expect(inspector.recording).to.equal(before);
    expect(inspector.recordings.length).to.equal(1);
    await expect(inspector).to.be.accessible();
  });

  it('imports a file from the file input: every tab shows it', async () => {
    const { chat, inspector } = await chatAndInspector([interruptRun]);
    await chat.send('Delete it');
    await until(() => chat.store!.getState().openInterruptIds.length === 1, 'the interrupt');
    await settled(inspector);
    const text = inspector.exportText();
    const el = await fixture<OzInspector>(html`<oz-inspector theme="light"></oz-inspector>`);
    const imported = new Promise<string>((resolve) => el.addEventListener('oz-inspector-import', (e) => resolve(e.name)));
    const input = shadow<HTMLInputElement>(el, 'input[type="file"]')!;
    const data = new DataTransfer();
    data.items.add(new File([text], 'case-42.ndjson'));
    input.files = data.files;
    input.dispatchEvent(new Event('change'));
    expect(await imported).to.equal('case-42.ndjson');
    await settled(el);
    expect(el.recording!.size).to.equal(interruptRun('t', 'r').length);
    for (const tab of ['events', 'state', 'interrupts', 'requests', 'timeline']) {
      shadow<HTMLButtonElement>(el, `#tab-${tab}`)!.click();
      await settled(el);
      expect(shadow(el, `oz-inspector-${tab}`), tab).to.not.equal(null);
      await expect(el).to.be.accessible();
    }
    shadow<HTMLButtonElement>(el, '#tab-interrupts')!.click();
    await settled(el);
    expect(shadow(el, 'oz-inspector-interrupts')!.shadowRoot!.textContent).to.contain('ozi1.abc');
  });

  it('Export downloads the NDJSON through a Blob URL (no network), the file Import reads back', async () => {
    const { chat, inspector } = await chatAndInspector([helperRun]);
    await chat.send('Hi');
    await until(() => chat.store!.getState().status === 'idle' && chat.store!.getState().turns.length === 1, 'the run');
    await settled(inspector);
    const clicked: { href: string; download: string; text: Promise<string> }[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, text: fetch(this.href).then((r) => r.text()) });
    };
    try {
      const button = [...shadow(inspector, '[part~="toolbar"]')!.querySelectorAll('button')].find((b) => b.textContent === 'Export NDJSON')!;
      button.click();
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
    expect(clicked.length).to.equal(1);
    expect(clicked[0]!.href).to.match(/^blob:/);
    expect(clicked[0]!.download).to.match(/^oz-recording-.*\.ndjson$/);
    const text = await clicked[0]!.text;
    expect(text).to.equal(inspector.exportText());
    expect(text.trim().split('\n').length).to.equal(helperRun('t', 'r').length);
    await expect(inspector).to.be.accessible();
  });
});
