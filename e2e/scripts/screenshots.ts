// Takes screenshots of the main pages in both themes and two widths: `npx tsx scripts/screenshots.ts <baseUrl> <outDir>`.
import fs from 'node:fs';
import path from 'node:path';
import { demoAccounts, launchBrowser, newPage, signIn } from '../support/browser';

const [baseUrl = 'http://localhost:3301', outDir = '/tmp/shots', only] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });

const publicPages = ['/', '/login', '/register', '/access-denied', '/rejected'];
const customerPages = [
  '/dashboard',
  '/dashboard/audience',
  '/dashboard/content',
  '/dashboard/roi',
  '/settings/profile',
  '/youtube',
  '/meta',
  '/settings/connections',
  '/pricing',
  '/checkout?plan=pro',
];
const adminPages = ['/waitlist'];
const leadPages = ['/waitlist'];

const browser = await launchBrowser();
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    const shoot = async (account: string | null, pages: string[], tag: string) => {
      const { context, page } = await newPage(browser, baseUrl, {
        colorScheme: scheme,
        width,
        height: 900,
      });
      if (account) await signIn(page, account);
      for (const pagePath of pages) {
        if (only && !pagePath.includes(only)) continue;
        await page.goto(pagePath);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const name = `${tag}${pagePath.replace(/[/?=]/g, '_') || '_home'}-${scheme}-${width}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: false });
      }
      await context.close();
    };
    await shoot(null, publicPages, 'public');
    await shoot(demoAccounts.customer, customerPages, 'customer');
    await shoot(demoAccounts.admin, adminPages, 'admin');
    await shoot(demoAccounts.lead, leadPages, 'lead');
  }
}
await browser.close();
console.log(`screenshots in ${outDir}`);
