// End-to-end, issue #22: the React 19 example (examples/react) on Vite's dev server, its token
// proxy mounted there, against the development edge, in Debian's Chromium.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startEdge } from '../../server/edge/index.js';
import { startReactExample } from '../../examples/react/server.js';
import { ask, launch, runEnded, screenshot } from './browser.js';

let edge: Awaited<ReturnType<typeof startEdge>>;
let example: Awaited<ReturnType<typeof startReactExample>>;
let url = '';
let browser: Browser;

before(async () => {
  edge = await startEdge({ port: 0, log: () => {} });
  example = await startReactExample({ edgeUrl: edge.url, token: 'ana-token', tenant: 'acme', port: 0 });
  url = example.url;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await example?.close();
  await edge?.close();
});

/** Opens the example and waits for the chat's composer; fails on any error the page logs. */
async function open(path: string): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // The first visit waits for Vite to bundle React and the sources: allow it time.
  await page.goto(new URL(path, url).href);
  await page.locator('oz-agent-chat textarea').waitFor({ timeout: 60_000 });
  return { page, errors, close: () => context.close() };
}

/** The chat's imageAllowlist property, as set by React. */
function imagesOf(page: Page): Promise<unknown> {
  return page.locator('oz-agent-chat').evaluate((c) => (c as HTMLElement & { imageAllowlist: unknown }).imageAllowlist);
}

test('the React wrapper: send, approve, see the card and the board beside it; event props and the ref work', async () => {
  const { page, errors, close } = await open('/');
  try {
    await ask(page, 'Please greet the team');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('button', { name: 'Send answers' }).click();
    await page.getByText('I posted the greeting to #team.', { exact: true }).waitFor();
    await page.locator('oz-agent-chat oz-card').first().waitFor();
    await runEnded(page);
    // onOzSend and onOzRunFinished reached React; the board is the tag written in JSX, given the chat's store.
    assert.equal(await page.getByLabel('Sent').textContent(), '1');
    assert.equal(await page.getByLabel('Last outcome').textContent(), 'success');
    await page.getByRole('complementary', { name: 'Board' }).locator('oz-board').getByText(/greet/i).first().waitFor();
    assert.equal(await page.locator('aside oz-board').evaluate((b) => (b as HTMLElement & { headingLevel: unknown }).headingLevel), 3, 'a number prop is set as a property');
    assert.deepEqual(await imagesOf(page), ['https://images.example.com'], 'an array prop is set as a property');
    // The ref is the element: its send() goes through oz-send like the composer.
    await page.getByRole('button', { name: 'Greet the team' }).click();
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    assert.equal(await page.getByLabel('Sent').textContent(), '2');
    await screenshot(page, 'react-wrapper');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('the tag written in JSX (React 19): on<event-name> props are listened to, a new agent gives a new chat', async () => {
  const { page, errors, close } = await open('/?direct');
  try {
    await page.getByLabel('Agent').selectOption('writer');
    // React 19 set agent as a property (the element has one), and keyed by it, made a new chat.
    await page.waitForFunction(() => (document.querySelector('oz-agent-chat') as (HTMLElement & { agent?: string }) | null)?.agent === 'writer');
    await page.locator('oz-agent-chat textarea').waitFor();
    assert.deepEqual(await imagesOf(page), ['https://images.example.com'], 'React 19 set the array as a property (an attribute would be a string)');
    await ask(page, 'Write chunks=30 pace=0');
    await runEnded(page);
    assert.equal(await page.getByLabel('Sent').textContent(), '1');
    assert.equal(await page.getByLabel('Last outcome').textContent(), 'success');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
