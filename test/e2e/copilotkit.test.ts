// End-to-end, issue #22: CopilotKit v2's chat (examples/copilotkit) on OzAgent, no CopilotKit runtime,
// through the token proxy to the development edge, in Debian's Chromium. CopilotKit is an install of
// its own (about 950 packages): this test installs it from the example's lockfile when it is missing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { startEdge } from '../../server/edge/index.js';
import { startCopilotKitExample } from '../../examples/copilotkit/server.js';
import { launch, screenshot } from './browser.js';

const example = fileURLToPath(new URL('../../examples/copilotkit/', import.meta.url));
type Started = Awaited<ReturnType<typeof startEdge>>;
let edge: Started;
let cutting: Started;
const apps: Array<{ close(): Promise<void> }> = [];
let url = '';
let cutUrl = '';
let browser: Browser;

before(
  async () => {
    if (!existsSync(`${example}node_modules/@copilotkit/react-core`)) {
      await promisify(execFile)('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: example, maxBuffer: 64 << 20 });
    }
    edge = await startEdge({ port: 0, log: () => {} });
    // Every response of this edge is cut after 15 events.
    cutting = await startEdge({ port: 0, log: () => {}, faults: { dropAfter: 15 } });
    for (const [upstream, set] of [
      [edge.url, (u: string) => (url = u)],
      [cutting.url, (u: string) => (cutUrl = u)],
    ] as const) {
      const app = await startCopilotKitExample({ edgeUrl: upstream, token: 'ana-token', tenant: 'acme', port: 0 });
      apps.push(app);
      set(app.url);
    }
    browser = await launch();
  },
  { timeout: 600_000 },
);

after(async () => {
  await browser?.close();
  await Promise.all(apps.map((a) => a.close()));
  await edge?.close();
  await cutting?.close();
});

/** Opens CopilotKit's page on `agent`; every request it makes must stay on loopback. */
async function open(base: string, agent: string): Promise<{ page: Page; offsite: string[]; posts: Array<string | undefined>; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const offsite: string[] = [];
  const posts: Array<string | undefined> = [];
  await context.route('**/*', (route) => {
    const target = new URL(route.request().url());
    if (target.hostname !== '127.0.0.1' && target.protocol !== 'data:') {
      offsite.push(target.origin);
      return route.abort();
    }
    if (target.pathname.startsWith('/agui/')) posts.push(route.request().headers()['last-event-id']);
    return route.continue();
  });
  // The first visit waits for Vite to bundle CopilotKit: allow it time.
  await page.goto(`${base}/?agent=${agent}`);
  await page.locator('textarea').first().waitFor({ timeout: 120_000 });
  return { page, offsite, posts, close: () => context.close() };
}

async function ask(page: Page, text: string): Promise<void> {
  const box = page.locator('textarea').first();
  await box.fill(text);
  await box.press('Enter');
}

/** Once the run has ended: the answer as the agent received it (CopilotKit's own rendering may come later). */
async function answerReceived(page: Page): Promise<string> {
  await page
    .getByRole('status', { name: 'Run outcome' })
    .filter({ hasText: /Run ended|Waiting for your answer/ })
    .waitFor({ timeout: 60_000 });
  return page.evaluate(() => {
    const agent = (window as unknown as { ozAgent: { messages: Array<{ role: string; content?: unknown }> } }).ozAgent;
    return agent.messages
      .filter((m) => m.role === 'assistant')
      .map((m) => String(m.content))
      .join('\n');
  });
}

/** Waits until CopilotKit's chat shows the answer (it renders asynchronously, slower on a cold start). */
async function answerShown(page: Page): Promise<void> {
  await page.getByTestId('copilot-assistant-message').filter({ hasText: 'A long answer' }).first().waitFor({ timeout: 30_000 });
}

test('the example type-checks against CopilotKit’s own types (OzAgent needs one cast: see main.tsx)', async () => {
  await promisify(execFile)(process.execPath, [fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url)), '-p', `${example}tsconfig.json`, '--noEmit'], { maxBuffer: 16 << 20 });
});

test('CopilotKit streams the writer’s answer; a cut stream is followed with Last-Event-ID and shows the same text once', async () => {
  const whole = await open(url, 'writer');
  const cut = await open(cutUrl, 'writer');
  try {
    await ask(whole.page, 'Write chunks=40 pace=0');
    const text = await answerReceived(whole.page);
    assert.ok(text.length > 200, `the answer arrived (${text.length} characters)`);
    await answerShown(whole.page);
    assert.match(await whole.page.getByRole('status', { name: 'Run outcome' }).innerText(), /Run ended: success/);
    await screenshot(whole.page, 'copilotkit-writer');

    await ask(cut.page, 'Write chunks=40 pace=0');
    const again = await answerReceived(cut.page);
    assert.equal(again, text, 'the same answer, nothing twice');
    await answerShown(cut.page);
    const followed = cut.posts.filter((id) => id !== undefined);
    assert.ok(followed.length >= 2, `followed again with Last-Event-ID ${followed.length} times`);
    assert.deepEqual([...whole.offsite, ...cut.offsite], [], 'no request left loopback');
  } finally {
    await whole.close();
    await cut.close();
  }
});

test('an approval ends the run as an interrupt: CopilotKit has no form for it, the page says it waits', async () => {
  const { page, offsite, close } = await open(url, 'helper');
  try {
    await ask(page, 'Please greet the team');
    await page.getByRole('status', { name: 'Run outcome' }).filter({ hasText: 'Waiting for your answer' }).waitFor({ timeout: 60_000 });
    assert.match(await page.getByRole('status', { name: 'Run outcome' }).innerText(), /Post a message to #team|interrupt/i);
    await screenshot(page, 'copilotkit-interrupt');
    assert.deepEqual(offsite, [], 'no request left loopback');
  } finally {
    await close();
  }
});
