import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzError } from '../../elements/error/error.js';
import type { OzErrorActionEvent } from '../../elements/shared/events.js';
import type { ErrorView } from '../../src/thread/state.js';

const view = (code: string, extra: Partial<ErrorView> = {}): ErrorView => ({ code, message: 'm', meaning: 'x', action: 'retry', source: 'run', retryable: true, details: {}, ...extra });

describe('<oz-error>', () => {
  it('shows the catalogue meaning and a retry button that fires its action', async () => {
    const el = await fixture<OzError>(html`<oz-error .error=${view('timed_out')}></oz-error>`);
    expect(el.shadowRoot!.querySelector('[part~="meaning"]')!.textContent).to.contain('ran out of time');
    let action = '';
    el.addEventListener('oz-error-action', (e) => (action = (e as OzErrorActionEvent).action));
    (el.shadowRoot!.querySelector('[part~="action"]') as HTMLButtonElement).click();
    expect(action).to.equal('retry');
    await expect(el).to.be.accessible();
  });

  for (const [code, label] of [
    ['history_mismatch', 'Load the conversation again'],
    ['interrupts_open', 'Answer the rest'],
    ['turn_waiting', 'Wait for them to decide'],
    ['permission_denied', 'Ask an admin'],
  ] as const) {
    it(`offers "${label}" for ${code}`, async () => {
      const el = await fixture<OzError>(html`<oz-error .error=${view(code)}></oz-error>`);
      expect(el.shadowRoot!.textContent).to.contain(label);
      await expect(el).to.be.accessible();
    });
  }

  it('shows a spend refusal with its numbers', async () => {
    const spend = { type: 'oz0_quota_exceeded', scope: 'team Blue', resetsAt: '2030-01-02T00:00:00Z', couldWait: true, raisableBy: 'Dana (admin)', limit: 50, used: 50, unit: 'EUR' };
    const el = await fixture<OzError>(html`<oz-error .error=${view('oz0_quota_exceeded', { spend })}></oz-error>`);
    const text = el.shadowRoot!.querySelector('[part~="spend"]')!.textContent!;
    expect(text).to.contain('team Blue');
    expect(text).to.contain('Used 50 of 50 EUR');
    expect(text).to.contain('Dana (admin)');
    expect(text).to.contain('Resets');
    await expect(el).to.be.accessible();
  });

  it('shows a refused request with its HTTP status, and translated wording', async () => {
    const el = await fixture<OzError>(html`<oz-error
      .error=${view('payload_too_large', { source: 'http', status: 413 })}
      .strings=${{ errorTitle: 'Fehler' }}
    ></oz-error>`);
    expect(el.shadowRoot!.textContent).to.contain('HTTP 413');
    expect(el.shadowRoot!.textContent).to.contain('Fehler');
    await expect(el).to.be.accessible();
  });
});
