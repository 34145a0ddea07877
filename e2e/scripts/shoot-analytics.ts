// Screenshots of the analytics pages, light and dark, 390 and 1280 px wide (1280x800: what is above
// the fold): `npx tsx scripts/shoot-analytics.ts <baseUrl> <outDir> [pathFilter] [full]`.
import fs from 'node:fs';
import path from 'node:path';
import { demoAccounts, launchBrowser } from '../support/browser';
import { signedInPage, waitForSettled } from '../support/session';

const [baseUrl = 'http://localhost:3301', outDir = '/tmp/shots', only, full] =
  process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const pages = [
  '/dashboard',
  '/dashboard/audience',
  '/dashboard/content',
  '/dashboard/roi',
  '/youtube',
  '/meta',
];

const browser = await launchBrowser();
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    const { context, page } = await signedInPage(browser, baseUrl, demoAccounts.customer, {
      colorScheme: scheme,
      width,
      height: width === 390 ? 844 : 800,
    });
    for (const pagePath of pages) {
      if (only && !pagePath.includes(only)) continue;
      await page.goto(pagePath);
      await waitForSettled(page);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      const name = `${pagePath.replace(/[/?=]/g, '_')}-${scheme}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: full === 'full' });
      console.log(`${name} scrollWidth=${scrollWidth}`);
    }
    await context.close();
  }
}
await browser.close();
