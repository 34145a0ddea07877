import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage, signIn, type ContextOptions } from './browser';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const states = new Map<string, StorageState>();

/** A page already signed in as `email` (signs in once per process, then reuses the cookies). */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  email: string,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const cached = states.get(`${baseUrl}|${email}`);
  if (cached) {
    const context = await browser.newContext({
      baseURL: baseUrl,
      storageState: cached,
      colorScheme: options.colorScheme ?? 'light',
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { context, page };
  }
  const { context, page } = await newPage(browser, baseUrl, options);
  await signIn(page, email);
  states.set(`${baseUrl}|${email}`, await context.storageState());
  return { context, page };
}

/** Waits until guards and the identity bootstrap have settled. */
export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid="guard-spinner"]') &&
      !document.body.innerText.includes('Initializing...') &&
      Boolean(document.querySelector('main h1, main h2')),
    undefined,
    { timeout: 15_000 },
  );
}

export const FOOTER_TEXT = '© 2024 Crescendo. All rights reserved.';
