import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingAccounts,
  jobs,
  notificationEvents,
  platformConnections,
  sandboxMail,
} from '../../db/schema';
import { startWorker } from '../../jobs/worker';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { invite, signUpAndAccept, subscribe } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';
import {
  createNotificationHandlers,
  notifyPaymentFailed,
  runNotificationSchedule,
  type NotificationDependencies,
} from '.';

type Person = { token: string; email: string };

/*
 * The alerts the scheduler finds by itself (a connection that needs reconnecting, a plan about
 * to lapse) and the failed-payment alert, on a controlled clock: each recorded once however many
 * schedulers run, mailed once per thing and day to the people it is for, and not mailed to
 * whoever switched that kind off (it stays in their list).
 */
describe.each(databaseTargets)('alert scans on %s', (target) => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let manager: Person;
  let viewer: Person;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    owner = await createUser(testApp, 'customer', 'Scan Owner');
    await subscribe(testApp, owner.me.organization.id);
    const join = async (role: 'manager' | 'viewer') => {
      const email = `scan-${role}-${target}@example.com`;
      const { token } = await invite(testApp, owner.token, email, role);
      const member = await signUpAndAccept(testApp, token, email);
      expect(member.status).toBe(200);
      return { token: member.token, email };
    };
    manager = await join('manager');
    viewer = await join('viewer');
    // The joins' own alerts (on the real clock) are not what these tests count.
    await db().delete(jobs);
  });
  afterAll(async () => testApp?.close());

  const db = () => testApp.database.db;
  const organizationId = () => owner.me.organization.id;
  const at = (iso: string): NotificationDependencies => ({
    ...testApp.app.notifications,
    now: () => new Date(iso),
  });
  const setAlerts = async (person: Person, alerts: Record<string, boolean>) => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: bearer(person.token),
      payload: { timeZone: 'UTC', quietHours: null, alerts },
    });
    expect(response.statusCode).toBe(200);
  };
  /** Two schedulers at once, then a third run: what each finds is recorded once. */
  const scan = async (iso: string) => {
    await Promise.all([runNotificationSchedule(at(iso)), runNotificationSchedule(at(iso))]);
    await runNotificationSchedule(at(iso));
  };
  /** Runs the due alert mails with two workers, as of `iso`. */
  const mailAlerts = async (iso: string) => {
    const handlers = createNotificationHandlers(at(iso));
    const workers = [0, 1].map(() => startWorker({ db: db(), handlers, concurrency: 0 }));
    try {
      await Promise.all(workers.map((worker) => worker.drain()));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  };
  const listed = async (person: Person, kind: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: bearer(person.token),
    });
    expect(response.statusCode).toBe(200);
    return response
      .json<{ notifications: { kind: string; title: string }[] }>()
      .notifications.filter((item) => item.kind === kind);
  };
  const mailsTo = (person: Person, subject: string) =>
    db()
      .select({ subject: sandboxMail.subject, html: sandboxMail.html, text: sandboxMail.text })
      .from(sandboxMail)
      .where(
        and(eq(sandboxMail.toAddress, person.email), like(sandboxMail.subject, `%${subject}%`)),
      )
      .orderBy(sandboxMail.createdAt);
  const ownerPerson = (): Person => ({ token: owner.token, email: owner.email });

  it('tells owners and managers once per connection and day it needs reconnecting', async () => {
    await setAlerts(ownerPerson(), { reconnect: true });
    // The manager switched these mails off: the alert stays in their list only.
    await setAlerts(manager, { reconnect: false });
    const [connection] = await db()
      .insert(platformConnections)
      .values({
        organizationId: organizationId(),
        provider: 'youtube',
        externalAccountId: 'UC-scan',
        accountName: 'Nora <Lumen> Channel',
        status: 'reconnect_needed',
        tokenKeyVersion: 1,
        scopes: [],
        updatedAt: new Date('2025-06-15T08:00:00Z'),
      })
      .returning({ id: platformConnections.id });
    const broke = (iso: string) =>
      db()
        .update(platformConnections)
        .set({ status: 'reconnect_needed', updatedAt: new Date(iso) })
        .where(eq(platformConnections.id, connection!.id));

    await scan('2025-06-15T08:05:00Z');
    expect(await listed(ownerPerson(), 'reconnect')).toHaveLength(1);
    expect(await listed(manager, 'reconnect')).toHaveLength(1);
    expect(await listed(viewer, 'reconnect')).toHaveLength(0);
    await mailAlerts('2025-06-15T08:10:00Z');
    const first = await mailsTo(ownerPerson(), 'Reconnect');
    expect(first.map((mail) => mail.subject)).toEqual([
      `Reconnect Nora <Lumen> Channel (YouTube) · ${owner.me.organization.name}`,
    ]);
    expect(first[0]!.html).toContain('Nora &lt;Lumen&gt; Channel');
    expect(first[0]!.html).not.toContain('<Lumen>');
    expect(await mailsTo(manager, 'Reconnect')).toHaveLength(0);
    expect(await mailsTo(viewer, 'Reconnect')).toHaveLength(0);

    // Reconnected and broken again the same day: the same alert, nothing new.
    await db()
      .update(platformConnections)
      .set({ status: 'connected' })
      .where(eq(platformConnections.id, connection!.id));
    await broke('2025-06-15T15:00:00Z');
    await scan('2025-06-15T15:05:00Z');
    await mailAlerts('2025-06-15T15:10:00Z');
    expect(await listed(ownerPerson(), 'reconnect')).toHaveLength(1);
    expect(await mailsTo(ownerPerson(), 'Reconnect')).toHaveLength(1);

    // Still broken the next day, untouched: nothing new either.
    await scan('2025-06-16T08:05:00Z');
    expect(await listed(ownerPerson(), 'reconnect')).toHaveLength(1);

    // Broken again on another day: a new alert and a new mail.
    await broke('2025-06-17T09:00:00Z');
    await scan('2025-06-17T09:05:00Z');
    await mailAlerts('2025-06-17T09:10:00Z');
    expect(await listed(ownerPerson(), 'reconnect')).toHaveLength(2);
    expect(await listed(manager, 'reconnect')).toHaveLength(2);
    expect(await mailsTo(ownerPerson(), 'Reconnect')).toHaveLength(2);
    expect(await mailsTo(manager, 'Reconnect')).toHaveLength(0);
    const events = await db()
      .select({ key: notificationEvents.dedupeKey })
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, 'reconnect'));
    expect(events.map((event) => event.key).sort()).toEqual([
      `reconnect:${connection!.id}:2025-06-15`,
      `reconnect:${connection!.id}:2025-06-17`,
    ]);
  });

  it('tells owners once about a plan about to lapse, and not whoever switched it off', async () => {
    await setAlerts(ownerPerson(), { plan_lapsing: true });
    const account = (values: Partial<typeof billingAccounts.$inferInsert>) =>
      db()
        .update(billingAccounts)
        .set(values)
        .where(eq(billingAccounts.organizationId, organizationId()));

    // Set to cancel on the 17th: within three days of the 15th, not of the 13th.
    await account({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date('2025-06-17T00:00:00Z'),
    });
    await scan('2025-06-13T12:00:00Z');
    expect(await listed(ownerPerson(), 'plan_lapsing')).toHaveLength(0);
    await scan('2025-06-15T12:00:00Z');
    await scan('2025-06-15T18:00:00Z');
    expect((await listed(ownerPerson(), 'plan_lapsing')).map((item) => item.title)).toEqual([
      'Your plan ends on 2025-06-17',
    ]);
    // Money is for owners.
    expect(await listed(manager, 'plan_lapsing')).toHaveLength(0);
    expect(await listed(viewer, 'plan_lapsing')).toHaveLength(0);
    await mailAlerts('2025-06-15T18:05:00Z');
    const mails = await mailsTo(ownerPerson(), 'Your plan ends');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('set to cancel on 2025-06-17');
    expect(await mailsTo(manager, 'Your plan ends')).toHaveLength(0);

    // Then past due, its grace running out on the 19th, and the owner switched these off.
    await setAlerts(ownerPerson(), { plan_lapsing: false });
    await account({
      status: 'past_due',
      cancelAtPeriodEnd: false,
      graceEndsAt: new Date('2025-06-19T00:00:00Z'),
    });
    await scan('2025-06-16T12:00:00Z');
    const items = await listed(ownerPerson(), 'plan_lapsing');
    expect(items).toHaveLength(2);
    // Nobody wants it mailed, so no mail is even queued.
    expect(
      await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.queue, 'notifications-alert-mail'), eq(jobs.status, 'queued'))),
    ).toHaveLength(0);
    await mailAlerts('2025-06-16T12:05:00Z');
    expect(await mailsTo(ownerPerson(), 'Your plan ends')).toHaveLength(1);
    await setAlerts(ownerPerson(), { plan_lapsing: true });
  });

  it('groups failed payments of one day into one mail to the owners; the next day mails again', async () => {
    await setAlerts(ownerPerson(), { payment_failed: true });
    const failed = (invoiceId: string, iso: string) =>
      notifyPaymentFailed(
        db(),
        { organizationId: organizationId(), invoiceId, amountCents: 1900, currency: 'usd' },
        { now: new Date(iso) },
      );
    // Two failures before the mail goes, one retried webhook: one mail with both.
    await failed('in_scan_a', '2025-06-15T12:00:00Z');
    await failed('in_scan_b', '2025-06-15T12:01:00Z');
    await failed('in_scan_a', '2025-06-15T12:01:30Z');
    await mailAlerts('2025-06-15T12:05:00Z');
    const firstDay = await mailsTo(ownerPerson(), 'payment failed');
    expect(firstDay.map((mail) => mail.subject)).toEqual([
      `2 updates: A payment failed · ${owner.me.organization.name}`,
    ]);
    // Later the same day: listed, but the day's mail went already.
    await failed('in_scan_c', '2025-06-15T16:00:00Z');
    await mailAlerts('2025-06-15T16:05:00Z');
    expect(await mailsTo(ownerPerson(), 'payment failed')).toHaveLength(1);
    expect(await listed(ownerPerson(), 'payment_failed')).toHaveLength(3);
    expect(await listed(manager, 'payment_failed')).toHaveLength(0);

    // The next day: a new mail.
    await failed('in_scan_d', '2025-06-16T10:00:00Z');
    await mailAlerts('2025-06-16T10:05:00Z');
    expect((await mailsTo(ownerPerson(), 'payment failed')).map((mail) => mail.subject)).toEqual([
      `2 updates: A payment failed · ${owner.me.organization.name}`,
      `A payment failed · ${owner.me.organization.name}`,
    ]);

    // Switched off: listed, never mailed.
    await setAlerts(ownerPerson(), { payment_failed: false });
    await failed('in_scan_e', '2025-06-17T10:00:00Z');
    await mailAlerts('2025-06-17T10:05:00Z');
    expect(await listed(ownerPerson(), 'payment_failed')).toHaveLength(5);
    expect(await mailsTo(ownerPerson(), 'payment failed')).toHaveLength(2);
  });
});
