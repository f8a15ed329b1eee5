// End-to-end: the chat app as `npm start` serves it, in Debian's Chromium.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from './servers.js';
import { ask, deepText, launch, openThread, runEnded, screenshot } from './browser.js';

let app: RunningApp;
let browser: Browser;

before(async () => {
  app = await startApp();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

test('ana asks helper to greet the team, approves, and sees the card and the board note', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await openThread(page, app.url, 'ana', 'helper');
    await ask(page, 'Please greet the team');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('button', { name: 'Send answers' }).click();
    await page.getByText('I posted the greeting to #team.', { exact: true }).waitFor();
    await page.locator('oz-agent-chat oz-card').first().waitFor();
    const board = page.locator('oz-agent-chat oz-board');
    await board.getByText(/greet/i).first().waitFor();
    await screenshot(page, 'helper-approved');
    // The page never held a token.
    const html = await page.content();
    assert.ok(!html.includes('ana-token'));
  } finally {
    await context.close();
  }
});

test('delegator: ana approves her step, ben gives the four-eyes approval in the console, the run streams on', async () => {
  const ana = await browser.newContext();
  const ben = await browser.newContext();
  const page = await ana.newPage();
  try {
    await openThread(page, app.url, 'ana', 'delegator');
    await ask(page, 'Ship the billing release');
    // ana's own step approval is a form; the four-eyes release waits for someone else.
    await page.getByRole('button', { name: 'Approve' }).first().click();
    await page.getByRole('button', { name: 'Send answers' }).click();
    const waiting = page.locator('oz-agent-chat oz-waiting');
    await waiting
      .getByText(/Publish release 2\.1\.0/)
      .first()
      .waitFor();
    const consoleUrl = await waiting.getByRole('link').first().getAttribute('href');
    assert.ok(consoleUrl, 'oz-waiting links to the console where ben decides');
    await screenshot(page, 'delegator-waiting-for-ben');

    const benPage = await ben.newPage();
    // ben follows the link: he signs in to the edge's console and lands on the job's page.
    const link = new URL(consoleUrl);
    await benPage.goto(`${link.origin}/console/sign-in?token=ben-token&next=${encodeURIComponent(link.pathname)}`);
    await benPage.getByRole('button', { name: 'Approve' }).first().click();
    await screenshot(benPage, 'delegator-ben-console');

    // exact: the hidden status region also says it ("The assistant answered: …").
    await page.getByText('Every step is done.', { exact: true }).waitFor();
    await screenshot(page, 'delegator-done');
  } finally {
    await ana.close();
    await ben.close();
  }
});

test('a draft keeps the words typed when its agent changes, and stays with the agent its first words went to while they are on their way', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Sign in as ana' }).click();
    const box = page.locator('oz-agent-chat textarea');
    await box.fill('Write chunks=5 pace=0');
    await page.getByLabel('Agent').selectOption('writer');
    assert.equal(await box.inputValue(), 'Write chunks=5 pace=0', 'the words typed are kept');
    assert.equal(await page.locator('oz-agent-chat').getAttribute('agent'), 'writer');
    // Hold the request: the words are on their way, the run not started.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/agui/agents/**', async (route) => {
      await held;
      await route.continue();
    });
    await box.press('Enter');
    await page.waitForFunction(() => (document.getElementById('chat') as (HTMLElement & { store?: { getState(): { status: string } } }) | null)?.store?.getState().status !== 'idle');
    await page.getByLabel('Agent').selectOption('helper');
    await page.getByText('Your message is on its way to writer').waitFor();
    assert.equal(await page.getByLabel('Agent').inputValue(), 'writer', 'the choice goes back to the agent the words went to');
    release();
    const listed = page.getByRole('navigation', { name: 'Threads' }).locator('li');
    await listed.first().waitFor();
    assert.equal((await listed.first().textContent())?.trim(), 'Write chunks=5 pace=0');
    await runEnded(page);
    await page.getByText('Agent writer').waitFor();
    assert.match(await deepText(page.locator('oz-agent-chat .message.assistant .bubble').last()), /\w/, 'the answer came');
  } finally {
    await context.close();
  }
});

