import { launchBrowser, demoAccounts } from './support/browser';
import { signedInPage, waitForSettled } from './support/session';
import { startServer } from './support/server';
import { waitForDemoSync } from './support/demo-sync';

const server = await startServer({ SEED_DEMO_CONNECTIONS: 'true', SEED_DEMO_PERSONA: 'small' });
const browser = await launchBrowser();
try {
  const { newPage, signIn } = await import('./support/browser');
  const probe = await newPage(browser, server.baseUrl, {});
  probe.page.setDefaultTimeout(90_000);
  try {
    await signIn(probe.page, demoAccounts.customer);
  } catch (error) {
    await probe.page.screenshot({ path: '/work/notes/shots/labels/_login-failure.png' });
    throw error;
  }
  await probe.context.close();
  const first = await signedInPage(browser, server.baseUrl, demoAccounts.customer);
  await waitForDemoSync(first.page);
  await first.context.close();
  const pages = [
    ['youtube', '/youtube?range=28d'],
    ['meta', '/meta?range=28d'],
    ['content', '/dashboard/content?range=28d'],
    ['roi', '/dashboard/roi?range=all'],
  ] as const;
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      const { context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.customer, {
        colorScheme: scheme,
        width,
        height: 900,
      });
      page.setDefaultTimeout(60_000);
      for (const [name, path] of pages) {
        await page.goto(path);
        await waitForSettled(page);
        await page.waitForLoadState('networkidle').catch(() => {});
        await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => {});
        await page.screenshot({ path: `/work/notes/shots/labels/${name}-${width}-${scheme}.png`, fullPage: true });
        console.log('shot', name, width, scheme);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
