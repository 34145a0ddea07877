import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
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

export type TopContent = {
  id: string;
  title: string;
  platform: Platform;
  views: number | null;
};

/**
 * The content that carried each of `days`: its most viewed items that day, across platforms, in
 * one statement for all the days (a sync finds dozens of spikes; one query per day cost a
 * round trip each). Ties are broken by item id so the evidence is stable across re-runs.
 */
export async function listTopContentOfDays(
  db: Database,
  organizationId: string,
  accountIds: string[],
  days: string[],
  limit = 3,
): Promise<Map<string, TopContent[]>> {
  const byDay = new Map<string, TopContent[]>();
  if (accountIds.length === 0 || days.length === 0) return byDay;
  const daily = contentDailyMetrics;
  // The days asked for, each joined to its month rows (decision 0037: a row per item and month,
  // day d of the month at index d of each array).
  const given = sql`unnest(${`{${days.join(',')}}`}::date[]) as given(day)`;
  const views = sql<number>`${daily.views}[extract(day from given.day)::int]`;
  const ranked = db
    .select({
      id: contentItems.id,
      title: contentItems.title,
      platform: analyticsAccounts.platform,
      views: views.as('views'),
      day: sql<string>`given.day::text`.as('day'),
      rank: sql<number>`row_number() over (partition by given.day
        order by ${views} desc, ${contentItems.id})`.as('rank'),
    })
    .from(daily)
    .innerJoin(given, sql`${daily.month} = date_trunc('month', given.day)::date`)
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
        sql`${views} is not null`,
      ),
    )
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(ranked.day, ranked.rank);
  for (const row of rows) {
    const list = byDay.get(row.day) ?? [];
    list.push({ id: row.id, title: row.title, platform: row.platform, views: row.views });
    byDay.set(row.day, list);
  }
  return byDay;
}

/**
 * Where each of `days`' views came from (YouTube traffic sources), summed over the given
 * accounts: the `limit` largest sources per day, in one statement for all the days.
 */
export async function listTrafficSourcesOfDays(
  db: Database,
  organizationId: string,
  accountIds: string[],
  days: string[],
  limit = 5,
): Promise<Map<string, { source: string; views: number }[]>> {
  const byDay = new Map<string, { source: string; views: number }[]>();
  if (accountIds.length === 0 || days.length === 0) return byDay;
  const views = sql<string>`sum(${dailyTrafficSources.views})`;
  const ranked = db
    .select({
      day: dailyTrafficSources.day,
      source: dailyTrafficSources.source,
      views: views.as('views'),
      rank: sql<number>`row_number() over (partition by ${dailyTrafficSources.day}
        order by ${views} desc, ${dailyTrafficSources.source} asc)`.as('rank'),
    })
    .from(dailyTrafficSources)
    .where(
      and(
        eq(dailyTrafficSources.organizationId, organizationId),
        inArray(dailyTrafficSources.accountId, accountIds),
        inArray(dailyTrafficSources.day, days),
      ),
    )
    .groupBy(dailyTrafficSources.day, dailyTrafficSources.source)
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(ranked.day, ranked.rank);
  for (const row of rows) {
    const list = byDay.get(row.day) ?? [];
    list.push({ source: row.source, views: Number(row.views) });
    byDay.set(row.day, list);
  }
  return byDay;
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
