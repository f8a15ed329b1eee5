/** Debian's Chromium through playwright-core, and the screenshots kept as artifacts. */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
// @ts-expect-error: a plain .mjs helper without types
import { findChromium, CHROMIUM_ARGS } from '../../scripts/find-chromium.mjs';

export const ARTIFACTS = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: (findChromium as () => string)(), headless: true, args: CHROMIUM_ARGS as string[] });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

/** Signs in on the chat app as a development person and chooses the agent beside the new thread's composer (shown at once). */
export async function openThread(page: Page, url: string, person: string, agent: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
  await page.getByLabel('Agent').selectOption(agent);
  await page.locator('oz-agent-chat textarea').waitFor();
}

/** Types a message into the chat's composer and sends it with Enter. */
export async function ask(page: Page, text: string): Promise<void> {
  const box = page.locator('oz-agent-chat textarea');
  await box.fill(text);
  await box.press('Enter');
}

/** The text a person sees in an element, shadow roots included (innerText stops at them). */
export async function deepText(locator: Locator): Promise<string> {
  // No named functions inside: tsx's keepNames would wrap them in a helper the page lacks.
  return locator.evaluate((root) => {
    const parts: string[] = [];
    const stack: Node[] = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
      const el = node as Element;
      if (el.localName === 'style' || el.localName === 'script') continue;
      const children = [...(el.shadowRoot ? Array.from(el.shadowRoot.childNodes) : []), ...Array.from(node.childNodes)];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
    return parts.join('').replace(/\s+/g, ' ').trim();
  });
}

/** Waits until the chat's latest run has ended (finished, error or stopped), reading its store. */
export async function runEnded(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const chat = document.querySelector('oz-agent-chat') as (HTMLElement & { store?: { getState(): { turns: Array<{ runs: Array<{ phase: string }> }> } } }) | null;
      const run = chat?.store?.getState().turns.at(-1)?.runs.at(-1);
      return run !== undefined && run.phase !== 'requested' && run.phase !== 'streaming';
    },
    undefined,
    { timeout, polling: 100 },
  );
}
