import { type InsightEntry, MalformedResponseError, ProviderError } from '../providers';
import { getAccessToken, recordSyncedThrough } from '../connections';
import { upsertAccount, upsertAccountDaily, type AccountDailyValues } from '../analytics';
import { addDays, formatDay, listDays, mapWithConcurrency } from './days';
import { syncInstagramReachTotals } from './instagram-reach';
import { syncInstagramAudience, syncInstagramMedia } from './instagram-media';
import { currentMetricNames, resolveMetric, type MetricValues } from './metric-catalog';
import { requestConcurrency, type SyncContext, type SyncResult } from './sync-context';

/** Graph allows at most 30 days between since and until, and nothing older than two years. */
const windowDays = 30;
const oldestDay = 729;
/** Instagram data can lag up to 48 hours: later days are not final yet. */
const lagDays = 3;

const instagramTotals = [
  'views',
  'likes',
  'comments',
  'shares',
  'saves',
  'total_interactions',
  'accounts_engaged',
  'profile_links_taps',
];
const instagramSeries = ['reach', 'follower_count'];
const pageMetrics = [
  'page_follows',
  'page_total_media_view_unique',
  'page_media_view',
  'page_post_engagements',
  'page_daily_follows_unique',
  'page_daily_unfollows_unique',
];

function windowsOf(days: string[]): string[][] {
  const windows: string[][] = [];
  for (let start = 0; start < days.length; start += windowDays)
    windows.push(days.slice(start, start + windowDays));
  return windows;
}

/** Daily `values` end at the day's end (Pacific), so the day is the one before `end_time`. */
function dayOfEndTime(endTime: string | undefined): string {
  if (!endTime) throw new MalformedResponseError('Meta insights: a daily value has no end_time');
  return addDays(endTime.slice(0, 10), -1);
}

function addSeries(
  target: Map<string, MetricValues>,
  platform: 'instagram' | 'facebook',
  entries: InsightEntry[],
) {
  for (const entry of entries) {
    const metric = resolveMetric(platform, entry.name);
    if (!metric) continue;
    for (const point of entry.values ?? []) {
      if (typeof point.value !== 'number') continue;
      const day = dayOfEndTime(point.end_time);
      target.set(day, { ...target.get(day), [metric]: point.value });
    }
  }
}

/**
 * New follows and unfollows from `follows_and_unfollows` by `follow_type` (FOLLOWER = new
 * follows, NON_FOLLOWER = unfollows; a part with no accounts is left out of the results). Absent
 * below 100 followers: both stay unknown.
 */
export function followsOf(entries: InsightEntry[]): MetricValues {
  const entry = entries.find((candidate) => candidate.name === 'follows_and_unfollows');
  const breakdown = entry?.total_value?.breakdowns?.find((candidate) =>
    candidate.dimension_keys.includes('follow_type'),
  );
  if (!breakdown) return {};
  const part = (type: string) =>
    breakdown.results.find((result) => result.dimension_values[0] === type)?.value ?? 0;
  return { followersGained: part('FOLLOWER'), followersLost: part('NON_FOLLOWER') };
}

