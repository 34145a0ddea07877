import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export type ContextOptions = {
  colorScheme?: 'light' | 'dark';
  width?: number;
  height?: number;
  /** The browser's time zone (Chromium's own otherwise). */
  timezoneId?: string;
};

export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export const DEMO_PASSWORD = 'crescendo-demo';
export const demoAccounts = {
  admin: 'admin@example.com',
  customer: 'artist@example.com',
  lead: 'lead@example.com',
} as const;

/** Signs in through the embedded provider's own form and waits to leave /login. */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  startPath = '/login',
): Promise<void> {
  await page.goto(startPath);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}
