import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible } from './support/axe';
import { demoAccounts } from './support/browser';
import { startSignedInJourney, type SignedInJourney } from './support/journey';
import type { RunningServer } from './support/server';
import { waitForSettled } from './support/session';

// Spec §8, word for word.
const DECLINED = 'Your card was declined due to insufficient funds.';

/** The payments sandbox's API key, generated per install in the data dir. */
function readSandboxKey(dataDir: string): string {
  const secret = fs.readFileSync(
    path.join(dataDir, 'secrets', 'payments-sandbox-secret-key'),
    'utf8',
  );
  return `sk_test_${secret.trim()}`;
}

let journey: SignedInJourney;
let server: RunningServer;
let page: Page;

before(async () => {
  // The control API (clock) is off unless asked for.
  journey = await startSignedInJourney(demoAccounts.lead, { PAYMENTS_SANDBOX_CONTROL_API: 'true' });
  ({ server, page } = journey);
});

after(() => journey?.close());

async function fillCard(number: string): Promise<void> {
  await page.getByLabel('Card', { exact: true }).check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

async function readUsagePlan(): Promise<string> {
  await page.goto('/settings/usage');
  await waitForSettled(page);
  return (await page.getByTestId('current-plan').innerText()).trim();
}

describe('a lead buys a plan in the payments sandbox', () => {
  it('pricing → checkout → the sandbox page; a declined card shows the spec’s message and changes nothing', async () => {
    await page.goto('/pricing');
    await waitForSettled(page);
    await page.getByRole('heading', { name: 'Plans & pricing' }).waitFor();
    await page.getByRole('link', { name: 'Choose Pro' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payments-sandbox/checkout/'));
    await page.getByRole('heading', { name: 'Subscribe to Crescendo Pro' }).waitFor();
    await assertAccessible(page, 'sandbox checkout');
    const checkoutUrl = page.url();

    await fillCard('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $24.00' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.innerText()).trim(), DECLINED);

    // Nothing changed: still a lead, the dashboard is still closed.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/access-denied');
    // Cancelling on the provider's page returns to /cancel, which reads that session's state.
    await page.goto(checkoutUrl);
    await page.getByRole('link', { name: 'Cancel and return' }).click();
    await page.waitForURL((url) => url.pathname === '/cancel');
    await page.getByRole('heading', { name: 'Checkout cancelled' }).waitFor();
    await page.getByText('No payment was taken.', { exact: false }).waitFor();
    await page.goto(checkoutUrl);
    await page.getByRole('heading', { name: 'Subscribe to Crescendo Pro' }).waitFor();
  });

  it('4242 4242 4242 4242 pays: the success page reads the outcome, onboarding runs once, usage shows Pro’s limits', async () => {
    await fillCard('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $24.00' }).click();
    await page.waitForURL((url) => url.pathname === '/stripe/success');
    assert.match(new URL(page.url()).searchParams.get('session_id') ?? '', /^cs_/);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    await page.getByText('You’re on the Pro plan.').waitFor();

    // A lead who pays first is a new customer too: onboarding, as for an approved one.
    await page.getByRole('button', { name: 'Go to dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/profile');
    await page.getByRole('heading', { name: 'Set up your artist profile' }).waitFor();
    await page.getByLabel('Country').fill('Portugal');
    await page.getByLabel('City').fill('Lisbon');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/connections');
    // Once: the next sign-in lands on the dashboard, not in onboarding again.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForSettled(page);

    assert.equal(await readUsagePlan(), 'Pro');
    await page.getByRole('progressbar', { name: 'Connected accounts' }).waitFor();
    const accounts = page.getByRole('progressbar', { name: 'Connected accounts' });
    assert.equal(await accounts.getAttribute('aria-valuetext'), '0 of 10');
    const exportsBar = page.getByRole('progressbar', { name: 'Exports this period' });
    assert.equal(await exportsBar.getAttribute('aria-valuetext'), '0 of 100');
    await page.getByText('visa').waitFor();
    await page.getByText('•••• 4242').waitFor();
    await page.getByRole('cell', { name: '$24.00 USD' }).waitFor();
    await assertAccessible(page, 'usage');

    // /pricing marks the plan the artist is on.
    await page.goto('/pricing');
    await waitForSettled(page);
    await page.getByText('Current plan').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Choose Pro' }).count(), 0);
  });

  it('a direct visit to a return page claims no payment', async () => {
    await page.goto('/success');
    await waitForSettled(page);
    await page.getByRole('heading', { name: 'No payment to show' }).waitFor();
    assert.equal(await page.getByText('Payment successful').count(), 0);
    await page.goto('/stripe/success?session_id=cs_test_made_up');
    await page.getByRole('heading', { name: 'We couldn’t find that checkout' }).waitFor();
  });

  it('cancel at period end in the portal keeps Pro until the period ends, then Free', async () => {
    await page.goto('/settings/usage');
    await waitForSettled(page);
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payments-sandbox/portal/'));
    await page.getByRole('heading', { name: 'Manage billing' }).waitFor();
    await assertAccessible(page, 'sandbox portal');
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByRole('status').filter({ hasText: 'Your subscription will end on' }).waitFor();
    await page.getByRole('link', { name: 'Return to Crescendo' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/usage');
    await waitForSettled(page);
    assert.equal((await page.getByTestId('current-plan').innerText()).trim(), 'Pro');
    await page.getByText(/^Ends on /).waitFor();
    await page.goto('/dashboard');
    await waitForSettled(page);
    assert.equal(new URL(page.url()).pathname, '/dashboard');

    // The period ends (the sandbox's clock moves on): the provider ends the subscription.
    const advanced = await fetch(`${server.baseUrl}/payments-sandbox/__control/advance-clock`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${readSandboxKey(server.dataDir)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ seconds: 32 * 24 * 60 * 60 }),
    });
    assert.equal(advanced.status, 200);
    assert.equal(await readUsagePlan(), 'Free');
    const accounts = page.getByRole('progressbar', { name: 'Connected accounts' });
    assert.equal(await accounts.getAttribute('aria-valuetext'), '0 of 2');
  });
});