/** Instagram account + media + insights and Facebook Page insights of one Meta connection. */
export async function syncMeta(context: SyncContext): Promise<SyncResult> {
  const { db, services, connection, signal } = context;
  const meta = services.meta;
  const organizationId = connection.organizationId;
  const userToken = await getAccessToken(db, services, connection);

  await context.reportProgress('Reading the Page and Instagram account', 2);
  const pages = await meta.listPages(userToken, signal);
  const page = pages.find((candidate) => candidate.id === connection.externalAccountId);
  if (!page)
    throw new ProviderError('The connected Facebook Page is no longer shared with Crescendo', null);
  const pageToken = page.access_token ?? userToken;
  const instagramId = page.instagram_business_account?.id ?? null;

  const pageAccountId = await upsertAccount(db, {
    organizationId,
    connectionId: connection.id,
    platform: 'facebook',
    externalId: page.id,
    name: page.name,
    // The page's own follower count, so the combined total includes the page's followers.
    followersTotal: page.followers_count ?? null,
  });
  let instagramAccountId: string | null = null;
  if (instagramId) {
    const user = await meta.fetchInstagramUser(userToken, instagramId, signal);
    instagramAccountId = await upsertAccount(db, {
      organizationId,
      connectionId: connection.id,
      platform: 'instagram',
      externalId: user.id,
      name: user.name ?? user.username,
      handle: `@${user.username}`,
      thumbnailUrl: user.profile_picture_url ?? null,
      followersTotal: user.followers_count ?? null,
      contentCount: user.media_count ?? null,
    });
    await context.reportProgress('Reading media', 5);
    await syncInstagramMedia(context, userToken, instagramId, instagramAccountId);
  }

  const today = formatDay(services.now());
  const lastDay = addDays(today, -lagDays);
  const earliest = addDays(today, -Math.min(services.backfillDays, oldestDay));
  const resumeFrom = connection.syncedThrough ? addDays(connection.syncedThrough, 1) : earliest;
  const start = resumeFrom < earliest ? earliest : resumeFrom;
  const days = start <= lastDay ? listDays(start, lastDay) : [];
  const windows = windowsOf(days);
  const names = (list: string[], platform: 'instagram' | 'facebook') =>
    currentMetricNames(platform, list, today).join(',');

  for (const [index, window] of windows.entries()) {
    const first = window[0]!;
    const last = window.at(-1)!;
    const range = { since: first, until: addDays(last, 1) };
    const pageDaily = new Map<string, MetricValues>();
    addSeries(
      pageDaily,
      'facebook',
      await meta.fetchInsights(
        pageToken,
        page.id,
        { metric: names(pageMetrics, 'facebook'), period: 'day', ...range },
        signal,
      ),
    );
    const instagramDaily = new Map<string, MetricValues>();
    if (instagramId) {
      addSeries(
        instagramDaily,
        'instagram',
        await meta.fetchInsights(
          userToken,
          instagramId,
          {
            metric: names(instagramSeries, 'instagram'),
            period: 'day',
            metric_type: 'time_series',
            ...range,
          },
          signal,
        ),
      );
      // Graph sums total_value over the range, so a per-day value needs a one-day range.
      const totals = await mapWithConcurrency(window, requestConcurrency, async (day) => ({
        day,
        entries: await meta.fetchInsights(
          userToken,
          instagramId,
          {
            metric: names(instagramTotals, 'instagram'),
            period: 'day',
            metric_type: 'total_value',
            since: day,
            until: addDays(day, 1),
          },
          signal,
        ),
        // Unfollows only come as a breakdown of follows_and_unfollows, one request per day.
        follows: await meta.fetchInsights(
          userToken,
          instagramId,
          {
            metric: 'follows_and_unfollows',
            period: 'day',
            metric_type: 'total_value',
            breakdown: 'follow_type',
            since: day,
            until: addDays(day, 1),
          },
          signal,
        ),
      }));
      for (const { day, entries, follows } of totals) {
        const row: MetricValues = { ...instagramDaily.get(day), ...followsOf(follows) };
        for (const entry of entries) {
          const metric = resolveMetric('instagram', entry.name);
          if (metric && entry.total_value?.value !== undefined)
            row[metric] = entry.total_value.value;
        }
        instagramDaily.set(day, row);
      }
    }
    const toRows = (accountId: string, rows: Map<string, MetricValues>): AccountDailyValues[] =>
      [...rows]
        .filter(([day]) => day >= first && day <= last)
        .map(([day, values]) => ({ accountId, organizationId, day, ...values }));
    await db.transaction(async (tx) => {
      await upsertAccountDaily(tx, toRows(pageAccountId, pageDaily));
      if (instagramAccountId)
        await upsertAccountDaily(tx, toRows(instagramAccountId, instagramDaily));
      await recordSyncedThrough(tx, connection, last);
    });
    await context.reportProgress(
      `Daily insights through ${last}`,
      20 + Math.round(((index + 1) / windows.length) * 70),
    );
  }

  if (instagramAccountId && instagramId) {
    await context.reportProgress('Reach', 92);
    await syncInstagramReachTotals(context, userToken, instagramId, instagramAccountId, {
      lastDay,
      earliest,
    });
    await context.reportProgress('Audience', 93);
    await syncInstagramAudience(context, userToken, instagramId, instagramAccountId, lastDay);
  }
  return { dataCompleteThrough: lastDay };
}
