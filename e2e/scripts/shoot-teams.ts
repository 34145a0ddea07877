// Screenshots of the teams screens in both themes and two widths:
// `npx tsx scripts/shoot-teams.ts <outDir>` (starts its own server).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, demoAccounts, launchBrowser, newPage, signIn } from '../support/browser';
import { startServer } from '../support/server';

const [outDir = '/tmp/shots-teams'] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const server = await startServer();
const api = async (method: string, url: string, token: string | null, body?: unknown) => {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      origin: server.baseUrl,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return response;
};
async function tokenFor(email: string): Promise<string> {
  const signedIn = await api('POST', '/api/auth/sign-in/email', null, {
    email,
    password: DEMO_PASSWORD,
  });
  const cookie = (signedIn.headers.getSetCookie?.() ?? [])
    .map((value) => value.split(';')[0])
    .join('; ');
  const response = await fetch(`${server.baseUrl}/api/auth/token`, { headers: { cookie } });
  return ((await response.json()) as { token: string }).token;
}

const owner = await tokenFor(demoAccounts.customer);
const admin = await tokenFor(demoAccounts.admin);
const asViewer = (await (
  await api('POST', '/api/v1/team/invitations', owner, {
    email: demoAccounts.admin,
    role: 'viewer',
  })
).json()) as { invitation: { url: string } };
await api(
  'POST',
  `/api/v1/invitations/${asViewer.invitation.url.split('/').pop()}/accept`,
  admin,
  {},
);
const pending = (await (
  await api('POST', '/api/v1/team/invitations', owner, {
    email: 'sam.manager@example.com',
    role: 'manager',
  })
).json()) as { invitation: { url: string } };
const invitePath = new URL(pending.invitation.url).pathname;

const browser = await launchBrowser();
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      const shot = async (name: string, page: Page) => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        await page.screenshot({
          path: path.join(outDir, `${name}-${scheme}-${width}.png`),
          fullPage: name === 'team',
        });
      };
      const options = { colorScheme: scheme, width, height: 900 };
      const ownerPage = await newPage(browser, server.baseUrl, options);
      await signIn(ownerPage.page, demoAccounts.customer);
      await ownerPage.page.goto('/settings/team');
      await shot('team', ownerPage.page);
      await ownerPage.context.close();

      const viewerPage = await newPage(browser, server.baseUrl, options);
      await signIn(viewerPage.page, demoAccounts.admin);
      await viewerPage.page.goto('/settings/profile');
      await viewerPage.page.getByRole('button', { name: /Switch artist/ }).click();
      await shot('switcher', viewerPage.page);
      // Into the artist they view: the app reopens there, read-only.
      await viewerPage.page.getByRole('button', { name: /Nora Lumen Music/ }).click();
      await viewerPage.page.waitForURL((url) => url.pathname === '/dashboard');
      await viewerPage.page
        .getByRole('button', { name: 'Artist: Nora Lumen Music. Switch artist' })
        .waitFor();
      await viewerPage.page.goto('/settings/profile');
      await shot('viewer-profile', viewerPage.page);
      await viewerPage.page.getByRole('button', { name: /Switch artist/ }).click();
      await viewerPage.page.getByRole('button', { name: 'Create artist' }).click();
      await shot('create-artist', viewerPage.page);
      await viewerPage.context.close();

      const stranger = await newPage(browser, server.baseUrl, options);
      await stranger.page.goto(invitePath);
      await shot('invite', stranger.page);
      await stranger.context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots in ${outDir}`);
