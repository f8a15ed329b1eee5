/**
 * OzAgent driven by @ag-ui/client's own runAgent() against a real local
 * server that drops the stream mid-run: the messages and state come out
 * whole, and @ag-ui/client's event verifier sees one run, not two.
 */
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { OzAgent } from '../../src/agent/index.js';
import type { OzAgentConfig } from '../../src/agent/index.js';
import type { ConnectionState } from '../../src/transport/index.js';
import { failOnUnhandledRejections } from './no-unhandled-rejections.js';
import { scriptedRun, startScriptedServer } from './transport-scripted-server.js';
import type { Reply, ScriptedServer } from './transport-scripted-server.js';

failOnUnhandledRejections();
const complaints: unknown[][] = [];
const original = { error: console.error, warn: console.warn };
beforeEach(() => {
  complaints.length = 0;
  console.error = (...args: unknown[]) => void complaints.push(args);
  console.warn = (...args: unknown[]) => void complaints.push(args);
});
afterEach(async () => {
  console.error = original.error;
  console.warn = original.warn;
});

const EVENTS = scriptedRun('chat-1', 'run-1');

function agentFor(server: ScriptedServer, states: ConnectionState[] = [], extra: Partial<OzAgentConfig> = {}): OzAgent {
  const agent = new OzAgent({
    url: server.url,
    threadId: 'chat-1',
    headers: { Authorization: 'Bearer secret-token' },
    transportOptions: { sleep: async () => undefined, random: () => 0.5, onConnection: (s) => states.push(s) },
    ...extra,
  });
  agent.addMessage({ id: 'u1', role: 'user', content: 'Please greet the team' });
  return agent;
}

async function withServer(replies: Reply[], withIds: boolean, fn: (server: ScriptedServer) => Promise<void>): Promise<void> {
  const server = await startScriptedServer({ events: EVENTS, replies, withIds });
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}

function assertWholeTurn(agent: OzAgent): void {
  assert.deepEqual(
    agent.messages.map((m) => ({ id: m.id, role: m.role, content: m.content })),
    [
      { id: 'u1', role: 'user', content: 'Please greet the team' },
      { id: 'm1', role: 'assistant', content: 'AI: Grüße an das Team — 日本 🎉' },
      { id: 'tr-1', role: 'tool', content: 'ok' },
      { id: 'm2', role: 'assistant', content: 'Done.' },
    ],
  );
  const m1 = agent.messages[1] as { toolCalls?: { id: string; function: { name: string; arguments: string } }[] };
  assert.deepEqual(
    m1.toolCalls?.map((c) => [c.id, c.function.name, c.function.arguments]),
    [['call-1', 'oz.board_write', '{"text":"greeted"}']],
  );
  assert.deepEqual(agent.state, { board: { notes: [{ id: '1', text: 'greeted' }] } });
}

for (const withIds of [true, false]) {
  test(`runAgent() over a stream dropped mid-run (${withIds ? 'with ids' : 'without ids'}) gets the whole turn, one run`, async () => {
    const replies: Reply[] = [{ kind: 'stream', cut: { at: 'mid', frame: 4 } }, { kind: 'stream', cut: { at: 'between', frame: withIds ? 3 : 11 } }, { kind: 'stream' }];
    await withServer(replies, withIds, async (server) => {
      const states: ConnectionState[] = [];
      const agent = agentFor(server, states);
      const runStarted: unknown[] = [];
      const result = await agent.runAgent({ runId: 'run-1' }, { onRunStartedEvent: ({ event }) => void runStarted.push(event) });
      assertWholeTurn(agent);
      assert.equal(runStarted.length, 1, 'one RUN_STARTED');
      assert.deepEqual(
        result.newMessages.map((m) => m.id),
        ['m1', 'tr-1', 'm2'],
      );
      assert.deepEqual(complaints, [], 'the verifier and the agent did not complain');
      assert.equal(server.requests.length, 3);
      assert.equal(server.requests[1]!.headers['last-event-id'], withIds ? 'e3' : undefined);
      assert.equal(states.filter((s) => s.status === 'reconnecting').length, 2);
      const body = server.requests[0]!.body as Record<string, unknown>;
      assert.equal(body.runId, 'run-1');
      assert.equal(body.threadId, 'chat-1');
      assert.equal('tools' in body, false, 'no empty tools for the route to refuse');
      assert.deepEqual(body.state, {});
      assert.deepEqual(server.requests[2]!.body, body, 'the same request again');
    });
  });
}

