/**
 * Issue #22: `OzAgent` (oz-agui/agent) in a plain @ag-ui/client app, a
 * subscriber of its own, talking to the development edge through the token
 * proxy on loopback: the text streams delta by delta, a stream the edge cuts
 * again and again is followed with Last-Event-ID and gives the same text with
 * nothing twice and one run, and an approval ends the run as an interrupt,
 * with the interrupt in the outcome.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentSubscriber } from '@ag-ui/client';
import { OzAgent } from '../../src/agent/index.js';
import { startEdge } from '../../server/edge/index.js';
import { createProxyServer } from '../../server/proxy/node.js';

type Started = Awaited<ReturnType<typeof startEdge>>;
let edge: Started;
let cutting: Started;
const proxies: Array<{ close(): Promise<void> }> = [];
let proxyUrl = '';
let cuttingProxyUrl = '';

/** What the proxies said (a cut upstream stream is a warning). */
const said: string[] = [];

async function proxyTo(upstream: string): Promise<string> {
  const proxy = createProxyServer({ upstream, token: 'ana-token', logger: { warn: (m) => void said.push(m), error: (m) => void said.push(m) } });
  proxies.push(proxy);
  return (await proxy.listen(0)).url;
}

before(async () => {
  edge = await startEdge({ port: 0, log: () => {} });
  // Every response of this edge is cut after 15 events, as a flaky network would.
  cutting = await startEdge({ port: 0, log: () => {}, faults: { dropAfter: 15 } });
  proxyUrl = await proxyTo(edge.url);
  cuttingProxyUrl = await proxyTo(cutting.url);
});

after(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await edge?.close();
  await cutting?.close();
});

/** What a subscriber of the app's own hears of one run. */
interface Heard {
  starts: number;
  deltas: string[];
  finished?: { outcome?: { type: string; interrupts?: Array<{ id: string }> } };
  requests: Array<string | undefined>;
}

async function runOnce(base: string, agentName: string, text: string): Promise<{ agent: OzAgent; heard: Heard }> {
  const heard: Heard = { starts: 0, deltas: [], requests: [] };
  const agent = new OzAgent({
    url: `${base}/v1/agui/agents/${agentName}?tenant=acme`,
    threadId: `t-${crypto.randomUUID()}`,
    reconnect: { maxAttempts: 20 },
    transportOptions: { onRequest: (r) => void heard.requests.push(r.lastEventId), sleep: async () => undefined },
  });
  agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: text });
  const subscriber: AgentSubscriber = {
    onRunStartedEvent: () => void heard.starts++,
    onTextMessageContentEvent: ({ event }) => void heard.deltas.push(event.delta),
    onRunFinishedEvent: ({ event }) => void (heard.finished = event as Heard['finished']),
  };
  await agent.runAgent({ runId: `r-${crypto.randomUUID()}` }, subscriber);
  return { agent, heard };
}

const lastAnswer = (agent: OzAgent) => agent.messages.filter((m) => m.role === 'assistant').at(-1)?.content;

test('the text streams delta by delta into the subscriber and the agent’s messages', async () => {
  const { agent, heard } = await runOnce(proxyUrl, 'writer', 'Write chunks=60 pace=0');
  assert.equal(heard.starts, 1);
  assert.ok(heard.deltas.length >= 60, `${heard.deltas.length} deltas`);
  assert.equal(lastAnswer(agent), heard.deltas.join(''));
  assert.equal(heard.finished?.outcome?.type, 'success');
  assert.deepEqual(heard.requests, [undefined], 'one request, nothing to follow again');
});

test('a stream cut again and again is followed with Last-Event-ID: the same text, nothing twice, one run', async () => {
  const whole = await runOnce(proxyUrl, 'writer', 'Write chunks=60 pace=0');
  const cut = await runOnce(cuttingProxyUrl, 'writer', 'Write chunks=60 pace=0');
  const followed = cut.heard.requests.filter((id) => id !== undefined);
  assert.ok(
    said.some((m) => /upstream stream broke/.test(m)),
    'the proxy saw the edge cut the stream',
  );
  assert.ok(followed.length >= 3, `followed again ${followed.length} times`);
  assert.equal(new Set(followed).size, followed.length, 'each reconnect asks from a later event');
  assert.equal(cut.heard.starts, 1, 'one RUN_STARTED reached the subscriber');
  assert.deepEqual(cut.heard.deltas, whole.heard.deltas, 'the same deltas, in order, none twice');
  assert.equal(lastAnswer(cut.agent), lastAnswer(whole.agent));
  assert.equal(cut.heard.finished?.outcome?.type, 'success');
});

test('an approval ends the run as an interrupt, with the interrupt in its outcome', async () => {
  const { heard } = await runOnce(proxyUrl, 'helper', 'Please greet the team');
  assert.equal(heard.finished?.outcome?.type, 'interrupt');
  assert.equal(heard.finished?.outcome?.interrupts?.length, 1);
  assert.match(heard.finished!.outcome!.interrupts![0]!.id, /\S/);
});
