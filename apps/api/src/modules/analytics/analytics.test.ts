import type { RunningSandbox } from '@crescendo/platform-sandbox';
import type { Insight } from '@crescendo/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDailyMetrics, analyticsAccounts, insights } from '../../db/schema';
import { bearer, createUser, type SignedInUser, type TestApp } from '../../testing/build-test-app';
import { connectAs, drainSyncJobs } from '../../testing/sandbox-connections';
import { startSandboxTestApp } from '../../testing/synced-artist';
import { youtubeReport } from '../../testing/sandbox-reports';
import { databaseTargets } from '../../testing/test-database';
import { refreshInsights } from '.';
import { addDays } from '../../lib/days';

const pinnedNow = '2025-06-15T12:00:00Z';
/** YouTube publishes with a two-day delay: the 13th is the last complete day on the 15th. */
const lastYouTubeDay = '2025-06-13';

const totalsMetrics =
  'views,estimatedMinutesWatched,subscribersGained,subscribersLost,likes,comments,shares,estimatedRevenue';

describe.each(databaseTargets)('dashboard analytics on %s', (target) => {
  let sandbox: RunningSandbox;
  let testApp: TestApp;
  let artist: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    ({ sandbox, testApp } = await startSandboxTestApp(target, {
      backfillDays: 130,
      now: pinnedNow,
    }));
    artist = await createUser(testApp, 'customer');
    stranger = await createUser(testApp, 'customer');
    await connectAs(testApp, artist.token, 'youtube', 'mid');
    await connectAs(testApp, artist.token, 'meta', 'mid');
    await drainSyncJobs(testApp);
  }, 300_000);
  afterAll(async () => {
    await testApp?.close();
    await sandbox?.close();
  });

  const get = (url: string, token = artist.token) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

  it.each(['7d', '28d', '90d'])(
    'equals YouTube’s own report for %s, integers exactly and rates to 4 decimals',
    async (range) => {
      const response = await get(`/api/dashboard/analytics?range=${range}&platform=youtube`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const days = Number.parseInt(range, 10);
      const from = addDays(lastYouTubeDay, -(days - 1));
      expect(body.range).toMatchObject({ from, to: lastYouTubeDay, days });
      const [truth] = await youtubeReport(sandbox, {
        startDate: from,
        endDate: lastYouTubeDay,
        metrics: totalsMetrics,
      });
      const kpis = body.byPlatform.youtube;
      expect(kpis.views.value).toBe(truth!.views);
      expect(kpis.watchMinutes.value).toBe(truth!.estimatedMinutesWatched);
      expect(kpis.followers.gained.value).toBe(truth!.subscribersGained);
      expect(kpis.followers.lost.value).toBe(truth!.subscribersLost);
      expect(kpis.followers.net.value).toBe(
        Number(truth!.subscribersGained) - Number(truth!.subscribersLost),
      );
      const engagements = Number(truth!.likes) + Number(truth!.comments) + Number(truth!.shares);
      expect(kpis.engagements.value).toBe(engagements);
      expect(kpis.engagementRate.value).toBe(
        Number((engagements / Number(truth!.views)).toFixed(4)),
      );
      expect(kpis.estimatedRevenue.value).toBeCloseTo(Number(truth!.estimatedRevenue), 2);
      if (days <= 28) {
        const [previous] = await youtubeReport(sandbox, {
          startDate: body.range.previous.from,
          endDate: body.range.previous.to,
          metrics: totalsMetrics,
        });
        expect(kpis.views.previous).toBe(previous!.views);
        expect(kpis.views.change).toBe(
          Number(
            ((Number(truth!.views) - Number(previous!.views)) / Number(previous!.views)).toFixed(4),
          ),
        );
      }
    },
  );

  it('draws the daily series from the same numbers, with no day missing', async () => {
    const body = (await get('/api/dashboard/analytics?range=28d&platform=youtube')).json();
    const truth = await youtubeReport(sandbox, {
      startDate: body.range.from,
      endDate: body.range.to,
      metrics: 'views,subscribersGained,subscribersLost',
      dimensions: 'day',
      sort: 'day',
    });
    expect(body.series).toHaveLength(28);
    expect(
      body.series.map((point: { date: string; views: number }) => [point.date, point.views]),
    ).toEqual(truth.map((row) => [row.day, row.views]));
    expect(body.series[0].followersNet).toBe(
      Number(truth[0]!.subscribersGained) - Number(truth[0]!.subscribersLost),
    );
  });

  it('carries the previous period’s series: YouTube’s own days, as a read of that period would answer', async () => {
    const body = (await get('/api/dashboard/analytics?range=28d&platform=youtube')).json();
    const previous = body.range.previous;
    const truth = await youtubeReport(sandbox, {
      startDate: previous.from,
      endDate: previous.to,
      metrics: 'views',
      dimensions: 'day',
      sort: 'day',
    });
    expect(body.previousSeries).toHaveLength(28);
    expect(
      body.previousSeries.map((point: { date: string; views: number }) => [
        point.date,
        point.views,
      ]),
    ).toEqual(truth.map((row) => [row.day, row.views]));
    const alone = (
      await get(
        `/api/dashboard/analytics?from=${previous.from}&to=${previous.to}&platform=youtube&compare=none`,
      )
    ).json();
    expect(body.previousSeries).toEqual(alone.series);
    expect(alone.previousSeries).toBeNull();
  });

  it('gives a previous period that starts before the data the series such a read answers (clipped)', async () => {
    // 90 days before a 90-day range reach before the 130 synced days: the read starts later.
    const body = (await get('/api/dashboard/analytics?range=90d')).json();
    expect(body.range.previous.isPartial).toBe(true);
    const { from, to } = body.range.previous;
    const alone = (await get(`/api/dashboard/analytics?from=${from}&to=${to}&compare=none`)).json();
    expect(alone.range.from > from).toBe(true);
    expect(body.previousSeries).toEqual(alone.series);
    expect(body.previousSeries.some((point: { views: number | null }) => point.views)).toBe(true);
  });

  it('switches to weekly points for long ranges and reports freshness per platform', async () => {
    const body = (await get('/api/dashboard/analytics?range=365d')).json();
    expect(body.range.granularity).toBe('week');
    expect(body.series.length).toBeLessThanOrEqual(54);
    const youtube = body.freshness.find(
      (entry: { platform: string }) => entry.platform === 'youtube',
    );
    expect(youtube).toMatchObject({
      dataCompleteThrough: lastYouTubeDay,
      pendingDays: ['2025-06-14'],
    });
    expect(body.hasConnections).toBe(true);
    expect(Object.keys(body.byPlatform).sort()).toEqual(['facebook', 'instagram', 'youtube']);
  });

  it('lists content ranked exactly as YouTube ranks it, and exports the same rows as CSV', async () => {
    const body = (
      await get('/api/dashboard/content?range=28d&platform=youtube&sort=views&pageSize=10')
    ).json();
    const truth = await youtubeReport(sandbox, {
      startDate: body.range.from,
      endDate: body.range.to,
      metrics: 'views',
      dimensions: 'video',
      sort: '-views',
      maxResults: '10',
    });
    expect(body.items.map((item: { views: number }) => item.views)).toEqual(
      truth.map((row) => row.views),
    );
    expect(body.total).toBeGreaterThan(200);

    const csv = await get(
      '/api/dashboard/content?range=28d&platform=youtube&sort=views&pageSize=10&format=csv',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="crescendo-content-/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Title,Platform,Type,Published,Views,Watch minutes,Likes,Comments,Shares,Saves,Engagement rate,Followers gained,Lifetime views,Lifetime likes,Lifetime comments,Link,Figures',
    );
    expect(lines).toHaveLength(body.total + 1);
    expect(lines[1]).toContain(`,${body.items[0].views},`);
  });

  it('exports the overview series as CSV with the same numbers, formulas neutralised', async () => {
    const body = (await get('/api/dashboard/analytics?range=28d&platform=youtube')).json();
    const csv = await get('/api/dashboard/analytics?range=28d&platform=youtube&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="crescendo-dashboard-${body.range.from}-to-${body.range.to}.csv"`,
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Views,Watch minutes,Net followers,Engagements,Estimated revenue');
    expect(lines).toHaveLength(29);
    const first = body.series[0];
    expect(lines[1]).toBe(
      [
        first.date,
        first.views,
        first.watchMinutes,
        first.followersNet,
        first.engagements,
        first.estimatedRevenue ?? '',
      ].join(','),
    );
    expect((await get('/api/dashboard/analytics?format=xml')).statusCode).toBe(400);
  });

  it('sums content over whole months and their partial ends exactly as YouTube does', async () => {
    // February 10th to June 13th: March to May come from monthly sums, the rest day by day.
    const from = '2025-02-10';
    const body = (
      await get(
        `/api/dashboard/content?from=${from}&to=${lastYouTubeDay}&platform=youtube&sort=views&pageSize=10`,
      )
    ).json();
    expect(body.range).toMatchObject({ from, to: lastYouTubeDay });
    const truth = await youtubeReport(sandbox, {
      startDate: from,
      endDate: lastYouTubeDay,
      metrics: 'views,likes,comments,shares,subscribersGained',
      dimensions: 'video',
      sort: '-views',
      maxResults: '10',
    });
    type Item = Record<'views' | 'likes' | 'comments' | 'shares' | 'followersGained', number>;
    expect(
      body.items.map((item: Item) => [
        item.views,
        item.likes,
        item.comments,
        item.shares,
        item.followersGained,
      ]),
    ).toEqual(
      truth.map((row) => [row.views, row.likes, row.comments, row.shares, row.subscribersGained]),
    );
  });

  it('never sorts lifetime figures with range figures, and counts what it lists', async () => {
    type Row = {
      platform: string;
      publishedAt: string;
      figures: 'range' | 'lifetime';
      views: number | null;
      lifetime: { views: number | null } | null;
    };
    const read = async (query: string) =>
      (await get(`/api/dashboard/content?range=28d&pageSize=100&${query}`)).json() as {
        range: { from: string };
        items: Row[];
        total: number;
        publishedInRange: number;
      };
    const youtube = (await read('sort=views&platform=youtube')).items;
    const instagram = (await read('sort=views&platform=instagram')).items;
    expect(youtube.length).toBeGreaterThan(0);
    expect(instagram.length).toBeGreaterThan(0);
    // YouTube: figures for the 28 days; Instagram (lifetime counters only): in their own field.
    for (const row of youtube) expect(row).toMatchObject({ figures: 'range', lifetime: null });
    for (const row of instagram) {
      expect(row).toMatchObject({ figures: 'lifetime', views: null });
      expect(row.lifetime!.views).not.toBeNull();
    }
    // Sorted by lifetime views across platforms: Instagram's counters in order, then the rows
    // that have none; no range figure is ranked among them.
    const mixed = (await read('sort=lifetimeViews')).items;
    const lastLifetime = mixed.findLastIndex((row) => row.figures === 'lifetime');
    const firstRange = mixed.findIndex((row) => row.figures === 'range');
    expect(firstRange === -1 || firstRange > lastLifetime).toBe(true);
    const lifetimeViews = mixed
      .filter((row) => row.figures === 'lifetime')
      .map((row) => row.lifetime!.views!);
    expect(lifetimeViews.length).toBeGreaterThan(0);
    expect(lifetimeViews).toEqual([...lifetimeViews].sort((a, b) => b - a));
    // The count says what it is: published up to the range's end, and those inside the range.
    const newest = await read('sort=publishedAt&order=desc');
    const inRange = newest.items.filter((row) => row.publishedAt >= `${newest.range.from}T`);
    expect(newest.publishedInRange).toBe(inRange.length);
    expect(newest.publishedInRange).toBeLessThan(newest.total);
  });

  it('filters, searches and pages content across platforms', async () => {
    const shorts = (await get('/api/dashboard/content?range=90d&type=short&pageSize=5')).json();
    expect(shorts.items.every((item: { type: string }) => item.type === 'short')).toBe(true);
    const instagram = (
      await get('/api/dashboard/content?range=90d&platform=instagram&pageSize=5')
    ).json();
    expect(instagram.items.length).toBeGreaterThan(0);
    expect(
      instagram.items.every((item: { platform: string }) => item.platform === 'instagram'),
    ).toBe(true);
    const first = shorts.items[0];
    const word = first.title.split(/\s+/).find((part: string) => part.length > 3);
    const searched = (
      await get(`/api/dashboard/content?range=90d&search=${encodeURIComponent(word)}`)
    ).json();
    expect(searched.items.length).toBeGreaterThan(0);
    expect(
      searched.items.every((item: { title: string }) =>
        item.title.toLowerCase().includes(word.toLowerCase()),
      ),
    ).toBe(true);
    const page2 = (await get('/api/dashboard/content?range=90d&pageSize=5&page=2')).json();
    const page1 = (await get('/api/dashboard/content?range=90d&pageSize=5&page=1')).json();
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
  });

  it('reports audience breakdowns with shares, never withheld ones as zero', async () => {
    const body = (await get('/api/dashboard/audience?platform=youtube')).json();
    const country = body.breakdowns.find(
      (entry: { dimension: string }) => entry.dimension === 'country',
    );
    expect(country.isAvailable).toBe(true);
    const shareSum = country.items.reduce(
      (sum: number, item: { share: number }) => sum + item.share,
      0,
    );
    expect(shareSum).toBeCloseTo(1, 2);
    expect(country.items[0].value).toBeGreaterThan(0);
    // The breakdown is the latest 28 days only, not mixed with the earlier snapshot.
    expect(country.period).toMatchObject({
      label: 'last_28_days',
      start: addDays(lastYouTubeDay, -27),
      end: lastYouTubeDay,
    });
  });

  it('shares Instagram cities of the whole audience, inside their countries', async () => {
    const body = (await get('/api/dashboard/audience?platform=instagram')).json();
    type Item = { key: string; value: number; share: number };
    const find = (dimension: string): { items: Item[]; basis: string } =>
      body.breakdowns.find((entry: { dimension: string }) => entry.dimension === dimension);
    const countries = find('country');
    const cities = find('city');
    expect(cities.basis).toBe('followers');
    const audience = countries.items.reduce((sum, item) => sum + item.value, 0);
    // Listed cities are part of the audience: their shares are of it, as the countries' are.
    for (const city of cities.items) {
      expect(city.share, city.key).toBeCloseTo(city.value / audience, 4);
    }
    const italy = countries.items.find((item) => item.key === 'IT')!;
    const italianCities = cities.items.filter((item) =>
      /Lombardy|Lazio|Piedmont|Campania|Emilia-Romagna/.test(item.key),
    );
    expect(italianCities.length).toBeGreaterThan(1);
    expect(italianCities.reduce((sum, item) => sum + item.share, 0)).toBeLessThan(italy.share);
    const germany = countries.items.find((item) => item.key === 'DE')!;
    const berlin = cities.items.find((item) => item.key.startsWith('Berlin'))!;
    expect(berlin.value).toBeLessThan(germany.value);
  });

  it('gives age and gender shares exactly as YouTube’s own ageGroup and gender reports', async () => {
    const body = (await get('/api/dashboard/audience?range=28d&platform=youtube')).json();
    const startDate = addDays(lastYouTubeDay, -27);
    for (const [dimension, reportDimension] of [
      ['age', 'ageGroup'],
      ['gender', 'gender'],
    ] as const) {
      const truth = await youtubeReport(sandbox, {
        startDate,
        endDate: lastYouTubeDay,
        metrics: 'viewerPercentage',
        dimensions: reportDimension,
      });
      const breakdown = body.breakdowns.find(
        (entry: { dimension: string }) => entry.dimension === dimension,
      );
      expect(breakdown.basis).toBe('percentage');
      expect(
        Object.fromEntries(
          breakdown.items.map((item: { key: string; value: number }) => [item.key, item.value]),
        ),
      ).toEqual(
        Object.fromEntries(
          truth.map((row) => [String(row[reportDimension]), Number(row.viewerPercentage)]),
        ),
      );
    }
  });

  it.each(['7d', '28d', '90d', '365d'])(
    'follows the period: YouTube’s audience for %s equals its own reports for that window',
    async (range) => {
      const body = (await get(`/api/dashboard/audience?range=${range}&platform=youtube`)).json();
      const overview = (
        await get(`/api/dashboard/analytics?range=${range}&platform=youtube`)
      ).json();
      // The same window as the overview, clipped to the first synced day like every range.
      expect(body.range).toEqual({ from: overview.range.from, to: lastYouTubeDay });
      const window = { startDate: body.range.from, endDate: lastYouTubeDay };
      const reports = [
        ['country', 'country', 'views', 'views'],
        ['device', 'deviceType', 'views', 'views'],
        ['traffic_source', 'insightTrafficSourceType', 'views', 'views'],
        ['age', 'ageGroup', 'viewerPercentage', 'percentage'],
        ['gender', 'gender', 'viewerPercentage', 'percentage'],
      ] as const;
      for (const [dimension, reportDimension, metric, basis] of reports) {
        const truth = await youtubeReport(sandbox, {
          ...window,
          metrics: metric,
          dimensions: reportDimension,
        });
        const breakdown = body.breakdowns.find(
          (entry: { dimension: string }) => entry.dimension === dimension,
        );
        expect(breakdown).toMatchObject({
          isRequestedRange: true,
          basis,
          period: { start: body.range.from, end: lastYouTubeDay },
        });
        expect(
          Object.fromEntries(
            breakdown.items.map((item: { key: string; value: number }) => [item.key, item.value]),
          ),
        ).toEqual(
          Object.fromEntries(
            truth.map((row) => [String(row[reportDimension]), Number(row[metric])]),
          ),
        );
      }
    },
  );

  it('says which period a breakdown covers when the platform has none for the range', async () => {
    const custom = (
      await get(
        `/api/dashboard/audience?from=${addDays(lastYouTubeDay, -9)}&to=${lastYouTubeDay}&platform=youtube`,
      )
    ).json();
    const country = custom.breakdowns.find(
      (entry: { dimension: string }) => entry.dimension === 'country',
    );
    expect(country.period).toMatchObject({
      label: 'last_28_days',
      start: addDays(lastYouTubeDay, -27),
      end: lastYouTubeDay,
    });
    expect(country.isRequestedRange).toBe(false);
    // Combined, the common range ends on Meta's last day; YouTube's breakdowns are its own 90
    // days (ending a day later), as on /youtube: its own window for the period asked.
    const combined = (await get('/api/dashboard/audience?range=90d')).json();
    expect(combined.range.to).not.toBe(lastYouTubeDay);
    expect(combined.platformRanges.youtube).toEqual({
      from: addDays(lastYouTubeDay, -89),
      to: lastYouTubeDay,
      days: 90,
    });
    const youtubeCountry = combined.breakdowns.find(
      (entry: { platform: string; dimension: string }) =>
        entry.platform === 'youtube' && entry.dimension === 'country',
    );
    expect(youtubeCountry).toMatchObject({
      isRequestedRange: true,
      period: { start: addDays(lastYouTubeDay, -89), end: lastYouTubeDay },
    });
    // Instagram reports its followers as they are now, whatever the period.
    const instagram = (await get('/api/dashboard/audience?range=28d&platform=instagram')).json();
    for (const breakdown of instagram.breakdowns.filter(
      (entry: { isAvailable: boolean }) => entry.isAvailable,
    ))
      expect(breakdown).toMatchObject({
        isRequestedRange: false,
        period: { label: 'lifetime', start: null },
      });
  });

  it('ranks fastest-growing countries from YouTube’s own country reports of two 28-day periods', async () => {
    const body = (await get('/api/dashboard/audience?platform=youtube')).json();
    const growing = body.fastestGrowingCountries as {
      country: string;
      views: number;
      previousViews: number;
      growth: number | null;
    }[];
    expect(growing.length).toBeGreaterThan(0);
    const views = async (startDate: string, endDate: string) =>
      new Map(
        (
          await youtubeReport(sandbox, {
            startDate,
            endDate,
            metrics: 'views',
            dimensions: 'country',
          })
        ).map((row) => [String(row.country), Number(row.views)]),
      );
    const currentStart = addDays(lastYouTubeDay, -27);
    const current = await views(currentStart, lastYouTubeDay);
    const previous = await views(addDays(currentStart, -28), addDays(currentStart, -1));
    for (const entry of growing) {
      expect(entry.views).toBe(current.get(entry.country));
      expect(entry.previousViews).toBe(previous.get(entry.country) ?? 0);
      if (entry.previousViews > 0)
        expect(entry.growth).toBe(
          Number(((entry.views - entry.previousViews) / entry.previousViews).toFixed(4)),
        );
    }
    const growths = growing.map((entry) => entry.growth ?? Number.POSITIVE_INFINITY);
    expect(growths).toEqual([...growths].sort((a, b) => b - a));
    // The YouTube page's audience is the snapshot of its own period only.
    const connections = (await get('/api/v1/auth/oauth-connections')).json();
    const youtube = connections.connections.find(
      (entry: { provider: string }) => entry.provider === 'youtube',
    );
    const channel = (
      await get(`/api/v1/youtube/oauth/channel-data/${youtube.id}?range=28d`)
    ).json();
    const countries = channel.channel.audience.filter(
      (row: { dimension: string }) => row.dimension === 'country',
    );
    expect(countries.length).toBe(current.size);
    expect(new Set(countries.map((row: { periodEnd: string }) => row.periodEnd))).toEqual(
      new Set([lastYouTubeDay]),
    );
  });

  // Campaign ROI against YouTube's own reports: roi/roi-truth.test.ts.
  it('keeps campaigns to their organisation and validates them field by field', async () => {
    const { campaign } = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/dashboard/roi/campaigns',
        headers: bearer(artist.token),
        payload: {
          name: 'Playlist pitch',
          channel: 'playlist_pitching',
          amount: 80,
          startDate: '2025-05-01',
          endDate: '2025-05-10',
        },
      })
    ).json();
    const foreignPut = await testApp.app.inject({
      method: 'PUT',
      url: `/api/dashboard/roi/campaigns/${campaign.id}`,
      headers: bearer(stranger.token),
      payload: {
        name: 'Hijack',
        channel: 'other',
        amount: 1,
        startDate: '2025-05-01',
        endDate: '2025-05-02',
      },
    });
    expect(foreignPut.statusCode).toBe(404);
    const foreignDelete = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/dashboard/roi/campaigns/${campaign.id}`,
      headers: bearer(stranger.token),
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect((await get('/api/dashboard/roi', stranger.token)).json().campaigns).toEqual([]);

    const invalid = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/roi/campaigns',
      headers: bearer(artist.token),
      payload: {
        name: '',
        channel: 'billboards',
        amount: -5,
        currency: 'dollars',
        startDate: '2025-05-10',
        endDate: 'soon',
        surprise: 1,
      },
    });
    expect(invalid.statusCode).toBe(400);
    const fields = invalid
      .json()
      .error.details.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(
      expect.arrayContaining(['name', 'channel', 'amount', 'currency', 'endDate', 'surprise']),
    );
    const backwards = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/roi/campaigns',
      headers: bearer(artist.token),
      payload: {
        name: 'Backwards',
        channel: 'pr',
        amount: 10,
        startDate: '2025-05-10',
        endDate: '2025-05-01',
      },
    });
    expect(backwards.json().error.details.fields).toEqual([
      { field: 'endDate', message: 'End date must be on or after the start date' },
    ]);

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/dashboard/roi/campaigns/${campaign.id}`,
      headers: bearer(artist.token),
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('stores each insight once and marks it seen once shown', async () => {
    const first = (await get('/api/dashboard/analytics?range=90d')).json();
    const second = (await get('/api/dashboard/analytics?range=90d')).json();
    expect(second.insights.map((insight: { id: string }) => insight.id)).toEqual(
      first.insights.map((insight: { id: string }) => insight.id),
    );
    const spike = first.insights.find((insight: { kind: string }) => insight.kind === 'spike');
    expect(spike).toBeDefined();
    expect(spike.evidence.topContent.length).toBeGreaterThan(0);
    const seen = await testApp.app.inject({
      method: 'POST',
      url: `/api/dashboard/insights/${spike.id}/seen`,
      headers: bearer(artist.token),
    });
    expect(seen.statusCode).toBe(204);
    const after = (await get('/api/dashboard/analytics?range=90d')).json();
    expect(after.insights.find((insight: { id: string }) => insight.id === spike.id).isNew).toBe(
      false,
    );
    const foreign = await testApp.app.inject({
      method: 'POST',
      url: `/api/dashboard/insights/${spike.id}/seen`,
      headers: bearer(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('says which traffic sources carried a YouTube spike, exactly as YouTube reports them', async () => {
    const body = (
      await get(`/api/dashboard/analytics?from=2025-02-04&to=${lastYouTubeDay}`)
    ).json();
    const spikes = (body.insights as Insight[]).filter((insight) => insight.kind === 'spike');
    const youtube = spikes.filter((insight) => insight.platform === 'youtube');
    expect(youtube.length).toBeGreaterThan(0);
    for (const spike of youtube) {
      const sources = spike.evidence.trafficSources;
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.length).toBeLessThanOrEqual(5);
      expect(sources.every((source) => Number.isInteger(source.views))).toBe(true);
      expect(sources.map((source) => source.views)).toEqual(
        sources.map((source) => source.views).sort((a, b) => b - a),
      );
      const sum = sources.reduce((total, source) => total + source.views, 0);
      expect(sum).toBeLessThanOrEqual(spike.evidence.value!);
      const truth = await youtubeReport(sandbox, {
        startDate: spike.day,
        endDate: spike.day,
        metrics: 'views',
        dimensions: 'day,insightTrafficSourceType',
        sort: '-views',
        maxResults: '5',
      });
      expect(sources).toEqual(
        truth.map((row) => ({ source: row.insightTrafficSourceType, views: row.views })),
      );
    }
    // Instagram and Facebook do not report sources per day: unknown, never made up.
    for (const spike of spikes.filter((insight) => insight.platform !== 'youtube')) {
      expect(spike.evidence.trafficSources).toEqual([]);
    }
  });

  it('refreshes the evidence of a stored insight, keeping its id and seen mark', async () => {
    const db = testApp.database.db;
    const organizationId = artist.me.organization.id;
    const [stored] = await db
      .select()
      .from(insights)
      .where(
        and(
          eq(insights.organizationId, organizationId),
          eq(insights.platform, 'youtube'),
          eq(insights.kind, 'spike'),
        ),
      )
      .limit(1);
    expect(stored).toBeDefined();
    const seenAt = new Date('2025-06-14T08:00:00Z');
    // As stored before traffic sources were known, and already shown to the artist.
    await db
      .update(insights)
      .set({
        title: 'Old wording',
        evidence: { ...stored!.evidence, trafficSources: [] },
        seenAt,
      })
      .where(eq(insights.id, stored!.id));
    await refreshInsights(db, organizationId);
    await refreshInsights(db, organizationId);
    const [refreshed] = await db.select().from(insights).where(eq(insights.id, stored!.id));
    expect(refreshed).toMatchObject({
      id: stored!.id,
      key: stored!.key,
      title: stored!.title,
      description: stored!.description,
      createdAt: stored!.createdAt,
      seenAt,
    });
    expect(refreshed!.evidence).toEqual(stored!.evidence);
    expect((refreshed!.evidence as Insight['evidence']).trafficSources.length).toBeGreaterThan(0);
    const rows = await db
      .select()
      .from(insights)
      .where(eq(insights.organizationId, organizationId));
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
    const body = (
      await get(`/api/dashboard/analytics?from=${stored!.day}&to=${stored!.day}`)
    ).json();
    expect(body.insights.find((insight: Insight) => insight.id === stored!.id).isNew).toBe(false);
  });

  it('counts net followers from the daily follower total where a platform reports no gains or losses', async () => {
    const db = testApp.database.db;
    const [facebook] = await db
      .select({ id: analyticsAccounts.id })
      .from(analyticsAccounts)
      .where(
        and(
          eq(analyticsAccounts.organizationId, artist.me.organization.id),
          eq(analyticsAccounts.platform, 'facebook'),
        ),
      );
    const ofFacebook = eq(accountDailyMetrics.accountId, facebook!.id);
    const saved = await db
      .select({
        day: accountDailyMetrics.day,
        gained: accountDailyMetrics.followersGained,
        lost: accountDailyMetrics.followersLost,
        total: accountDailyMetrics.followersTotal,
      })
      .from(accountDailyMetrics)
      .where(ofFacebook);
    // As a sync's write would, so the cached answer is not served.
    const moveVersion = () =>
      db.execute(sql`update organizations set analytics_version = analytics_version + 1`);
    await db
      .update(accountDailyMetrics)
      .set({ followersGained: null, followersLost: null })
      .where(ofFacebook);
    await moveVersion();
    try {
      const totalOn = (day: string) => saved.find((row) => row.day === day)!.total!;
      for (const range of ['7d', '28d']) {
        const body = (
          await get(`/api/dashboard/analytics?range=${range}&platform=facebook`)
        ).json();
        const { from, to, previous } = body.range;
        const net = body.byPlatform.facebook.followers.net;
        expect(body.byPlatform.facebook.followers.gained.value).toBeNull();
        expect(net.value).toBe(totalOn(to) - totalOn(addDays(from, -1)));
        expect(net.previous).toBe(totalOn(previous.to) - totalOn(addDays(previous.from, -1)));
        expect(net.value).not.toBe(0);
      }
    } finally {
      for (const row of saved)
        await db
          .update(accountDailyMetrics)
          .set({ followersGained: row.gained, followersLost: row.lost })
          .where(and(ofFacebook, eq(accountDailyMetrics.day, row.day)));
      await moveVersion();
    }
  });

  it('shows another organisation nothing, as unknown rather than zero', async () => {
    const body = (await get('/api/dashboard/analytics?range=28d', stranger.token)).json();
    expect(body.hasConnections).toBe(false);
    expect(body.combined.views.value).toBeNull();
    expect(body.series.every((point: { views: number | null }) => point.views === null)).toBe(true);
    expect((await get('/api/dashboard/content?range=28d', stranger.token)).json().total).toBe(0);
  });

  it.each([
    ['/api/dashboard/analytics?range=5d', 'range'],
    ['/api/dashboard/analytics?platform=myspace', 'platform'],
    ['/api/dashboard/analytics?from=2025-13-01', 'from'],
    ['/api/dashboard/analytics?compare=yesterday', 'compare'],
    ['/api/dashboard/audience?range=28d&from=2025-01-01', 'range'],
    ['/api/dashboard/content?sort=popularity', 'sort'],
    ['/api/dashboard/content?pageSize=0', 'pageSize'],
    ['/api/dashboard/roi?platform=myspace', 'platform'],
  ])('answers 400 naming the parameter for %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(
      response.json().error.details.fields.map((entry: { field: string }) => entry.field),
    ).toContain(field);
  });

  it('is for customers and admins only', async () => {
    const lead = await createUser(testApp, 'lead');
    for (const path of ['analytics', 'audience', 'content', 'roi']) {
      expect((await get(`/api/dashboard/${path}`, lead.token)).statusCode).toBe(403);
      expect(
        (await testApp.app.inject({ method: 'GET', url: `/api/dashboard/${path}` })).statusCode,
      ).toBe(401);
    }
  });
});
