import { and, eq, inArray, min, sql } from 'drizzle-orm';
import { isOwnAccount } from '../shared/sql';
import type { Database } from '../../../db/client';
import { accountSnapshots, analyticsAccounts, contentSnapshots } from '../../../db/schema';

// Lifetime counts kept per day for platforms that report nothing else (TikTok): the sync writes
// the day's snapshot and reads the day before's to turn the two into daily figures.

export type AccountSnapshotValues = typeof accountSnapshots.$inferInsert;
export type ContentSnapshotValues = typeof contentSnapshots.$inferInsert;
export type AccountSnapshot = typeof accountSnapshots.$inferSelect;
export type ContentSnapshot = typeof contentSnapshots.$inferSelect;

const batchSize = 1000;

/** Writes the day's snapshot of an account and its items; a later sync the same day replaces it. */
export async function upsertSnapshots(
  db: Database,
  account: AccountSnapshotValues,
  items: ContentSnapshotValues[],
): Promise<void> {
  await db
    .insert(accountSnapshots)
    .values(account)
    .onConflictDoUpdate({
      target: [accountSnapshots.organizationId, accountSnapshots.accountId, accountSnapshots.day],
      set: {
        takenAt: sql`excluded.taken_at`,
        followersTotal: sql`excluded.followers_total`,
        likesTotal: sql`excluded.likes_total`,
        contentCount: sql`excluded.content_count`,
      },
    });
  for (let start = 0; start < items.length; start += batchSize) {
    await db
      .insert(contentSnapshots)
      .values(items.slice(start, start + batchSize))
      .onConflictDoUpdate({
        target: [
          contentSnapshots.organizationId,
          contentSnapshots.contentItemId,
          contentSnapshots.day,
        ],
        set: {
          views: sql`excluded.views`,
          likes: sql`excluded.likes`,
          comments: sql`excluded.comments`,
          shares: sql`excluded.shares`,
        },
      });
  }
}

/** An account's snapshot of one day with its items' (by content item id), or null. */
export async function readSnapshotsOfDay(
  db: Database,
  organizationId: string,
  accountId: string,
  day: string,
): Promise<{ account: AccountSnapshot; items: Map<string, ContentSnapshot> } | null> {
  const [account] = await db
    .select()
    .from(accountSnapshots)
    .where(
      and(
        eq(accountSnapshots.organizationId, organizationId),
        eq(accountSnapshots.accountId, accountId),
        eq(accountSnapshots.day, day),
      ),
    );
  if (!account) return null;
  const items = await db
    .select()
    .from(contentSnapshots)
    .where(
      and(
        eq(contentSnapshots.organizationId, organizationId),
        eq(contentSnapshots.accountId, accountId),
        eq(contentSnapshots.day, day),
      ),
    );
  return { account, items: new Map(items.map((item) => [item.contentItemId, item])) };
}

/** The first snapshot day of each of the connections' accounts ("tracked since"). */
export async function listTrackedSince(
  db: Database,
  organizationId: string,
  connectionIds: string[],
): Promise<Map<string, string>> {
  if (connectionIds.length === 0) return new Map();
  const rows = await db
    .select({ connectionId: analyticsAccounts.connectionId, first: min(accountSnapshots.day) })
    .from(accountSnapshots)
    .innerJoin(analyticsAccounts, isOwnAccount(accountSnapshots))
    .where(
      and(
        eq(accountSnapshots.organizationId, organizationId),
        inArray(analyticsAccounts.connectionId, connectionIds),
      ),
    )
    .groupBy(analyticsAccounts.connectionId);
  return new Map(
    rows.flatMap((row) => (row.first ? [[row.connectionId, String(row.first)] as const] : [])),
  );
}
