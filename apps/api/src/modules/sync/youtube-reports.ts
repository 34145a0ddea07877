// The YouTube Analytics reports a sync reads besides the daily metrics: views by traffic source
// per day, and each video's kind (Short, live stream, video) from creatorContentType.
import type { ReportRow, YouTubeVideo } from '../providers';
import {
  isMissingTrafficSources,
  replaceTrafficSources,
  type ContentValues,
  type TrafficSourceValues,
} from '../analytics';
import { chunk, listDays, mapWithConcurrency } from './days';
import { requestConcurrency, type SyncContext } from './sync-context';

/** Days asked for in one report request, and written in one transaction. */
export const daysPerChunk = 30;
/** Videos named in one report's `video==` filter. */
export const videoIdsPerFilter = 500;

export function queryTrafficSources(
  context: SyncContext,
  token: () => Promise<string>,
  startDate: string,
  endDate: string,
): Promise<ReportRow[]> {
  return token().then((accessToken) =>
    context.services.google.queryReport(
      accessToken,
      { startDate, endDate, metrics: ['views'], dimensions: ['day', 'insightTrafficSourceType'] },
      context.signal,
    ),
  );
}

export function toTrafficSources(
  rows: ReportRow[],
  accountId: string,
  organizationId: string,
): TrafficSourceValues[] {
  return rows
    .filter((row) => row.views !== null && row.views !== undefined)
    .map((row) => ({
      accountId,
      organizationId,
      day: String(row.day),
      source: String(row.insightTrafficSourceType),
      views: Number(row.views),
    }));
}

/**
 * A channel synced before traffic sources were stored resumes after its last synced day, so the
 * days it already has would never get theirs: fetch them once, written in one transaction so
 * an interrupted run leaves none and the next run tries again.
 */
export async function backfillTrafficSources(
  context: SyncContext,
  token: () => Promise<string>,
  accountId: string,
  from: string,
  to: string,
): Promise<void> {
  const { db, connection } = context;
  const account = { organizationId: connection.organizationId, accountId };
  if (from > to || !(await isMissingTrafficSources(db, account, from, to))) return;
  await context.reportProgress('Traffic sources', 9);
  const reports = await mapWithConcurrency(
    chunk(listDays(from, to), daysPerChunk),
    requestConcurrency,
    (days) => queryTrafficSources(context, token, days[0]!, days.at(-1)!),
  );
  const rows = toTrafficSources(reports.flat(), accountId, connection.organizationId);
  await db.transaction((tx) => replaceTrafficSources(tx, account, from, to, rows));
}

/** Shorts and live streams are only distinguishable through Analytics' creatorContentType. */
export async function readContentKinds(
  context: SyncContext,
  token: () => Promise<string>,
  videos: YouTubeVideo[],
  startDate: string,
  endDate: string,
): Promise<Map<string, ContentValues['kind']>> {
  const kinds = new Map<string, ContentValues['kind']>();
  const kindByType: Record<string, ContentValues['kind']> = {
    SHORTS: 'short',
    LIVE_STREAM: 'live',
    STORY: 'story',
    VIDEO_ON_DEMAND: 'video',
  };
  for (const ids of chunk(
    videos.map((video) => video.id),
    videoIdsPerFilter,
  )) {
    const rows = await context.services.google.queryReport(
      await token(),
      {
        startDate,
        endDate,
        metrics: ['views'],
        dimensions: ['video', 'creatorContentType'],
        filters: `video==${ids.join(',')}`,
      },
      context.signal,
    );
    for (const row of rows) {
      const kind = kindByType[String(row.creatorContentType)];
      if (kind) kinds.set(String(row.video), kind);
    }
  }
  return kinds;
}
