import { formatGoogleTimestamp, formatIsoDuration } from '../dates';
import { BASE_METRIC_INDEX, type Video, type YouTubeChannel } from '../personas/youtube-model';
import { BASE64URL_ALPHABET, createRng, hashText } from '../random';
import { buildThumbnailUrl } from '../thumbnails';

/** The YouTube Data API's resources as it serialises them: channels, playlist items, videos. */

/**
 * Opaque, stable etags: Google's are 27 base64url characters. They name the resource, not the
 * address the sandbox was reached at, so the host in thumbnail URLs is left out.
 */
export function etagOf(value: unknown): string {
  const text = JSON.stringify(value).replace(/"[^"]*\/thumbnails\//g, '"/thumbnails/');
  return createRng(hashText(text)).chars(BASE64URL_ALPHABET, 27);
}

/** YouTube shows subscriber counts rounded down to three significant figures above 1,000. */
export function abbreviateSubscribers(count: number): number {
  if (count < 1000) return count;
  const magnitude = Math.pow(10, Math.floor(Math.log10(count)) - 2);
  return Math.floor(count / magnitude) * magnitude;
}

/** YouTube's thumbnail sizes, each pointing at the sandbox's generated image for the item. */
function thumbnails(
  kind: 'channel' | 'video',
  id: string,
  publicBase: string,
): Record<string, { url: string; width: number; height: number }> {
  const url = buildThumbnailUrl(publicBase, id);
  if (kind === 'channel') {
    return {
      default: { url, width: 88, height: 88 },
      medium: { url, width: 240, height: 240 },
      high: { url, width: 800, height: 800 },
    };
  }
  return {
    default: { url, width: 120, height: 90 },
    medium: { url, width: 320, height: 180 },
    high: { url, width: 480, height: 360 },
  };
}

/** A youtube#channel resource with the requested parts; statistics count the visible videos. */
export function channelItem(
  channel: YouTubeChannel,
  videos: readonly Video[],
  parts: Set<string>,
  today: number,
  publicBase: string,
): Record<string, unknown> {
  let views = 0;
  let subscribers = 0;
  for (const video of videos) {
    views += channel.series.cumulativeViews(video, today);
    subscribers +=
      channel.series.cumulativeMetric(video, BASE_METRIC_INDEX.subscribersGained, today) -
      channel.series.cumulativeMetric(video, BASE_METRIC_INDEX.subscribersLost, today);
  }
  const item: Record<string, unknown> = { kind: 'youtube#channel', etag: '', id: channel.id };
  if (parts.has('snippet')) {
    item.snippet = {
      title: channel.title,
      description: channel.description,
      customUrl: channel.handle,
      publishedAt: formatGoogleTimestamp(channel.publishedAtMs),
      thumbnails: thumbnails('channel', channel.id, publicBase),
      localized: { title: channel.title, description: channel.description },
      country: channel.country,
    };
  }
  if (parts.has('contentDetails')) {
    item.contentDetails = {
      relatedPlaylists: { likes: '', uploads: channel.uploadsPlaylistId },
    };
  }
  if (parts.has('statistics')) {
    item.statistics = {
      viewCount: String(views),
      subscriberCount: String(abbreviateSubscribers(Math.max(0, subscribers))),
      hiddenSubscriberCount: false,
      videoCount: String(videos.length),
    };
  }
  if (parts.has('status')) {
    item.status = {
      privacyStatus: 'public',
      isLinked: true,
      longUploadsStatus: 'longUploadsUnspecified',
      madeForKids: false,
    };
  }
  item.etag = etagOf(item);
  return item;
}

/** The snippet fields a playlist item and a video share, in Google's order. */
function videoSnippetBase(channel: YouTubeChannel, video: Video, publicBase: string) {
  return {
    publishedAt: formatGoogleTimestamp(video.publishedAtMs),
    channelId: channel.id,
    title: video.title,
    description: video.description,
    thumbnails: thumbnails('video', video.id, publicBase),
    channelTitle: channel.title,
  };
}

/** A youtube#playlistItem resource of an uploads playlist, at `position` in it. */
export function playlistItem(
  channel: YouTubeChannel,
  video: Video,
  playlistId: string,
  position: number,
  parts: Set<string>,
  publicBase: string,
): Record<string, unknown> {
  const item: Record<string, unknown> = {
    kind: 'youtube#playlistItem',
    etag: '',
    id: Buffer.from(`${playlistId}.${video.id}`).toString('base64url'),
  };
  if (parts.has('snippet')) {
    item.snippet = {
      ...videoSnippetBase(channel, video, publicBase),
      playlistId,
      position,
      resourceId: { kind: 'youtube#video', videoId: video.id },
      videoOwnerChannelTitle: channel.title,
      videoOwnerChannelId: channel.id,
    };
  }
  if (parts.has('contentDetails')) {
    item.contentDetails = {
      videoId: video.id,
      videoPublishedAt: formatGoogleTimestamp(video.publishedAtMs),
    };
  }
  if (parts.has('status')) item.status = { privacyStatus: 'public' };
  item.etag = etagOf(item);
  return item;
}

/** A youtube#video resource; its counts are the series' cumulative values on `today`. */
export function videoItem(
  channel: YouTubeChannel,
  video: Video,
  parts: Set<string>,
  today: number,
  publicBase: string,
): Record<string, unknown> {
  const views = channel.series.cumulativeViews(video, today);
  const item: Record<string, unknown> = { kind: 'youtube#video', etag: '', id: video.id };
  if (parts.has('snippet')) {
    item.snippet = {
      ...videoSnippetBase(channel, video, publicBase),
      tags: video.tags,
      categoryId: '10',
      liveBroadcastContent: 'none',
      localized: { title: video.title, description: video.description },
    };
  }
  if (parts.has('contentDetails')) {
    item.contentDetails = {
      duration: formatIsoDuration(video.durationSeconds),
      dimension: '2d',
      definition: 'hd',
      caption: 'false',
      licensedContent: true,
      contentRating: {},
      projection: 'rectangular',
    };
  }
  if (parts.has('status')) {
    item.status = {
      uploadStatus: 'processed',
      privacyStatus: 'public',
      license: 'youtube',
      embeddable: true,
      publicStatsViewable: true,
      madeForKids: false,
    };
  }
  if (parts.has('statistics')) {
    item.statistics = {
      viewCount: String(views),
      likeCount: String(Math.floor((video.rates[BASE_METRIC_INDEX.likes] ?? 0) * views)),
      favoriteCount: '0',
      commentCount: String(Math.floor((video.rates[BASE_METRIC_INDEX.comments] ?? 0) * views)),
    };
  }
  item.etag = etagOf(item);
  return item;
}
