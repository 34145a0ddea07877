import crypto from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './form';
import {
  PAYMENT_DECLINED_MESSAGE,
  PAYMENT_ERROR_MESSAGE,
  PAYMENT_INTENT_NOT_FOUND,
} from './options';
import { decidePaymentOutcome, validatePaymentMethod } from './outcome';
import { paymentsSandbox } from './plugin';
import { PaymentsSandbox } from './sandbox';
import { signWebhookPayload } from './signature';

const card = (number: string) => ({ type: 'card' as const, number, expiry: '12 / 34', cvc: '123' });

describe('payments sandbox', () => {
  it('Stripe’s test cards force their outcome whatever the odds say', () => {
    for (const roll of [0, 0.5, 0.9, 0.99]) {
      expect(decidePaymentOutcome(card('4242 4242 4242 4242'), () => roll)).toEqual({
        status: 'succeeded',
      });
      expect(decidePaymentOutcome(card('4000 0000 0000 0002'), () => roll)).toMatchObject({
        status: 'declined',
        code: 'card_declined',
        message: PAYMENT_DECLINED_MESSAGE,
      });
      expect(decidePaymentOutcome(card('4000000000009995'), () => roll)).toMatchObject({
        status: 'declined',
        code: 'insufficient_funds',
        message: 'Your card was declined due to insufficient funds.',
      });
    }
  });

  it('other cards and PayPal follow the spec: 85 % success, 10 % declined, 5 % error', () => {
    const outcomes = (roll: number) =>
      [card('5555 5555 5555 4444'), { type: 'paypal' as const }].map(
        (method) => decidePaymentOutcome(method, () => roll).status,
      );
    expect(outcomes(0)).toEqual(['succeeded', 'succeeded']);
    expect(outcomes(0.8499)).toEqual(['succeeded', 'succeeded']);
    expect(outcomes(0.85)).toEqual(['declined', 'declined']);
    expect(outcomes(0.9499)).toEqual(['declined', 'declined']);
    expect(outcomes(0.95)).toEqual(['error', 'error']);
    expect(decidePaymentOutcome({ type: 'paypal' }, () => 0.99)).toEqual({
      status: 'error',
      message: PAYMENT_ERROR_MESSAGE,
    });
    expect(PAYMENT_ERROR_MESSAGE).toBe('An unexpected error occurred. Please try again.');
  });

  it('takes 300 to 1000 ms per payment attempt by default', () => {
    const at = (roll: number) =>
      new PaymentsSandbox({ webhookSecret: 'whsec_x', random: () => roll }).latencyMs();
    expect(at(0)).toBe(300);
    expect(at(0.5)).toBe(650);
    expect(at(0.99999)).toBe(1000);
  });

  it('checks what was typed: Luhn, expiry, CVC', () => {
    expect(validatePaymentMethod(card('4242 4242 4242 4241'))).toBe('Your card number is invalid.');
    expect(validatePaymentMethod({ ...card('4242424242424242'), expiry: '13/30' })).toBe(
      'Enter the expiry date as MM / YY.',
    );
    expect(validatePaymentMethod({ ...card('4242424242424242'), cvc: '1' })).toMatch(
      /security code/,
    );
    expect(validatePaymentMethod(card('4242424242424242'))).toBeNull();
  });

  it('decodes Stripe’s bracketed form encoding', () => {
    expect(
      parseStripeForm(
        'mode=subscription&line_items[0][price]=price_a&line_items[0][quantity]=1&metadata[org]=o1&expand[0]=default_payment_method',
      ),
    ).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_a', quantity: '1' }],
      metadata: { org: 'o1' },
      expand: ['default_payment_method'],
    });
  });

  it('signs like Stripe: t=…,v1=HMAC-SHA256 of "t.payload"', () => {
    const expected = crypto
      .createHmac('sha256', 'whsec_test')
      .update('1700000000.{"id":"evt_1"}')
      .digest('hex');
    expect(signWebhookPayload('{"id":"evt_1"}', 'whsec_test', 1700000000)).toBe(
      `t=1700000000,v1=${expected}`,
    );
  });

  it('answers Stripe’s errors for a wrong key and unknown objects; unknown checkout pages say so', async () => {
    const app = Fastify();
    await app.register(paymentsSandbox, {
      prefix: '/pay',
      webhookSecret: 'whsec_x',
      secretKey: 'sk_test_this_install',
    });
    const noKey = await app.inject({ method: 'GET', url: '/pay/v1/subscriptions/sub_1' });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().error.type).toBe('invalid_request_error');
    const missing = await app.inject({
      method: 'GET',
      url: '/pay/v1/subscriptions/sub_1',
      headers: { authorization: 'Bearer sk_test_this_install' },
    });
    expect(missing.statusCode).toBe(404);
    const page = await app.inject({ method: 'GET', url: '/pay/checkout/cs_test_nope' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(PAYMENT_INTENT_NOT_FOUND);
    await app.close();
  });

  it('with persistence, a new instance finds what the previous one sold (restart)', async () => {
    const records = new Map<string, string>();
    const persistence = {
      loadAll: async () =>
        [...records].map(([key, json]) => [key, JSON.parse(json)] as [string, unknown]),
      save: async (entries: [string, unknown][]) => {
        for (const [key, value] of entries) records.set(key, JSON.stringify(value));
      },
    };
    const auth = { authorization: 'Bearer sk_test_this_install' };
    const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };
    const start = async () => {
      const app = Fastify();
      await app.register(paymentsSandbox, {
        prefix: '/pay',
        webhookSecret: 'whsec_x',
        instance: new PaymentsSandbox({
          webhookSecret: 'whsec_x',
          secretKey: 'sk_test_this_install',
          persistence,
          minDelayMs: 0,
          maxDelayMs: 0,
        }),
      });
      return app;
    };
    const first = await start();
    const customer = await first.inject({
      method: 'POST',
      url: '/pay/v1/customers',
      headers: form,
      payload: 'email=a%40example.com',
    });
    const customerId = customer.json<{ id: string }>().id;
    const session = await first.inject({
      method: 'POST',
      url: '/pay/v1/checkout/sessions',
      headers: form,
      payload: `mode=subscription&customer=${customerId}&line_items[0][price]=price_sandbox_pro&line_items[0][quantity]=1&success_url=http%3A%2F%2Flocalhost%2Fok&cancel_url=http%3A%2F%2Flocalhost%2Fno`,
    });
    expect(session.statusCode, session.body).toBe(200);
    const sessionId = session.json<{ id: string }>().id;
    const paid = await first.inject({
      method: 'POST',
      url: `/pay/checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=card&cardNumber=4242424242424242&expiry=12%20%2F%2034&cvc=123',
    });
    expect(paid.statusCode).toBe(303);
    await first.close();

    const second = await start();
    const read = await second.inject({
      method: 'GET',
      url: `/pay/v1/checkout/sessions/${sessionId}`,
      headers: auth,
    });
    expect(read.json()).toMatchObject({ status: 'complete', customer: customerId });
    const subscriptionId = read.json<{ subscription: string }>().subscription;
    const subscription = await second.inject({
      method: 'GET',
      url: `/pay/v1/subscriptions/${subscriptionId}`,
      headers: auth,
    });
    expect(subscription.statusCode).toBe(200);
    expect(subscription.json()).toMatchObject({ status: 'active', customer: customerId });
    await second.close();
  });
});
