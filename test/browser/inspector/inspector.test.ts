import { expect } from '@open-wc/testing';
import type { OzInspectorEvents } from '../../../inspector/events-tab/events-tab.js';
import { helperRun, interruptRun } from '../fixtures.js';
import { chatAndInspector, openTab, settled, shadow, shadowAll, until } from './helpers.js';

describe('<oz-inspector>', () => {
  it('records a chat named by `for`: events with ids, sizes and times, requests, the counts', async () => {
    const { chat, inspector } = await chatAndInspector([helperRun]);
    await chat.send('Please greet the team');
    await until(() => inspector.recording?.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED'), 'the run to be recorded');
    await settled(inspector);
    const rec = inspector.recording!;
    const events = rec.entries().filter((e) => e.kind === 'event');
    expect(events.length).to.equal(helperRun('t', 'r').length);
    expect(rec.entries().some((e) => e.kind === 'request')).to.equal(true);
    expect(rec.entries().some((e) => e.kind === 'state-delta')).to.equal(true);
    const tab = shadow<OzInspectorEvents>(inspector, 'oz-inspector-events')!;
    const rows = shadowAll(tab, '[role="option"]');
    expect(rows.length).to.be.greaterThan(10);
    expect(shadow(inspector, '[part~="toolbar"]')!.textContent).to.contain('kept');
    // Selecting a row shows the event whole, with its SSE id and size.
    (rows.find((r) => r.textContent!.includes('TOOL_CALL_ARGS')) as HTMLElement).click();
    await tab.updateComplete;
    const detail = shadow(tab, '[part~="detail"]')!;
    expect(detail.textContent).to.contain('"type": "TOOL_CALL_ARGS"');
    expect(detail.textContent).to.match(/SSE id\s*1\.\d+/);
    expect(detail.textContent).to.match(/\d+ bytes/);
    await expect(inspector).to.be.accessible();
  });

  it('filters the events by type, job and text', async () => {
    const { chat, inspector } = await chatAndInspector([helperRun]);
    await chat.send('Please greet the team');
    await until(() => inspector.recording?.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED'), 'the run');
    await settled(inspector);
    const tab = shadow<OzInspectorEvents>(inspector, 'oz-inspector-events')!;
    const type = shadow<HTMLSelectElement>(tab, 'select[name="type"]')!;
    type.value = 'TEXT_MESSAGE_CONTENT';
    type.dispatchEvent(new Event('change', { bubbles: true }));
    await tab.updateComplete;
    expect(tab.filteredRows.length).to.equal(4);
    expect(shadowAll(tab, '[role="option"]').every((r) => r.textContent!.includes('TEXT_MESSAGE_CONTENT'))).to.equal(true);
    type.value = '';
    type.dispatchEvent(new Event('change', { bubbles: true }));
    const job = shadow<HTMLSelectElement>(tab, 'select[name="job"]')!;
    await tab.updateComplete;
    expect([...job.options].map((o) => o.value)).to.include.members(['job-1', 'job-2']);
    job.value = 'job-2';
    job.dispatchEvent(new Event('change', { bubbles: true }));
    await tab.updateComplete;
    expect(tab.filteredRows.map((r) => (r.kind === 'event' ? r.event.type : r.kind))).to.deep.equal(['STEP_STARTED', 'CUSTOM', 'STEP_FINISHED']);
    job.value = '';
    job.dispatchEvent(new Event('change', { bubbles: true }));
    const text = shadow<HTMLInputElement>(tab, 'input[name="text"]')!;
    text.value = 'TEAM@example';
    text.dispatchEvent(new Event('input', { bubbles: true }));
    await tab.updateComplete;
    expect(tab.filteredRows.length).to.equal(1);
    expect(shadow(tab, '[role="status"]')!.textContent).to.match(/^1 of \d+ entries$/);
    await expect(inspector).to.be.accessible();
  });

  it('keeps to its bound: the oldest entries are dropped and counted', async () => {
    const { chat, inspector } = await chatAndInspector([helperRun], { maxEntries: 10 });
    await chat.send('Please greet the team');
    await until(() => inspector.recording?.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED'), 'the run');
    await settled(inspector);
    const rec = inspector.recording!;
    expect(rec.size).to.equal(10);
    expect(rec.dropped.entries).to.be.greaterThan(10);
    expect(rec.dropped.events).to.be.greaterThan(5);
    const dropped = shadow(inspector, '.dropped')!;
    expect(dropped.textContent).to.equal(`${rec.dropped.entries} dropped (${rec.dropped.events} events)`);
    // The newest are kept: the run's end is there, its start is not.
    const types = rec.entries().flatMap((e) => (e.kind === 'event' ? [e.event.type] : []));
    expect(types).to.include('RUN_FINISHED');
    expect(types).not.to.include('RUN_STARTED');
    await expect(inspector).to.be.accessible();
  });

  it('moves between tabs with the arrow keys (a tablist with one tab stop)', async () => {
    const { inspector } = await chatAndInspector([helperRun]);
    const tabs = shadowAll<HTMLButtonElement>(inspector, '[role="tab"]');
    expect(tabs.map((t) => t.textContent!.trim())).to.deep.equal(['Events', 'State', 'Interrupts', 'Requests', 'Timeline']);
    expect(tabs.map((t) => t.tabIndex)).to.deep.equal([0, -1, -1, -1, -1]);
    tabs[0]!.focus();
    tabs[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true }));
    await inspector.updateComplete;
    await inspector.updateComplete;
    expect(inspector.tab).to.equal('state');
    expect(inspector.shadowRoot!.activeElement?.id).to.equal('tab-state');
    expect(shadow(inspector, '#tab-state')!.getAttribute('aria-selected')).to.equal('true');
    expect(shadow(inspector, '[role="tabpanel"]')!.getAttribute('aria-labelledby')).to.equal('tab-state');
    shadow(inspector, '#tab-state')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, composed: true }));
    await inspector.updateComplete;
    expect(inspector.tab).to.equal('events');
    shadow(inspector, '#tab-events')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true, composed: true }));
    await inspector.updateComplete;
    expect(inspector.tab).to.equal('timeline');
    await expect(inspector).to.be.accessible();
  });

  it('shows interrupts from request to answer to outcome, the requests and the timeline', async () => {
    const resumeRun = (threadId: string, runId: string) => [
      { type: 'RUN_STARTED', threadId, runId },
      { type: 'CUSTOM', name: 'oz0.resume', value: { interruptId: 'ozi1.abc', outcome: 'decided', approved: true } },
      { type: 'TOOL_CALL_RESULT', messageId: 'tool-9', toolCallId: 'call-9', content: '{"deleted":true}', role: 'tool' },
      { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'success' } },
    ];
    const { chat, inspector } = await chatAndInspector([interruptRun, resumeRun]);
    await chat.send('Delete it');
    await until(() => chat.store!.getState().openInterruptIds.length === 1, 'the interrupt');
    await chat.store!.resume({ 'ozi1.abc': { status: 'resolved', payload: { approved: true } } });
    await until(() => inspector.recording?.entries().some((e) => e.kind === 'resume-outcome'), 'the outcome');
    await settled(inspector);
    const interrupts = await openTab(inspector, 'interrupts');
    const text = interrupts.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('ozi1.abc');
    expect(text).to.contain('2030-01-01T00:00:00Z');
    expect(text).to.contain('Decides you');
    expect(text).to.contain('Answer: resolved');
    expect(text).to.contain('Outcome: decided (approved: true)');
    await expect(inspector).to.be.accessible();

    const requests = await openTab(inspector, 'requests');
    const items = shadowAll(requests, '[part~="request"]');
    expect(items.length).to.equal(2);
    expect(items[0]!.textContent).to.contain('1 message of history');
    expect(items[1]!.textContent).to.contain('1 resume entry');
    await expect(inspector).to.be.accessible();

    const timeline = await openTab(inspector, 'timeline');
    const bars = shadowAll(timeline, 'rect');
    expect(bars.filter((b) => b.classList.contains('run')).length).to.equal(2);
    expect(bars.filter((b) => b.classList.contains('wait')).length).to.equal(1);
    expect(shadow(timeline, 'svg')!.getAttribute('role')).to.equal('img');
    await expect(inspector).to.be.accessible();
  });

  it('takes replaced strings down to its tabs, and is accessible in the dark theme', async () => {
    const { chat, inspector } = await chatAndInspector([helperRun]);
    inspector.strings = {
      title: 'Prüfer',
      tabs: { events: 'Ereignisse', state: 'Zustand', interrupts: 'Rückfragen', requests: 'Anfragen', timeline: 'Zeitachse' },
      eventsLabel: (shown, total) => `${shown} von ${total}`,
    };
    inspector.theme = 'dark';
    await chat.send('Hallo');
    await until(() => inspector.recording?.entries().some((e) => e.kind === 'event' && e.event.type === 'RUN_FINISHED'), 'the run');
    await settled(inspector);
    expect(shadowAll(inspector, '[role="tab"]').map((t) => t.textContent!.trim())).to.deep.equal(['Ereignisse', 'Zustand', 'Rückfragen', 'Anfragen', 'Zeitachse']);
    expect(shadow(inspector, 'h2')!.textContent).to.equal('Prüfer');
    const tab = shadow<OzInspectorEvents>(inspector, 'oz-inspector-events')!;
    expect(shadow(tab, '[role="status"]')!.textContent).to.match(/^\d+ von \d+$/);
    expect(shadow(tab, '[role="listbox"]')!.getAttribute('aria-label')).to.equal('Ereignisse');
    await expect(inspector).to.be.accessible();
  });
});
