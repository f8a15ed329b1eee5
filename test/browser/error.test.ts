import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzError } from '../../elements/error/error.js';
import type { OzErrorActionEvent } from '../../elements/shared/events.js';
import type { RunErrorEvent } from '../../src/protocol/index.js';
import { EventType } from '../../src/protocol/index.js';
import { runErrorView } from '../../src/thread/index.js';
import type { ErrorView } from '../../src/thread/state.js';
import { seenText } from './seen-text.js';

const view = (code: string, extra: Partial<ErrorView> = {}): ErrorView => ({ code, message: 'm', meaning: 'x', action: 'retry', source: 'run', retryable: true, details: {}, ...extra });

/** The view the thread state makes of a RUN_ERROR, as the route sends it. */
const fromRunError = (code: string, message: string, oz0?: Record<string, unknown>): ErrorView =>
  runErrorView({ type: EventType.RUN_ERROR, code, message, ...(oz0 ? { rawEvent: { oz0 } } : {}) } as RunErrorEvent, 'run-1', 1);

const part = (el: OzError, name: string) => el.shadowRoot!.querySelector(`[part~="${name}"]`);

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
    ['turn_waiting', 'Follow again'],
    ['permission_denied', 'Ask an admin'],
  ] as const) {
    it(`offers "${label}" for ${code}`, async () => {
      const el = await fixture<OzError>(html`<oz-error .error=${view(code)}></oz-error>`);
      expect(el.shadowRoot!.textContent).to.contain(label);
      await expect(el).to.be.accessible();
    });
  }

  it('says the console link opens in a new tab, to a screen reader too', async () => {
    const el = await fixture<OzError>(html`<oz-error .error=${view('permission_denied', { console: { label: 'Decide in OZ', url: 'https://console.example/j/1' } })}></oz-error>`);
    const link = el.shadowRoot!.querySelector('a')!;
    expect([link.target, link.rel]).to.deep.equal(['_blank', 'noopener noreferrer']);
    expect(link.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Decide in OZ (opens in a new tab)');
    expect(link.querySelector('.visually-hidden')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

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

  it("shows the edge's oz0_budget_exceeded as a budget with its numbers, and asks an admin instead of trying again", async () => {
    // teamquota's refusal as the development edge sends it to a caller who may read the team's figures.
    const oz0 = {
      type: 'oz0_budget_exceeded',
      scope: "the platform team's monthly budget",
      resetsAt: '2026-02-01T00:00:00.000Z',
      couldWait: true,
      raisableBy: 'a tenant admin',
      limit: 500,
      used: 512.4,
      unit: 'EUR',
    };
    const el = await fixture<OzError>(html`<oz-error .error=${fromRunError('oz0_budget_exceeded', "The platform team's monthly budget is used up.", oz0)}></oz-error>`);
    expect(seenText(part(el, 'meaning')!)).to.equal('A budget was used up, so the agent stopped.');
    const spend = seenText(part(el, 'spend')!);
    expect(spend).to.contain("Limit: the platform team's monthly budget");
    expect(spend).to.contain('Used 512.4 of 500 EUR');
    expect(spend).to.contain('Resets');
    expect(spend).to.contain('Who can raise it: a tenant admin');
    expect(spend).to.contain('The job could have waited for the limit instead.');
    expect(seenText(part(el, 'advice')!)).to.equal('Ask an admin');
    expect(part(el, 'action'), 'no button: asking an admin is advice').to.equal(null);
    expect(seenText(el)).to.not.contain('Try again');
    expect(seenText(el)).to.contain('Code: oz0_budget_exceeded');
    await expect(el).to.be.accessible();
  });

  it('shows a refusal type it has never met (oz0_something_new) as a limit, never "Something went wrong"', async () => {
    const oz0 = { type: 'oz0_something_new', scope: 'your daily images', resetsAt: '2026-01-02T00:00:00Z', couldWait: false, raisableBy: 'Dana (admin)', limit: 20, used: 20, unit: 'images' };
    const el = await fixture<OzError>(html`<oz-error .error=${fromRunError('oz0_something_new', 'Daily images used up.', oz0)}></oz-error>`);
    expect(seenText(part(el, 'meaning')!)).to.equal('A budget, quota or limit was reached, so the agent stopped.');
    const spend = seenText(part(el, 'spend')!);
    expect(spend).to.contain('Limit: your daily images');
    expect(spend).to.contain('Used 20 of 20 images');
    expect(spend).to.contain('Who can raise it: Dana (admin)');
    expect(spend).to.not.contain('could have waited');
    expect(seenText(part(el, 'advice')!)).to.equal('Ask an admin');
    expect(part(el, 'action')).to.equal(null);
    expect(seenText(el)).to.not.contain('Something went wrong');
    expect(seenText(el)).to.not.contain('Try again');
    await expect(el).to.be.accessible();
  });

  it("words an unknown refusal in the app's own catalogue (`limit`)", async () => {
    const el = await fixture<OzError>(html`<oz-error
      .error=${fromRunError('oz0_something_new', 'm', { type: 'oz0_something_new', scope: 'Team Blau', couldWait: false, raisableBy: '' })}
      .strings=${{ errors: { limit: { meaning: 'Ein Limit ist erreicht.', action: 'ask_admin' } }, actions: { ask_admin: 'Frag eine Admin' } }}
    ></oz-error>`);
    expect(seenText(part(el, 'meaning')!)).to.equal('Ein Limit ist erreicht.');
    expect(seenText(part(el, 'advice')!)).to.equal('Frag eine Admin');
    await expect(el).to.be.accessible();
  });

  it("shows an unknown code's own message, as text, beneath the generic meaning", async () => {
    const message = 'The tool policy blocks <b>web.fetch</b> <img src=x onerror="window.__ozXss=1"> here.';
    const el = await fixture<OzError>(html`<oz-error .error=${fromRunError('tool_policy_denied', message)}></oz-error>`);
    const meaning = part(el, 'meaning')!;
    expect(seenText(meaning)).to.equal('Something went wrong.');
    const shown = el.shadowRoot!.querySelector('.message')!;
    expect(meaning.nextElementSibling, 'beneath the meaning').to.equal(shown);
    expect(shown.textContent).to.equal(message);
    expect(shown.querySelector('b, img'), "the server's words are text, never HTML").to.equal(null);
    expect((window as { __ozXss?: number }).__ozXss).to.equal(undefined);
    expect(seenText(part(el, 'action')!)).to.equal('Try again');
    expect(seenText(el)).to.contain('Code: tool_policy_denied');
    await expect(el).to.be.accessible();
  });

  it("shows the server's own words for a code the catalogue words too, beneath its meaning; long words collapsed", async () => {
    const el = await fixture<OzError>(html`<oz-error .error=${fromRunError('timed_out', 'job-7 hit its 30 min deadline')}></oz-error>`);
    expect(seenText(part(el, 'message')!)).to.equal('job-7 hit its 30 min deadline');
    await expect(el).to.be.accessible();
    const long = 'The precondition failed: '.concat('the branch is protected; '.repeat(10));
    const folded = await fixture<OzError>(html`<oz-error .error=${fromRunError('failed_precondition', long)}></oz-error>`);
    const details = part(folded, 'message') as HTMLDetailsElement;
    expect(details.tagName).to.equal('DETAILS');
    expect(details.open).to.equal(false);
    expect(seenText(details)).to.contain('What the server said');
    expect(seenText(details)).to.contain('the branch is protected');
    await expect(folded).to.be.accessible();
  });

  it('offers Follow again beside the action after a reconnect refused mid-turn, and says when the stored copy was removed', async () => {
    const el = await fixture<OzError>(html`<oz-error .error=${view('unauthenticated', { action: 'sign_in', source: 'http', status: 401, reconnect: true, storageCleared: true })}></oz-error>`);
    let action = '';
    el.addEventListener('oz-error-action', (e) => (action = (e as OzErrorActionEvent).action));
    (part(el, 'follow') as HTMLButtonElement).click();
    expect(action).to.equal('follow');
    expect(seenText(part(el, 'storage')!)).to.contain('was removed');
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
