import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startServer, type RunningServer } from './server';
import { signedInPage } from './session';

/** A spec's product, browser and one signed-in page; `close` ends all three. */
export type SignedInJourney = {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
};

/** Starts the product (with `env`) and a browser, and signs `email` in: a spec's `before`. */
export async function startSignedInJourney(
  email: string,
  env: Record<string, string> = {},
): Promise<SignedInJourney> {
  const server = await startServer(env);
  const browser = await launchBrowser();
  const { context, page } = await signedInPage(browser, server.baseUrl, email);
  return {
    server,
    browser,
    context,
    page,
    close: async () => {
      await context.close();
      await browser.close();
      await server.stop();
    },
  };
}

/** What an outage journey does with its own server. */
export type Outage = {
  page: Page;
  /** Stops the server, keeping its data; answers when it stopped (ms since the epoch). */
  goDown: () => Promise<number>;
  /** Starts it again on the same port and data dir. */
  comeBack: () => Promise<void>;
};

/**
 * Runs `journey` in a fresh page on a server of its own (no demo connections), which the journey
 * stops and restarts; whatever happens, the server is stopped at the end.
 */
export async function withOutage(
  browser: Browser,
  journey: (outage: Outage) => Promise<void>,
): Promise<void> {
  const env = { SEED_DEMO_CONNECTIONS: 'false' };
  const own = await startServer(env);
  let running: RunningServer | null = own;
  try {
    const { context, page } = await newPage(browser, own.baseUrl);
    await journey({
      page,
      goDown: async () => {
        await own.stop({ keepData: true });
        running = null;
        return Date.now();
      },
      comeBack: async () => {
        running = await startServer(env, { port: own.port, dataDir: own.dataDir });
      },
    });
    await context.close();
  } finally {
    if (running) await running.stop();
    else await own.stop();
  }
}

/** The Connection Problem screen and the Connection Error toast, within 5 s of the outage. */
export async function expectConnectionProblem(page: Page, stoppedAt: number): Promise<void> {
  await page.getByRole('heading', { name: 'Connection Problem' }).waitFor({ timeout: 5_000 });
  assert.ok(Date.now() - stoppedAt < 5_000);
  await page.getByText('Connection Error', { exact: true }).waitFor();
}

/**
 * Brings the server back, then Try Again: the screen goes and `recovered` shows. Until Try Again
 * is clicked, the page's API requests other than its health check are held: any answer makes the
 * app reachable again (a query's retry reaching the restarted server would take the screen away
 * before the click, as it did in a CI run), and this is about the button.
 */
export async function recoverWithTryAgain(
  page: Page,
  comeBack: () => Promise<void>,
  recovered: () => Promise<void>,
) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const isHeld = (url: URL) => url.pathname.startsWith('/api/') && url.pathname !== '/api/health';
  const hold = async (route: Route) => {
    await released;
    await route.continue().catch(() => {});
  };
  await page.route(isHeld, hold);
  try {
    await comeBack();
    await page.getByRole('button', { name: 'Try Again' }).click();
  } finally {
    release();
  }
  await recovered();
  await page.getByRole('heading', { name: 'Connection Problem' }).waitFor({ state: 'detached' });
  await page.unroute(isHeld, hold);
}