test('after sign-in the composer is ready at once; the thread is listed, titled by its first words, once its run starts, and a reload opens it', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Sign in as ana' }).click();
    // No "New thread" first: the composer is there, with the agent chosen beside it.
    await page.locator('oz-agent-chat textarea').waitFor();
    assert.equal(await page.getByLabel('Agent').inputValue(), 'helper');
    const listed = page.getByRole('navigation', { name: 'Threads' }).locator('li');
    assert.equal(await listed.count(), 0, 'nothing is listed before the first send');
    await page.getByLabel('Agent').selectOption('writer');
    await ask(page, 'Write chunks=20 pace=0\nand more lines');
    await listed.first().waitFor();
    assert.equal((await listed.first().textContent())?.trim(), 'Write chunks=20 pace=0');
    await runEnded(page);
    // The open thread names its agent; the choice is for the next new thread.
    await page.getByText('Agent writer').waitFor();
    assert.match(page.url(), /[?&]thread=chat-/);
    await page.reload();
    await page.locator('oz-agent-chat .message').first().waitFor();
    assert.equal(await page.locator('oz-agent-chat').getAttribute('agent'), 'writer');
    // "New thread" gives an empty composer again, listing nothing more until it sends.
    await page.getByRole('button', { name: 'New thread' }).click();
    await page.getByLabel('Agent').waitFor();
    assert.equal(await page.locator('oz-agent-chat .message').count(), 0);
    assert.equal(await listed.count(), 1);
  } finally {
    await context.close();
  }
});

async function writerText(page: Page): Promise<string> {
  return deepText(page.locator('oz-agent-chat .message.assistant .bubble').last());
}

test('a reload in the middle of a streaming answer restores the thread and follows the turn to its end', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    // The undisturbed answer first, in a thread of its own.
    await openThread(page, app.url, 'ana', 'writer');
    await ask(page, 'Write chunks=400 pace=10');
    await runEnded(page);
    const whole = await writerText(page);
    assert.ok(whole.length > 1000, `the writer's answer arrived (${whole.length} characters)`);

    await page.getByRole('button', { name: 'New thread' }).click();
    await ask(page, 'Write chunks=400 pace=10');
    await page
      .locator('oz-agent-chat .message.assistant .bubble')
      .getByText(/\S{3,}/)
      .first()
      .waitFor();
    const before = await writerText(page);
    assert.ok(before.length < whole.length, 'the page reloads while the answer still streams');
    await page.reload();
    await page.locator('oz-agent-chat .message').first().waitFor();
    await runEnded(page);
    const resumed = await writerText(page);
    assert.equal(resumed, whole, 'the reloaded transcript ends with the whole answer, nothing twice');
    await screenshot(page, 'writer-after-reload');
  } finally {
    await context.close();
  }
});

test('a stream the edge cuts mid-turn again and again still shows the whole turn once', async () => {
  const cut = await startApp({ OZ_EDGE_FAULTS: 'drop-after=3' });
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await openThread(page, cut.url, 'ana', 'helper');
    await ask(page, 'Please greet the team');
    await page.getByText('Waiting for approval').first().waitFor();
    const text = await deepText(page.locator('oz-agent-chat .message.assistant .bubble').first());
    await screenshot(page, 'helper-after-cuts');
    assert.equal(text.match(/I will greet the team/g)?.length, 1, text);
    const stats = (await (await fetch(`${cut.edgeUrl}/__edge/stats`)).json()) as { resumeRequests: number; faultsApplied: number };
    assert.ok(stats.faultsApplied >= 2 && stats.resumeRequests >= 2, JSON.stringify(stats));
    await screenshot(page, 'helper-after-cuts');
  } finally {
    await context.close();
    await cut.stop();
  }
});

test('a session that ended: the run is refused with 401, and "Sign in again" brings back the sign-in', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await openThread(page, app.url, 'ana', 'helper');
    // The session ends behind the page's back (signed out in another tab, or expired).
    await context.clearCookies();
    await ask(page, 'Please greet the team');
    const again = page.locator('oz-agent-chat oz-error').getByRole('button', { name: 'Sign in again' });
    await again.waitFor();
    await screenshot(page, 'signed-out-refused');
    await again.click();
    await page.getByRole('button', { name: 'Sign in as ana' }).waitFor();
  } finally {
    await context.close();
  }
});
