import { expect } from '@open-wc/testing';
import type { OzInspectorState } from '../../../inspector/state-tab/state-tab.js';
import { helperRun } from '../fixtures.js';
import { chatAndInspector, openTab, settled, shadow, shadowAll, until } from './helpers.js';

type Loose = Record<string, unknown> & { type: string };

const note = (id: string, text: string) => ({ id, kind: 'decision', tags: ['secret-tag'], text, job: 'job-1', agent: 'helper', createdAt: '2026-01-05T10:00:00Z', tainted: false, labels: [] });

/** A run that pins two notes, edits one, then sends a patch that cannot apply. */
function boardRun(threadId: string, runId: string): Loose[] {
  return [
    { type: 'RUN_STARTED', threadId, runId },
    { type: 'STATE_SNAPSHOT', snapshot: { board: { notes: [note('1', 'First plan')] } } },
    { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/board/notes/-', value: note('2', 'Second plan') }] },
    { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/board/notes/0/text', value: 'First plan, revised' }] },
    { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/board/notes/7/text', value: 'nowhere' }] },
    { type: 'TEXT_MESSAGE_START', messageId: 'job-1:m1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-1:m1', delta: 'AI: The board is up to date.' },
    { type: 'TEXT_MESSAGE_END', messageId: 'job-1:m1' },
    { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success' } },
  ];
}

async function stateTab(options = {}) {
  const { chat, inspector } = await chatAndInspector([boardRun], options);
  await chat.send('Update the board');
  await until(() => inspector.recording?.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED'), 'the run');
  await settled(inspector);
  const tab = (await openTab(inspector, 'state')) as OzInspectorState;
  const select = shadow<HTMLSelectElement>(tab, '[part~="picker"] select')!;
  const pick = async (i: number) => {
    select.value = select.options[i]!.value;
    select.dispatchEvent(new Event('change'));
    await tab.updateComplete;
  };
  const board = () => JSON.parse(shadow(tab, '[part~="board"]')!.textContent!) as { board: { notes: { id: string; text: string; tags: string[] }[] } };
  return { inspector, tab, select, pick, board };
}

describe('<oz-inspector> State tab', () => {
  it('travels in time: the board as it was at each board event, each op before and after, failed patches flagged', async () => {
    const { inspector, tab, select, pick, board } = await stateTab();
    expect(select.options.length).to.equal(4);
    // The last board event is shown first: the failed patch.
    expect(shadow(tab, '[part~="status"]')!.textContent).to.contain('Failed');
    expect(shadow(tab, '[part~="status"]')!.classList.contains('flag-failed')).to.equal(true);
    expect(board().board.notes.map((n) => n.text)).to.deep.equal(['First plan, revised', 'Second plan']);

    await pick(0);
    expect(board().board.notes.map((n) => n.text)).to.deep.equal(['First plan']);
    expect(shadow(tab, '[part~="status"]')).to.equal(null);

    await pick(1);
    expect(board().board.notes.map((n) => n.id)).to.deep.equal(['1', '2']);
    expect(shadow(tab, '[part~="status"]')!.textContent).to.contain('Applied');

    await pick(2);
    const cells = shadowAll(tab, '[part~="ops"] tbody td').map((c) => c.textContent!.trim());
    expect(cells).to.deep.equal(['replace', '/board/notes/0/text', '"First plan"', '"First plan, revised"']);
    expect(board().board.notes[0]!.text).to.equal('First plan, revised');
    await expect(inspector).to.be.accessible();
  });

  it('masks note texts and tags under redaction, keeping their lengths', async () => {
    const { inspector, tab, pick, board } = await stateTab({ redact: ['note-text', 'message-text'] });
    expect(shadow(tab, '.masked')!.textContent).to.contain('masked');
    await pick(2);
    const notes = board().board.notes;
    expect(notes.map((n) => n.text)).to.deep.equal(['•'.repeat('First plan, revised'.length), '•'.repeat('Second plan'.length)]);
    expect(notes[0]!.tags).to.deep.equal(['•'.repeat('secret-tag'.length)]);
    const cells = shadowAll(tab, '[part~="ops"] tbody td').map((c) => c.textContent!.trim());
    expect(cells[2]).to.equal(JSON.stringify('•'.repeat('First plan'.length)));
    expect(shadow(tab, '[part~="board"]')!.textContent).not.to.contain('plan');
    // The events carry no words either: the message text is masked at record time.
    const json = inspector.exportText();
    expect(json).not.to.contain('up to date');
    expect(json).not.to.contain('Second plan');
    expect(shadow(inspector, '[part~="toolbar"]')!.textContent).to.contain('Redacted');
    await expect(inspector).to.be.accessible();
  });

  it('an imported recording folds its board events again (no recorder before/after)', async () => {
    const { inspector } = await stateTab();
    const live = inspector.recording;
    const text = inspector.exportText();
    inspector.importText(text, 'board.ndjson');
    await settled(inspector);
    // The tab now shows the import, not the live recording it was made from.
    expect(inspector.recording).to.not.equal(live);
    expect(shadow<HTMLSelectElement>(inspector, '[part~="toolbar"] select')!.selectedOptions[0]!.textContent).to.contain('board.ndjson');
    const tab = shadow<OzInspectorState>(inspector, 'oz-inspector-state')!;
    await tab.updateComplete;
    const select = shadow<HTMLSelectElement>(tab, '[part~="picker"] select')!;
    expect(select.options.length).to.equal(4);
    expect(shadow(tab, '[part~="status"]')!.textContent).to.contain('Failed');
    select.value = select.options[1]!.value;
    select.dispatchEvent(new Event('change'));
    await tab.updateComplete;
    const board = JSON.parse(shadow(tab, '[part~="board"]')!.textContent!) as { board: { notes: unknown[] } };
    expect(board.board.notes.length).to.equal(2);
    await expect(inspector).to.be.accessible();
  });

  it('shows a helper run board from the chat fixture too', async () => {
    const { chat, inspector } = await chatAndInspector([helperRun]);
    await chat.send('Hi');
    await until(() => inspector.recording?.entries().some((e) => e.kind === 'state-delta' && e.after !== undefined), 'the delta');
    const tab = (await openTab(inspector, 'state')) as OzInspectorState;
    expect(shadow(tab, '[part~="board"]')!.textContent).to.contain('Greeted the *team*.');
    await expect(inspector).to.be.accessible();
  });

  it('an event selected in the Events tab opens the State tab at the board as it was then', async () => {
    const { chat, inspector } = await chatAndInspector([boardRun]);
    await chat.send('Update the board');
    await until(() => inspector.recording?.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED'), 'the run');
    await settled(inspector);
    const events = shadow(inspector, 'oz-inspector-events')!;
    const firstDelta = shadowAll<HTMLElement>(events, '[role="option"]').find((r) => r.textContent!.includes('STATE_DELTA'))!;
    firstDelta.click();
    const tab = (await openTab(inspector, 'state')) as OzInspectorState;
    const select = shadow<HTMLSelectElement>(tab, '[part~="picker"] select')!;
    expect(select.selectedIndex).to.equal(1);
    const board = JSON.parse(shadow(tab, '[part~="board"]')!.textContent!) as { board: { notes: unknown[] } };
    expect(board.board.notes.length).to.equal(2);
    await expect(inspector).to.be.accessible();
  });
  it('flags the notes that arrived malformed (a missing labels, tags of the wrong type) and still shows the board as read', async () => {
    const bad = (threadId: string, runId: string): Loose[] => {
      const { labels: _missing, ...noLabels } = note('1', 'No labels here');
      return [
        { type: 'RUN_STARTED', threadId, runId },
        { type: 'STATE_SNAPSHOT', snapshot: { board: { notes: [noLabels, { ...note('2', 'Tags as text'), tags: 'urgent' }, note('3', 'A good note')] } } },
        { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success' } },
      ];
    };
    const { chat, inspector } = await chatAndInspector([bad]);
    await chat.send('Show the board');
    await until(() => inspector.recording?.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED'), 'the run');
    await settled(inspector);
    const tab = (await openTab(inspector, 'state')) as OzInspectorState;
    const flag = shadow(tab, '[part~="invalid"]');
    expect(flag !== null, 'the malformed-notes flag').to.equal(true);
    expect(flag!.textContent).to.contain('1 (labels)');
    expect(flag!.textContent).to.contain('2 (tags)');
    expect(flag!.textContent!.includes('3 ('), 'the good note is not flagged').to.equal(false);
    const shown = JSON.parse(shadow(tab, '[part~="board"]')!.textContent!) as { board: { notes: { id: string; text: string }[] } };
    expect(shown.board.notes.map((n) => n.text)).to.deep.equal(['No labels here', 'Tags as text', 'A good note']);
    await expect(inspector).to.be.accessible();
  });
});
