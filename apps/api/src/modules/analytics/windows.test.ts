import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  AnalyticsPlatform,
  AudienceResponse,
  ChannelDataResponse,
  ConnectionsResponse,
  ContentListResponse,
  DashboardAnalyticsResponse,
  RangePreset,
  ShareLinkCreated,
  SharedViewResponse,
} from '@crescendo/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCounters } from '../../db/schema';
import { addDays } from '../../lib/days';
import { bearer, type SignedInUser, type TestApp } from '../../testing/build-test-app';
import { subscribeThroughCheckout } from '../../testing/checkout';
import {
  createSyncedArtist,
  sandboxPinnedNow,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../testing/synced-artist';
import { databaseTargets } from '../../testing/test-database';
import { createAssistantTools } from '../chat';
import type { CurrentUser } from '../users';

/** A small seeded generator (mulberry32), so a failing case can be replayed from its seed. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Window = { range: RangePreset } | { from: string; to: string };
type Case = { platform: AnalyticsPlatform; filter: 'all' | AnalyticsPlatform; window: Window };

const platforms: AnalyticsPlatform[] = ['youtube', 'instagram', 'facebook'];
const presets: RangePreset[] = ['7d', '28d', '90d', '365d', 'all'];
const today = sandboxPinnedNow.slice(0, 10);
const backfillDays = 420;

const queryOf = (window: Window) =>
  new URLSearchParams(window as Record<string, string>).toString();

describe.each(databaseTargets)('one rule for windows, every reader (%s)', (target) => {
  let sandboxApp: SandboxTestApp;
  let testApp: TestApp;
  let free: SignedInUser;
  let paid: SignedInUser;
  let address: string;

  beforeAll(async () => {
    sandboxApp = await startSandboxTestApp(target, { backfillDays });
    testApp = sandboxApp.testApp;
    free = await createSyncedArtist(testApp, { youtube: 'small', meta: 'small' });
    paid = await createSyncedArtist(testApp, { youtube: 'small', meta: 'small' });
    await subscribeThroughCheckout(testApp, paid);
    address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  }, 600_000);
  afterAll(async () => {
    await sandboxApp?.close();
  });

  const get = (url: string, user: SignedInUser) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(user.token) });
  const json = async <T>(url: string, user: SignedInUser): Promise<T> => {
    const response = await get(url, user);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  const connectionOf = async (user: SignedInUser, provider: 'youtube' | 'meta') => {
    const { connections } = await json<ConnectionsResponse>('/api/v1/auth/oauth-connections', user);
    return connections.find((connection) => connection.provider === provider)!;
  };

  /** The platform's own page (/youtube, /meta): its views and days for the window. */
  const platformPage = async (user: SignedInUser, platform: AnalyticsPlatform, window: Window) => {
    const provider = platform === 'youtube' ? 'youtube' : 'meta';
    const connection = await connectionOf(user, provider);
    const path =
      provider === 'youtube'
        ? `/api/v1/youtube/oauth/channel-data/${connection.id}`
        : `/api/v1/meta/oauth/account-data/${connection.id}`;
    const body = await json<Record<string, unknown>>(`${path}?${queryOf(window)}`, user);
    const account = (provider === 'youtube' ? body.channel : body[platform]) as {
      range: { from: string; to: string };
      totals: { views: number | null };
    };
    return { range: account.range, views: account.totals.views };
  };

  /**
   * The overview's CSV for one platform: the sum of its Views column. Each CSV counts against
   * the plan's monthly exports (Free: 3); this test compares figures, so it gives the month's
   * exports back before each one.
   */
  const csvViews = async (user: SignedInUser, platform: AnalyticsPlatform, window: Window) => {
    await testApp.database.db
      .delete(usageCounters)
      .where(
        and(
          eq(usageCounters.organizationId, user.me.organization.id),
          eq(usageCounters.limitName, 'exports'),
        ),
      );
    const response = await get(
      `/api/dashboard/analytics?${queryOf(window)}&platform=${platform}&format=csv`,
      user,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = response.body.trim().split(/\r?\n/);
    const column = header!.split(',').indexOf('Views');
    return rows.reduce((sum, row) => sum + Number(row.split(',')[column] || 0), 0);
  };

  const sharedViews = async (user: SignedInUser, platform: AnalyticsPlatform, window: Window) => {
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: bearer(user.token),
      payload: { view: 'overview', platforms: [platform], ...window },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json<ShareLinkCreated>().path.split('/').pop()!;
    const opened = await testApp.app.inject({ method: 'GET', url: `/api/public/shares/${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    const overview = opened.json<SharedViewResponse>().overview!;
    return { views: overview.byPlatform[platform]?.views.value, range: overview.range };
  };

  const mcpMetrics = async (user: SignedInUser, input: Record<string, string>) => {
    const client = new Client({ name: 'windows-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${address}/api/mcp`), {
        requestInit: { headers: bearer(user.token) },
      }),
    );
    try {
      return await client.callTool({ name: 'get_metrics', arguments: input });
    } finally {
      await client.close();
    }
  };

  const chatMetrics = (user: SignedInUser, input: Record<string, string>) =>
    createAssistantTools(testApp.database.db, user.me as unknown as CurrentUser, {
      now: () => new Date(sandboxPinnedNow),
    }).get_metrics.run(input as never);

  it('gives each platform the same days and views for the same label in every reader', async () => {
    const random = seededRandom(20261127);
    const cases: Case[] = [];
    for (let index = 0; index < 8; index += 1) {
      const platform = platforms[Math.floor(random() * platforms.length)]!;
      const filter = random() < 0.5 ? 'all' : platform;
      const window: Window =
        random() < 0.7
          ? { range: presets[Math.floor(random() * presets.length)]! }
          : (() => {
              const to = addDays(today, -3 - Math.floor(random() * 60));
              return { from: addDays(to, -Math.floor(random() * 200)), to };
            })();
      cases.push({ platform, filter, window });
    }
    // The case first: "Last 28 days" of each platform in the all-platform overview,
    // where the platforms' last complete days differ (the sandbox's Meta is a day ahead).
    for (const platform of platforms)
      cases.unshift({ platform, filter: 'all', window: { range: '28d' } });
    let ownWindowsSeen = 0;

    for (const user of [free, paid]) {
      for (const { platform, filter, window } of cases) {
        const label = `${user === free ? 'free' : 'paid'} ${platform} in ${filter} ${queryOf(window)}`;
        const overview = await json<DashboardAnalyticsResponse>(
          `/api/dashboard/analytics?${queryOf(window)}&platform=${filter}`,
          user,
        );
        const own = overview.platformRanges![platform]!;
        if (own.to !== overview.range.to) ownWindowsSeen += 1;
        const views = overview.byPlatform[platform]!.views.value;
        const filtered = await json<DashboardAnalyticsResponse>(
          `/api/dashboard/analytics?${queryOf(window)}&platform=${platform}`,
          user,
        );
        expect(filtered.byPlatform[platform]!.views.value, label).toBe(views);
        expect(filtered.range, label).toMatchObject({ from: own.from, to: own.to });

        const page = await platformPage(user, platform, window);
        expect(page.range, label).toMatchObject({ from: own.from, to: own.to });
        expect(page.views, label).toBe(views);

        expect(await csvViews(user, platform, window), label).toBeCloseTo(views ?? 0, 6);

        const content = await json<{ range: { from: string; to: string } }>(
          `/api/dashboard/content?${queryOf(window)}&platform=${platform}`,
          user,
        );
        expect(content.range, label).toMatchObject({ from: own.from, to: own.to });
        if (filter === 'all') {
          // The all-platform pages that sort or total across platforms use the common window and
          // carry each platform's own days, so they can say so where those differ.
          for (const view of ['content', 'roi'] as const) {
            const answer = await json<{
              range: { from: string; to: string };
              platformRanges: DashboardAnalyticsResponse['platformRanges'];
            }>(`/api/dashboard/${view}?${queryOf(window)}&platform=all`, user);
            expect(answer.range, `${label} ${view}`).toMatchObject({
              from: overview.range.from,
              to: overview.range.to,
            });
            expect(answer.platformRanges, `${label} ${view}`).toEqual(overview.platformRanges);
          }
          // Audience breakdowns are each platform's own: read for its own window.
          const audience = await json<AudienceResponse>(
            `/api/dashboard/audience?${queryOf(window)}&platform=all`,
            user,
          );
          expect(audience.platformRanges, label).toEqual(overview.platformRanges);
          for (const breakdown of audience.breakdowns.filter(
            (entry) => entry.platform === platform && entry.isRequestedRange,
          )) {
            expect(breakdown.period, label).toMatchObject({ start: own.from, end: own.to });
          }
        }

        const shared = await sharedViews(user, platform, window);
        expect(shared.views, label).toBe(views);
        expect(shared.range, label).toMatchObject({ from: own.from, to: own.to });

        const input = { ...(window as Record<string, string>), platform: filter };
        const chat = (await chatMetrics(user, input)).output as {
          byPlatform: DashboardAnalyticsResponse['byPlatform'];
        };
        expect(chat.byPlatform[platform]!.views.value, label).toBe(views);
        const mcp = await mcpMetrics(user, input);
        expect(mcp.isError, label).toBeFalsy();
        const mcpResult = (
          mcp.structuredContent as {
            result: { byPlatform: DashboardAnalyticsResponse['byPlatform'] };
          }
        ).result;
        expect(mcpResult.byPlatform[platform]!.views.value, label).toBe(views);
      }
    }
    // The rule was exercised: some platform's own days differed from the common window.
    expect(ownWindowsSeen).toBeGreaterThan(0);
  }, 600_000);

  it('lists each video’s figures for YouTube’s own window, never above the channel’s', async () => {
    const connection = await connectionOf(paid, 'youtube');
    const windows: Window[] = [
      ...presets.map((range) => ({ range })),
      { from: addDays(today, -75), to: addDays(today, -20) },
      { from: addDays(today, -3), to: addDays(today, -3) },
    ];
    let videosWithViews = 0;
    for (const window of windows) {
      const label = queryOf(window);
      const { channel } = await json<ChannelDataResponse>(
        `/api/v1/youtube/oauth/channel-data/${connection.id}?${label}`,
        paid,
      );
      const items: ContentListResponse['items'] = [];
      for (let page = 1; ; page += 1) {
        const list = await json<ContentListResponse>(
          `/api/v1/auth/oauth-connections/${connection.id}/videos?${label}&sort=views&order=desc&pageSize=100&page=${page}`,
          paid,
        );
        expect(list.figures, label).toBe('range');
        expect(list.range, label).toEqual(channel.range);
        items.push(...list.items);
        if (page * 100 >= list.total) break;
      }
      expect(items.length, label).toBeGreaterThan(0);
      const views = items.map((item) => item.period!.views ?? 0);
      // Sorted by the period's views, not the lifetime counters.
      expect(views, label).toEqual([...views].sort((a, b) => b - a));
      const channelViews = channel.totals.views ?? 0;
      const channelMinutes = channel.totals.watchMinutes ?? 0;
      let viewsSum = 0;
      let minutesSum = 0;
      for (const item of items) {
        const period = item.period!;
        expect(period.views ?? 0, `${label} ${item.title}`).toBeLessThanOrEqual(channelViews);
        expect(period.watchMinutes ?? 0, `${label} ${item.title}`).toBeLessThanOrEqual(
          channelMinutes + 1e-6,
        );
        viewsSum += period.views ?? 0;
        minutesSum += period.watchMinutes ?? 0;
        if ((period.views ?? 0) > 0) videosWithViews += 1;
      }
      // Together the videos never have more than the channel for the same days either.
      expect(viewsSum, label).toBeLessThanOrEqual(channelViews);
      expect(minutesSum, label).toBeLessThanOrEqual(channelMinutes + 1e-6);
    }
    expect(videosWithViews).toBeGreaterThan(0);

    // Graph's media insights are lifetime counters: /meta lists those, said as lifetime, even
    // when a period is asked for, and never a period's figure beside them.
    const meta = await connectionOf(paid, 'meta');
    const media = await json<ContentListResponse>(
      `/api/v1/auth/oauth-connections/${meta.id}/videos?range=28d&sort=views&order=desc`,
      paid,
    );
    expect(media.figures).toBe('lifetime');
    expect(media.range).toBeNull();
    expect(media.items.length).toBeGreaterThan(0);
    expect(media.items.every((item) => item.period === undefined || item.period === null)).toBe(
      true,
    );
    // Bad periods answer 400 in the wire format.
    const refused = await get(
      `/api/v1/auth/oauth-connections/${connection.id}/videos?range=28d&from=${today}`,
      paid,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
  }, 600_000);

  it('applies the plan’s history window alike in every reader', async () => {
    // Free keeps 365 days: "All time" is cut and labelled, on the overview and the platform page.
    const all = await json<DashboardAnalyticsResponse>('/api/dashboard/analytics?range=all', free);
    const youtubeDays = all.platformRanges!.youtube!;
    expect(youtubeDays.days).toBe(365);
    expect(all.range.historyLimit).toEqual({ since: all.range.from, days: 365 });
    // The previous period never reaches past the window: it is not compared.
    expect(all.range.previous?.isPartial).toBe(true);
    expect(all.combined.views.previous).toBeNull();
    const page = await platformPage(free, 'youtube', { range: 'all' });
    expect(page.range).toEqual({
      from: youtubeDays.from,
      to: youtubeDays.to,
      historyLimit: { since: youtubeDays.from, days: 365 },
    });
    const freeChannel = await connectionOf(free, 'youtube');
    const videos = await json<ContentListResponse>(
      `/api/v1/auth/oauth-connections/${freeChannel.id}/videos?range=all`,
      free,
    );
    expect(videos.range).toEqual(page.range);
    const chat = (await chatMetrics(free, { range: 'all', platform: 'youtube' })).output as {
      window: { from: string };
    };
    expect(chat.window.from).toBe(youtubeDays.from);
    const mcpAll = await mcpMetrics(free, { range: 'all', platform: 'youtube' });
    expect(
      (mcpAll.structuredContent as { result: { window: { from: string } } }).result.window.from,
    ).toBe(youtubeDays.from);

    // A window reaching further back is refused by every reader, as the dashboard refuses it.
    const old = { from: addDays(today, -400), to: addDays(today, -300) };
    const refused = await get(`/api/dashboard/analytics?${queryOf(old)}`, free);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('PLAN_LIMIT');
    const connection = await connectionOf(free, 'youtube');
    const pageRefused = await get(
      `/api/v1/youtube/oauth/channel-data/${connection.id}?${queryOf(old)}`,
      free,
    );
    expect(pageRefused.statusCode).toBe(403);
    const videosRefused = await get(
      `/api/v1/auth/oauth-connections/${connection.id}/videos?${queryOf(old)}`,
      free,
    );
    expect(videosRefused.statusCode).toBe(403);
    await expect(chatMetrics(free, { ...old, platform: 'all' })).rejects.toMatchObject({
      code: 'PLAN_LIMIT',
    });
    const mcpOld = await mcpMetrics(free, { ...old, platform: 'all' });
    expect(mcpOld.isError).toBe(true);

    // A plan that keeps three years shows them, unlabelled.
    const paidAll = await json<DashboardAnalyticsResponse>(
      '/api/dashboard/analytics?range=all',
      paid,
    );
    expect(paidAll.range.historyLimit ?? null).toBeNull();
    expect(paidAll.range.days).toBeGreaterThan(365);
    expect((await get(`/api/dashboard/analytics?${queryOf(old)}`, paid)).statusCode).toBe(200);
  }, 600_000);
});
