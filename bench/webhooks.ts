/**
 * Stripe webhook handling on PGlite, in-process (the payments sandbox stands in for Stripe and
 * every event re-reads its subscription from it, as with real Stripe).
 * 1. Latency: signed `customer.subscription.updated` events, each reporting a real change, sent
 *    open-loop at 50 events/s for `--seconds`; p50/p95/p99 of the webhook's answer (target p95
 *    ≤ 20 ms). The machine's load average is recorded beside the figures.
 * 2. Correctness: 1,000 events (900 distinct + 100 duplicates) in shuffled order, 10 in flight,
 *    after the provider's state moved on without telling anyone: every organisation must end in
 *    the provider's state (plan, cancel at period end, tier), every event processed exactly once.
 * Usage: npx tsx bench/webhooks.ts [--seconds=10] [--organizations=40]
 */
import os from 'node:os';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { getPlan, type PaidPlanId } from '@crescendo/contracts';
import { billingAccounts, billingEvents, users } from '../apps/api/src/db/schema';
import {
  buildTestApp,
  createUser,
  testAppUrl,
  type SignedInUser,
} from '../apps/api/src/testing/build-test-app';
import { writeResult } from './lib/server';

const argument = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const seconds = Number(argument('seconds', '10'));
const organizationCount = Number(argument('organizations', '40'));
const ratePerSecond = 50;

const testApp = await buildTestApp('pglite', { captureLogs: process.env.BENCH_LOGS === 'true' });
const { app } = testApp;
const sandbox = app.paymentsSandbox!;
const signer = new Stripe('sk_test_signer_only');
const secret = sandbox.options.webhookSecret;
const prices: Record<PaidPlanId, string> = {
  starter: 'price_sandbox_starter',
  pro: 'price_sandbox_pro',
  team: 'price_sandbox_team',
};

type Subscriber = {
  user: SignedInUser;
  organizationId: string;
  subscriptionId: string;
  customerId: string;
};

