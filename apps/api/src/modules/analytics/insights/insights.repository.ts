import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  analyticsAccounts,
  contentDailyMetrics,
  contentItems,
  dailyTrafficSources,
  insights,
} from '../../../db/schema';
import { prepareStatement } from '../../../db/statement';
import type { Platform } from '../shared/platforms';
import { isAnyOf, toDate } from '../shared/sql';

/** The content that carried a day: most viewed items that day, across platforms. */
export async function listTopContentOfDay(
  db: Database,
  organizationId: string,
  accountIds: string[],
  day: string,
  limit = 3,
) {
  if (accountIds.length === 0) return [];
  const daily = contentDailyMetrics;
  const views = sql<number>`${daily.views}[extract(day from ${day}::date)::int]`;
  return db
    .select({
      id: contentItems.id,
      title: contentItems.title,
      platform: analyticsAccounts.platform,
      views: views.mapWith(Number),
    })
    .from(daily)
    .innerJoin(
      contentItems,
      and(
        eq(contentItems.organizationId, daily.organizationId),
        eq(contentItems.id, daily.contentItemId),
      ),
    )
    .innerJoin(
      analyticsAccounts,
      and(
        eq(analyticsAccounts.organizationId, contentItems.organizationId),
        eq(analyticsAccounts.id, contentItems.accountId),
      ),
    )
    .where(
      and(
        eq(daily.organizationId, organizationId),
        inArray(daily.accountId, accountIds),
        eq(daily.month, sql`date_trunc('month', ${day}::date)::date`),
        sql`${views} is not null`,
      ),
    )
    .orderBy(desc(views))
    .limit(limit);
}

/** Where a day's views came from (YouTube traffic sources), summed over the given accounts. */
export async function listTrafficSourcesOfDay(
  db: Database,
  organizationId: string,
  accountIds: string[],
  day: string,
  limit = 5,
): Promise<{ source: string; views: number }[]> {
  if (accountIds.length === 0) return [];
  const views = sql<string>`sum(${dailyTrafficSources.views})`;
  const rows = await db
    .select({ source: dailyTrafficSources.source, views })
    .from(dailyTrafficSources)
    .where(
      and(
        eq(dailyTrafficSources.organizationId, organizationId),
        inArray(dailyTrafficSources.accountId, accountIds),
        eq(dailyTrafficSources.day, day),
      ),
    )
    .groupBy(dailyTrafficSources.source)
    .orderBy(desc(views), asc(dailyTrafficSources.source))
    .limit(limit);
  return rows.map((row) => ({ source: row.source, views: Number(row.views) }));
}

export type NewInsight = Omit<
  typeof insights.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'seenAt'
>;

/**
 * Stores each finding once per key. A key already stored keeps its id, creation time and seen
 * mark (so it is never announced twice) but takes the latest wording and evidence.
 */
export async function saveInsights(
  db: Database,
  organizationId: string,
  found: NewInsight[],
): Promise<void> {
  // Two accounts of one platform can cross the same milestone: one row per key, the first wins
  // (an upsert may not touch the same row twice in one statement).
  const byKey = new Map<string, NewInsight>();
  for (const insight of found) if (!byKey.has(insight.key)) byKey.set(insight.key, insight);
  if (byKey.size === 0) return;
  await db
    .insert(insights)
    .values([...byKey.values()].map((insight) => ({ ...insight, organizationId })))
    .onConflictDoUpdate({
      target: [insights.organizationId, insights.key],
      set: {
        title: sql.raw(`excluded."title"`),
        description: sql.raw(`excluded."description"`),
        evidence: sql.raw(`excluded."evidence"`),
      },
    });
}

export type StoredInsight = {
  id: string;
  kind: 'spike' | 'milestone';
  platform: Platform | null;
  day: string;
  title: string;
  description: string;
  evidence: Record<string, unknown>;
  createdAt: Date;
  seenAt: Date | null;
};

const selectInsights = prepareStatement<
  {
    id: string;
    kind: StoredInsight['kind'];
    platform: Platform | null;
    day: string;
    title: string;
    description: string;
    evidence: Record<string, unknown> | string;
    created_at: string;
    seen_at: string | null;
  },
  { organizationId: string; from: string; to: string; platforms: Platform[] }
>(sql`select ${insights.id} as id, ${insights.kind} as kind, ${insights.platform} as platform,
      ${insights.day} as day, ${insights.title} as title, ${insights.description} as description,
      ${insights.evidence} as evidence, ${insights.createdAt} as created_at,
      ${insights.seenAt} as seen_at
    from ${insights}
    where ${insights.organizationId} = ${sql.placeholder('organizationId')}
      and ${insights.day} between ${sql.placeholder('from')} and ${sql.placeholder('to')}
      and (${insights.platform} is null or ${isAnyOf(insights.platform, 'platforms')})
    order by ${insights.day} desc, ${insights.kind} asc
    limit 50`);

export async function listInsights(
  db: Database,
  organizationId: string,
  from: string,
  to: string,
  platforms: Platform[],
): Promise<StoredInsight[]> {
  const rows = await selectInsights(db, { organizationId, from, to, platforms });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    platform: row.platform,
    day: row.day,
    title: row.title,
    description: row.description,
    // As Drizzle reads jsonb: drivers that hand back text are parsed here.
    evidence: typeof row.evidence === 'string' ? JSON.parse(row.evidence) : row.evidence,
    createdAt: toDate(row.created_at),
    seenAt: row.seen_at === null ? null : toDate(row.seen_at),
  }));
}

export async function markInsightSeen(
  db: Database,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(insights)
    .set({ seenAt: new Date() })
    .where(
      and(
        eq(insights.organizationId, organizationId),
        eq(insights.id, id),
        isNull(insights.seenAt),
      ),
    )
    .returning({ id: insights.id });
  if (rows.length > 0) return true;
  const existing = await db
    .select({ id: insights.id })
    .from(insights)
    .where(and(eq(insights.organizationId, organizationId), eq(insights.id, id)));
  return existing.length > 0;
}
