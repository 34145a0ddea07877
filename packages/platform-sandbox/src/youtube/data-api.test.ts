import { describe, expect, it } from 'vitest';
import { staticGoogleToken } from '../oauth/token-store';
import { getJson, useSandbox } from '../test-support';

const sandbox = useSandbox();
const token = staticGoogleToken('mid');

type Channel = {
  id: string;
  contentDetails: { relatedPlaylists: { uploads: string } };
  statistics: Record<string, unknown>;
};
type PlaylistPage = {
  items: { contentDetails: { videoId: string; videoPublishedAt: string } }[];
  nextPageToken?: string;
  pageInfo: { totalResults: number; resultsPerPage: number };
};

describe('YouTube Data API v3', () => {
  it('lists the caller channel with string statistics and the uploads playlist', async () => {
    const { status, body } = await getJson<{ kind: string; items: Channel[]; pageInfo: unknown }>(
      `${sandbox.url}/youtube/v3/channels?part=snippet,contentDetails,statistics&mine=true`,
      token,
    );
    expect(status).toBe(200);
    expect(body.kind).toBe('youtube#channelListResponse');
    const channel = body.items[0]!;
    expect(channel.id).toMatch(/^UC[\w-]{22}$/);
    expect(channel.contentDetails.relatedPlaylists.uploads).toBe(`UU${channel.id.slice(2)}`);
    const stats = channel.statistics;
    for (const key of ['viewCount', 'subscriberCount', 'videoCount'])
      expect(typeof stats[key]).toBe('string');
    expect(stats.hiddenSubscriberCount).toBe(false);
    expect(Number(stats.subscriberCount)).toBeGreaterThan(35_000);
    expect(Number(stats.subscriberCount)).toBeLessThan(60_000);
    expect(stats.videoCount).toBe('300');
  });

  it('pages through the uploads playlist with nextPageToken (≤ 50 per page)', async () => {
    const channels = await getJson<{ items: Channel[] }>(
      `${sandbox.url}/youtube/v3/channels?part=contentDetails&mine=true`,
      token,
    );
    const playlistId = channels.body.items[0]!.contentDetails.relatedPlaylists.uploads;
    const ids: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const url = `${sandbox.url}/youtube/v3/playlistItems?part=contentDetails&playlistId=${playlistId}&maxResults=50${pageToken ? `&pageToken=${pageToken}` : ''}`;
      const page = await getJson<PlaylistPage>(url, token);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(50);
      ids.push(...page.body.items.map((i) => i.contentDetails.videoId));
      pageToken = page.body.nextPageToken;
      pages += 1;
    } while (pageToken);
    expect(pages).toBe(6);
    expect(new Set(ids).size).toBe(300);
    const tooMany = await getJson(
      `${sandbox.url}/youtube/v3/playlistItems?part=id&playlistId=${playlistId}&maxResults=51`,
      token,
    );
    expect(tooMany.status).toBe(400);
    const badToken = await getJson<{ error: { errors: { reason: string }[] } }>(
      `${sandbox.url}/youtube/v3/playlistItems?part=id&playlistId=${playlistId}&pageToken=garbage`,
      token,
    );
    expect(badToken.status).toBe(400);
    expect(badToken.body.error.errors[0]?.reason).toBe('invalidPageToken');
  });

  it('returns videos with ISO-8601 durations and string statistics, at most 50 ids', async () => {
    const channels = await getJson<{ items: Channel[] }>(
      `${sandbox.url}/youtube/v3/channels?part=contentDetails&mine=true`,
      token,
    );
    const playlistId = channels.body.items[0]!.contentDetails.relatedPlaylists.uploads;
    const page = await getJson<PlaylistPage>(
      `${sandbox.url}/youtube/v3/playlistItems?part=contentDetails&playlistId=${playlistId}&maxResults=50`,
      token,
    );
    const ids = page.body.items.map((i) => i.contentDetails.videoId);
    const videos = await getJson<{
      items: {
        id: string;
        contentDetails: { duration: string };
        statistics: Record<string, string>;
      }[];
    }>(
      `${sandbox.url}/youtube/v3/videos?part=snippet,contentDetails,statistics&id=${[...ids.slice(0, 49), 'unknownId01'].join(',')}`,
      token,
    );
    expect(videos.status).toBe(200);
    expect(videos.body.items).toHaveLength(49); // the unknown id is silently left out
    for (const video of videos.body.items) {
      expect(video.contentDetails.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
      expect(video.statistics.viewCount).toMatch(/^\d+$/);
      expect(video.statistics.likeCount).toMatch(/^\d+$/);
      expect(video.statistics.favoriteCount).toBe('0');
    }
    const tooMany = await getJson(
      `${sandbox.url}/youtube/v3/videos?part=id&id=${[...ids, 'x'].join(',')}`,
      token,
    );
    expect(tooMany.status).toBe(400);
  });

  it('validates part and answers errors in Google shape', async () => {
    const missing = await getJson<{ error: { code: number; errors: { reason: string }[] } }>(
      `${sandbox.url}/youtube/v3/channels?mine=true`,
      token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.errors[0]?.reason).toBe('required');
    const unknown = await getJson<{ error: { errors: { reason: string }[] } }>(
      `${sandbox.url}/youtube/v3/channels?part=bogus&mine=true`,
      token,
    );
    expect(unknown.body.error.errors[0]?.reason).toBe('unknownPart');
    const anonymous = await getJson(`${sandbox.url}/youtube/v3/channels?part=id&mine=true`);
    expect(anonymous.status).toBe(401);
  });
});
