import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { jobs } from '../../db/schema';
import { claimJob } from '../../jobs/queue';
import { createTestDatabase, databaseTargets } from '../../testing/test-database';
import {
  dailySyncOffsetMs,
  enqueueConnectionSync,
  enqueueDailySyncs,
  syncQueue,
} from './sync-queue';

const dayMs = 86_400_000;

// Issue 30: the daily refresh is spread over the day, each organisation at its own slot, and
// organisations take turns in the queue.
describe.each(databaseTargets)('daily sync schedule on %s', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(async () => database.close());

  it('queues each organisation’s syncs at its own slot, spread over the 24 hours', async () => {
    const dayStart = new Date('2030-01-01T06:00:00Z');
    const organizations = Array.from({ length: 300 }, () => crypto.randomUUID());
    // Two connections per organisation (YouTube and Meta).
    const connections = organizations.flatMap((organizationId) => [
      { id: crypto.randomUUID(), organizationId },
      { id: crypto.randomUUID(), organizationId },
    ]);
    expect(await enqueueDailySyncs(database.db, connections, dayStart)).toBe(600);
    // Queued again the same day (the schedule job retried): nothing new.
    expect(await enqueueDailySyncs(database.db, connections, dayStart)).toBe(0);

    const rows = await database.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.queue, syncQueue),
          inArray(
            jobs.singletonKey,
            connections.map((connection) => `sync:${connection.id}`),
          ),
        ),
      );
    expect(rows).toHaveLength(600);
    const hours = new Set<number>();
    for (const row of rows) {
      const organizationId = String(row.payload.organizationId);
      const offset = row.runAt.getTime() - dayStart.getTime();
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(dayMs);
      // Its organisation's slot: the same every day, and both connections together.
      expect(offset).toBe(dailySyncOffsetMs(organizationId));
      expect(row.fairnessKey).toBe(organizationId);
      hours.add(Math.floor(offset / 3_600_000));
    }
    // 300 organisations over 24 hours: every hour gets some (all at one time before).
    expect(hours.size).toBe(24);
    // Nothing is due at the schedule's start but the few slots that fall on it.
    const dueAtStart = rows.filter((row) => row.runAt.getTime() === dayStart.getTime());
    expect(dueAtStart.length).toBeLessThan(3);
  });

  it('a "sync now" runs at once even when the daily sync is queued for later', async () => {
    const connection = { id: crypto.randomUUID(), organizationId: crypto.randomUUID() };
    const tomorrow = new Date(Date.now() + dayMs);
    await enqueueDailySyncs(database.db, [connection], tomorrow);
    const { id, isNew } = await enqueueConnectionSync(database.db, connection);
    expect(isNew).toBe(false);
    const claimed = await claimJob(database.db, [syncQueue], 'w1', 30);
    // Other tests' far-future jobs are not due: the one claimed is this connection's.
    expect(claimed?.id).toBe(id);
  });
});