test('what the route refuses (client tools, image or file parts) fails at once in words, with nothing sent', async () => {
  await withServer([{ kind: 'stream' }], true, async (server) => {
    const tools = agentFor(server);
    await assert.rejects(tools.runAgent({ tools: [{ name: 'search', description: 'web search', parameters: {} }] }), (err: { code?: string; message?: string }) => {
      return err.code === 'unsupported' && /takes no client tools \(search\)/.test(err.message ?? '');
    });
    const image = agentFor(server);
    image.addMessage({
      id: 'u2',
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'binary', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
      ],
    } as never);
    await assert.rejects(image.runAgent(), (err: { code?: string; message?: string }) => err.code === 'unsupported' && /text only; the message holds (binary|image) parts/.test(err.message ?? ''));
    assert.equal(server.requests.length, 0, 'nothing reached the route');
    // Text parts alone go through.
    const parts = agentFor(server);
    parts.addMessage({ id: 'u3', role: 'user', content: [{ type: 'text', text: 'Hello' }] } as never);
    await parts.runAgent();
    assert.equal(server.requests.length, 1);
  });
});

test('a refusal reaches runAgent() as the TransportError', async () => {
  const reply: Reply = { kind: 'status', status: 403, body: '{"code":"permission_denied","message":"no"}' };
  await withServer([reply], true, async (server) => {
    const agent = agentFor(server);
    await assert.rejects(agent.runAgent(), (err: { code?: string; status?: number; serverCode?: string }) => {
      return err.code === 'http_error' && err.status === 403 && err.serverCode === 'permission_denied';
    });
    assert.equal(server.requests.length, 1);
  });
});

test('abortRun() stops following at once: runAgent() resolves and the server sees the connection closed', async () => {
  const replies: Reply[] = [{ kind: 'stream', cut: { at: 'between', frame: 5 }, end: 'hold' }, { kind: 'stream' }];
  await withServer(replies, true, async (server) => {
    const agent = agentFor(server);
    let seen = 0;
    const run = agent.runAgent(
      {},
      {
        onEvent: () => {
          seen += 1;
          if (seen === 6) agent.abortRun();
        },
      },
    );
    await run;
    await server.requests[0]!.closed;
    assert.equal(server.requests.length, 1);
    assert.equal(agent.isRunning, false);
    assert.equal(agent.messages.at(-1)?.id, 'm1', 'the turn so far');
    // A later run gets a fresh abort scope: it is not born aborted.
    agent.setMessages([{ id: 'u1', role: 'user', content: 'Please greet the team' }]);
    agent.setState({});
    await agent.runAgent({ runId: 'run-1' });
    assert.equal(server.requests.length, 2);
    assertWholeTurn(agent);
  });
});

test('unsubscribing from run() aborts the request', async () => {
  await withServer([{ kind: 'stream', cut: { at: 'between', frame: 2 }, end: 'hold' }], true, async (server) => {
    const agent = agentFor(server);
    const input = { threadId: 'chat-1', runId: 'run-9', state: {}, messages: [], tools: [], context: [], forwardedProps: {} };
    const types: string[] = [];
    await new Promise<void>((resolve) => {
      const sub = agent.run(input).subscribe({
        next: (e) => {
          types.push(e.type);
          if (types.length === 3) {
            sub.unsubscribe();
            resolve();
          }
        },
      });
    });
    await server.requests[0]!.closed;
    assert.deepEqual(types, ['RUN_STARTED', 'STATE_SNAPSHOT', 'TEXT_MESSAGE_START']);
  });
});

test('clone() keeps the settings with its own abort scope', () => {
  const agent = new OzAgent({ url: 'http://127.0.0.1:1/x', threadId: 't' });
  const copy = agent.clone();
  assert.ok(copy instanceof OzAgent);
  assert.equal(copy.config.url, 'http://127.0.0.1:1/x');
  assert.equal(copy.threadId, 't');
});
