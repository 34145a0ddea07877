// Starts the product with the demo artist's sandbox data synced and keeps it running, for
// screenshots and manual checks: `npx tsx scripts/serve-demo.ts [persona]` (Ctrl+C stops it).
import { demoAccounts, launchBrowser } from '../support/browser';
import { startServer } from '../support/server';
import { signedInPage } from '../support/session';
import { waitForDemoSync } from '../support/demo-sync';

const [persona = 'small'] = process.argv.slice(2);
const server = await startServer({ SEED_DEMO_CONNECTIONS: 'true', SEED_DEMO_PERSONA: persona });
try {
  const browser = await launchBrowser();
  const { page } = await signedInPage(browser, server.baseUrl, demoAccounts.customer);
  await waitForDemoSync(page);
  await browser.close();
} catch (error) {
  // Never leave the product running behind a failed start.
  await server.stop();
  throw error;
}
console.log(`ready: ${server.baseUrl}`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
