// End-to-end: the inspector in the chat app, for the person and for support staff (OZ_INSPECT=1).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './servers.js';
import { ask, deepText, launch, openThread, runEnded, screenshot } from './browser.js';

let app: RunningApp;
let browser: Browser;

before(async () => {
  app = await startApp({ OZ_INSPECT: '1', OZ_SUPPORT: 'ben' });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

test('ana opens the inspector on her chat; ben, in support, lists her run through the proxy feed and follows it', async () => {
  const ana = await browser.newContext();
  const ben = await browser.newContext();
  try {
    const page = await ana.newPage();
    await openThread(page, app.url, 'ana', 'writer');
    await page.locator('oz-inspector').waitFor({ state: 'attached' });
    await page.waitForFunction(() => customElements.get('oz-inspector') !== undefined);
    await ask(page, 'Write the release notes');
    await runEnded(page);
    await page.getByRole('button', { name: 'Inspector' }).click();
    const events = page.locator('oz-inspector oz-inspector-events [role="listbox"]');
    await events.waitFor();
    const seen = await deepText(page.locator('oz-inspector'));
    for (const type of ['RUN_STARTED', 'TEXT_MESSAGE_CONTENT', 'RUN_FINISHED']) assert.ok(seen.includes(type), `the inspector lists ${type}`);
    assert.equal(await page.locator('oz-inspector oz-inspector-runs').count(), 0, 'ana is not in support: no feed');
    await screenshot(page, 'inspector-own-chat');

    const support = await ben.newPage();
    await support.goto(app.url);
    await support.getByRole('button', { name: 'Sign in as ben' }).click();
    await support.getByRole('button', { name: 'Inspector' }).click();
    const runs = support.locator('oz-inspector oz-inspector-runs');
    await runs.getByText('writer', { exact: false }).first().waitFor();
    assert.match(await deepText(runs), /ana/, 'the run is labelled with whose it is');
    await runs
      .getByRole('button', { name: /^Follow / })
      .first()
      .click();
    await support.waitForFunction(
      () => {
        const inspector = document.querySelector('oz-inspector');
        const text = inspector?.shadowRoot?.querySelector('oz-inspector-events')?.shadowRoot?.textContent ?? '';
        return text.includes('RUN_FINISHED');
      },
      undefined,
      { timeout: 30_000, polling: 100 },
    );
    const followed = await deepText(support.locator('oz-inspector'));
    assert.ok(!followed.includes('ana-token'), 'no token in the feed');
    await screenshot(support, 'inspector-support-feed');
  } finally {
    await ana.close();
    await ben.close();
  }
});
