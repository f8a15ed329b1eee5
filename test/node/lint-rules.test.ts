// The dependency rules of DESIGN.md are lint rules: prove they bite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-properties').map((m) => m.message);
}

test('src/ may not import lit, elements/, inspector/ or server/', async () => {
  const msgs = await restricted(
    'src/thread/probe.ts',
    ["import { html } from 'lit';", "import '../../elements/chat/chat.js';", "import '../../inspector/inspector.js';", "import '../../server/edge/contract.js';", 'export const x = html``;'].join(
      '\n',
    ),
  );
  assert.equal(msgs.length, 4, msgs.join('\n'));
});

test('server/ may not import elements/, inspector/ or the browser core beyond src/protocol', async () => {
  const msgs = await restricted(
    'server/edge/probe.ts',
    ["import '../../elements/chat/chat.js';", "import '../../inspector/inspector.js';", "import '../../src/thread/store.js';", "import '../../src/protocol/index.js';"].join('\n'),
  );
  assert.equal(msgs.length, 3, msgs.join('\n'));
});

test('the edge and the proxy share only src/protocol', async () => {
  assert.equal((await restricted('server/proxy/probe.ts', "import '../edge/contract.js';")).length, 1);
  assert.equal((await restricted('server/edge/probe.ts', "import '../proxy/handler.js';")).length, 1);
});

test("the proxy may use the SSE parser and the recorder's redaction and ring, nothing else of the core", async () => {
  const msgs = await restricted(
    'server/proxy/probe.ts',
    [
      "import '../../src/transport/sse-parser.js';",
      "import '../../src/recorder/redact.js';",
      "import '../../src/recorder/ring.js';",
      "import '../../src/transport/open-run.js';",
      "import '../../src/recorder/recorder.js';",
      "import '../../src/thread/store.js';",
    ].join('\n'),
  );
  assert.equal(msgs.length, 3, msgs.join('\n'));
  assert.equal((await restricted('server/edge/probe.ts', "import '../../src/recorder/redact.js';")).length, 1);
});

test('only entry points read process.env', async () => {
  assert.equal((await restricted('server/edge/probe.ts', 'export const p = process.env.PORT;')).length, 1);
  assert.equal((await restricted('server/edge/cli.ts', 'export const p = process.env.PORT;')).length, 0);
});
