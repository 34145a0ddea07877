import { getAccessToken, recordSyncedThrough } from '../connections';
import {
  readSnapshotsOfDay,
  upsertAccount,
  upsertAccountDaily,
  upsertContentDaily,
  upsertContentItems,
  upsertSnapshots,
  type ContentDailyValues,
  type ContentValues,
} from '../analytics';
import { addDays, formatDay } from './days';
import type { SyncContext, SyncResult } from './sync-context';

/**
 * A TikTok account: the Display API gives only lifetime counts as they stand now (no daily
 * history, no audience), so each sync stores the day's snapshot of the profile and of every
 * video, and the daily figures are what changed since the previous day's snapshot. The first
 * day has only the totals; days before the connection have nothing, and a day after a missed
 * sync has only its totals too (its change spans several days, which no single day owns).
 */
export async function syncTikTok(context: SyncContext): Promise<SyncResult> {
  const { db, services, connection, signal } = context;
  const organizationId = connection.organizationId;
  const token = await getAccessToken(db, services, connection);

  await context.reportProgress('Reading the profile', 5);
  const user = await services.tiktok.fetchUser(token, signal);
  await context.reportProgress('Reading videos', 20);
  const videos = await services.tiktok.listVideos(token, signal);
  const takenAt = services.now();
  const day = formatDay(takenAt);

  const viewsTotal = videos.reduce((sum, video) => sum + (video.view_count ?? 0), 0);
  const accountId = await upsertAccount(db, {
    organizationId,
    connectionId: connection.id,
    platform: 'tiktok',
    externalId: user.open_id,
    name: user.display_name || user.username || 'TikTok account',
    handle: user.username ? `@${user.username}` : null,
    thumbnailUrl: user.avatar_url ?? null,
    followersTotal: user.follower_count ?? null,
    viewsTotal: videos.some((video) => video.view_count !== undefined) ? viewsTotal : null,
    contentCount: user.video_count ?? videos.length,
  });
  await context.reportProgress('Storing videos', 60);
  const contentIds = await upsertContentItems(
    db,
    videos.map((video): ContentValues => ({
      organizationId,
      accountId,
      externalId: video.id,
      kind: 'video',
      title:
        video.title?.trim() ||
        (video.video_description ?? '').split('\n')[0]!.slice(0, 200) ||
        'Untitled video',
      publishedAt: new Date(video.create_time * 1000),
      durationSeconds: video.duration ?? null,
      permalink: video.share_url ?? null,
      // TikTok's cover links expire after six hours: a stored one would soon be a broken image.
      thumbnailUrl: null,
      views: video.view_count ?? null,
      likes: video.like_count ?? null,
      comments: video.comment_count ?? null,
      shares: video.share_count ?? null,
      statsUpdatedAt: takenAt,
    })),
  );

  const previous = await readSnapshotsOfDay(db, organizationId, accountId, addDays(day, -1));
  const contentRows: ContentDailyValues[] = [];
  for (const video of videos) {
    const contentItemId = contentIds.get(video.id);
    if (!contentItemId || !previous) continue;
    const before = previous.items.get(contentItemId);
    // Posted since the previous snapshot: everything it has was gained since. A video that was
    // older but missing from that snapshot has no known starting point, so no daily row.
    const isNew = !before && video.create_time * 1000 > previous.account.takenAt.getTime();
    if (!before && !isNew) continue;
    const change = (now: number | undefined, then: number | null | undefined) =>
      now === undefined ? null : now - (then ?? 0);
    contentRows.push({
      contentItemId,
      accountId,
      organizationId,
      day,
      views: change(video.view_count, before?.views),
      likes: change(video.like_count, before?.likes),
      comments: change(video.comment_count, before?.comments),
      shares: change(video.share_count, before?.shares),
    });
  }
  const sum = (pick: (row: ContentDailyValues) => number | null | undefined) =>
    contentRows.some((row) => pick(row) != null)
      ? contentRows.reduce((total, row) => total + (pick(row) ?? 0), 0)
      : previous
        ? 0
        : null;

  await context.reportProgress('Daily figures', 85);
  await db.transaction(async (tx) => {
    await upsertSnapshots(
      tx,
      {
        accountId,
        organizationId,
        day,
        takenAt,
        followersTotal: user.follower_count ?? null,
        likesTotal: user.likes_count ?? null,
        contentCount: user.video_count ?? videos.length,
      },
      videos.flatMap((video) => {
        const contentItemId = contentIds.get(video.id);
        return contentItemId
          ? [
              {
                contentItemId,
                day,
                organizationId,
                accountId,
                views: video.view_count ?? null,
                likes: video.like_count ?? null,
                comments: video.comment_count ?? null,
                shares: video.share_count ?? null,
              },
            ]
          : [];
      }),
    );
    await upsertContentDaily(tx, contentRows);
    await upsertAccountDaily(tx, [
      {
        accountId,
        organizationId,
        day,
        followersTotal: user.follower_count ?? null,
        // Day one (or a day after a gap) has the totals only: nothing is invented for it.
        views: previous ? sum((row) => row.views) : null,
        likes: previous ? sum((row) => row.likes) : null,
        comments: previous ? sum((row) => row.comments) : null,
        shares: previous ? sum((row) => row.shares) : null,
      },
    ]);
    await recordSyncedThrough(tx, connection, day);
  });
  return { dataCompleteThrough: day };
}
