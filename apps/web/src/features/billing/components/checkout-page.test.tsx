import { paymentsNotSetUpMessage, plans, type BillingPlansResponse } from '@crescendo/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installApiRoutes } from '@/testing/api-routes';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { CheckoutPage } from './checkout-page';

const plansResponse: BillingPlansResponse = {
  currentPlan: 'free',
  plans: plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    priceCents: plan.priceCents,
    priceId: plan.id === 'free' ? null : `price_${plan.id}`,
    isCurrent: plan.id === 'free',
  })),
};

let api: ReturnType<typeof installApiRoutes>;
beforeEach(() => {
  api = installApiRoutes({ 'GET /v1/billing/plans': () => ({ status: 200, data: plansResponse }) });
});
afterEach(() => api.restore());

describe('Checkout', () => {
  it('says in words why checkout cannot start when the server has no payment provider', async () => {
    api.routes['POST /v1/stripe/create-checkout-session'] = () => ({
      status: 503,
      data: { error: { code: 'SERVICE_UNAVAILABLE', message: paymentsNotSetUpMessage } },
    });
    renderRoutes([{ path: '/checkout', element: <CheckoutPage /> }], {
      initialEntries: ['/checkout?plan=pro'],
      adapter: createFakeIdentity().adapter,
    });
    fireEvent.click(await screen.findByRole('button', { name: /continue to payment/i }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Checkout could not start');
    expect(alert.textContent).toContain(paymentsNotSetUpMessage);
    expect(alert.textContent).not.toMatch(/server error|status code|503/i);
    // The write was sent once, not retried behind the person's back.
    expect(
      api.requests.filter((request) => request.url === '/v1/stripe/create-checkout-session'),
    ).toHaveLength(1);
  });
});
