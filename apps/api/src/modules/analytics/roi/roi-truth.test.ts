import type { RunningSandbox } from '@crescendo/platform-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../../lib/days';
import {
  bearer,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../../testing/build-test-app';
import { connectAs, drainSyncJobs } from '../../../testing/sandbox-connections';
import { startSandboxTestApp } from '../../../testing/synced-artist';
import { youtubeReport } from '../../../testing/sandbox-reports';
import { databaseTargets } from '../../../testing/test-database';

const pinnedNow = '2025-06-15T12:00:00Z';
/** YouTube publishes with a two-day delay: the 13th is the last complete day on the 15th. */
const lastYouTubeDay = '2025-06-13';
const backfillDays = 160;
const baselineDays = 28;

type Figures = { net: number; views: number; revenue: number };

/**
 * The truth: YouTube Analytics' own report for a window, asked of the sandbox with the channel's
 * own grant (never the product's database).
 */
async function youtubeTotals(sandbox: RunningSandbox, from: string, to: string): Promise<Figures> {
  const [row] = await youtubeReport(sandbox, {
    startDate: from,
    endDate: to,
    metrics: 'views,estimatedRevenue,subscribersGained,subscribersLost',
  });
  const value = (name: string) => Number(row?.[name] ?? 0);
  return {
    net: value('subscribersGained') - value('subscribersLost'),
    views: value('views'),
    revenue: value('estimatedRevenue'),
  };
}

/** Lift over `from`..`to` against the run-rate of the `baselineFrom`..day-before-`from` days. */
async function truthLift(sandbox: RunningSandbox, from: string, to: string, baselineFrom: string) {
  const during = await youtubeTotals(sandbox, from, to);
  const before = await youtubeTotals(sandbox, baselineFrom, addDays(from, -1));
  const baseDays = daysBetween(baselineFrom, from);
  const days = daysBetween(from, to) + 1;
  const lift = (metric: keyof Figures) => during[metric] - (before[metric] / baseDays) * days;
  return {
    during,
    expected: (metric: keyof Figures) => (before[metric] / baseDays) * days,
    net: lift('net'),
    views: lift('views'),
    revenue: lift('revenue'),
  };
}

type Result = {
  campaign: { id: string; name: string };
  baseline: {
    from: string;
    to: string;
    knownDays: number;
    campaignDaysSkipped: number;
    status: string;
  };
  overlapsWith: string[];
  followersDuring: number;
  followersBaseline: number;
  followerLift: number;
  viewsDuring: number;
  viewsBaseline: number;
  viewLift: number;
  platformRevenue: number;
  revenueLift: number;
  revenue: number;
  roi: number;
};

describe.each(databaseTargets)('campaign ROI against YouTube’s own reports on %s', (target) => {
  let sandbox: RunningSandbox;
  let testApp: TestApp;
  let artist: SignedInUser;

  beforeAll(async () => {
    ({ sandbox, testApp } = await startSandboxTestApp(target, { backfillDays, now: pinnedNow }));
    artist = await createUser(testApp, 'customer');
    await connectAs(testApp, artist.token, 'youtube', 'mid');
    await drainSyncJobs(testApp);
  }, 300_000);
  afterAll(async () => {
    await testApp?.close();
    await sandbox?.close();
  });

  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(artist.token) });
  const create = async (
    name: string,
    amount: number,
    startDate: string,
    endDate: string,
    extraRevenue = 0,
  ) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/roi/campaigns',
      headers: bearer(artist.token),
      payload: { name, channel: 'youtube_ads', amount, startDate, endDate, extraRevenue },
    });
    expect(response.statusCode).toBe(201);
    return response.json().campaign.id as string;
  };
  const remove = async (...ids: string[]) => {
    for (const id of ids)
      await testApp.app.inject({
        method: 'DELETE',
        url: `/api/dashboard/roi/campaigns/${id}`,
        headers: bearer(artist.token),
      });
  };
  const roiOf = async (query = 'range=all&platform=youtube') => {
    const response = await get(`/api/dashboard/roi?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      range: { from: string; to: string };
      baselineDays: number;
      campaigns: Result[];
      totals: Record<string, number | null>;
    };
  };
  const resultOf = (body: { campaigns: Result[] }, id: string) =>
    body.campaigns.find((entry) => entry.campaign.id === id)!;

  it('credits a campaign only with the lift over the 28 days before it', async () => {
    const id = await create('Single launch', 250, '2025-06-01', '2025-06-07', 40.5);
    try {
      const body = await roiOf();
      expect(body.baselineDays).toBe(baselineDays);
      const result = resultOf(body, id);
      const truth = await truthLift(sandbox, '2025-06-01', '2025-06-07', '2025-05-04');
      expect(result.baseline).toEqual({
        from: '2025-05-04',
        to: '2025-05-31',
        knownDays: 28,
        campaignDaysSkipped: 0,
        status: 'full',
      });
      expect(result.followersDuring).toBe(truth.during.net);
      expect(result.viewsDuring).toBe(truth.during.views);
      expect(result.platformRevenue).toBeCloseTo(truth.during.revenue, 2);
      expect(result.followersBaseline).toBeCloseTo(truth.expected('net'), 1);
      expect(result.viewsBaseline).toBeCloseTo(truth.expected('views'), 1);
      expect(result.followerLift).toBeCloseTo(truth.net, 1);
      expect(result.viewLift).toBeCloseTo(truth.views, 1);
      expect(result.revenueLift).toBeCloseTo(truth.revenue, 1);
      const revenue = truth.revenue + 40.5;
      expect(result.revenue).toBeCloseTo(revenue, 1);
      expect(result.roi).toBeCloseTo((revenue - 250) / 250, 3);
    } finally {
      await remove(id);
    }
  });

  it('shows a campaign during a decline with negative lift and negative ROI', async () => {
    // A week whose views, subscribers and revenue all fell below the 28 days before it, found
    // in YouTube's own daily report.
    let found: { from: string; to: string } | null = null;
    for (let from = '2025-03-01'; from <= addDays(lastYouTubeDay, -6); from = addDays(from, 1)) {
      const truth = await truthLift(sandbox, from, addDays(from, 6), addDays(from, -baselineDays));
      if (truth.views < 0 && truth.net < 0 && truth.revenue < 0) {
        found = { from, to: addDays(from, 6) };
        break;
      }
    }
    expect(found).not.toBeNull();
    const id = await create('Ads in a slow week', 300, found!.from, found!.to);
    try {
      const result = resultOf(await roiOf(), id);
      const truth = await truthLift(sandbox, found!.from, found!.to, addDays(found!.from, -28));
      expect(result.followerLift).toBeLessThan(0);
      expect(result.viewLift).toBeLessThan(0);
      expect(result.revenueLift).toBeLessThan(0);
      expect(result.followerLift).toBeCloseTo(truth.net, 1);
      expect(result.viewLift).toBeCloseTo(truth.views, 1);
      expect(result.revenueLift).toBeCloseTo(truth.revenue, 1);
      // (lift − spend) ÷ spend: below −100 % when revenue fell too.
      expect(result.roi).toBeCloseTo((truth.revenue - 300) / 300, 3);
      expect(result.roi).toBeLessThan(-1);
    } finally {
      await remove(id);
    }
  });

  it('never counts overlapping days twice: two campaigns total what one over their union does', async () => {
    const a = await create('Release week ads', 250, '2025-06-01', '2025-06-07');
    const b = await create('Release week PR', 60, '2025-06-05', '2025-06-10', 25);
    let union: string | null = null;
    try {
      const body = await roiOf();
      const truth = await truthLift(sandbox, '2025-06-01', '2025-06-10', '2025-05-04');
      const [resultA, resultB] = [resultOf(body, a), resultOf(body, b)];
      expect(resultA.overlapsWith).toEqual([b]);
      expect(resultB.overlapsWith).toEqual([a]);
      // One baseline for both: the 28 days before the first of them.
      expect(resultB.baseline).toMatchObject({ from: '2025-05-04', to: '2025-05-31' });
      expect(resultA.revenueLift + resultB.revenueLift).toBeCloseTo(truth.revenue, 1);
      expect(resultA.viewLift + resultB.viewLift).toBeCloseTo(truth.views, 0);
      const { totals } = body;
      expect(totals.platformRevenue).toBeCloseTo(truth.during.revenue, 2);
      expect(totals.revenueLift).toBeCloseTo(truth.revenue, 1);
      expect(totals.followerLift).toBeCloseTo(truth.net, 1);
      expect(totals.viewLift).toBeCloseTo(truth.views, 0);
      expect(totals.revenueLift!).toBeLessThanOrEqual(totals.platformRevenue!);
      expect(totals).toMatchObject({ spend: 310, enteredRevenue: 25 });

      await remove(a, b);
      union = await create('Release fortnight', 310, '2025-06-01', '2025-06-10', 25);
      const single = await roiOf();
      for (const key of ['spend', 'platformRevenue', 'enteredRevenue'])
        expect(single.totals[key]).toBe(totals[key]);
      for (const key of ['revenueLift', 'revenue', 'followerLift', 'viewLift'])
        expect(single.totals[key]).toBeCloseTo(totals[key]!, 1);
      expect(single.totals.roi).toBeCloseTo(totals.roi!, 3);
    } finally {
      await remove(a, b, ...(union ? [union] : []));
    }
  });

  it('measures a campaign right after another against the pace before the first one', async () => {
    const first = await create('Pre-release ads', 200, '2025-05-20', '2025-05-31');
    const next = await create('Release week ads', 250, '2025-06-01', '2025-06-07');
    try {
      const result = resultOf(await roiOf(), next);
      // The 28 days before the first campaign, not the first campaign's lifted days.
      expect(result.overlapsWith).toEqual([]);
      expect(result.baseline).toEqual({
        from: '2025-04-22',
        to: '2025-05-31',
        knownDays: 28,
        campaignDaysSkipped: 12,
        status: 'full',
      });
      const during = await youtubeTotals(sandbox, '2025-06-01', '2025-06-07');
      const before = await youtubeTotals(sandbox, '2025-04-22', '2025-05-19');
      const lift = (metric: keyof Figures) => during[metric] - (before[metric] / 28) * 7;
      expect(result.viewsBaseline).toBeCloseTo((before.views / 28) * 7, 1);
      expect(result.viewLift).toBeCloseTo(lift('views'), 1);
      expect(result.followerLift).toBeCloseTo(lift('net'), 1);
      expect(result.revenueLift).toBeCloseTo(lift('revenue'), 1);
    } finally {
      await remove(first, next);
    }
  });

  it('keeps totals within the platforms’ revenue for the campaign days, clips the baseline to the history', async () => {
    const history = (await get('/api/dashboard/analytics?range=all&platform=youtube')).json();
    const firstDay = history.range.from as string;
    const early = addDays(firstDay, 10);
    const ids = [
      await create('Early teaser', 100, early, addDays(early, 4), 500),
      await create('Spring push', 200, '2025-04-01', '2025-04-20'),
      await create('Spring PR', 50, '2025-04-15', '2025-04-30'),
    ];
    try {
      const body = await roiOf();
      const partial = resultOf(body, ids[0]!);
      expect(partial.baseline).toEqual({
        from: addDays(early, -28),
        to: addDays(early, -1),
        knownDays: 10,
        campaignDaysSkipped: 0,
        status: 'partial',
      });
      const truth = await truthLift(sandbox, early, addDays(early, 4), firstDay);
      expect(partial.viewLift).toBeCloseTo(truth.views, 1);
      const revenueDays = [
        await youtubeTotals(sandbox, early, addDays(early, 4)),
        await youtubeTotals(sandbox, '2025-04-01', '2025-04-30'),
      ].reduce((sum, figures) => sum + figures.revenue, 0);
      expect(body.totals.platformRevenue).toBeCloseTo(revenueDays, 2);
      expect(body.totals.revenueLift!).toBeLessThanOrEqual(body.totals.platformRevenue!);
      // Entered revenue is the artist's own, shown apart from the platforms'.
      expect(body.totals.enteredRevenue).toBe(500);
    } finally {
      await remove(...ids);
    }
  });

  it('takes the analytics period: it picks the campaigns shown, clipped as everywhere', async () => {
    const march = await create('March promo', 120, '2025-03-01', '2025-03-10');
    const june = await create('June promo', 80, '2025-06-05', '2025-06-08');
    const planned = await create('Summer tour ads', 500, '2025-07-01', '2025-07-14');
    try {
      const names = (body: { campaigns: Result[] }) =>
        body.campaigns.map((r) => r.campaign.name).sort();
      const recent = await roiOf('range=28d&platform=youtube');
      expect(recent.range).toMatchObject({
        from: addDays(lastYouTubeDay, -27),
        to: lastYouTubeDay,
      });
      expect(names(recent)).toEqual(['June promo', 'Summer tour ads']);
      const planned_ = resultOf(recent, planned);
      expect(planned_).toMatchObject({ measuredDays: 0, viewLift: null, roi: null });
      expect(names(await roiOf('from=2025-03-05&to=2025-03-31&platform=youtube'))).toEqual([
        'March promo',
      ]);
      expect(names(await roiOf('range=all'))).toEqual([
        'June promo',
        'March promo',
        'Summer tour ads',
      ]);
      // Clipped to the days the platforms can have published, as every analytics range is.
      const wide = await roiOf('from=2025-06-01&to=9999-12-31');
      expect(wide.range).toMatchObject({ from: '2025-06-01', to: addDays(lastYouTubeDay, 14) });
      expect(names(wide)).toEqual(['June promo']);
      // A campaign's own figures do not depend on the period.
      expect(resultOf(recent, june)).toEqual(resultOf(await roiOf(), june));
      for (const [query, field] of [
        ['range=3d', 'range'],
        ['range=7d&from=2025-01-01', 'range'],
        ['from=soon', 'from'],
      ]) {
        const response = await get(`/api/dashboard/roi?${query}`);
        expect(response.statusCode).toBe(400);
        expect(
          response.json().error.details.fields.map((f: { field: string }) => f.field),
        ).toContain(field);
      }
    } finally {
      await remove(march, june, planned);
    }
  });
});
