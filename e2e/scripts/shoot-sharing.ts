// Screenshots of Settings → Share links and the shared pages (overview with revenue, audience,
// content, a password-protected link, a revoked link), light and dark, 390 and 1280 px wide:
// `npx tsx scripts/shoot-sharing.ts <outDir>` (starts its own server with the synced demo artist).
import fs from 'node:fs';
import path from 'node:path';
import { demoAccounts, launchBrowser, newPage } from '../support/browser';
import { waitForDemoSync } from '../support/demo-sync';
import { startServer } from '../support/server';
import { signedInPage } from '../support/session';

const [outDir = '/tmp/shots-sharing'] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const server = await startServer({ SEED_DEMO_CONNECTIONS: 'true', SEED_DEMO_PERSONA: 'small' });
const browser = await launchBrowser();
try {
  const { context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.customer);
  await waitForDemoSync(page);
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string };
  const create = async (payload: object) => {
    const response = await page.request.post('/api/shares', {
      headers: { authorization: `Bearer ${token}` },
      data: { platforms: ['youtube', 'instagram', 'facebook'], ...payload },
    });
    return (await response.json()) as { path: string; link: { id: string } };
  };
  const shared = {
    overview: await create({
      view: 'overview',
      range: '28d',
      includeRevenue: true,
      label: 'Label meeting',
    }),
    audience: await create({ view: 'audience', range: '90d', platforms: ['youtube', 'instagram'] }),
    content: await create({ view: 'content', range: '90d' }),
    locked: await create({ view: 'overview', range: '7d', password: 'open sesame 42' }),
    revoked: await create({ view: 'overview', range: '7d' }),
  };
  await page.request.post(`/api/shares/${shared.revoked.link.id}/revoke`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await context.close();
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      const options = { colorScheme: scheme, width, height: width === 390 ? 844 : 800 };
      const owner = await signedInPage(browser, server.baseUrl, demoAccounts.customer, options);
      await owner.page.goto('/settings/sharing?view=audience&range=90d&platform=youtube');
      await owner.page.getByRole('list', { name: 'Share links' }).waitFor();
      await owner.page.screenshot({
        path: path.join(outDir, `settings-${scheme}-${width}.png`),
        fullPage: true,
      });
      await owner.context.close();
      const visitor = await newPage(browser, server.baseUrl, options);
      for (const [name, link] of Object.entries(shared)) {
        await visitor.page.goto(link.path);
        await visitor.page.waitForLoadState('networkidle');
        await visitor.page.screenshot({
          path: path.join(outDir, `${name}-${scheme}-${width}.png`),
          fullPage: true,
        });
      }
      await visitor.context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
