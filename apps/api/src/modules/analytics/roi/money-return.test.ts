import type { CampaignResult, RoiResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayNumber } from '../../../lib/days';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../../testing/build-test-app';
import {
  createCatalogue,
  insertRelease,
  insertSong,
  insertSpotifySongDays,
  insertStatementLines,
  shiftMonth,
  type TestLine,
} from '../../../testing/statements';
import { databaseTargets } from '../../../testing/test-database';

const thisMonth = new Date().toISOString().slice(0, 7);
const month = (offset: number) => shiftMonth(thisMonth, offset);
const daysIn = (of: string) => dayNumber(`${shiftMonth(of, 1)}-01`) - dayNumber(`${of}-01`);

const song = { isrc: 'USAAA2400001', title: 'First Light', releaseUpc: '012345678905' };
const otherSong = { isrc: 'USAAA2400002', title: 'Second Wind' };
/** The promoted song's earnings per month: flat, then up in the campaign's month. */
const songEarnings: Record<string, string> = {
  [month(-6)]: '93.0000000000',
  [month(-5)]: '100.0000000000',
  [month(-4)]: '100.0000000000',
  [month(-3)]: '190.5500000000',
  [month(-2)]: '104.0000000000',
};

describe.each(databaseTargets)('campaign ROI in real money on %s', (target) => {
  let testApp: TestApp;
  let user: SignedInUser;
  const campaignStart = `${month(-3)}-10`;
  const campaignEnd = `${month(-3)}-16`;

  const post = (payload: Record<string, unknown>, token = user.token) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/roi/campaigns',
      headers: bearer(token),
      payload,
    });
  const roiOf = async (token = user.token) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard/roi?range=all',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RoiResponse>();
  };
  const resultOf = (roi: RoiResponse, name: string) =>
    roi.campaigns.find((result) => result.campaign.name === name) as CampaignResult;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    user = await createUser(testApp, 'customer');
    const { db } = testApp.database;
    const organizationId = user.me.organization.id;
    const catalogue = createCatalogue();
    await insertRelease(db, organizationId, catalogue, { upc: song.releaseUpc, title: 'Dawn EP' });
    await insertSong(db, organizationId, catalogue, song);
    await insertSong(db, organizationId, catalogue, otherSong);
    const lines: TestLine[] = Object.entries(songEarnings).flatMap(([saleMonth, earnings]) => [
      { saleMonth, store: 'spotify', country: 'US', isrc: song.isrc, quantity: 1000, earnings },
      // Another song's money: in the artist's return, never in the song's.
      {
        saleMonth,
        store: 'spotify',
        country: 'DE',
        isrc: otherSong.isrc,
        quantity: 500,
        earnings: '40.0000000000',
      },
    ]);
    await insertStatementLines(db, organizationId, catalogue, lines);
    // The song's Spotify timeline: 1,000 a day, 1,500 a day while the campaign ran.
    const streamDays = Array.from({ length: 60 }, (_, index) => {
      const day = addDays(campaignEnd, -index);
      return { day, streams: day >= campaignStart ? 1500 : 1000 };
    });
    await insertSpotifySongDays(db, organizationId, catalogue, song, streamDays);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('stores the song or release a campaign names (normalised) and refuses both at once', async () => {
    const both = await post({
      name: 'Both',
      channel: 'pr',
      amount: 1,
      startDate: campaignStart,
      endDate: campaignEnd,
      songIsrc: song.isrc,
      releaseUpc: song.releaseUpc,
    });
    expect(both.statusCode).toBe(400);
    expect(
      both.json<{ error: { details: { fields: { field: string }[] } } }>().error.details.fields[0]!
        .field,
    ).toBe('releaseUpc');
    const badIsrc = await post({
      name: 'Bad',
      channel: 'pr',
      amount: 1,
      startDate: campaignStart,
      endDate: campaignEnd,
      songIsrc: 'not an isrc',
    });
    expect(badIsrc.statusCode).toBe(400);
    const created = await post({
      name: 'Playlist push',
      channel: 'playlist_pitching',
      amount: 50,
      extraRevenue: 5,
      startDate: campaignStart,
      endDate: campaignEnd,
      songIsrc: 'us-aaa-24-00001',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      created.json<{ campaign: { songIsrc: string; releaseUpc: null } }>().campaign,
    ).toMatchObject({
      songIsrc: song.isrc,
      releaseUpc: null,
    });
  });

  it('measures the song’s earnings and streams lift over the baseline once its months are reported', async () => {
    const result = resultOf(await roiOf(), 'Playlist push');
    const money = result.moneyReturn!;
    // Worked out here from the lines themselves: a month's earnings spread evenly on its days,
    // the baseline the 28 days before the campaign.
    const dailyOf = (day: string) =>
      Number(songEarnings[day.slice(0, 7)] ?? 0) / daysIn(day.slice(0, 7));
    const baselineDays = Array.from({ length: 28 }, (_, index) =>
      addDays(campaignStart, -1 - index),
    );
    const rate = baselineDays.reduce((sum, day) => sum + dailyOf(day), 0) / 28;
    const campaignDays = Array.from({ length: 7 }, (_, index) => addDays(campaignStart, index));
    const during = campaignDays.reduce((sum, day) => sum + dailyOf(day), 0);
    const lift = Number((during - 7 * rate).toFixed(2));
    expect(money).toMatchObject({
      subject: { kind: 'song', key: song.isrc, label: 'First Light' },
      status: 'measured',
      neededThrough: month(-3),
      reportedThrough: month(-2),
      currency: 'USD',
      earningsDuring: Number(during.toFixed(2)),
      earningsBaseline: Number((7 * rate).toFixed(2)),
      earningsLift: lift,
      spotifyStreams: { during: 10_500, baseline: 7000, lift: 3500, asOf: campaignEnd },
      roi: Number(((lift + 5 - 50) / 50).toFixed(4)),
    });
    expect(lift).toBeGreaterThan(0);
  });

  it('counts every song for a campaign that names none', async () => {
    expect(
      (
        await post({
          name: 'Radio',
          channel: 'radio',
          amount: 20,
          startDate: `${month(-4)}-20`,
          endDate: `${month(-4)}-22`,
        })
      ).statusCode,
    ).toBe(201);
    const money = resultOf(await roiOf(), 'Radio').moneyReturn!;
    expect(money.subject).toEqual({ kind: 'artist', key: null, label: 'All songs' });
    expect(money.status).toBe('measured');
    // Both songs' months were flat before and during it (40 + 100 a month) except the month
    // before the baseline: the artist's earnings on its days are both songs'.
    const dailyOf = (of: string) => (Number(songEarnings[of] ?? 0) + 40) / daysIn(of);
    expect(money.earningsDuring).toBe(Number((3 * dailyOf(month(-4))).toFixed(2)));
    // No artist-wide Spotify timeline was imported: no streams figure, not zero.
    expect(money.spotifyStreams).toBeNull();
  });

  it('waits for statements until every month the campaign covers is reported', async () => {
    expect(
      (
        await post({
          name: 'Late',
          channel: 'meta_ads',
          amount: 30,
          startDate: `${month(-1)}-03`,
          endDate: `${month(-1)}-09`,
          releaseUpc: '0 12345 67890 5',
        })
      ).statusCode,
    ).toBe(201);
    const money = resultOf(await roiOf(), 'Late').moneyReturn!;
    expect(money).toMatchObject({
      subject: { kind: 'release', key: song.releaseUpc, label: 'Dawn EP' },
      status: 'waiting',
      neededThrough: month(-1),
      reportedThrough: month(-2),
      earningsDuring: null,
      earningsLift: null,
      roi: null,
    });
    // The month arrives: the same campaign now has a number.
    const catalogue = createCatalogue();
    catalogue.songIds.set(
      song.isrc,
      (await testApp.database.db.query.songs.findFirst({
        where: (songs, { eq }) => eq(songs.isrc, song.isrc),
      }))!.id,
    );
    await insertStatementLines(testApp.database.db, user.me.organization.id, catalogue, [
      {
        saleMonth: month(-1),
        store: 'spotify',
        country: 'US',
        isrc: song.isrc,
        quantity: 1000,
        earnings: '100.0000000000',
      },
    ]);
    const arrived = resultOf(await roiOf(), 'Late').moneyReturn!;
    expect(arrived.status).toBe('measured');
    expect(arrived.earningsLift).not.toBeNull();
    expect(arrived.roi).not.toBeNull();
  });

  it('says there are no statements when none is imported', async () => {
    const other = await createUser(testApp, 'customer');
    expect(
      (
        await post(
          {
            name: 'Solo',
            channel: 'other',
            amount: 10,
            startDate: `${month(-2)}-01`,
            endDate: `${month(-2)}-05`,
          },
          other.token,
        )
      ).statusCode,
    ).toBe(201);
    const money = resultOf(await roiOf(other.token), 'Solo').moneyReturn!;
    expect(money).toMatchObject({
      status: 'no_statements',
      reportedThrough: null,
      earningsLift: null,
      roi: null,
    });
  });
});
