import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insights,
  jobs,
  notificationMails,
  notificationPreferences,
  notificationRecipients,
  sandboxMail,
} from '../../db/schema';
import { startWorker } from '../../jobs/worker';
import {
  bearer,
  createUser,
  type SignedInUser,
  type TestApp,
  buildTestApp,
} from '../../testing/build-test-app';
import { invite, signUpAndAccept } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';
import {
  createNotificationHandlers,
  notifyImportFinished,
  notifyPaymentFailed,
  queueDueDigests,
  runNotificationSchedule,
  type NotificationDependencies,
} from '.';
import { claimDigestNow } from './events.repository';

describe.each(databaseTargets)('notifications on %s', (target) => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    owner = await createUser(testApp, 'customer', 'Juniper <b>Vale</b>');
    stranger = await createUser(testApp, 'customer');
  });
  afterAll(async () => testApp?.close());

  const db = () => testApp.database.db;
  const request = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  /** The app's notification dependencies on a pinned clock. */
  const at = (
    iso: string,
    extra: Partial<NotificationDependencies> = {},
  ): NotificationDependencies => ({
    ...testApp.app.notifications,
    now: () => new Date(iso),
    ...extra,
  });
  const mailsTo = async (email: string) =>
    db()
      .select()
      .from(sandboxMail)
      .where(eq(sandboxMail.toAddress, email))
      .orderBy(sandboxMail.createdAt);
  const clearSchedulerState = async () => {
    await db().delete(notificationMails);
    await db().delete(jobs);
  };
  const setPreferences = (token: string, payload: object) =>
    request('PUT', '/api/v1/notifications/preferences', token, payload);

  it('gives an owner the digest by default, keeps settings per person, refuses bad ones', async () => {
    const initial = await request('GET', '/api/v1/notifications/preferences', owner.token);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({
      preferences: {
        digest: { isEnabled: true, dayOfWeek: 1, hour: 9 },
        timeZone: null,
        thresholdPercent: 50,
        quietHours: null,
        alerts: { spike: true, payment_failed: true },
      },
      effectiveTimeZone: 'UTC',
    });
    expect(initial.json().nextDigestAt).toMatch(/T09:00:00.000Z$/);

    const updated = await setPreferences(owner.token, {
      timeZone: 'Europe/Paris',
      alerts: { drop: false },
      thresholdPercent: 80,
      quietHours: { start: 22, end: 7 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      preferences: {
        timeZone: 'Europe/Paris',
        alerts: { drop: false, spike: true },
        thresholdPercent: 80,
      },
      effectiveTimeZone: 'Europe/Paris',
    });
    // Another person's settings are untouched.
    const theirs = await request('GET', '/api/v1/notifications/preferences', stranger.token);
    expect(theirs.json().preferences.thresholdPercent).toBe(50);

    for (const [payload, field] of [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ digest: { hour: 24 } }, 'digest.hour'],
      [{ digest: { dayOfWeek: 0 } }, 'digest.dayOfWeek'],
      [{ quietHours: { start: 5, end: 5 } }, 'quietHours.end'],
      [{ alerts: { nonsense: true } }, 'alerts'],
      [{ thresholdPercent: 2 }, 'thresholdPercent'],
    ] as const) {
      const refused = await setPreferences(owner.token, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(refused.json().error.details.fields)).toContain(field.split('.')[0]);
    }
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/v1/notifications/preferences' }))
        .statusCode,
    ).toBe(401);
    await setPreferences(owner.token, {
      timeZone: null,
      quietHours: null,
      alerts: { drop: true },
      thresholdPercent: 50,
    });
  });

  it('sends this week’s digest now, with a text part, escaped names and one-click unsubscribe headers', async () => {
    const response = await request('POST', '/api/v1/notifications/digest/send-now', owner.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.sentTo).toBe(owner.email);
    expect(body.mailboxUrl).toMatch(/\/sandbox\/mail\//);
    const [mail] = (await mailsTo(owner.email)).filter((row) => row.subject === body.subject);
    expect(mail!.html).toContain('<!doctype html>');
    expect(mail!.text).toContain('Hi Juniper <b>Vale</b>,');
    // The person's name never becomes markup in the HTML part.
    expect(mail!.html).not.toContain('<b>Vale</b>');
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/v1\/notifications\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail!.html).toContain('http://localhost:3000/settings/notifications');

    // Once a minute, whoever asks and whichever process answers.
    const again = await request('POST', '/api/v1/notifications/digest/send-now', owner.token);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('RATE_LIMITED');

    // The mailbox shows the headers and the HTML part in a sandboxed frame.
    const page = await testApp.app.inject({
      method: 'GET',
      url: new URL(body.mailboxUrl).pathname,
    });
    expect(page.body).toContain('List-Unsubscribe-Post');
    expect(page.body).toMatch(
      /<iframe[^>]+sandbox="[^"]*"[^>]+src="\/sandbox\/mail\/[0-9a-f-]+\/html"/,
    );
    const part = await testApp.app.inject({
      method: 'GET',
      url: `${new URL(body.mailboxUrl).pathname}/html`,
    });
    expect(part.statusCode).toBe(200);
    expect(part.headers['content-security-policy']).toContain("default-src 'none'");
    expect(part.body).toBe(mail!.html);
  });

  it('lets a person ask for the digest again only after a whole minute, across a minute’s edge too', async () => {
    const member = { userId: owner.me.user.id, organizationId: owner.me.organization.id };
    const claimAt = (iso: string) => claimDigestNow(db(), member, new Date(iso));
    expect(await claimAt('2030-01-01T12:00:50Z')).toHaveProperty('claim');
    // 15 s later, in the next calendar minute: still within the minute.
    expect(await claimAt('2030-01-01T12:01:05Z')).toEqual({ retryAfterSeconds: 45 });
    expect(await claimAt('2030-01-01T12:01:49Z')).toEqual({ retryAfterSeconds: 1 });
    expect(await claimAt('2030-01-01T12:01:50Z')).toHaveProperty('claim');
    // Two processes asking at once: one claim.
    const both = await Promise.all([
      claimAt('2030-01-01T12:03:00Z'),
      claimAt('2030-01-01T12:03:00Z'),
    ]);
    expect(both.filter((outcome) => 'claim' in outcome)).toHaveLength(1);
  });
  it('unsubscribes with the signed link and no session; an altered link is refused', async () => {
    const [mail] = (await mailsTo(owner.email)).filter((row) => row.headers['List-Unsubscribe']);
    const url = new URL(mail!.headers['List-Unsubscribe']!.slice(1, -1));
    const token = url.searchParams.get('token')!;

    // A GET (a mail scanner) changes nothing: it shows a page whose button posts.
    const shown = await testApp.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<form method="post"');
    expect(
      (await request('GET', '/api/v1/notifications/preferences', owner.token)).json().preferences
        .digest.isEnabled,
    ).toBe(true);

    const [userId, organizationId, , signature] = token.split('.');
    for (const forged of [
      `${userId}.${organizationId}.spike.${signature}`,
      `${stranger.me.user.id}.${organizationId}.digest.${signature}`,
      `${userId}.${organizationId}.digest.${'A'.repeat(43)}`,
      'not-a-token',
    ]) {
      const refused = await testApp.app.inject({
        method: 'POST',
        url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('This unsubscribe link is not valid.');
    }
    const badPage = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/unsubscribe?token=x.y',
    });
    expect(badPage.statusCode).toBe(400);

    // RFC 8058: a POST with the form body, as a mail provider sends it, without any cookie.
    const done = await testApp.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ kind: 'digest', isUnsubscribed: true });
    const after = await request('GET', '/api/v1/notifications/preferences', owner.token);
    expect(after.json().preferences.digest.isEnabled).toBe(false);
    expect(after.json().nextDigestAt).toBeNull();

    // The page's own button: a 303 to the confirmation.
    const fromPage = await testApp.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'from=page',
    });
    expect(fromPage.statusCode).toBe(303);
    const confirmation = await testApp.app.inject({
      method: 'GET',
      url: fromPage.headers.location as string,
    });
    expect(confirmation.body).toContain('You are unsubscribed');
    await setPreferences(owner.token, { digest: { isEnabled: true } });
  });

  it('queues each digest on the person’s day and hour in their zone, across a DST change', async () => {
    await clearSchedulerState();
    await setPreferences(owner.token, {
      timeZone: 'America/New_York',
      digest: { dayOfWeek: 1, hour: 9 },
    });
    await setPreferences(stranger.token, { digest: { isEnabled: false } });
    // Monday 3 March 2025, 09:00 EST = 14:00 UTC.
    expect(await queueDueDigests(at('2025-03-03T13:59:00Z'))).toBe(0);
    expect(await queueDueDigests(at('2025-03-03T14:01:00Z'))).toBe(1);
    expect(await queueDueDigests(at('2025-03-03T14:06:00Z'))).toBe(0);
    // The clocks go forward on the 9th: Monday 10 March, 09:00 EDT = 13:00 UTC.
    expect(await queueDueDigests(at('2025-03-10T12:59:00Z'))).toBe(0);
    expect(await queueDueDigests(at('2025-03-10T13:00:00Z'))).toBe(1);
    const keys = await db()
      .select({ key: notificationMails.mailKey })
      .from(notificationMails)
      .where(eq(notificationMails.userId, owner.me.user.id));
    expect(keys.map((row) => row.key).sort()).toEqual(['digest:2025-W10', 'digest:2025-W11']);
    // A digest whose hour passed long ago (the service was down for a day) waits for next week.
    await clearSchedulerState();
    expect(await queueDueDigests(at('2025-03-11T13:00:00Z'))).toBe(0);
  });

  it('sends nothing twice when the artist moves time zone mid-week', async () => {
    await clearSchedulerState();
    await setPreferences(owner.token, {
      timeZone: 'Asia/Tokyo',
      digest: { dayOfWeek: 1, hour: 9 },
    });
    // Monday 16 June, 09:00 in Tokyo = 00:00 UTC.
    expect(await queueDueDigests(at('2025-06-16T00:01:00Z'))).toBe(1);
    await setPreferences(owner.token, { timeZone: 'America/Los_Angeles' });
    // Monday 16 June, 09:00 in Los Angeles = 16:00 UTC: the same ISO week, already claimed.
    expect(await queueDueDigests(at('2025-06-16T16:01:00Z'))).toBe(0);
    // The week after, on Los Angeles time.
    expect(await queueDueDigests(at('2025-06-23T15:59:00Z'))).toBe(0);
    expect(await queueDueDigests(at('2025-06-23T16:00:00Z'))).toBe(1);
    await setPreferences(owner.token, { timeZone: null });
  });

  it('holds a digest due in quiet hours until they end', async () => {
    await clearSchedulerState();
    await setPreferences(owner.token, {
      timeZone: 'Europe/London',
      digest: { dayOfWeek: 1, hour: 6 },
      quietHours: { start: 22, end: 8 },
    });
    // Monday 16 June 06:00 BST = 05:00 UTC; quiet until 08:00 BST = 07:00 UTC.
    expect(await queueDueDigests(at('2025-06-16T05:00:00Z'))).toBe(1);
    const [job] = await db().select().from(jobs).where(eq(jobs.queue, 'notifications-digest'));
    expect(job!.runAt.toISOString()).toBe('2025-06-16T07:00:00.000Z');
    await setPreferences(owner.token, { timeZone: null, quietHours: null, digest: { hour: 9 } });
  });

  it('sends each digest once with two schedulers and two workers claiming at once', async () => {
    await clearSchedulerState();
    const others = await Promise.all([
      createUser(testApp, 'customer'),
      createUser(testApp, 'customer'),
    ]);
    const people = [owner, ...others];
    for (const person of people)
      await setPreferences(person.token, {
        timeZone: 'UTC',
        digest: { isEnabled: true, dayOfWeek: 1, hour: 9 },
      });
    await setPreferences(stranger.token, { digest: { isEnabled: false } });
    const monday = '2025-06-16T09:02:00Z';
    const counts = await Promise.all([queueDueDigests(at(monday)), queueDueDigests(at(monday))]);
    expect(counts[0]! + counts[1]!).toBe(3);

    const before = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(sandboxMail);
    const handlers = createNotificationHandlers(at(monday));
    const workers = [0, 1].map(() => startWorker({ db: db(), handlers, concurrency: 0 }));
    try {
      await Promise.all(workers.map((worker) => worker.drain()));
      // A scheduler run after the sends finds the week claimed.
      expect(await queueDueDigests(at('2025-06-16T09:07:00Z'))).toBe(0);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    const after = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(sandboxMail);
    expect(Number(after[0]!.count) - Number(before[0]!.count)).toBe(3);
    for (const person of people) {
      const claims = await db()
        .select()
        .from(notificationMails)
        .where(
          and(
            eq(notificationMails.userId, person.me.user.id),
            eq(notificationMails.mailKey, 'digest:2025-W25'),
          ),
        );
      expect(claims.map((claim) => claim.status)).toEqual(['sent']);
    }
  });

  it('alerts once per insight, by each person’s threshold, grouped per thing and day', async () => {
    await clearSchedulerState();
    const organizationId = owner.me.organization.id;
    await setPreferences(owner.token, {
      timeZone: 'UTC',
      quietHours: null,
      thresholdPercent: 50,
      alerts: { spike: true },
    });
    await db()
      .insert(insights)
      .values([
        {
          organizationId,
          key: 'spike:youtube:2025-06-14',
          kind: 'spike',
          platform: 'youtube',
          day: '2025-06-14',
          title: 'YouTube views spiked on 2025-06-14',
          description: '3,000 views, 3.0× your usual 1,000. Led by “<script>alert(1)</script>”.',
          evidence: {
            direction: 'up',
            value: 3000,
            baseline: 1000,
            topContent: [],
            trafficSources: [],
          },
        },
        {
          organizationId,
          key: 'spike:youtube:2025-06-13',
          kind: 'spike',
          platform: 'youtube',
          day: '2025-06-13',
          title: 'YouTube views spiked on 2025-06-13',
          description: '2,000 views, 2.0× your usual 1,000.',
          evidence: {
            direction: 'up',
            value: 2000,
            baseline: 1000,
            topContent: [],
            trafficSources: [],
          },
        },
        {
          organizationId,
          key: 'spike:youtube:2025-06-12',
          kind: 'spike',
          platform: 'youtube',
          day: '2025-06-12',
          title: 'YouTube views rose on 2025-06-12',
          description: '1,300 views.',
          evidence: {
            direction: 'up',
            value: 1300,
            baseline: 1000,
            topContent: [],
            trafficSources: [],
          },
        },
        {
          organizationId,
          key: 'spike:youtube:2024-01-02',
          kind: 'spike',
          platform: 'youtube',
          day: '2024-01-02',
          title: 'An old spike',
          description: 'Long ago.',
          evidence: {
            direction: 'up',
            value: 9000,
            baseline: 1000,
            topContent: [],
            trafficSources: [],
          },
        },
      ]);
    const now = '2025-06-15T12:00:00Z';
    await Promise.all([runNotificationSchedule(at(now)), runNotificationSchedule(at(now))]);
    await runNotificationSchedule(at(now));

    const list = await request('GET', '/api/v1/notifications', owner.token);
    expect(list.statusCode).toBe(200);
    const titles = list.json().notifications.map((item: { title: string }) => item.title);
    // Recent days only, each once; the +30 % one is listed but below the 50 % threshold for mail.
    expect(titles.sort()).toEqual([
      'YouTube views rose on 2025-06-12',
      'YouTube views spiked on 2025-06-13',
      'YouTube views spiked on 2025-06-14',
    ]);
    expect(list.json().unreadCount).toBe(3);
    const wanted = await db()
      .select({ isMailWanted: notificationRecipients.isMailWanted })
      .from(notificationRecipients)
      .where(eq(notificationRecipients.userId, owner.me.user.id));
    expect(wanted.filter((row) => row.isMailWanted)).toHaveLength(2);
    // The stranger (another organisation) hears nothing.
    expect((await request('GET', '/api/v1/notifications', stranger.token)).json().unreadCount).toBe(
      0,
    );

    // One mail job per person and thing; run after the grouping delay, it mails both spikes.
    const alertJobs = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.queue, 'notifications-alert-mail'));
    expect(alertJobs).toHaveLength(1);
    const handlers = createNotificationHandlers(at('2025-06-15T12:05:00Z'));
    const worker = startWorker({ db: db(), handlers, concurrency: 0 });
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) });
    await worker.drain();
    await worker.stop();
    const alertMails = (await mailsTo(owner.email)).filter((mail) =>
      mail.subject.includes('updates'),
    );
    expect(alertMails).toHaveLength(1);
    expect(alertMails[0]!.subject).toContain('2 updates');
    expect(alertMails[0]!.html).not.toContain('<script>alert(1)</script>');
    expect(alertMails[0]!.html).toContain('&lt;script&gt;');
    expect(alertMails[0]!.headers['List-Unsubscribe']).toContain('.spike.');

    const read = await request('POST', '/api/v1/notifications/read', owner.token, {});
    expect(read.json()).toEqual({ unreadCount: 0 });
    const badRead = await request('POST', '/api/v1/notifications/read', owner.token, {
      ids: ['nope'],
    });
    expect(badRead.statusCode).toBe(400);
  });

  it('records payment, import, statement and invitation alerts once, to the right people', async () => {
    const organizationId = owner.me.organization.id;
    const options = { now: new Date('2025-06-15T12:00:00Z') };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await notifyPaymentFailed(
        db(),
        { organizationId, invoiceId: 'in_1', amountCents: 1900, currency: 'usd' },
        options,
      );
      await notifyImportFinished(
        db(),
        {
          organizationId,
          importId: '00000000-0000-4000-8000-000000000001',
          fileName: 'march.csv',
          status: 'failed',
          error: 'Row 3 has no ISRC',
        },
        options,
      );
      await notifyImportFinished(
        db(),
        {
          organizationId,
          importId: '00000000-0000-4000-8000-000000000002',
          fileName: 'distrokid.tsv',
          status: 'done',
          source: 'distrokid',
          statementMonths: ['2025-04-01', '2025-05-01'],
        },
        options,
      );
    }
    const { invitationId, token } = await invite(
      testApp,
      owner.token,
      'new-member@example.com',
      'viewer',
    );
    const member = await signUpAndAccept(testApp, token, 'new-member@example.com');
    expect(member.status).toBe(200);

    const list = (await request('GET', '/api/v1/notifications', owner.token)).json();
    const kinds = list.notifications.map((item: { kind: string }) => item.kind);
    expect(kinds.filter((kind: string) => kind === 'payment_failed')).toHaveLength(1);
    expect(kinds.filter((kind: string) => kind === 'import_failed')).toHaveLength(1);
    expect(kinds.filter((kind: string) => kind === 'statement_arrived')).toHaveLength(2);
    expect(kinds.filter((kind: string) => kind === 'invitation_accepted')).toHaveLength(1);
    expect(
      list.notifications.find((item: { kind: string }) => item.kind === 'invitation_accepted').body,
    ).toContain('viewer');
    expect(invitationId).toBeTruthy();

    // The new viewer: no digest by default, no billing alerts.
    const theirs = await request('GET', '/api/v1/notifications/preferences', member.token);
    expect(theirs.json().preferences.digest.isEnabled).toBe(false);
    await notifyPaymentFailed(
      db(),
      { organizationId, invoiceId: 'in_2', amountCents: 1900, currency: 'usd' },
      options,
    );
    const theirList = (await request('GET', '/api/v1/notifications', member.token)).json();
    expect(theirList.notifications.map((item: { kind: string }) => item.kind)).not.toContain(
      'payment_failed',
    );
    const stored = await db().select().from(notificationPreferences);
    expect(stored.every((row) => row.thresholdPercent >= 5)).toBe(true);
  });
});
