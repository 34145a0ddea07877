import type { RunningSandbox } from '@crescendo/platform-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../lib/days';
import { bearer, createUser, type SignedInUser, type TestApp } from '../../testing/build-test-app';
import { connectAs, drainSyncJobs } from '../../testing/sandbox-connections';
import { startSandboxTestApp } from '../../testing/synced-artist';
import {
  fetchGraph,
  instagramFollows,
  instagramMedia,
  readPage,
  type GraphInsight,
} from '../../testing/sandbox-reports';
import { databaseTargets } from '../../testing/test-database';

const pinnedNow = '2025-06-15T12:00:00Z';
/** Meta's figures can move for 48 hours: the 12th is the last final day on the 15th. */
const lastMetaDay = '2025-06-12';
/** Graph keeps two years of insights, and the sync reads all of them. */
const backfillDays = 729;

describe.each(databaseTargets)('Meta figures equal Graph’s own on %s', (target) => {
  let sandbox: RunningSandbox;
  let testApp: TestApp;
  let artist: SignedInUser;

  beforeAll(async () => {
    ({ sandbox, testApp } = await startSandboxTestApp(target, { backfillDays, now: pinnedNow }));
    artist = await createUser(testApp, 'customer');
    await connectAs(testApp, artist.token, 'meta', 'mid');
    await drainSyncJobs(testApp);
  }, 600_000);
  afterAll(async () => {
    await testApp?.close();
    await sandbox?.close();
  });

  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(artist.token) });

  it.each(['7d', '28d', '90d', '365d'])(
    'Instagram gained, lost and net for %s and its previous period come from follows_and_unfollows',
    async (range) => {
      const response = await get(`/api/dashboard/analytics?range=${range}&platform=instagram`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const days = Number.parseInt(range, 10);
      const from = addDays(lastMetaDay, -(days - 1));
      expect(body.range).toMatchObject({ from, to: lastMetaDay, days });
      const page = await readPage(sandbox);
      const truth = await instagramFollows(
        sandbox,
        page.instagram_business_account.id,
        from,
        lastMetaDay,
      );
      expect(truth.lost).toBeGreaterThan(0);
      const followers = body.byPlatform.instagram.followers;
      expect(followers.gained.value).toBe(truth.gained);
      expect(followers.lost.value).toBe(truth.lost);
      expect(followers.net.value).toBe(truth.net);
      // Combined net counts Instagram's unfollows as its gained does its follows.
      const all = (await get(`/api/dashboard/analytics?range=${range}`)).json();
      expect(all.byPlatform.instagram.followers.net.value).toBe(truth.net);
      expect(all.combined.followers.net.value).toBe(
        truth.net + all.byPlatform.facebook.followers.net.value,
      );
      expect(all.combined.followers.lost.value).toBe(
        truth.lost + all.byPlatform.facebook.followers.lost.value,
      );
      const previousFrom = addDays(from, -days);
      const firstSyncedDay = addDays(pinnedNow.slice(0, 10), -backfillDays);
      // Free keeps 365 days up to the last day: a previous year lies beyond it, not compared.
      const isPreviousWithinPlan = 2 * days <= 365;
      if (!isPreviousWithinPlan) {
        expect(body.range.previous).toMatchObject({ isPartial: true, availableFrom: from });
        expect(followers.net).toMatchObject({ previous: null, change: null });
        expect(body.combined.views).toMatchObject({ previous: null, change: null });
      } else if (previousFrom >= firstSyncedDay) {
        expect(body.range.previous).toMatchObject({ from: previousFrom, isPartial: false });
        const previous = await instagramFollows(
          sandbox,
          page.instagram_business_account.id,
          previousFrom,
          addDays(from, -1),
        );
        expect(followers.gained.previous).toBe(previous.gained);
        expect(followers.lost.previous).toBe(previous.lost);
        expect(followers.net.previous).toBe(previous.net);
      } else {
        // 365 days back from the start of a year reaches past Graph's two years of history.
        expect(body.range.previous).toMatchObject({
          from: previousFrom,
          isPartial: true,
          availableFrom: firstSyncedDay,
        });
        expect(followers.net).toMatchObject({ previous: null, change: null });
        expect(body.combined.views).toMatchObject({ previous: null, change: null });
      }
    },
    120_000,
  );

  it('the daily Instagram net is follows minus unfollows, day by day', async () => {
    const body = (await get('/api/dashboard/analytics?range=7d&platform=instagram')).json();
    const page = await readPage(sandbox);
    for (const point of body.series as { date: string; followersNet: number }[]) {
      const truth = await instagramFollows(
        sandbox,
        page.instagram_business_account.id,
        point.date,
        point.date,
      );
      expect(point.followersNet).toBe(truth.net);
    }
  });

  it('dates a follower milestone by Graph’s own counts, the same in any period that holds it', async () => {
    const year = (await get('/api/dashboard/analytics?range=365d&platform=instagram')).json();
    const milestone = year.milestones.find(
      (entry: { platform: string }) => entry.platform === 'instagram',
    );
    expect(milestone).toBeDefined();
    const page = await readPage(sandbox);
    const instagram = page.instagram_business_account;
    // The count at the end of a day: today's, less Graph's net of every later final day. (The two
    // days Meta may still revise are not counted: the product waits for them to be final.)
    const countAtEndOf = async (day: string) =>
      instagram.followers_count -
      (await instagramFollows(sandbox, instagram.id, addDays(day, 1), lastMetaDay)).net;
    expect(await countAtEndOf(milestone.reachedOn)).toBeGreaterThanOrEqual(milestone.value);
    expect(await countAtEndOf(addDays(milestone.reachedOn, -1))).toBeLessThan(milestone.value);
    // A period in the past around that day shows it on the same day; the forecast stays today's.
    const around = `from=${addDays(milestone.reachedOn, -10)}&to=${addDays(milestone.reachedOn, 10)}`;
    const past = (await get(`/api/dashboard/analytics?${around}&platform=instagram`)).json();
    expect(past.milestones).toContainEqual(milestone);
    expect(past.forecast).toEqual(year.forecast);
  });

  it('the combined follower total includes the Facebook page’s followers_count', async () => {
    const body = (await get('/api/dashboard/analytics?range=28d')).json();
    const page = await readPage(sandbox);
    expect(page.followers_count).toBeGreaterThan(0);
    expect(body.byPlatform.facebook.followers.total).toBe(page.followers_count);
    expect(body.combined.followers.total).toBe(
      page.followers_count + page.instagram_business_account.followers_count,
    );
  });

  it.each([7, 28, 90, 365])(
    'Instagram reach over %s days is Graph’s own total for the span, or none',
    async (days) => {
      const connections = (await get('/api/v1/auth/oauth-connections')).json();
      const meta = connections.connections?.find(
        (entry: { provider: string }) => entry.provider === 'meta',
      );
      const data = (await get(`/api/v1/meta/oauth/account-data/${meta.id}?range=${days}d`)).json();
      const from = addDays(lastMetaDay, -(days - 1));
      expect(data.instagram.range).toMatchObject({ from, to: lastMetaDay });
      const daily: { reach: number | null }[] = data.instagram.daily;
      const summed = daily.reduce((sum, day) => sum + (day.reach ?? 0), 0);
      const page = await readPage(sandbox);
      const response = await fetchGraph(
        sandbox,
        `/${page.instagram_business_account.id}/insights`,
        {
          metric: 'reach',
          period: 'day',
          metric_type: 'total_value',
          since: from,
          until: addDays(lastMetaDay, 1),
        },
      );
      if (days <= 30) {
        const body = (await response.json()) as { data: GraphInsight[] };
        const truth = body.data.find((entry) => entry.name === 'reach')?.total_value?.value;
        expect(truth).toBeGreaterThan(0);
        expect(data.instagram.totals.reach).toBe(truth);
        // Unique accounts: the span's total is less than its days' sum.
        expect(truth).toBeLessThan(summed);
      } else {
        // Graph has no reach total over more than 30 days, and days do not add up: none shown.
        expect(response.status).toBe(400);
        expect(data.instagram.totals.reach).toBeNull();
      }
      expect(data.facebook.totals.reach).toBeNull();
    },
  );

  it('lists nothing published after the range, and labels lifetime figures', async () => {
    const to = '2025-03-31';
    const body = (
      await get(`/api/dashboard/content?from=2025-03-01&to=${to}&platform=instagram&pageSize=100`)
    ).json();
    const page = await readPage(sandbox);
    const media = await instagramMedia(sandbox, page.instagram_business_account.id);
    const publishedByEnd = media.filter((item) => item.timestamp.slice(0, 10) <= to);
    expect(publishedByEnd.length).toBeLessThan(media.length);
    expect(body.total).toBe(publishedByEnd.length);
    for (const item of body.items as { publishedAt: string; figures: string }[]) {
      expect(item.publishedAt.slice(0, 10) <= to).toBe(true);
      // Graph reports Instagram media only as lifetime counters.
      expect(item.figures).toBe('lifetime');
    }
  });
});
