import { bearer, testAppUrl, type SignedInUser, type TestApp } from './build-test-app';

/**
 * Subscribes the user's active organisation through the payments sandbox as a person would:
 * checkout session, then the hosted page's card form; the sandbox's webhook lands before this
 * returns.
 */
export async function subscribeThroughCheckout(
  testApp: TestApp,
  user: SignedInUser,
  priceId = 'price_sandbox_pro',
): Promise<void> {
  const started = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/create-checkout-session',
    headers: bearer(user.token),
    payload: {
      priceId,
      successUrl: `${testAppUrl}/stripe/success`,
      cancelUrl: `${testAppUrl}/cancel`,
    },
  });
  if (started.statusCode !== 200) throw new Error(`checkout failed: ${started.body}`);
  const sessionId = new URL(started.json<{ url: string }>().url).pathname.split('/').pop()!;
  const paid = await testApp.app.inject({
    method: 'POST',
    url: `/payments-sandbox/checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    }).toString(),
  });
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.statusCode}`);
}
