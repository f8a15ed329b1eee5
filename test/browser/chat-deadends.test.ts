/**
 * Issue #18's dead ends in <oz-agent-chat>, in Chromium: each state shows
 * what happened and a control that gets the person on, and their words
 * survive a send that never reached OZ.
 */
import { expect } from '@open-wc/testing';
import '../../elements/define.js';
import type { OzAgentChat } from '../../elements/chat/chat.js';
import type { OzComposer } from '../../elements/composer/composer.js';
import { chatOn, scriptedTransport, until } from './fixtures.js';
import { seenText } from './seen-text.js';

type Loose = Record<string, unknown> & { type: string };
const text = (messageId: string, delta: string): Loose[] => [
  { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId, delta },
  { type: 'TEXT_MESSAGE_END', messageId },
];
const composer = (el: OzAgentChat) => el.shadowRoot!.querySelector('oz-composer') as OzComposer;
const part = (el: OzAgentChat, name: string) => el.shadowRoot!.querySelector(`[part~="${name}"]`);

describe('<oz-agent-chat> dead ends', () => {
  it('5 and 6: a turn OZ cancelled says "Stopped in OZ"; the fragment a skip ahead cut is folded, its text shown once', async () => {
    const { transport } = scriptedTransport([
      (threadId, runId) => [
        { type: 'RUN_STARTED', threadId, runId },
        ...text('job-1:a', 'AI: The plan covers the first'),
        ...text('job-1:whole', 'AI: The plan covers the first week and the second.'),
        { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'cancelled' } },
      ],
    ]);
    const el = await chatOn(transport);
    await el.send('plan it');
    await until(() => part(el, 'run-cancelled'));
    expect(seenText(part(el, 'run-cancelled')!)).to.contain('Stopped in OZ');
    const folded = part(el, 'repeated') as HTMLDetailsElement;
    expect(folded.open).to.equal(false);
    const bubbles = [...el.shadowRoot!.querySelectorAll('.message')].filter((m) => !folded.contains(m) && seenText(m).includes('The plan covers'));
    expect(bubbles.length, 'the whole answer once outside the fold').to.equal(1);
    await expect(el).to.be.accessible();
  });

  it('8: a message too large for the route is not sent, says why, and its words are back in the composer', async () => {
    const { transport, requests } = scriptedTransport([]);
    const el = await chatOn(transport);
    const words = 'x'.repeat(4 * 1024 * 1024 + 10);
    const c = composer(el);
    c.value = words;
    await c.updateComplete;
    c.send();
    await until(() => part(el, 'not-sent'));
    expect(seenText(part(el, 'not-sent')!)).to.match(/Too large to send.*MiB/);
    expect(c.value).to.equal(words);
    expect(requests.length).to.equal(0);
  });

  it('3: nothing to load (a thread-id with nothing kept): titled as a load, not a turn; asks the app for the history and offers a new thread', async () => {
    const { transport, requests } = scriptedTransport([]);
    const el = await chatOn(transport);
    const reasons: string[] = [];
    el.addEventListener('oz-history-needed', (e) => reasons.push(e.reason));
    await el.updateComplete;
    const before = el.threadId;
    expect(() => el.store!.resync(), 'refused before sending').to.throw('No turn of this thread is known to load again.');
    const boxOf = () => el.shadowRoot!.querySelector('oz-error')?.shadowRoot?.querySelector('[part="error"]');
    await until(boxOf);
    const box = boxOf()!;
    expect(seenText(box)).to.contain('This conversation could not be loaded').and.not.contain('The turn did not finish');
    await until(() => reasons.length > 0);
    expect(reasons).to.deep.equal(['nothing_to_load']);
    expect(requests.length).to.equal(0);
    const action = box.querySelector<HTMLButtonElement>('[part="action"]')!;
    expect(action.textContent!.trim()).to.equal('Start a new thread');
    action.click();
    await until(() => el.threadId !== before && !el.shadowRoot!.querySelector('oz-error'));
    await expect(el).to.be.accessible();
  });

  it('8: the too-large refusal gives both sizes exactly, so one just over the limit does not read "4.0 MiB, at most 4.0 MiB"', async () => {
    const el = await chatOn(scriptedTransport([]).transport);
    const c = composer(el);
    c.value = 'y'.repeat(4 * 1024 * 1024);
    await c.updateComplete;
    c.send();
    await until(() => part(el, 'not-sent'));
    const said = seenText(part(el, 'not-sent')!);
    expect(said).to.match(/Too large to send: 4\.00 MiB \(4,194,[0-9]{3} bytes\), and OZ takes at most 4\.00 MiB \(4,194,304 bytes\)/);
  });

  it('8: a send refused before the turn started (403) puts the words back; a turn OZ took does not', async () => {
    const { TransportError } = await import('../../src/transport/index.js');
    const { transport } = scriptedTransport([], {
      failWith: new TransportError('http_error', 'HTTP 403', {
        status: 403,
        serverCode: 'permission_denied',
        retryable: false,
        body: { code: 'permission_denied', message: 'Not a member of this tenant.' },
      }),
    });
    const el = await chatOn(transport);
    const c = composer(el);
    c.value = 'deploy the thing';
    await c.updateComplete;
    c.send();
    await until(() => c.value === 'deploy the thing');
    await until(() => el.shadowRoot!.querySelector('oz-error'));
    expect(seenText(el.shadowRoot!.querySelector('oz-error')!)).to.contain('Not a member of this tenant.');
    // The bubble stays, marked: it is not part of the conversation (the words to send again are in the composer).
    await until(() => part(el, 'not-taken'));
    expect(seenText(part(el, 'not-taken')!)).to.contain('OZ did not take this message');
    expect(el.shadowRoot!.querySelector('.message')!.classList.contains('not-taken')).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('a turn OZ took is never marked as not taken, even when it fails later', async () => {
    const { transport } = scriptedTransport([
      (threadId, runId) => [{ type: 'RUN_STARTED', threadId, runId }, ...text('job-1:a', 'AI: Working on it'), { type: 'RUN_ERROR', code: 'failed', message: 'The job failed.' }],
    ]);
    const el = await chatOn(transport);
    await el.send('do it');
    await until(() => el.shadowRoot!.querySelector('oz-error'));
    expect(part(el, 'not-taken')).to.equal(null);
    expect(el.shadowRoot!.querySelector('.message')!.classList.contains('not-taken')).to.equal(false);
  });

  it('4: after Stop the transcript offers Follow again, which follows the same run again', async () => {
    const bodies: Array<{ runId: string; lastEventId?: string }> = [];
    let release: () => void = () => undefined;
    const el = await chatOn((request, opts = {}) => {
      const body = request.body as { threadId: string; runId: string };
      bodies.push({ runId: body.runId, ...(opts.lastEventId ? { lastEventId: opts.lastEventId } : {}) });
      const first = bodies.length === 1;
      return (async function* () {
        if (first) {
          yield { id: 'e1', event: { type: 'RUN_STARTED', threadId: body.threadId, runId: body.runId } as never };
          yield { id: 'e2', event: { type: 'TEXT_MESSAGE_START', messageId: 'job-1:m', role: 'assistant' } as never };
          await new Promise<void>((r) => (release = r));
          return;
        }
        for (const [i, e] of [
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'job-1:m', delta: 'AI: Done.' },
          { type: 'TEXT_MESSAGE_END', messageId: 'job-1:m' },
          { type: 'RUN_FINISHED', threadId: body.threadId, runId: body.runId, outcome: { type: 'success' } },
        ].entries()) {
          yield { id: `f${i}`, event: e as never };
        }
      })();
    });
    void el.send('go');
    await until(() => bodies.length === 1 && el.store?.getState().status === 'running');
    el.store!.stop();
    release();
    await until(() => part(el, 'stopped'));
    (part(el, 'stopped')!.querySelector('button') as HTMLButtonElement).click();
    await until(() => el.store?.getState().status === 'idle' && bodies.length === 2);
    expect(bodies[1]!.runId, 'the same run, followed again').to.equal(bodies[0]!.runId);
    await until(() => seenText(el).includes('Done.'));
    expect(part(el, 'stopped')).to.equal(null);
  });
});
