import { describe, expect, it } from 'vitest';
import {
  addOneMonth,
  createMockPaymentService,
  PAYMENT_DECLINED_MESSAGE,
  PAYMENT_ERROR_MESSAGE,
  PAYMENT_INTENT_NOT_FOUND,
} from './mock-payments';
import { createSeededRandom } from './random';

function serviceWith(seed: number) {
  const delays: number[] = [];
  const service = createMockPaymentService({
    random: createSeededRandom(seed),
    sleep: async (ms) => void delays.push(ms),
    now: () => new Date('2024-01-31T12:00:00Z'),
  });
  return { service, delays };
}

describe('mock payment service', () => {
  it('creates a processing usd intent with a client secret', async () => {
    const { service } = serviceWith(1);
    const intent = await service.createPaymentIntent(2400, 'pm_card_visa');
    expect(intent).toMatchObject({
      amount: 2400,
      currency: 'usd',
      status: 'processing',
      paymentMethod: { last4: '4242', type: 'card' },
    });
    expect(intent.clientSecret).toContain(intent.id);
  });

  it('simulates 300–1000 ms of latency', async () => {
    const { service, delays } = serviceWith(2);
    for (let index = 0; index < 50; index += 1) await service.createPaymentIntent(100);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...delays)).toBeLessThanOrEqual(1000);
  });

  it('succeeds ~85 %, declines ~10 %, errors ~5 % with the exact messages', async () => {
    const { service } = serviceWith(42);
    const outcomes = { succeeded: 0, declined: 0, error: 0 };
    for (let index = 0; index < 2000; index += 1) {
      const intent = await service.createPaymentIntent(100);
      const result = await service.confirmPayment(intent.id);
      if (result.status === 'succeeded') outcomes.succeeded += 1;
      else if (result.error === PAYMENT_DECLINED_MESSAGE) outcomes.declined += 1;
      else if (result.error === PAYMENT_ERROR_MESSAGE) outcomes.error += 1;
    }
    expect(outcomes.succeeded / 2000).toBeCloseTo(0.85, 1);
    expect(outcomes.declined / 2000).toBeCloseTo(0.1, 1);
    expect(outcomes.error / 2000).toBeCloseTo(0.05, 1);
    expect(outcomes.succeeded + outcomes.declined + outcomes.error).toBe(2000);
  });

  it('is reproducible with the same seed', async () => {
    const run = async () => {
      const { service } = serviceWith(99);
      const results: string[] = [];
      for (let index = 0; index < 20; index += 1) {
        const intent = await service.createPaymentIntent(100);
        results.push((await service.confirmPayment(intent.id)).status);
      }
      return results;
    };
    expect(await run()).toEqual(await run());
  });

  it('reports an unknown intent', async () => {
    const { service } = serviceWith(3);
    expect(await service.confirmPayment('pi_missing')).toEqual({
      status: 'failed',
      intent: null,
      error: PAYMENT_INTENT_NOT_FOUND,
    });
  });

  it('runs subscriptions for one month, active then cancelled', async () => {
    const { service } = serviceWith(4);
    const subscription = await service.createSubscription({
      planId: 'pro',
      userId: 'u1',
      amount: 2400,
    });
    expect(subscription).toMatchObject({
      status: 'active',
      planId: 'pro',
      userId: 'u1',
      amount: 2400,
    });
    expect(subscription.currentPeriodStart).toBe('2024-01-31T12:00:00.000Z');
    expect(subscription.currentPeriodEnd).toBe('2024-02-29T12:00:00.000Z');
    expect((await service.cancelSubscription(subscription.id)).status).toBe('cancelled');
    expect(addOneMonth(new Date('2024-03-15T00:00:00Z')).toISOString()).toBe(
      '2024-04-15T00:00:00.000Z',
    );
  });

  it('lists card and paypal payment methods', async () => {
    const { service } = serviceWith(5);
    const methods = await service.listPaymentMethods();
    expect(methods.map((method) => method.type)).toEqual(
      expect.arrayContaining(['card', 'paypal']),
    );
    expect(methods[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        last4: expect.any(String),
        brand: expect.any(String),
        expiry: expect.any(String),
      }),
    );
  });
});
