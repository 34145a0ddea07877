import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccounts, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { waitForDemoSync } from './support/demo-sync';
import { signedInPage, waitForSettled } from './support/session';

// The analytics journey of the demo artist against the sandbox's `small` persona, synced by the
// real worker: overview → filters → audience → content (CSV export) → ROI (add a campaign).

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const keyMetrics = () => page.locator('section[aria-label="Key metrics"]');

/** The headline figures, e.g. { Views: '12.3K', … }, once they have loaded. */
async function readKpis(): Promise<Record<string, string>> {
  await keyMetrics().locator('[data-testid="kpi-card"]').first().waitFor();
  await page.waitForFunction(
    () => {
      const section = document.querySelector('section[aria-label="Key metrics"]');
      const main = document.querySelector('main');
      return (
        section &&
        !section.querySelector('[aria-hidden="true"].animate-pulse') &&
        !main?.querySelector('[aria-busy="true"]')
      );
    },
    undefined,
    { timeout: 20_000 },
  );
  return keyMetrics().evaluate((section) =>
    Object.fromEntries(
      [...section.querySelectorAll('[data-testid="kpi-card"]')].map((card) => [
        card.querySelector('h3')?.textContent?.trim() ?? '',
        card.querySelector('p')?.textContent?.trim() ?? '',
      ]),
    ),
  );
}

/** Waits until the figures differ from `before` (the new filter's request has landed). */
async function waitForKpisToChange(before: Record<string, string>) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const now = await readKpis();
    if (JSON.stringify(now) !== JSON.stringify(before)) return now;
    await page.waitForTimeout(250);
  }
  throw new Error(`key metrics did not change from ${JSON.stringify(before)}`);
}

const waitForCompareBox = (isChecked: boolean) =>
  page.waitForFunction(
    (expected) =>
      (
        document.querySelector(
          '[role="group"][aria-label="Dashboard filters"] input[type="checkbox"]',
        ) as HTMLInputElement | null
      )?.checked === expected,
    isChecked,
    { timeout: 5_000 },
  );
const filterBar = () => page.getByRole('group', { name: 'Dashboard filters' });
const searchParam = (name: string) => new URL(page.url()).searchParams.get(name);

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const contentTable = () => page.locator('table[aria-label="Content"]');

/** Title and platform of every row on screen, in order. */
async function readVisibleContent(): Promise<{ title: string; platform: string }[]> {
  await page.waitForFunction(() => {
    const table = document.querySelector('table[aria-label="Content"]');
    return table && table.getAttribute('aria-busy') !== 'true';
  });
  return contentTable().evaluate((table) =>
    [...table.querySelectorAll('tbody tr')].map((row) => ({
      title: row.querySelector('th .line-clamp-2')?.textContent?.trim() ?? '',
      platform: row.querySelector('th [data-field="platform"]')?.textContent?.trim() ?? '',
    })),
  );
}

async function readTotal(): Promise<number> {
  const text = await page.getByText(/^(Showing .* of [\d,]+ items?|No items)$/).textContent();
  const match = /of ([\d,]+) item/.exec(text ?? '');
  return match ? Number(match[1]!.replace(/,/g, '')) : 0;
}

