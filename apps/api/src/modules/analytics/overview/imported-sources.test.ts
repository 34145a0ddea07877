import type { DashboardAnalyticsResponse, RevenueResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../../testing/build-test-app';
import {
  createCatalogue,
  insertSong,
  insertSpotifyAudienceDays,
  insertStatementLines,
  shiftMonth,
} from '../../../testing/statements';
import { databaseTargets } from '../../../testing/test-database';
import { addDays } from '../../../lib/days';

const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
const thisMonth = yesterday.slice(0, 7);

describe.each(databaseTargets)('the overview’s imported sources on %s', (target) => {
  let testApp: TestApp;
  let user: SignedInUser;
  // The export ends five days ago: the overview says so rather than passing it off as current.
  const exportEnd = addDays(yesterday, -5);
  const days = Array.from({ length: 120 }, (_, index) => ({
    day: addDays(exportEnd, -index),
    streams: 1000 + index * 7,
    listeners: 400 + (index % 13),
    followers: 5000 - index * 3,
  }));

  const get = async <T>(url: string) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(user.token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    user = await createUser(testApp, 'customer');
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('has no Spotify or statement figures before anything is imported', async () => {
    const overview = await get<DashboardAnalyticsResponse>('/api/dashboard/analytics?range=28d');
    expect(overview.spotify).toBeNull();
    expect(overview.statementRevenue).toBeNull();
  });

  it('shows Spotify beside the platforms, labelled with the export’s last day', async () => {
    const { db } = testApp.database;
    await insertSpotifyAudienceDays(db, user.me.organization.id, days);
    const overview = await get<DashboardAnalyticsResponse>('/api/dashboard/analytics?range=28d');
    const { from, to } = overview.range;
    const inRange = days.filter((day) => day.day >= from && day.day <= to);
    const dayBefore = days.find((day) => day.day === addDays(from, -1))!;
    expect(overview.spotify).toEqual({
      asOf: exportEnd,
      window: { from, to: exportEnd },
      streams: inRange.reduce((sum, day) => sum + day.streams, 0),
      listeners: days.find((day) => day.day === exportEnd)!.listeners,
      followers: days.find((day) => day.day === exportEnd)!.followers,
      followersNet: days.find((day) => day.day === exportEnd)!.followers - dayBefore.followers,
    });
    // One platform's view is that platform's alone.
    const youtube = await get<DashboardAnalyticsResponse>(
      '/api/dashboard/analytics?range=28d&platform=youtube',
    );
    expect(youtube.spotify).toBeUndefined();
    expect(youtube.statementRevenue).toBeUndefined();
  });

  it('shows the period’s statement revenue as the revenue read gives it', async () => {
    const { db } = testApp.database;
    const organizationId = user.me.organization.id;
    const catalogue = createCatalogue();
    await insertSong(db, organizationId, catalogue, { isrc: 'GBXYZ2500001', title: 'Tide' });
    const lines = [-4, -3, -2, -1].flatMap((offset) =>
      ['US', 'DE'].map((country, index) => ({
        saleMonth: shiftMonth(thisMonth, offset),
        store: 'spotify',
        country,
        isrc: 'GBXYZ2500001',
        quantity: 1000 * (index + 1),
        earnings: (3.1234567891 * (index + 1) - offset).toFixed(10),
      })),
    );
    await insertStatementLines(db, organizationId, catalogue, lines);
    const overview = await get<DashboardAnalyticsResponse>('/api/dashboard/analytics?range=90d');
    const { from, to } = overview.range;
    const revenue = await get<RevenueResponse>(`/api/dashboard/revenue?from=${from}&to=${to}`);
    expect(revenue.total).toBeGreaterThan(0);
    expect(overview.statementRevenue).toMatchObject({
      currency: 'USD',
      total: revenue.total,
      quantity: revenue.quantity,
      reportedThrough: [{ source: 'distrokid', through: revenue.reportedThrough[0]!.through }],
      // The period reaches into this month, which no statement has reported yet.
      isPartial: true,
    });
    expect(overview.statementRevenue!.months!.to).toBe(to.slice(0, 7));
    // The period is not wholly reported, so the latest month every source has reported is
    // given beside it, with the revenue read's figures for that month.
    const latest = shiftMonth(thisMonth, -1);
    const latestDays = `from=${latest}-01&to=${addDays(`${thisMonth}-01`, -1)}`;
    const latestRevenue = await get<RevenueResponse>(`/api/dashboard/revenue?${latestDays}`);
    expect(latestRevenue.total).toBeGreaterThan(0);
    expect(overview.statementRevenue!.latestCompleteMonth).toEqual({
      month: latest,
      total: latestRevenue.total,
      quantity: latestRevenue.quantity,
    });
  });
});