async function subscribe(user: SignedInUser): Promise<Subscriber> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/stripe/create-checkout-session',
    headers: { authorization: `Bearer ${user.token}` },
    payload: {
      priceId: prices.starter,
      successUrl: `${testAppUrl}/success`,
      cancelUrl: `${testAppUrl}/cancel`,
    },
  });
  const sessionId = new URL(created.json<{ url: string }>().url).pathname.split('/').pop()!;
  const paid = await app.inject({
    method: 'POST',
    url: `/payments-sandbox/checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'method=card&cardNumber=4242424242424242&expiry=12%2F34&cvc=123',
  });
  if (paid.statusCode !== 303) throw new Error(`payment answered ${paid.statusCode}`);
  const [account] = await testApp.database.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, user.me.organization.id));
  return {
    user,
    organizationId: user.me.organization.id,
    subscriptionId: account!.subscriptionId!,
    customerId: account!.customerId,
  };
}

let eventCounter = 0;
function signedEvent(subscriber: Subscriber, type: string, id = `evt_bench_${++eventCounter}`) {
  const body = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: type.startsWith('invoice.')
        ? {
            id: `in_${id}`,
            object: 'invoice',
            customer: subscriber.customerId,
            number: null,
            status: 'paid',
            amount_due: 900,
            amount_paid: 900,
            currency: 'usd',
            created: Math.floor(Date.now() / 1000),
            parent: {
              type: 'subscription_details',
              subscription_details: { subscription: subscriber.subscriptionId },
            },
          }
        : { id: subscriber.subscriptionId, customer: subscriber.customerId },
    },
  });
  return { id, body, header: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

async function deliver(event: { body: string; header: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
    payload: event.body,
  });
  if (response.statusCode !== 200) {
    const errors = testApp.logs.filter((line) => line.includes('"level":50')).slice(-1);
    throw new Error(
      `webhook answered ${response.statusCode}: ${response.body}\n${errors.join('')}`,
    );
  }
  return response.json<{ duplicate: boolean }>();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

console.log(`subscribing ${organizationCount} organisations…`);
const subscribers: Subscriber[] = [];
for (let index = 0; index < organizationCount; index += 1) {
  subscribers.push(await subscribe(await createUser(testApp, 'lead')));
}

// 0. Service time: one event at a time (no queueing), each a real change.
const serial: number[] = [];
for (let index = 0; index < 100; index += 1) {
  const subscriber = subscribers[index % subscribers.length]!;
  const subscription = sandbox.store.subscriptions.get(subscriber.subscriptionId)!;
  subscription.cancelAtPeriodEnd = !subscription.cancelAtPeriodEnd;
  const began = performance.now();
  await deliver(signedEvent(subscriber, 'customer.subscription.updated'));
  serial.push(performance.now() - began);
}
serial.sort((a, b) => a - b);
const serviceTime = {
  events: serial.length,
  p50Ms: Number(percentile(serial, 50).toFixed(2)),
  p95Ms: Number(percentile(serial, 95).toFixed(2)),
};
console.log('service time (one at a time)', serviceTime);

// 1. Latency at 50 events/s, open loop: each event starts on its own schedule.
const total = seconds * ratePerSecond;
const latencies: number[] = [];
const start = performance.now();
await Promise.all(
  Array.from({ length: total }, async (_, index) => {
    const due = start + (index * 1000) / ratePerSecond;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    // Each event reports a real change (cancel at period end toggled), so each one writes.
    const subscriber = subscribers[index % subscribers.length]!;
    const subscription = sandbox.store.subscriptions.get(subscriber.subscriptionId)!;
    subscription.cancelAtPeriodEnd = !subscription.cancelAtPeriodEnd;
    const event = signedEvent(subscriber, 'customer.subscription.updated');
    const began = performance.now();
    await deliver(event);
    latencies.push(performance.now() - began);
  }),
);
latencies.sort((a, b) => a - b);
const latency = {
  events: total,
  ratePerSecond,
  p50Ms: Number(percentile(latencies, 50).toFixed(2)),
  p95Ms: Number(percentile(latencies, 95).toFixed(2)),
  p99Ms: Number(percentile(latencies, 99).toFixed(2)),
  maxMs: Number(latencies.at(-1)!.toFixed(2)),
};
console.log('latency', latency);

// 2. The provider's state moves on silently; 1,000 shuffled events (10 % duplicates) follow.
const planIds: PaidPlanId[] = ['starter', 'pro', 'team'];
const expected = new Map<string, { plan: PaidPlanId; cancelAtPeriodEnd: boolean }>();
subscribers.forEach((subscriber, index) => {
  const plan = planIds[index % 3]!;
  const cancelAtPeriodEnd = index % 2 === 0;
  const subscription = sandbox.store.subscriptions.get(subscriber.subscriptionId)!;
  subscription.priceId = prices[plan];
  subscription.cancelAtPeriodEnd = cancelAtPeriodEnd;
  expected.set(subscriber.organizationId, { plan, cancelAtPeriodEnd });
});
const types = ['customer.subscription.updated', 'customer.subscription.created', 'invoice.paid'];
const distinct = Array.from({ length: 900 }, (_, index) =>
  signedEvent(subscribers[index % subscribers.length]!, types[index % types.length]!),
);
const duplicates = Array.from({ length: 100 }, (_, index) => distinct[(index * 9) % 900]!);
const shuffled = [...distinct, ...duplicates]
  .map((event) => ({ event, key: Math.random() }))
  .sort((a, b) => a.key - b.key)
  .map(({ event }) => event);
let duplicateAnswers = 0;
const queue = [...shuffled];
const correctnessStart = performance.now();
await Promise.all(
  Array.from({ length: 10 }, async () => {
    for (let event = queue.shift(); event; event = queue.shift()) {
      if ((await deliver(event)).duplicate) duplicateAnswers += 1;
    }
  }),
);
const correctnessMs = performance.now() - correctnessStart;

const db = testApp.database.db;
let wrong = 0;
for (const subscriber of subscribers) {
  const want = expected.get(subscriber.organizationId)!;
  const [account] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, subscriber.organizationId));
  const [member] = await db
    .select({ tier: users.tier, role: users.role })
    .from(users)
    .where(eq(users.organizationId, subscriber.organizationId));
  const isRight =
    account?.planId === want.plan &&
    account.cancelAtPeriodEnd === want.cancelAtPeriodEnd &&
    account.status === 'active' &&
    member?.tier === getPlan(want.plan).id &&
    member.role === 'customer';
  if (!isRight) wrong += 1;
}
const benchEvents = (
  await db
    .select({
      id: billingEvents.id,
      status: billingEvents.status,
      attempts: billingEvents.attempts,
    })
    .from(billingEvents)
).filter((row) => row.id.startsWith('evt_bench_'));
const correctness = {
  delivered: shuffled.length,
  distinctEvents: distinct.length,
  duplicateDeliveries: duplicates.length,
  answeredDuplicate: duplicateAnswers,
  distinctStored: benchEvents.length - total - serial.length,
  processedOnce: benchEvents.every((row) => row.status === 'processed' && row.attempts === 1),
  organizations: subscribers.length,
  organizationsInWrongState: wrong,
  totalMs: Math.round(correctnessMs),
};
console.log('correctness', correctness);

const passed =
  latency.p95Ms <= 20 &&
  wrong === 0 &&
  duplicateAnswers === duplicates.length &&
  correctness.distinctStored === distinct.length &&
  correctness.processedOnce;
writeResult('webhooks-pglite', {
  date: new Date().toISOString(),
  loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
  cpus: os.cpus().length,
  serviceTime,
  latency,
  correctness,
  targets: { p95Ms: 20, organizationsInWrongState: 0 },
  passed,
});
await testApp.close();
if (!passed) process.exitCode = 1;
