import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import { foldNotes, type OzBoard } from '../../elements/board/board.js';
import { supersededById } from '../../src/thread/index.js';
import type { BoardEntry } from '../../src/protocol/index.js';
import { boardView, staticStore } from './fixtures.js';

const note = (id: string, extra: Partial<BoardEntry> = {}): BoardEntry =>
  ({ id, kind: 'fact', tags: ['a'], text: `note ${id}`, job: 'job-1', agent: 'helper', createdAt: '2026-01-05T10:00:00Z', tainted: false, labels: [], ...extra }) as BoardEntry;

describe('<oz-board>', () => {
  it('says when the board is empty', async () => {
    const el = await fixture<OzBoard>(html`<oz-board .board=${boardView([])}></oz-board>`);
    expect(el.shadowRoot!.textContent).to.contain('Nothing is pinned');
    await expect(el).to.be.accessible();
  });

  it('shows notes with kind, tags, labels, writer, time and a tainted badge', async () => {
    const el = await fixture<OzBoard>(html`<oz-board .board=${boardView([note('1', { tainted: true, labels: ['confidential'] })])}></oz-board>`);
    const n = el.shadowRoot!.querySelector('[part~="note"]')!;
    expect(n.textContent).to.contain('fact');
    expect(n.textContent).to.contain('#a');
    expect(n.textContent).to.contain('confidential');
    expect(n.textContent).to.contain('helper · job-1');
    expect(n.querySelector('time')!.getAttribute('datetime')).to.equal('2026-01-05T10:00:00Z');
    expect(el.shadowRoot!.querySelector('[part~="tainted"]')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('a note read with no writer or time (malformed) shows what it has: no lone separator, no empty time', async () => {
    const el = await fixture<OzBoard>(html`<oz-board .board=${boardView([note('1', { agent: '', job: '', createdAt: '' }), note('2', { agent: '', createdAt: '' })])}></oz-board>`);
    const [first, second] = [...el.shadowRoot!.querySelectorAll('[part~="note"] .meta')];
    expect(first!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('fact');
    expect(second!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('factjob-1');
    expect(el.shadowRoot!.querySelector('time')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('folds superseded notes under the note that replaced them', async () => {
    const notes = [note('1'), note('2', { supersedes: '1', text: 'v2' }), note('3', { supersedes: '2', text: 'v3' }), note('4')];
    expect(foldNotes(notes).map((f) => [f.note.id, f.earlier.map((e) => e.id)])).to.deep.equal([
      ['3', ['2', '1']],
      ['4', []],
    ]);
    const el = await fixture<OzBoard>(html`<oz-board .board=${boardView(notes)}></oz-board>`);
    const details = el.shadowRoot!.querySelector('details')!;
    expect(details.open).to.equal(false);
    expect(details.querySelector('summary')!.textContent).to.contain('2 earlier versions');
    await expect(el).to.be.accessible();
  });

  it('folds earlier versions a replace took off the board (board.superseded) under the current note', async () => {
    const v1 = note('1', { text: 'The office opens at 9.' });
    const v2 = note('2', { supersedes: '1', text: 'The office opens at 8:30.' });
    const v3 = note('3', { supersedes: '2', text: 'The office opens at 8.' });
    const superseded = { notes: [v1, v2], count: 2 };
    expect(foldNotes([v3, note('4')], supersededById(superseded)).map((f) => [f.note.id, f.earlier.map((e) => e.id)])).to.deep.equal([
      ['3', ['2', '1']],
      ['4', []],
    ]);
    const board = { ...boardView([v3, note('4')]), superseded };
    const el = await fixture<OzBoard>(html`<oz-board .board=${board}></oz-board>`);
    const top = el.shadowRoot!.querySelectorAll('.board > ol > li > [part~="note"]');
    expect(top.length).to.equal(2);
    expect(top[0]!.querySelector('oz-markdown')!.text).to.equal('The office opens at 8.');
    const details = el.shadowRoot!.querySelector<HTMLDetailsElement>('.board > ol > li > details')!;
    expect(details.open).to.equal(false);
    expect(details.querySelector('summary')!.textContent).to.contain('2 earlier versions');
    const earlier = [...details.querySelectorAll('[part~="superseded"]')];
    expect(earlier.map((n) => n.querySelector('oz-markdown')!.text)).to.deep.equal(['The office opens at 8:30.', 'The office opens at 9.']);
    details.querySelector('summary')!.click();
    await el.updateComplete;
    expect(details.open).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('shows a redacted note as a labelled placeholder, and the stale banner', async () => {
    const redacted = { id: '5', redacted: true, label: 'Finance only', kind: 'fact', job: 'job-9', agent: 'fin', createdAt: '2026-01-05T10:00:00Z' } as BoardEntry;
    const el = await fixture<OzBoard>(html`<oz-board .board=${boardView([redacted], true)}></oz-board>`);
    expect(el.shadowRoot!.querySelector('[part~="redacted"]')!.textContent).to.contain('Hidden: Finance only');
    expect(el.shadowRoot!.querySelector('[part~="stale"]')!.textContent).to.contain('out of date');
    await expect(el).to.be.accessible();
  });

  it('renders from a store on its own and unsubscribes when removed', async () => {
    const store = staticStore({ board: boardView([note('1')]) });
    const el = await fixture<OzBoard>(html`<oz-board .store=${store}></oz-board>`);
    expect(store.listenerCount).to.equal(1);
    store.set({ board: boardView([note('1'), note('2')]) });
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('[part~="note"]').length).to.equal(2);
    await expect(el).to.be.accessible();
    el.remove();
    expect(store.listenerCount).to.equal(0);
  });
});
