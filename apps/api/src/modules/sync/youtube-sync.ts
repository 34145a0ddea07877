import { getAccessToken, recordSyncedThrough } from '../connections';
import {
  refreshContentWatchMinutes,
  replaceTrafficSources,
  upsertAccount,
  upsertAccountDaily,
  upsertContentDaily,
  upsertContentItems,
  type AccountDailyValues,
  type ContentDailyValues,
  type ContentValues,
} from '../analytics';
import { addDays, chunk, chunkByMonth, formatDay, listDays, mapWithConcurrency } from './days';
import { mapYouTubeMetrics } from './metric-catalog';
import { syncYouTubeAudience } from './youtube-audience';
import { requestConcurrency, type SyncContext, type SyncResult } from './sync-context';
import {
  backfillTrafficSources,
  videoIdsPerFilter,
  queryTrafficSources,
  readContentKinds,
  toTrafficSources,
} from './youtube-reports';

const dailyMetrics = [
  'views',
  'estimatedMinutesWatched',
  'averageViewDuration',
  'likes',
  'comments',
  'shares',
  'subscribersGained',
  'subscribersLost',
  'estimatedRevenue',
];

/** ISO 8601 duration (PT1H2M3S) → seconds; null when YouTube sends something else. */
export function parseIsoDuration(value: string | undefined): number | null {
  const match = value ? /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(value) : null;
  if (!match) return null;
  const [, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return ((days! * 24 + hours!) * 60 + minutes!) * 60 + seconds!;
}

/**
 * Channel, uploads, per-day channel, traffic-source and per-video metrics, and audience
 * snapshots. Days are written in chunks of a calendar month (the content rows are per month), each
 * in one transaction together with `synced_through`, so a crash leaves whole days only and the
 * next run resumes after the last written chunk.
 */
export async function syncYouTube(context: SyncContext): Promise<SyncResult> {
  const { db, services, connection, signal } = context;
  const google = services.google;
  const token = () => getAccessToken(db, services, connection);
  const organizationId = connection.organizationId;

  await context.reportProgress('Reading the channel', 2);
  const channel = await google.fetchMyChannel(await token(), signal);
  const accountId = await upsertAccount(db, {
    organizationId,
    connectionId: connection.id,
    platform: 'youtube',
    externalId: channel.id,
    name: channel.snippet.title,
    handle: channel.snippet.customUrl ?? null,
    thumbnailUrl: channel.snippet.thumbnails?.default?.url ?? null,
    // A hidden subscriber count is withheld, not zero.
    followersTotal: channel.statistics.hiddenSubscriberCount
      ? null
      : (channel.statistics.subscriberCount ?? null),
    viewsTotal: channel.statistics.viewCount ?? null,
    contentCount: channel.statistics.videoCount ?? null,
  });

  await context.reportProgress('Listing videos', 5);
  const uploadIds = await google.listUploadIds(
    await token(),
    channel.contentDetails.relatedPlaylists.uploads,
    signal,
  );
  const videos = (
    await mapWithConcurrency(chunk(uploadIds, 50), requestConcurrency, async (ids) =>
      google.listVideos(await token(), ids, signal),
    )
  ).flat();

  const today = formatDay(services.now());
  const backfillStart = addDays(today, -services.backfillDays);
  const probe = await google.queryReport(
    await token(),
    { startDate: addDays(today, -7), endDate: today, metrics: ['views'], dimensions: ['day'] },
    signal,
  );
  // Analytics leaves out the most recent days; the last day it returns is final.
  const lastDataDay =
    probe
      .map((row) => String(row.day))
      .sort()
      .at(-1) ?? addDays(today, -3);

  await context.reportProgress('Classifying videos', 8);
  const kinds = await readContentKinds(context, token, videos, backfillStart, lastDataDay);
  const statsUpdatedAt = services.now();
  const contentIds = await upsertContentItems(
    db,
    videos.map((video): ContentValues => ({
      organizationId,
      accountId,
      externalId: video.id,
      kind:
        kinds.get(video.id) ?? (video.snippet.liveBroadcastContent === 'live' ? 'live' : 'video'),
      title: video.snippet.title,
      publishedAt: new Date(video.snippet.publishedAt),
      durationSeconds: parseIsoDuration(video.contentDetails?.duration),
      permalink: `https://www.youtube.com/watch?v=${video.id}`,
      thumbnailUrl:
        video.snippet.thumbnails?.medium?.url ?? video.snippet.thumbnails?.default?.url ?? null,
      views: video.statistics?.viewCount ?? null,
      likes: video.statistics?.likeCount ?? null,
      comments: video.statistics?.commentCount ?? null,
      statsUpdatedAt,
    })),
  );

  const resumeFrom = connection.syncedThrough
    ? addDays(connection.syncedThrough, 1)
    : backfillStart;
  const days = resumeFrom <= lastDataDay ? listDays(resumeFrom, lastDataDay) : [];
  const hasRevenue = connection.scopes.some((scope) =>
    scope.endsWith('yt-analytics-monetary.readonly'),
  );
  const metrics = hasRevenue ? dailyMetrics : dailyMetrics.filter((m) => m !== 'estimatedRevenue');
  const publishedDay = new Map(
    videos.map((video) => [video.id, video.snippet.publishedAt.slice(0, 10)]),
  );

  if (connection.syncedThrough) {
    const syncedThrough =
      connection.syncedThrough < lastDataDay ? connection.syncedThrough : lastDataDay;
    await backfillTrafficSources(context, token, accountId, backfillStart, syncedThrough);
  }
  const chunks = chunkByMonth(days);
  for (const [index, chunkDays] of chunks.entries()) {
    const first = chunkDays[0]!;
    const last = chunkDays.at(-1)!;
    const [channelRows, trafficRows] = await Promise.all([
      google.queryReport(
        await token(),
        { startDate: first, endDate: last, metrics, dimensions: ['day'] },
        signal,
      ),
      queryTrafficSources(context, token, first, last),
    ]);
    const perDay = await mapWithConcurrency(chunkDays, requestConcurrency, async (day) => {
      const live = videos
        .filter((video) => publishedDay.get(video.id)! <= day)
        .map((video) => video.id);
      const reports = await Promise.all(
        chunk(live, videoIdsPerFilter).map(async (ids) =>
          google.queryReport(
            await token(),
            {
              startDate: day,
              endDate: day,
              metrics,
              dimensions: ['video'],
              filters: `video==${ids.join(',')}`,
            },
            signal,
          ),
        ),
      );
      return { day, rows: reports.flat() };
    });

    const accountRows: AccountDailyValues[] = channelRows.map((row) => ({
      accountId,
      organizationId,
      day: String(row.day),
      ...mapYouTubeMetrics(row, hasRevenue),
    }));
    const trafficSources = toTrafficSources(trafficRows, accountId, organizationId);
    const contentRows: ContentDailyValues[] = [];
    for (const { day, rows } of perDay) {
      for (const row of rows) {
        const contentItemId = contentIds.get(String(row.video));
        if (!contentItemId) continue;
        contentRows.push({
          contentItemId,
          accountId,
          organizationId,
          day,
          ...mapYouTubeMetrics(row, hasRevenue),
        });
      }
    }
    await db.transaction(async (tx) => {
      await upsertAccountDaily(tx, accountRows);
      await upsertContentDaily(tx, contentRows);
      await replaceTrafficSources(tx, { organizationId, accountId }, first, last, trafficSources);
      await recordSyncedThrough(tx, connection, last);
    });
    await context.reportProgress(
      `Daily metrics through ${last}`,
      10 + Math.round(((index + 1) / chunks.length) * 80),
    );
  }

  await context.reportProgress('Audience', 92);
  const audienceQuery = (
    dimensions: string[],
    metrics: string[],
    window: { periodStart: string; periodEnd: string },
  ) =>
    token().then((accessToken) =>
      services.google.queryReport(
        accessToken,
        { startDate: window.periodStart, endDate: window.periodEnd, metrics, dimensions },
        signal,
      ),
    );
  await syncYouTubeAudience(context, audienceQuery, accountId, {
    lastDataDay,
    firstDay: backfillStart,
  });
  await refreshContentWatchMinutes(db, { organizationId, accountId });
  return { dataCompleteThrough: lastDataDay };
}
