/** A request the proxy refuses shows as an error in the transcript, never as a silent failure. */
import { expect } from '@open-wc/testing';
import type { OzAgentChat } from '../../../elements/chat/chat.js';
import { liveChat, newTrace, readTrace, seenText, shadow, state, typeAndSend, until } from './live-edge.js';

async function refusedRun(el: OzAgentChat, trace: string) {
  const codes: string[] = [];
  el.addEventListener('oz-run-error', (e) => codes.push((e as unknown as { code: string }).code));
  await typeAndSend(el, 'Hello?');
  await until(() => state(el).status === 'error', 'the refusal');
  await until(() => shadow(shadow(el, 'oz-error'), '[part~="error"]'), 'the error in the transcript');
  await el.updateComplete;
  const { requests } = await readTrace(trace);
  return { codes, requests, text: seenText(shadow(el, '[role="log"]')!).replace(/\s+/g, ' ') };
}

describe('live: refused requests', () => {
  it("an agent outside the proxy's allowlist: 403 shown in the transcript", async () => {
    const trace = await newTrace();
    const el = await liveChat({ agent: 'stepper', trace });
    const { codes, requests, text } = await refusedRun(el, trace);
    expect(requests.map((r) => r.status)).to.deep.equal([403]);
    expect(codes).to.deep.equal(['permission_denied']);
    expect(text).to.contain('Hello?');
    expect(text).to.contain('The turn did not finish');
    expect(text).to.contain('You are not allowed to do this.');
    expect(text).to.contain('HTTP 403');
    expect(text).to.contain('Ask an admin');
    await expect(el).to.be.accessible();
  });

  it("a tenant outside the proxy's allowlist: 403 shown in the transcript", async () => {
    const trace = await newTrace();
    const el = await liveChat({ agent: 'helper', tenant: 'globex', trace });
    const { codes, requests, text } = await refusedRun(el, trace);
    expect(requests.map((r) => r.status)).to.deep.equal([403]);
    expect(codes).to.deep.equal(['permission_denied']);
    expect(text).to.contain('You are not allowed to do this.');
    expect(text).to.contain('HTTP 403');
    await expect(el).to.be.accessible();
  });

  it('nobody signed in (the proxy has no token for the request): 401 shown in the transcript', async () => {
    const trace = await newTrace();
    const el = await liveChat({ agent: 'helper', person: 'nobody', trace });
    const { codes, requests, text } = await refusedRun(el, trace);
    expect(requests.map((r) => r.status)).to.deep.equal([401]);
    expect(codes).to.deep.equal(['unauthenticated']);
    expect(text).to.contain('HTTP 401');
    expect(text).to.contain('Sign in again');
    await expect(el).to.be.accessible();
  });
});
