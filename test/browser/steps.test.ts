import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzSteps } from '../../elements/steps/steps.js';
import type { StepView } from '../../src/thread/state.js';

describe('<oz-steps>', () => {
  it('lists open and finished steps with a summary and the step card', async () => {
    const steps: StepView[] = [
      { job: 'job-2', status: 'finished', runId: 'r', card: { title: 'Found 3 files' } },
      { job: 'job-3', status: 'open', runId: 'r' },
    ];
    const el = await fixture<OzSteps>(html`<oz-steps .steps=${steps}></oz-steps>`);
    expect(el.shadowRoot!.querySelector('[part~="summary"]')!.textContent).to.equal('1 of 2 steps finished');
    const rows = el.shadowRoot!.querySelectorAll('[part~="step"]');
    expect(rows[0]!.textContent).to.contain('Finished');
    expect(rows[1]!.textContent).to.contain('Working');
    expect(el.shadowRoot!.querySelector('oz-card')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('says "step" for a single step', async () => {
    const steps: StepView[] = [{ job: 'job-2', status: 'finished', runId: 'r' }];
    const el = await fixture<OzSteps>(html`<oz-steps .steps=${steps}></oz-steps>`);
    expect(el.shadowRoot!.querySelector('[part~="summary"]')!.textContent).to.equal('1 of 1 step finished');
    await expect(el).to.be.accessible();
  });

  it('notes when 32 steps are open', async () => {
    const steps: StepView[] = Array.from({ length: 32 }, (_, i) => ({ job: `job-${i}`, status: 'open', runId: 'r' }));
    const el = await fixture<OzSteps>(html`<oz-steps .steps=${steps} limit-reached></oz-steps>`);
    expect(el.shadowRoot!.querySelector('[part~="limit"]')!.textContent).to.contain('32 steps are open');
    await expect(el).to.be.accessible();
  });
});
