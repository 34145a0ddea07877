import { auth, youtube } from '@googleapis/youtube';
import { youtubeAnalytics } from '@googleapis/youtubeanalytics';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GOOGLE_CLIENT } from './options';
import { staticGoogleToken } from './oauth/token-store';
import { PINNED_NOW, getJson, useSandbox } from './test-support';

const sandbox = useSandbox();

/** Google's own OAuth client holding an access token, as an app would after consent. */
function signedInClient(token = staticGoogleToken('mid')) {
  const client = new auth.OAuth2({
    clientId: DEFAULT_GOOGLE_CLIENT.clientId,
    clientSecret: DEFAULT_GOOGLE_CLIENT.clientSecret,
    endpoints: { tokenInfoUrl: `${sandbox.url}/oauth2/tokeninfo` },
  });
  client.setCredentials({ access_token: token });
  return client;
}

// The clients in their default configuration: only `rootUrl` set, once, no URL rewriting.
const dataApi = () =>
  youtube({ version: 'v3', rootUrl: `${sandbox.url}/`, auth: signedInClient() });
const analyticsApi = () =>
  youtubeAnalytics({ version: 'v2', rootUrl: `${sandbox.url}/`, auth: signedInClient() });

describe('the platform sandbox driven by Google’s official Node clients', () => {
  it('channels.list with part as an array (sent as part=…&part=…) answers every part', async () => {
    const response = await dataApi().channels.list({
      part: ['snippet', 'contentDetails', 'statistics'],
      mine: true,
    });
    expect(response.status).toBe(200);
    expect(response.config.url?.toString()).toContain(
      'part=snippet&part=contentDetails&part=statistics',
    );
    const channel = response.data.items![0]!;
    expect(channel.snippet?.title).toEqual(expect.any(String));
    expect(channel.statistics?.subscriberCount).toEqual(expect.any(String));
    expect(channel.contentDetails?.relatedPlaylists?.uploads).toBe(`UU${channel.id!.slice(2)}`);
  });

  it('playlistItems.list and videos.list with fields= keep only the selected fields', async () => {
    const api = dataApi();
    const channel = (await api.channels.list({ part: ['contentDetails'], mine: true })).data
      .items![0]!;
    const page = await api.playlistItems.list({
      part: ['contentDetails'],
      playlistId: channel.contentDetails!.relatedPlaylists!.uploads!,
      maxResults: 3,
      fields: 'items/contentDetails/videoId,nextPageToken',
    });
    expect(Object.keys(page.data).sort()).toEqual(['items', 'nextPageToken']);
    expect(page.data.items).toHaveLength(3);
    for (const item of page.data.items!)
      expect(item).toEqual({ contentDetails: { videoId: expect.any(String) } });
    const ids = page.data.items!.map((item) => item.contentDetails!.videoId!);
    const videos = await api.videos.list({
      part: ['snippet', 'statistics'],
      id: ids,
      fields: 'items(id,statistics(viewCount,likeCount))',
    });
    expect(videos.data.items!.map((video) => video.id)).toEqual(ids);
    for (const video of videos.data.items!) {
      expect(Object.keys(video).sort()).toEqual(['id', 'statistics']);
      expect(Object.keys(video.statistics!).sort()).toEqual(['likeCount', 'viewCount']);
    }
  });

  it('refuses an unknown part and a malformed fields= with Google’s errors, which the client raises', async () => {
    type GoogleClientError = {
      status: number;
      message: string;
      response: { data: { error: { errors: { reason: string; location?: string }[] } } };
    };
    const unknownPart = (await dataApi()
      .channels.list({ part: ['snippet', 'bogusPart'], mine: true })
      .catch((error: unknown) => error)) as GoogleClientError;
    expect(unknownPart.status).toBe(400);
    expect(unknownPart.message).toBe("'bogusPart'");
    expect(unknownPart.response.data.error.errors[0]).toMatchObject({ reason: 'unknownPart' });
    const badFields = (await dataApi()
      .channels.list({ part: ['snippet'], mine: true, fields: 'items(id' })
      .catch((error: unknown) => error)) as GoogleClientError;
    expect(badFields.status).toBe(400);
    expect(badFields.response.data.error.errors[0]).toMatchObject({
      reason: 'invalidParameter',
      location: 'fields',
    });
  });

  it('reports.query through @googleapis/youtubeanalytics', async () => {
    const response = await analyticsApi().reports.query({
      ids: 'channel==MINE',
      startDate: '2025-05-01',
      endDate: '2025-05-07',
      metrics: 'views,estimatedMinutesWatched',
      dimensions: 'day',
    });
    expect(response.status).toBe(200);
    expect(response.data.columnHeaders!.map((header) => header.name)).toEqual([
      'day',
      'views',
      'estimatedMinutesWatched',
    ]);
    expect(response.data.rows).toHaveLength(7);
    expect(PINNED_NOW > '2025-05-09').toBe(true);
  });

  it('tokeninfo answers google-auth-library’s POST and the documented GET alike', async () => {
    const token = staticGoogleToken('mid');
    const info = await signedInClient().getTokenInfo(token);
    expect(info.aud).toBe(DEFAULT_GOOGLE_CLIENT.clientId);
    expect(info.scopes).toContain('https://www.googleapis.com/auth/youtube.readonly');
    const viaGet = await getJson<{ aud: string }>(
      `${sandbox.url}/oauth2/tokeninfo?access_token=${token}`,
    );
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.aud).toBe(DEFAULT_GOOGLE_CLIENT.clientId);
    await expect(signedInClient().getTokenInfo('not-a-token')).rejects.toMatchObject({
      status: 400,
    });
  });

  it('answers an unknown path with Google’s JSON 404', async () => {
    const response = await getJson<{ error: { code: number; status: string } }>(
      `${sandbox.url}/nothing/here`,
    );
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
  });
});
