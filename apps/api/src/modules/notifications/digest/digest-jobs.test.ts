import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  jobs,
  notificationMails,
  notificationPreferences,
  sandboxMail,
  users,
} from '../../../db/schema';
import { startWorker, type Worker } from '../../../jobs/worker';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../../testing/build-test-app';
import { invite, signUpAndAccept, subscribe } from '../../../testing/teams';
import { databaseTargets } from '../../../testing/test-database';
import {
  createDigestCache,
  createNotificationHandlers,
  defaultDigestSources,
  queueDueDigests,
  type DigestSource,
  type NotificationDependencies,
} from '..';
import type { DigestBatchPayload } from '../notification-queues';

type Person = { token: string; email: string; userId: string };

/*
 * The weekly digest's jobs for an artist with several members: one job per artist and due time
 * composes the figures once and mails each member once, through two schedulers, two workers, a
 * failed send and a worker stopped halfway.
 */
describe.each(databaseTargets)('digest jobs on %s', (target) => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let people: Person[];
  /** How often the artist's figures were composed (a source every digest loads once). */
  let compositions = 0;
  const countingSource: DigestSource = {
    id: 'counting',
    async load() {
      compositions += 1;
      return [];
    },
  };

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    owner = await createUser(testApp, 'customer', 'Artist Owner');
    await subscribe(testApp, owner.me.organization.id);
    people = [{ token: owner.token, email: owner.email, userId: owner.me.user.id }];
    for (const index of [1, 2, 3]) {
      const email = `digest-manager-${index}-${target}@example.com`;
      const { token } = await invite(testApp, owner.token, email, 'manager');
      const member = await signUpAndAccept(testApp, token, email);
      expect(member.status).toBe(200);
      const [row] = await db()
        .select({ id: users.id, ownOrganizationId: users.organizationId })
        .from(users)
        .where(eq(users.email, email));
      people.push({ token: member.token, email, userId: row!.id });
      // Their own sign-up artist would mail them a digest too: only this artist's count here.
      if (row!.ownOrganizationId && row!.ownOrganizationId !== owner.me.organization.id)
        await db().insert(notificationPreferences).values({
          userId: row!.id,
          organizationId: row!.ownOrganizationId,
          isDigestEnabled: false,
        });
    }
  });
  afterAll(async () => testApp?.close());

  beforeEach(async () => {
    await db().delete(notificationMails);
    await db().delete(jobs);
    await db().delete(sandboxMail);
    compositions = 0;
    for (const person of people)
      await setPreferences(person, {
        timeZone: 'UTC',
        quietHours: null,
        digest: { isEnabled: true, dayOfWeek: 1, hour: 9 },
      });
  });

  const db = () => testApp.database.db;
  const organizationId = () => owner.me.organization.id;
  const setPreferences = async (person: Person, payload: object) => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: bearer(person.token),
      payload,
    });
    expect(response.statusCode).toBe(200);
  };
  const at = (
    iso: string,
    extra: Partial<NotificationDependencies> = {},
  ): NotificationDependencies => ({
    ...testApp.app.notifications,
    digestSources: [countingSource, ...defaultDigestSources],
    now: () => new Date(iso),
    ...extra,
  });
  const digestJobs = () => db().select().from(jobs).where(eq(jobs.queue, 'notifications-digest'));
  /** Digest mails per recipient. */
  const digestsByRecipient = async () => {
    const rows = await db()
      .select({ to: sandboxMail.toAddress })
      .from(sandboxMail)
      .where(like(sandboxMail.subject, 'Your week on Crescendo%'));
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.to, (counts.get(row.to) ?? 0) + 1);
    return Object.fromEntries(counts);
  };
  const claimStatuses = async (mailKey: string) => {
    const rows = await db()
      .select({ userId: notificationMails.userId, status: notificationMails.status })
      .from(notificationMails)
      .where(
        and(
          eq(notificationMails.organizationId, organizationId()),
          eq(notificationMails.mailKey, mailKey),
        ),
      );
    return Object.fromEntries(rows.map((row) => [row.userId, row.status]));
  };
  const everyone = (count: number) =>
    Object.fromEntries(people.map((person) => [person.email, count]));

  it('queues one job per artist and due time, composes the figures once per job and mails each member once', async () => {
    const [, inQuietHours, inNewYork] = [people[0]!, people[1]!, people[2]!];
    // Quiet until 12:00 UTC: the same week's digest, in a job of its own that runs then.
    await setPreferences(inQuietHours, { quietHours: { start: 8, end: 12 } });
    // 09:00 in New York is 13:00 UTC: not due yet at 09:02 UTC.
    await setPreferences(inNewYork, { timeZone: 'America/New_York' });

    const monday = '2025-06-16T09:02:00Z';
    const counts = await Promise.all([queueDueDigests(at(monday)), queueDueDigests(at(monday))]);
    expect(counts[0]! + counts[1]!).toBe(3);
    const queued = await digestJobs();
    expect(
      queued
        .map((job) => ({
          runAt: job.runAt.toISOString(),
          userIds: [...(job.payload as DigestBatchPayload).userIds].sort(),
        }))
        .sort((a, b) => a.runAt.localeCompare(b.runAt)),
    ).toEqual([
      {
        runAt: '2025-06-16T09:02:00.000Z',
        userIds: [people[0]!.userId, people[3]!.userId].sort(),
      },
      { runAt: '2025-06-16T12:00:00.000Z', userIds: [inQuietHours.userId] },
    ]);

    // Both jobs are due by the real clock; two workers take them at once (no polling loops: each
    // runs what is due in its drain).
    const handlers = createNotificationHandlers(at(monday));
    const workers = [0, 1].map(() => startWorker({ db: db(), handlers, concurrency: 0 }));
    try {
      await Promise.all(workers.map((worker) => worker.drain()));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    // Once per job, not once per person.
    expect(compositions).toBe(2);
    expect(await digestsByRecipient()).toEqual({
      [people[0]!.email]: 1,
      [inQuietHours.email]: 1,
      [people[3]!.email]: 1,
    });

    // New York's hour: only that member is due; the others' week is claimed.
    expect(await queueDueDigests(at('2025-06-16T12:59:00Z'))).toBe(0);
    expect(await queueDueDigests(at('2025-06-16T13:01:00Z'))).toBe(1);
    // A process with the digest cache composes an artist's figures once across its jobs.
    compositions = 0;
    const cached = createNotificationHandlers(
      at('2025-06-16T13:01:00Z', { digestCache: createDigestCache() }),
    );
    const worker = startWorker({ db: db(), handlers: cached, concurrency: 0 });
    await worker.drain();
    await worker.stop();
    expect(compositions).toBe(1);
    expect(await digestsByRecipient()).toEqual(everyone(1));
    expect(Object.values(await claimStatuses('digest:2025-W25'))).toEqual([
      'sent',
      'sent',
      'sent',
      'sent',
    ]);
  });

  it('puts back what a failed send left unsent; the retry mails only those people', async () => {
    const failing = people[2]!;
    let failures = 0;
    const base = testApp.app.notifications.mailer;
    const mailer: NotificationDependencies['mailer'] = {
      async sendMail(message) {
        if (message.to === failing.email && failures === 0) {
          failures += 1;
          throw new Error('the mail server refused the connection');
        }
        return base.sendMail(message);
      },
    };
    const monday = '2025-06-16T09:02:00Z';
    expect(await queueDueDigests(at(monday))).toBe(4);
    expect(await digestJobs()).toHaveLength(1);

    const handlers = createNotificationHandlers(at(monday, { mailer, digestClaimBatchSize: 2 }));
    const errors: unknown[] = [];
    const worker = startWorker({
      db: db(),
      handlers,
      concurrency: 0,
      retryDelayMs: () => 0,
      onError: (error) => errors.push(error),
    });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    expect(failures).toBe(1);
    expect(String(errors[0])).toContain('refused the connection');
    const [job] = await digestJobs();
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await digestsByRecipient()).toEqual(everyone(1));
    expect(new Set(Object.values(await claimStatuses('digest:2025-W25')))).toEqual(
      new Set(['sent']),
    );
  });

  it('leaves the rest of a job to the next worker when its worker stops halfway, mailing nobody twice', async () => {
    const monday = '2025-06-16T09:02:00Z';
    expect(await queueDueDigests(at(monday))).toBe(4);
    const base = testApp.app.notifications.mailer;
    let first: Worker | null = null;
    let stopping: Promise<void> | null = null;
    const mailer: NotificationDependencies['mailer'] = {
      async sendMail(message) {
        const sent = await base.sendMail(message);
        // A deploy stops the process right after its first mail went.
        stopping ??= first!.stop();
        return sent;
      },
    };
    first = startWorker({
      db: db(),
      handlers: createNotificationHandlers(at(monday, { mailer, digestClaimBatchSize: 1 })),
      concurrency: 0,
    });
    // The stop ends the drain once the job is given back.
    await first.drain();
    expect(stopping).not.toBeNull();
    await stopping;
    const statuses = Object.values(await claimStatuses('digest:2025-W25'));
    expect(statuses.filter((status) => status === 'sent')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'queued')).toHaveLength(3);
    const [job] = await digestJobs();
    // Given back at once, without spending an attempt.
    expect(job).toMatchObject({ status: 'queued', attempts: 0 });

    const next = startWorker({
      db: db(),
      handlers: createNotificationHandlers(at(monday)),
      concurrency: 0,
    });
    try {
      await next.drain();
    } finally {
      await next.stop();
    }
    expect(await digestsByRecipient()).toEqual(everyone(1));
    const claims = await db()
      .select({ status: notificationMails.status })
      .from(notificationMails)
      .where(
        inArray(
          notificationMails.userId,
          people.map((person) => person.userId),
        ),
      );
    expect(claims.map((claim) => claim.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });
});
