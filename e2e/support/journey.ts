import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** Try Again once the server is back: the screen goes and `recovered` shows. */
export async function recoverWithTryAgain(page: Page, recovered: () => Promise<void>) {
  await page.getByRole('button', { name: 'Try Again' }).click();
  await recovered();
  await page.getByRole('heading', { name: 'Connection Problem' }).waitFor({ state: 'detached' });
}