before(async () => {
  server = await startServer({ SEED_DEMO_CONNECTIONS: 'true', SEED_DEMO_PERSONA: 'small' });
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.customer));
  const connections = await waitForDemoSync(page);
  assert.ok(connections.some((connection) => connection.provider === 'youtube'));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('analytics journey (demo artist, small persona)', { timeout: 240_000 }, () => {
  it('shows the overview with data, and range, platform and compare change it', async () => {
    await page.goto('/dashboard');
    await waitForSettled(page);
    const initial = await readKpis();
    assert.ok(Object.keys(initial).length >= 3, `KPI cards: ${JSON.stringify(initial)}`);
    const views = Object.entries(initial).find(([label]) => /views/i.test(label));
    assert.ok(views, `a views KPI: ${JSON.stringify(initial)}`);
    assert.match(views[1], /\d/, `views figure: ${views[1]}`);
    assert.notEqual(views[1], '—');
    assert.ok(
      Object.values(initial).filter((value) => /\d/.test(value)).length >= 3,
      `most KPI figures present: ${JSON.stringify(initial)}`,
    );
    await page.locator('figure[aria-label="Growth over time"]').waitFor();

    await filterBar()
      .getByLabel(/^Period/)
      .selectOption('90d');
    await page.waitForURL((url) => url.searchParams.get('range') === '90d');
    const ninetyDays = await waitForKpisToChange(initial);

    await filterBar()
      .getByLabel(/^Platform/)
      .selectOption('youtube');
    await page.waitForURL((url) => url.searchParams.get('platform') === 'youtube');
    assert.equal(searchParam('range'), '90d', 'the range stays when the platform changes');
    const youtubeOnly = await waitForKpisToChange(ninetyDays);
    assert.ok(Object.values(youtubeOnly).some((value) => /\d/.test(value)));

    const compare = filterBar().getByLabel('Compare with previous period');
    assert.equal(await compare.isChecked(), true);
    // The box follows the URL, so click and wait for the URL rather than `uncheck()`.
    await compare.click();
    await page.waitForURL((url) => url.searchParams.get('compare') === 'none');
    await waitForCompareBox(false);
    await readKpis();
    await compare.click();
    await page.waitForURL((url) => !url.searchParams.has('compare'));
    await waitForCompareBox(true);
    await page.locator('figure[aria-label="Growth over time"]').waitFor();
  });

  it('opens the audience screen', async () => {
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Audience' })
      .click();
    await page.waitForURL('**/dashboard/audience**');
    await page.getByRole('heading', { level: 1, name: 'Audience' }).waitFor();
  });

  it('lists content with sorting, filters and search in the URL', async () => {
    await page.goto('/dashboard/content');
    await waitForSettled(page);
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    await contentTable().locator('tbody tr').first().waitFor();
    assert.equal(
      await contentTable()
        .getByRole('columnheader', { name: 'Views', exact: true })
        .getAttribute('aria-sort'),
      'descending',
    );

    await contentTable().getByRole('button', { name: 'Likes' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'likes');
    await page.waitForFunction(() =>
      document
        .querySelector('table[aria-label="Content"] th[aria-sort]')
        ?.textContent?.includes('Likes'),
    );

    await filterBar()
      .getByLabel(/^Platform/)
      .selectOption('youtube');
    await page.waitForURL((url) => url.searchParams.get('platform') === 'youtube');
    await page.getByLabel(/^Type/).selectOption('video');
    await page.waitForURL((url) => url.searchParams.get('type') === 'video');
    let rows = await readVisibleContent();
    assert.ok(rows.length > 0, 'YouTube videos are listed');
    assert.ok(rows.every((row) => row.platform === 'YouTube'));

    // "/" focuses the table's search; narrow the list to one page so it can be checked whole.
    await page.locator('main h1').click();
    await page.keyboard.press('/');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('title')),
      'Search your content (press /)',
    );
    const term = (rows[0]!.title.split(/\s+-\s+/)[1] ?? rows[0]!.title).split(' (')[0]!;
    await page.keyboard.type(term);
    await page.waitForURL((url) => url.searchParams.get('search') === term);
    await page.waitForFunction(
      (expected) => {
        const rows = [
          ...document.querySelectorAll('table[aria-label="Content"] tbody tr th .line-clamp-2'),
        ];
        return (
          rows.length > 0 &&
          rows.every((title) => title.textContent?.toLowerCase().includes(expected.toLowerCase()))
        );
      },
      term,
      { timeout: 15_000 },
    );
    rows = await readVisibleContent();
    assert.ok(rows.length >= 1);
    assert.equal(await readTotal(), rows.length, 'the whole filtered list fits on one page');
  });

  it('exports exactly the rows on screen as CSV, from the button and Ctrl+Shift+E', async () => {
    const visible = await readVisibleContent();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^crescendo-content-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = parseCsv(fs.readFileSync((await file.path())!, 'utf8'));
    const [header, ...lines] = csv;
    assert.deepEqual(header!.slice(0, 5), ['Title', 'Platform', 'Type', 'Published', 'Views']);
    assert.deepEqual(
      lines.map((line) => ({ title: line[0], platform: line[1] })),
      visible,
      'CSV rows = table rows, in the same order',
    );
    assert.ok(lines.every((line) => line[2] === 'video'));

    await page.locator('main h1').click();
    const again = page.waitForEvent('download');
    await page.keyboard.press('Control+Shift+E');
    const second = await again;
    assert.equal(second.suggestedFilename(), file.suggestedFilename());
    assert.deepEqual(
      parseCsv(fs.readFileSync((await second.path())!, 'utf8')),
      csv,
      'the shortcut exports the same view',
    );
  });

  it('exports the YouTube page as CSV from the header’s Export button, and says when the plan’s exports are used up', async () => {
    // The demo artist is on Free: 3 exports a month, every CSV counted alike (the content
    // list's two above, this one; the dashboard's is the fourth).
    const exportButton = page.locator('header [data-shortcut="export"]');
    await page.goto('/youtube');
    await waitForSettled(page);
    await page.locator('main table tbody tr').first().waitFor();
    const youtubeDownload = page.waitForEvent('download');
    await exportButton.click();
    const youtubeFile = await youtubeDownload;
    assert.equal(youtubeFile.suggestedFilename(), 'crescendo-youtube-videos.csv');
    const [youtubeHeader, ...videos] = parseCsv(
      fs.readFileSync((await youtubeFile.path())!, 'utf8'),
    );
    assert.deepEqual(youtubeHeader!.slice(0, 5), [
      'Title',
      'Platform',
      'Type',
      'Published',
      'Duration seconds',
    ]);
    assert.ok(videos.length > 0);
    assert.ok(videos.every((line) => line[1] === 'YouTube'));

    await page.goto('/dashboard');
    await waitForSettled(page);
    await page.locator('figure[aria-label="Growth over time"]').waitFor();
    await exportButton.click();
    await page
      .getByText('Your Free plan includes 3 exports a month. Upgrade to Starter to go further.')
      .waitFor();
  });

  it('says what period the audience breakdowns cover', async () => {
    await page.goto('/dashboard/audience?range=365d');
    await waitForSettled(page);
    const coverage = page.getByTestId('audience-period');
    await page.waitForFunction(() =>
      /^Breakdowns for /.test(
        document.querySelector('[data-testid="audience-period"]')?.textContent ?? '',
      ),
    );
    // Each breakdown follows the period where its platform reports it, and says so otherwise.
    assert.match(
      (await coverage.textContent()) ?? '',
      /^Breakdowns for \w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4}/,
    );
  });

  it('adds a campaign and shows its ROI row, the method and the period control', async () => {
    await page.goto('/dashboard/roi');
    await waitForSettled(page);
    await page.getByRole('heading', { level: 1, name: 'Return on investment' }).waitFor();
    await page
      .getByRole('main')
      .getByRole('button', { name: /Add (your first )?campaign/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add campaign spend' });
    await dialog.waitFor();

    // The contract's rules are checked before anything is sent.
    await dialog.getByRole('button', { name: 'Add campaign' }).click();
    await dialog.getByText('Name is required').waitFor();

    await dialog.getByLabel('Campaign name').fill('E2E single push');
    await dialog.getByLabel('Channel').selectOption('meta_ads');
    await dialog.getByLabel('Amount spent').fill('300');
    const linked = dialog.getByLabel('Linked content (optional)');
    await page.waitForFunction(
      () =>
        ((document.querySelector('select[name="linkedContentId"]') as HTMLSelectElement | null)
          ?.options.length ?? 0) > 1,
    );
    // Newest first, each with its platform and date.
    const firstItem = await linked.locator('option:not([value=""])').first().getAttribute('value');
    await linked.selectOption(firstItem!);
    await dialog.getByLabel('Extra revenue (optional)').fill('25');
    await dialog.getByRole('button', { name: 'Add campaign' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page
      .locator('table[aria-label="Campaigns"] tbody tr')
      .filter({ hasText: 'E2E single push' });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    assert.match(cells[0]!, /300\.00/, `spend cell: ${cells[0]}`);
    assert.match(cells[6]!, /\d/, `ROI cell: ${cells[6]}`);
    assert.ok(!/^—/.test(cells[6]!), 'ROI is a figure when money was spent');
    const spendTotal = await page
      .locator('section[aria-label="ROI totals"] dt', { hasText: 'Spend' })
      .locator('xpath=following-sibling::dd[1]')
      .textContent();
    assert.match(spendTotal ?? '', /\d/);

    // The page says how it measures, and takes the same period control as the other pages.
    const method = page.getByRole('region', { name: 'How we measure a campaign' });
    assert.match(
      (await method.textContent()) ?? '',
      /daily average of the 28 most recent days before it on which no campaign ran/,
    );
    await page.getByLabel('Period').selectOption('all');
    await page.waitForURL(/range=all/);
    await row.waitFor();
  });
});
