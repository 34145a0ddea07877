import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startSandboxServer, type RunningSandbox } from '@crescendo/platform-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../lib/days';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { connectAs, drainSyncJobs, sandboxEnv } from '../../testing/sandbox-connections';
import {
  tiktokGrant,
  tiktokQuery,
  tiktokUser,
  tiktokVideos,
  type TikTokTruthUser,
  type TikTokTruthVideo,
} from '../../testing/sandbox-reports';
import { databaseTargets } from '../../testing/test-database';

/** Day one of the connection, and the day after: TikTok's counts move with the sandbox clock. */
const dayOneAt = '2025-06-15T12:00:00Z';
const dayOne = '2025-06-15';
const dayTwo = '2025-06-16';

type Moment = { user: TikTokTruthUser; videos: TikTokTruthVideo[] };

/** What TikTok itself answers the test's own grant at the sandbox's current moment. */
async function readTruth(sandbox: RunningSandbox): Promise<Moment> {
  const token = await tiktokGrant(sandbox);
  return { user: await tiktokUser(sandbox, token), videos: await tiktokVideos(sandbox, token) };
}

const sumOf = (videos: TikTokTruthVideo[], pick: (video: TikTokTruthVideo) => number) =>
  videos.reduce((total, video) => total + pick(video), 0);

