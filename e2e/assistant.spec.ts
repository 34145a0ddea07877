import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccounts, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signedInPage, waitForSettled } from './support/session';

// The assistant journey of the demo artist (small persona, synced by the real worker): open the
// panel from the header, ask three questions, get answers with figures and sources, and follow a
// source chip to the dashboard view with the same filters.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const SYNC_TIMEOUT_MS = 150_000;

type ConnectionSummary = { provider: string; status: string; lastSyncedAt: string | null };

/** Polls the API as the signed-in artist until every demo connection has finished its sync. */
async function waitForDemoSync(target: Page): Promise<void> {
  const deadline = Date.now() + SYNC_TIMEOUT_MS;
  let last: ConnectionSummary[] = [];
  while (Date.now() < deadline) {
    const tokenResponse = await target.request.get('/api/auth/token');
    if (tokenResponse.ok()) {
      const { token } = (await tokenResponse.json()) as { token: string };
      const response = await target.request.get('/api/v1/auth/oauth-connections', {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.ok()) {
        last = ((await response.json()) as { connections: ConnectionSummary[] }).connections;
        if (
          last.length >= 2 &&
          last.every((connection) => connection.status === 'connected' && connection.lastSyncedAt)
        )
          return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`demo connections did not finish syncing: ${JSON.stringify(last)}`);
}

const panel = () => page.getByRole('dialog', { name: 'Assistant' });
const answers = () => panel().locator('li[data-role="assistant"]');

/** Types a question, sends it with Enter and waits for its complete answer (sources shown). */
async function ask(question: string): Promise<string> {
  const before = await answers().count();
  await panel().getByLabel('Ask the assistant').fill(question);
  await panel().getByLabel('Ask the assistant').press('Enter');
  await page.waitForFunction(
    (count) => {
      const items = document.querySelectorAll('[role="dialog"] li[data-role="assistant"]');
      const last = items[items.length - 1];
      return (
        items.length > count &&
        last !== undefined &&
        !last.textContent?.includes('Reading your numbers') &&
        last.querySelector('[aria-label="Sources"]') !== null
      );
    },
    before,
    { timeout: 20_000 },
  );
  return (await answers().last().textContent()) ?? '';
}

before(async () => {
  server = await startServer({ SEED_DEMO_CONNECTIONS: 'true', SEED_DEMO_PERSONA: 'small' });
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.customer));
  await waitForDemoSync(page);
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('assistant journey (demo artist, small persona)', { timeout: 240_000 }, () => {
  it('opens from the header and with Ctrl+K, and offers questions from the artist’s data', async () => {
    await page.goto('/dashboard');
    await waitForSettled(page);
    await page.getByRole('button', { name: /Ask the assistant/ }).click();
    await panel().waitFor();
    await panel().locator('section[aria-label="Suggested questions"] button').first().waitFor();
    const suggestions = await panel()
      .locator('section[aria-label="Suggested questions"] button')
      .allTextContents();
    assert.ok(suggestions.length >= 3, `suggestions: ${JSON.stringify(suggestions)}`);
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'hidden' });
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+k');
    await panel().waitFor();
  });

  it('answers three questions with exact figures and their sources', async () => {
    const views = await ask('How many views did I get in the last 28 days?');
    assert.match(views, /\d{1,3}(,\d{3})+|\b\d+\b views/, views);
    assert.match(views, /All platforms metrics/);

    const top = await ask('What were my top 3 videos in the last 90 days?');
    assert.match(top, /Top content by views/);
    assert.equal(await answers().last().locator('ol li').count(), 3);

    const fans = await ask('Where are my fans?');
    assert.match(fans, /Your audience by countries/);
    assert.equal(await panel().locator('li[data-role="user"]').count(), 3);
  });

  it('a reload with the panel open reopens it with the same conversation', async () => {
    await page.reload();
    await panel().waitFor();
    await panel().locator('li[data-role="user"]').nth(2).waitFor();
    assert.equal(await panel().locator('li[data-role="user"]').count(), 3);
    assert.match((await answers().last().textContent()) ?? '', /Your audience by countries/);
  });

  it('follows a source chip to the dashboard view with the same filters', async () => {
    const chip = answers()
      .nth(0)
      .getByRole('link', { name: /All platforms metrics/ });
    const [, from, to] = /(\d{4}-\d{2}-\d{2}) → (\d{4}-\d{2}-\d{2})/.exec(
      (await chip.textContent()) ?? '',
    )!;
    await chip.click();
    await panel().waitFor({ state: 'hidden' });
    await page.waitForURL(/\/dashboard\?from=/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('from'), from);
    assert.equal(url.searchParams.get('to'), to);
    await waitForSettled(page);
    // The period control shows the answer's window as a custom period, selected.
    const period = page.getByLabel('Period', { exact: true });
    // The control follows the URL once the dashboard has read it: wait for that state.
    await period.locator('option:checked', { hasText: /^Custom: / }).waitFor({ state: 'attached' });
    const selected = await period.evaluate(
      (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '',
    );
    assert.match(selected, /^Custom: /);
    // The dashboard's figures are for that window: its chart says the same days.
    const longDay = (day: string) =>
      new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
    await page
      .getByText(`${longDay(from!)} – ${longDay(to!)}`)
      .first()
      .waitFor();
  });

  it('renames a conversation from the history, with the keyboard', async () => {
    await page.keyboard.press('Control+k');
    await panel().waitFor();
    await panel().getByRole('button', { name: 'History' }).click();
    const rename = panel()
      .getByRole('button', { name: /^Rename “/ })
      .first();
    await rename.focus();
    await page.keyboard.press('Enter');
    const title = panel().getByRole('textbox', { name: /^New title for/ });
    await title.fill('My numbers, renamed');
    await title.press('Enter');
    await panel().getByRole('button', { name: 'My numbers, renamed', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'hidden' });
  });

  it('“Explain this” on a KPI opens the assistant with the question asked and answered', async () => {
    await page.goto('/dashboard?range=28d');
    await waitForSettled(page);
    await page.getByRole('button', { name: 'Explain Views' }).click();
    await panel().waitFor();
    const question = panel().locator('li[data-role="user"]').last();
    await question.waitFor();
    assert.match(
      (await question.textContent()) ?? '',
      /^Explain my views from \d{4}-\d{2}-\d{2} to/,
    );
    await panel()
      .locator('li[data-role="assistant"] [aria-label="Sources"]')
      .last()
      .waitFor({ timeout: 20_000 });
    const explanation = (await answers().last().textContent()) ?? '';
    assert.match(explanation, /views/);
    // Reasons, not the number restated: the items and days that moved it.
    assert.match(explanation, /What moved it/);
    assert.match(explanation, /Days/);
  });
});
