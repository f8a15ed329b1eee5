import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/define.js';
import { DEFAULT_STRINGS } from '../../elements/shared/strings.js';
import { prettyJson, type OzToolCall } from '../../elements/tool-call/tool-call.js';
import type { ToolCallView } from '../../src/thread/state.js';

const call = (extra: Partial<ToolCallView> = {}): ToolCallView => ({
  id: 'c1',
  name: 'send_email',
  runId: 'r1',
  argsText: '{"to":"a@b.example","pw":"{{secret:smtp}}"}',
  argsComplete: true,
  status: 'running',
  ...extra,
});

describe('<oz-tool-call>', () => {
  it('is collapsed by default with a summary line, and opens', async () => {
    const el = await fixture<OzToolCall>(html`<oz-tool-call .call=${call()}></oz-tool-call>`);
    const details = el.shadowRoot!.querySelector('details')!;
    expect(details.open).to.equal(false);
    expect(el.shadowRoot!.querySelector('[part~="name"]')!.textContent).to.equal('send_email');
    expect(el.shadowRoot!.querySelector('[part~="status"]')!.textContent).to.equal('Running');
    details.querySelector('summary')!.click();
    await el.updateComplete;
    expect(details.open).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('summarizes parsed arguments as whole key: value pairs, the raw text while they stream', async () => {
    const parsed = call({ args: { to: 'a@b.example', pw: '{{secret:smtp}}', n: 2 } });
    const el = await fixture<OzToolCall>(html`<oz-tool-call .call=${parsed}></oz-tool-call>`);
    const preview = () => el.shadowRoot!.querySelector('.preview')!.textContent;
    expect(preview()).to.equal('to: a@b.example · pw: {{secret:smtp}} · n: 2');
    el.call = call({ argsText: '{"to":"a@b', argsComplete: false });
    await el.updateComplete;
    expect(preview()).to.equal('{"to":"a@b');
    await expect(el).to.be.accessible();
  });

  it('pretty-prints arguments as they stream, and marks placeholders', async () => {
    expect(prettyJson('{"a":1,"b":[1,2')).to.equal('{\n  "a": 1,\n  "b": [\n    1,\n    2');
    expect(prettyJson('{"s":"x, {y}: z"}')).to.equal('{\n  "s": "x, {y}: z"\n}');
    const el = await fixture<OzToolCall>(html`<oz-tool-call open .call=${call({ argsText: '{"to":"a@b', argsComplete: false })}></oz-tool-call>`);
    expect(el.shadowRoot!.querySelector('[part~="arguments"]')!.textContent).to.contain('"to": "a@b');
    el.call = call();
    await el.updateComplete;
    const ph = el.shadowRoot!.querySelector('[part~="placeholder"]')!;
    expect(ph.textContent).to.equal('{{secret:smtp}}');
    expect(ph.getAttribute('title')).to.equal('secret: smtp');
    await expect(el).to.be.accessible();
  });

  for (const [status, label] of [
    ['awaiting_approval', 'Waiting for approval'],
    ['done', 'Done'],
    ['denied', 'Denied'],
    ['unfinished', 'Not finished'],
  ] as const) {
    it(`shows the ${status} status`, async () => {
      const result = status === 'done' ? { messageId: 't1', content: '{"ok":true}' } : undefined;
      const el = await fixture<OzToolCall>(html`<oz-tool-call open .call=${call({ status, ...(result ? { result } : {}) })}></oz-tool-call>`);
      expect(el.shadowRoot!.querySelector('[part~="status"]')!.textContent).to.equal(label);
      if (result) expect(el.shadowRoot!.querySelector('[part~="result"]')!.textContent).to.contain('"ok": true');
      await expect(el).to.be.accessible();
    });
  }

  it('shows a call its run left unfinished calmly, in the strings given, and axe-clean', async () => {
    const el = await fixture<OzToolCall>(html`<oz-tool-call .call=${call({ status: 'unfinished' })}></oz-tool-call>`);
    const badge = el.shadowRoot!.querySelector<HTMLElement>('[part~="status"]')!;
    expect(badge.textContent).to.equal('Not finished');
    expect(badge.classList.contains('unfinished')).to.equal(true);
    const denied = await fixture<OzToolCall>(html`<oz-tool-call .call=${call({ status: 'denied' })}></oz-tool-call>`);
    const deniedBadge = denied.shadowRoot!.querySelector<HTMLElement>('[part~="status"]')!;
    expect(getComputedStyle(badge).color).to.not.equal(getComputedStyle(deniedBadge).color, 'not shown as denied');
    expect(getComputedStyle(badge).borderTopStyle).to.equal('dashed');
    await expect(el).to.be.accessible();
    el.strings = { toolStatus: { ...DEFAULT_STRINGS.toolStatus, unfinished: 'Nicht abgeschlossen' } };
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part~="status"]')!.textContent).to.equal('Nicht abgeschlossen');
    await expect(el).to.be.accessible();
  });
});