describe.each(databaseTargets)('TikTok figures equal TikTok’s own on %s', (target) => {
  let sandbox: RunningSandbox;
  let testApp: TestApp;
  let artist: SignedInUser;
  let now = Date.parse(dayOneAt);
  let first: Moment;
  let second: Moment;
  let connectionId: string;

  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(artist.token) });
  const control = (path: string, payload: object) =>
    fetch(`${sandbox.url}/__control${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  const syncNow = async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/auth/oauth-connections/${connectionId}/refresh`,
      headers: bearer(artist.token),
    });
    expect(response.statusCode, response.body).toBe(202);
    await drainSyncJobs(testApp);
  };
  const readConnection = async () =>
    (await get('/api/v1/auth/oauth-connections'))
      .json<{
        connections: {
          id: string;
          provider: string;
          status: string;
          trackedSince?: string | null;
        }[];
      }>()
      .connections.find((connection) => connection.provider === 'tiktok');

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, now: dayOneAt });
    testApp = await buildTestApp(target, {
      env: sandboxEnv(sandbox, 30),
      // The product's clock follows the sandbox's, as the real one follows TikTok's.
      now: () => new Date(now),
      platformOverrides: {
        retry: { baseDelayMs: 1, sleep: async () => {} },
      },
    });
    artist = await createUser(testApp, 'customer');
    const landed = await connectAs(testApp, artist.token, 'tiktok', 'mid');
    expect(landed.searchParams.get('connected')).toBe('tiktok');
    await drainSyncJobs(testApp);
    first = await readTruth(sandbox);
    connectionId = (await readConnection())!.id;

    // A day later (the access token, 24 hours old, has expired: the sync must refresh it).
    await control('/clock', { advanceDays: 1 });
    now += 86_400_000;
    await syncNow();
    second = await readTruth(sandbox);
  }, 300_000);
  afterAll(async () => {
    await testApp?.close();
    await sandbox?.close();
  });

  it('connects through Login Kit, labelled as tracked since the first snapshot', async () => {
    const connection = await readConnection();
    expect(connection).toMatchObject({ status: 'connected', trackedSince: dayOne });
    const overview = (await get('/api/dashboard/analytics?range=7d&platform=tiktok')).json();
    expect(overview.freshness).toEqual([
      expect.objectContaining({
        platform: 'tiktok',
        trackedSince: dayOne,
        dataCompleteThrough: dayTwo,
      }),
    ]);
    expect(overview.byPlatform.tiktok.followers.total).toBe(second.user.follower_count);
  });

  it('day one has only the totals; nothing exists before the connection', async () => {
    const body = (
      await get(`/api/dashboard/analytics?from=${addDays(dayOne, -5)}&to=${dayTwo}&platform=tiktok`)
    ).json();
    const points = body.series as { date: string; views: number | null }[];
    // Days before the first snapshot are not offered at all, and day one has no daily figures.
    expect(points.every((point) => point.date >= dayOne)).toBe(true);
    expect(points.find((point) => point.date === dayOne)?.views).toBeNull();
    expect(points.find((point) => point.date === dayTwo)?.views).toBeGreaterThan(0);
  });

  it('day two’s views, engagements and net followers are the change between TikTok’s two answers', async () => {
    const body = (
      await get(`/api/dashboard/analytics?from=${dayTwo}&to=${dayTwo}&platform=tiktok`)
    ).json();
    const before = new Map(first.videos.map((video) => [video.id, video]));
    const change = (pick: (video: TikTokTruthVideo) => number) =>
      sumOf(second.videos, pick) -
      sumOf(
        second.videos.filter((video) => before.has(video.id)),
        (video) => pick(before.get(video.id)!),
      );
    const views = change((video) => video.view_count);
    expect(views).toBeGreaterThan(0);
    const kpis = body.byPlatform.tiktok;
    expect(kpis.views.value).toBe(views);
    expect(kpis.engagements.value).toBe(
      change((video) => video.like_count) +
        change((video) => video.comment_count) +
        change((video) => video.share_count),
    );
    expect(kpis.followers.net.value).toBe(second.user.follower_count - first.user.follower_count);
    expect(body.series).toEqual([expect.objectContaining({ date: dayTwo, views })]);
    // The profile's likes equal its videos' own, at both moments.
    expect(second.user.likes_count).toBe(sumOf(second.videos, (video) => video.like_count));
  });

  it('lists every video as content (kind video) with TikTok’s own counts and links', async () => {
    const body = (
      await get(`/api/dashboard/content?range=all&platform=tiktok&pageSize=100&sort=publishedAt`)
    ).json();
    expect(body.total).toBe(second.user.video_count);
    const token = await tiktokGrant(sandbox);
    const queried = await tiktokQuery(
      sandbox,
      token,
      second.videos.map((video) => video.id),
    );
    const previous = new Map(first.videos.map((video) => [video.id, video]));
    for (const item of body.items as {
      platform: string;
      type: string;
      permalink: string;
      views: number;
      figures: string;
      title: string;
    }[]) {
      expect(item).toMatchObject({ platform: 'tiktok', type: 'video', figures: 'range' });
      const id = /\/video\/(\d+)$/.exec(item.permalink)![1]!;
      const truth = queried.get(id)!;
      // Over the whole tracked span a video's figure is what it gained since day one.
      expect(item.views).toBe(truth.view_count - (previous.get(id)?.view_count ?? 0));
    }
    const list = (
      await get(`/api/v1/auth/oauth-connections/${connectionId}/videos?pageSize=100`)
    ).json<{
      total: number;
      items: { externalId: string; platform: string; stats: { views: number } }[];
    }>();
    expect(list.total).toBe(second.videos.length);
    for (const item of list.items) {
      expect(item.platform).toBe('tiktok');
      expect(item.stats.views).toBe(queried.get(item.externalId)!.view_count);
    }
  });

  it('exports TikTok content as CSV and shares it on a link with the dashboard’s figures', async () => {
    const csv = await get(
      `/api/dashboard/content?from=${dayTwo}&to=${dayTwo}&platform=tiktok&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').filter((line) => line.includes('TikTok')).length).toBe(
      second.videos.length,
    );
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: bearer(artist.token),
      payload: { view: 'overview', platforms: ['tiktok'], from: dayTwo, to: dayTwo },
    });
    expect(created.statusCode, created.body).toBe(201);
    const path = created.json<{ path: string }>().path;
    const shared = (
      await testApp.app.inject({
        method: 'GET',
        url: `/api/public/shares/${path.replace('/s/', '')}`,
      })
    ).json();
    const own = (
      await get(`/api/dashboard/analytics?from=${dayTwo}&to=${dayTwo}&platform=tiktok`)
    ).json();
    expect(shared.verifiedPlatforms).toEqual(['tiktok']);
    expect(JSON.stringify(shared.overview)).toContain(String(own.byPlatform.tiktok.views.value));
  });

  it('the assistant’s MCP tools read the same TikTok figures', async () => {
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new Client({ name: 'tiktok-truth', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${address}/api/mcp`), {
        requestInit: { headers: bearer(artist.token) },
      }),
    );
    try {
      const called = await client.callTool({
        name: 'get_metrics',
        arguments: { from: dayTwo, to: dayTwo, platform: 'tiktok' },
      });
      expect(called.isError).toBeFalsy();
      const result = (called.structuredContent as { result: { byPlatform: { tiktok: unknown } } })
        .result;
      const own = (
        await get(`/api/dashboard/analytics?from=${dayTwo}&to=${dayTwo}&platform=tiktok`)
      ).json();
      expect(result.byPlatform.tiktok).toEqual(own.byPlatform.tiktok);
    } finally {
      await client.close();
    }
  });

  it('a revoked grant asks to reconnect; reconnecting keeps the connection and its history', async () => {
    expect((await control('/revoke', { persona: 'mid', provider: 'tiktok' })).status).toBe(200);
    await syncNow();
    expect(await readConnection()).toMatchObject({ status: 'reconnect_needed' });
    await connectAs(testApp, artist.token, 'tiktok', 'mid');
    await drainSyncJobs(testApp);
    expect(await readConnection()).toMatchObject({
      id: connectionId,
      status: 'connected',
      trackedSince: dayOne,
    });
  });

  it('disconnecting revokes the grant at TikTok and deletes every synced row', async () => {
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/oauth-connections/${connectionId}`,
      headers: bearer(artist.token),
    });
    expect(response.json()).toEqual({ isRevokedAtProvider: true });
    expect(await readConnection()).toBeUndefined();
    const content = (await get('/api/dashboard/content?range=all&platform=tiktok')).json();
    expect(content.total).toBe(0);
  });

  it('counts TikTok against the plan’s connected accounts like any platform', async () => {
    const free = await createUser(testApp, 'customer');
    await connectAs(testApp, free.token, 'youtube', 'small');
    await connectAs(testApp, free.token, 'meta', 'small');
    const refused = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/tiktok/oauth/auth-url',
      headers: bearer(free.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: expect.objectContaining({ limit: 'connectedAccounts', used: 2, allowed: 2 }),
    });
  });
});
