import { expect, fixture, html } from '@open-wc/testing';
import '../../../inspector/define.js';
import type { OzInspectorEvents } from '../../../inspector/events-tab/events-tab.js';
import type { AguiEvent } from '../../../src/protocol/index.js';
import { createRecordingLog } from '../../../src/recorder/index.js';
import { shadow, shadowAll, until } from './helpers.js';

const N = 100_000;

/** 100,000 events of a long run: text deltas, with a tool call now and then. */
function bigRecording() {
  const log = createRecordingLog({ maxEntries: N });
  log.add({ id: '1', event: { type: 'RUN_STARTED', threadId: 't', runId: 'r' } as AguiEvent, t: 0 });
  for (let i = 2; i <= N; i++) {
    const event = (i % 1000 === 0
      ? { type: 'TOOL_CALL_START', toolCallId: `call-${i}`, toolCallName: 'lookup', parentMessageId: `job-${i % 7}:m` }
      : { type: 'TEXT_MESSAGE_CONTENT', messageId: `job-${i % 7}:m`, delta: `word ${i} ` }) as unknown as AguiEvent;
    log.add({ id: String(i), event, t: i });
  }
  return log;
}

const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));

describe('<oz-inspector-events> virtualization', () => {
  it('keeps only a window of rows in the DOM with 100,000 events, and scrolls through them', async () => {
    const recording = bigRecording();
    const el = await fixture<OzInspectorEvents>(html`<oz-inspector-events theme="light" style="--oz-inspector-list-height: 480px" .recording=${recording}></oz-inspector-events>`);
    await el.updateComplete;
    const list = shadow<HTMLElement>(el, '[role="listbox"]')!;
    expect(el.filteredRows.length).to.equal(N);
    const rows = () => shadowAll<HTMLElement>(el, '[role="option"]');
    expect(rows().length).to.be.lessThan(60);
    expect(rows()[0]!.getAttribute('aria-setsize')).to.equal(String(N));
    expect(shadow(el, '.spacer')!.getBoundingClientRect().height).to.equal(N * 24);

    list.scrollTop = 50_000 * 24;
    await until(() => rows().some((r) => r.getAttribute('aria-posinset') === '50001'), 'the rows around the middle');
    expect(rows().length).to.be.lessThan(60);
    expect(rows().some((r) => r.textContent!.includes('word 50001'))).to.equal(true);

    // The keyboard reaches the end; the selected row is in view and is the active descendant.
    list.focus();
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    await frame();
    await el.updateComplete;
    await frame();
    await el.updateComplete;
    expect(list.getAttribute('aria-activedescendant')).to.equal(`row-${N - 1}`);
    expect(shadow(el, `#row-${N - 1}`)!.getAttribute('aria-selected')).to.equal('true');
    expect(shadow(el, '[part~="detail"]')!.textContent).to.contain(`call-${N}`);
    expect(rows().length).to.be.lessThan(60);
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    await el.updateComplete;
    expect(list.getAttribute('aria-activedescendant')).to.equal(`row-${N - 2}`);
    await expect(el).to.be.accessible();
  });

  it('filters 100,000 events by type and by job, the window staying small', async () => {
    const el = await fixture<OzInspectorEvents>(html`<oz-inspector-events theme="light" .recording=${bigRecording()}></oz-inspector-events>`);
    el.types = ['TOOL_CALL_START'];
    await el.updateComplete;
    expect(el.filteredRows.length).to.equal(100);
    el.types = [];
    el.job = 'job-3';
    await el.updateComplete;
    const expected = Array.from({ length: N - 1 }, (_, k) => k + 2).filter((i) => i % 7 === 3).length;
    expect(el.filteredRows.length).to.equal(expected);
    expect(shadowAll(el, '[role="option"]').length).to.be.lessThan(60);
    await expect(el).to.be.accessible();
  });
});
