/**
 * The interrupt forms load on first use (elements/shared/lazy-tags.ts): a
 * chat whose run ends in an interrupt before their chunk has loaded says
 * "Loading the questions…" where the form goes, then shows the form; the
 * run asked for the chunk when it started, not when it ended.
 */
import { expect } from '@open-wc/testing';
import '../../elements/define.js';
import { setLazyTagLoader } from '../../elements/shared/lazy-tags.js';
import { chatOn, scriptedTransport, until } from './fixtures.js';
import { seenText } from './seen-text.js';

describe('<oz-agent-chat> with the interrupt forms not loaded yet', () => {
  it('says the questions are loading where the form goes, asks for them when the run starts, then shows the form', async () => {
    expect(customElements.get('oz-interrupts') === undefined, 'nothing defined the forms yet').to.equal(true);
    let asked = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    setLazyTagLoader(async () => {
      asked++;
      await gate;
      const { defineFormTags } = await import('../../elements/define-forms.js');
      defineFormTags();
    });
    const schema = { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'] };
    const { transport } = scriptedTransport([
      (threadId, runId) => [
        { type: 'RUN_STARTED', threadId, runId },
        { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'question', message: 'AI: Ship the release today?', responseSchema: schema }] } },
      ],
    ]);
    const el = await chatOn(transport);
    const section = () => el.shadowRoot!.querySelector('[part~="interrupts"]') as HTMLElement | null;
    await el.send('ship it');
    await until(() => section()?.classList.contains('open'));
    expect(asked).to.be.greaterThan(0);
    const loading = section()!.querySelector('oz-interrupts [role="status"]');
    expect(loading !== null, 'the loading note').to.equal(true);
    expect(seenText(loading!)).to.equal('Loading the questions…');
    await expect(el).to.be.accessible();

    release();
    await until(() => seenText(section()!).includes('Ship the release today?'));
    await el.updateComplete;
    expect(section()!.querySelector('oz-interrupts [role="status"]') === null, 'the loading note is gone once the forms are defined').to.equal(true);
    await expect(el).to.be.accessible();
  });
});
