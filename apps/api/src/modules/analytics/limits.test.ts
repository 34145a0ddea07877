import { maxCampaignDays, maxCampaignsPerOrganization } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import { clipToDataBounds, resolveDateRange } from './calculations/date-range';
import { assertCampaignCapacity } from './campaigns/campaign-capacity';

describe('clipToDataBounds', () => {
  it('clips a range to the first stored day and the last publishable day', () => {
    expect(clipToDataBounds('0001-01-01', '9999-12-31', '2025-06-13', '2023-01-01')).toEqual({
      from: '2023-01-01',
      to: '2025-06-27',
    });
    // Inside the bounds nothing moves.
    expect(clipToDataBounds('2024-01-01', '2024-02-01', '2025-06-13', '2023-01-01')).toEqual({
      from: '2024-01-01',
      to: '2024-02-01',
    });
    // With no data (or a range wholly before it), at most three years.
    expect(
      resolveDateRange({ from: '0001-01-01', to: '2025-06-13' }, '2025-06-13', null).days,
    ).toBe(1096);
    expect(
      resolveDateRange({ from: '1900-01-01', to: '1990-01-01' }, '2025-06-13', '2023-01-01').days,
    ).toBe(1096);
  });
});

describe.each(databaseTargets)('span and campaign limits on %s', (target) => {
  let testApp: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
    user = await createUser(testApp, 'customer');
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers a ten-thousand-year range as a bounded one (or, past the plan window, refuses it)', async () => {
    const recent = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    for (const path of ['analytics', 'audience', 'content', 'roi']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/dashboard/${path}?from=${recent}&to=9999-12-31`,
        headers: bearer(user.token),
      });
      expect(response.statusCode, path).toBe(200);
      const range = response.json<{ range?: { from: string; to: string } }>().range;
      if (range) {
        const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
        expect(days, path).toBeLessThanOrEqual(1096);
      }
      // Reaching back ten thousand years is refused at once by the plan's history window.
      const ancient = await testApp.app.inject({
        method: 'GET',
        url: `/api/dashboard/${path}?from=0001-01-01&to=9999-12-31`,
        headers: bearer(user.token),
      });
      expect(ancient.statusCode, path).toBe(403);
      expect(ancient.json<{ error: { code: string } }>().error.code).toBe('PLAN_LIMIT');
    }
  });

  it('leaves out the previous period’s series where the plan would refuse a read of that period', async () => {
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const read = (query: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/dashboard/analytics?${query}`,
        headers: bearer(user.token),
      });
    type Overview = {
      range: { previous: { from: string; to: string } | null };
      series: unknown[];
      previousSeries: unknown[] | null;
    };
    // 28 days: the previous 28 are inside the Free plan's 365 days, so the series comes along
    // (every point unknown: nothing is connected).
    const recent = (await read('range=28d')).json<Overview>();
    expect(recent.previousSeries).toHaveLength(28);
    expect(recent.previousSeries).toEqual(
      (
        await read(
          `from=${recent.range.previous!.from}&to=${recent.range.previous!.to}&compare=none`,
        )
      ).json<Overview>().series,
    );
    // 300 days: the previous 300 start about 600 days ago, which the plan refuses to read.
    const long = await read(`from=${day(300)}&to=${day(1)}`);
    expect(long.statusCode).toBe(200);
    const body = long.json<Overview>();
    expect(body.series.length).toBeGreaterThan(0);
    expect(body.previousSeries).toBeNull();
    // The previous period is cut to the plan's window (never reaching past it), and a read of
    // the whole 300 days before the range is refused.
    expect(body.range.previous!.from >= day(365)).toBe(true);
    const previous = await read(`from=${day(600)}&to=${day(301)}&compare=none`);
    expect(previous.statusCode).toBe(403);
    // Not comparing: no previous series at all.
    expect((await read('range=28d&compare=none')).json<Overview>().previousSeries).toBeNull();
  });

  it(`refuses a campaign longer than ${maxCampaignDays} days and more than ${maxCampaignsPerOrganization} per organisation`, async () => {
    const post = (startDate: string, endDate: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/dashboard/roi/campaigns',
        headers: bearer(user.token),
        payload: { name: 'Ads', channel: 'youtube_ads', amount: 10, startDate, endDate },
      });
    const tooLong = await post('2000-01-01', '2099-12-31');
    expect(tooLong.statusCode).toBe(400);
    expect(
      tooLong.json<{ error: { details: { fields: { field: string; message: string }[] } } }>().error
        .details.fields,
    ).toEqual([{ field: 'endDate', message: `A campaign lasts at most ${maxCampaignDays} days` }]);
    // Recent days, so the ROI read's default period (the last 28 days) shows them all.
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect((await post(day(370), day(5))).statusCode).toBe(201);

    await testApp.database.db.insert(campaigns).values(
      Array.from({ length: maxCampaignsPerOrganization - 1 }, (_, index) => ({
        organizationId: user.me.organization.id,
        name: `Campaign ${index}`,
        channel: 'other' as const,
        amount: '1.00',
        startDate: day(6),
        endDate: day(5),
      })),
    );
    // The plans' own campaign limits (at most 100) refuse first; the per-organisation cap is the
    // bound beneath them, whatever the plan.
    const over = await post(day(6), day(5));
    expect(over.statusCode).toBe(403);
    await expect(
      assertCampaignCapacity(testApp.database.db, user.me.organization.id),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const roi = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard/roi',
      headers: bearer(user.token),
    });
    expect(roi.json<{ campaigns: unknown[] }>().campaigns).toHaveLength(
      maxCampaignsPerOrganization,
    );
  });
});
