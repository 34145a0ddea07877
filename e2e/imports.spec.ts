import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccounts, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signedInPage, waitForSettled } from './support/session';

// Songs and money (issue 26): the demo artist uploads a DistroKid statement on Settings → Imports,
// asking to keep the original file, watches it upload and get read, downloads the kept file back,
// finds its earnings on the Revenue page and its song's page, then deletes the import and sees its
// lines gone. The statement is built here, so every figure the
// journey checks is known from the file itself.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const songTitle = 'Lantern Street (e2e)';
const isrc = 'QZE2E2600001';
const fileName = 'DistroKid_e2e_statement.tsv';
const header = [
  'Reporting Date',
  'Sale Month',
  'Store',
  'Artist',
  'Title',
  'ISRC',
  'UPC',
  'Quantity',
  'Team Percentage',
  'Song/Album',
  'Country of Sale',
  'Songwriter Royalties Withheld',
  'Earnings (USD)',
];
// The two months before this one: inside every plan's history window whatever today's date.
const saleMonths = [monthsAgo(2), monthsAgo(1)] as const;
const reportingDate = new Date().toISOString().slice(0, 10);
const lines = [
  [
    reportingDate,
    saleMonths[0],
    'Spotify',
    'Nova Lane',
    songTitle,
    isrc,
    '',
    '1000',
    '100',
    'Song',
    'US',
    '0',
    '3.100000',
  ],
  [
    reportingDate,
    saleMonths[0],
    'Apple Music',
    'Nova Lane',
    songTitle,
    isrc,
    '',
    '200',
    '100',
    'Song',
    'DE',
    '0',
    '1.500000',
  ],
  [
    reportingDate,
    saleMonths[1],
    'Spotify',
    'Nova Lane',
    songTitle,
    isrc,
    '',
    '500',
    '100',
    'Song',
    'GB',
    '0',
    '1.550000',
  ],
];
/** The sum of the file's Earnings (USD) column, to the cent. */
const fileTotal = '$6.15';
const statement = Buffer.from(
  [header, ...lines].map((fields) => fields.join('\t')).join('\r\n') + '\r\n',
  'utf8',
);

/** `YYYY-MM` of the month `count` months before this one (UTC). */
function monthsAgo(count: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, 1))
    .toISOString()
    .slice(0, 7);
}

/** "Jan 2026" for `2026-01`, as the import history writes a period's months. */
function monthLabel(month: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.customer));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('imports, revenue and songs', () => {
  it('uploads a statement from Settings → Imports and follows it until it is read', async () => {
    await page.goto('/dashboard');
    await waitForSettled(page);
    await page.getByRole('link', { name: 'Imports', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/settings/imports');
    await page.getByText('Lines that cannot be read are skipped').waitFor();
    // Sandbox mode offers the demo artist's own statements to try.
    await page.getByRole('list', { name: 'Sample statements' }).getByRole('link').first().waitFor();

    const keepFile = page.getByRole('checkbox', { name: /Keep a copy of the original file/ });
    assert.equal(await keepFile.isChecked(), false);
    await keepFile.check();
    await page
      .getByLabel('Files to import')
      .setInputFiles({ name: fileName, mimeType: 'text/tab-separated-values', buffer: statement });
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByText(fileName).waitFor();
    await uploads.getByText('3 lines imported').waitFor({ timeout: 30_000 });

    const history = page.getByRole('table', { name: 'Import history' });
    const row = history.locator('tr').filter({ hasText: fileName });
    await row.getByText('Imported', { exact: true }).waitFor();
    assert.ok(
      ((await row.textContent()) ?? '').includes(
        `${monthLabel(saleMonths[0])} – ${monthLabel(saleMonths[1])}`,
      ),
    );
    assert.match((await row.textContent()) ?? '', /\$6\.15/);
  });

  it('downloads the kept original file back, byte for byte', async () => {
    const row = page
      .getByRole('table', { name: 'Import history' })
      .locator('tr')
      .filter({ hasText: fileName });
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download the original file ${fileName}` }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), fileName);
    assert.deepEqual(fs.readFileSync((await file.path())!), statement);
  });

  it('refuses a file that is no known format, naming what is supported', async () => {
    await page.getByLabel('Files to import').setInputFiles({
      name: 'notes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('hello,world\n1,2\n'),
    });
    await page
      .getByRole('list', { name: 'Uploads' })
      .getByText(/This file is not a format Crescendo can read\. Supported:/)
      .waitFor();
  });

  it('shows the statement’s earnings on the Revenue page and exports them', async () => {
    await page.goto('/dashboard/revenue?range=all&groupBy=song');
    const table = page.getByRole('table', { name: 'Earnings by song' });
    const row = table.locator('tr').filter({ hasText: songTitle });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', new RegExp(fileTotal.replace('$', '\\$')));
    assert.match(
      (await page.getByText('Statement earnings').locator('..').textContent()) ?? '',
      /\$\d/,
    );

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^crescendo-revenue-song-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    // One line for the song: its earnings and units summed from the file.
    const escapedTitle = songTitle.replace(/[()]/g, '\\$&');
    assert.match(csv, new RegExp(`^song,[^,]*,${escapedTitle},6\\.15,1700,`, 'm'));
  });

  it('opens the song’s page with its earnings by store and country', async () => {
    await page
      .getByRole('table', { name: 'Earnings by song' })
      .getByRole('link', { name: songTitle })
      .click();
    await page.waitForURL((url) => url.pathname === `/dashboard/songs/${isrc}`);
    await page.getByRole('heading', { level: 1, name: songTitle }).waitFor();
    const stores = page.getByRole('table', { name: 'Earnings by store' });
    assert.match(
      (await stores.locator('tr').filter({ hasText: 'Spotify' }).textContent()) ?? '',
      /\$4\.65/,
    );
    const countries = page.getByRole('table', { name: 'Earnings by country' });
    await countries.locator('tr').nth(3).waitFor();
  });

  it('deletes the import after confirming, and its lines leave the revenue page', async () => {
    await page.goto('/settings/imports');
    const history = page.getByRole('table', { name: 'Import history' });
    await history.getByText(fileName).waitFor();
    await page.getByRole('button', { name: `Delete import ${fileName}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this import?' })
      .getByRole('button', { name: 'Delete import' })
      .click();
    await page.getByText('Import deleted').first().waitFor();
    await history.getByText(fileName).waitFor({ state: 'detached' });

    await page.goto('/dashboard/revenue?range=all&groupBy=song');
    await page.locator('main h1', { hasText: 'Revenue' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    assert.equal(await page.getByRole('link', { name: songTitle }).count(), 0);
  });
});
