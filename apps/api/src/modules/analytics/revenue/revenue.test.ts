import type { RevenueGroupBy, RevenueResponse, UsageResponse } from '@crescendo/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementLines, statementMonthTotals } from '../../../db/schema';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../../testing/build-test-app';
import {
  createCatalogue,
  divideDecimals,
  insertImport,
  insertRelease,
  insertSong,
  insertStatementLines,
  insertYoutubeRevenueDays,
  setOrganizationCurrency,
  shiftMonth,
  sumDecimals,
  type TestCatalogue,
  type TestLine,
} from '../../../testing/statements';
import { databaseTargets } from '../../../testing/test-database';
import { monthsOf, resolveRevenueRange } from './revenue-range';

describe('revenue months', () => {
  it('covers a month when its first day is in the range', () => {
    expect(monthsOf('2025-01-01', '2025-03-31')).toEqual({ first: '2025-01', last: '2025-03' });
    expect(monthsOf('2025-01-02', '2025-03-01')).toEqual({ first: '2025-02', last: '2025-03' });
    expect(monthsOf('2025-12-15', '2026-01-01')).toEqual({ first: '2026-01', last: '2026-01' });
    expect(monthsOf('2025-01-02', '2025-01-31')).toBeNull();
  });

  it('ends presets yesterday and starts "all" at the first statement month', () => {
    expect(resolveRevenueRange({ range: '28d' }, '2025-06-15', null)).toEqual({
      from: '2025-05-18',
      to: '2025-06-14',
    });
    expect(resolveRevenueRange({}, '2025-06-15', null).from).toBe('2024-06-15');
    expect(resolveRevenueRange({ range: 'all' }, '2025-06-15', '2023-02-01').from).toBe(
      '2023-02-01',
    );
    expect(
      resolveRevenueRange({ from: '2025-03-01', to: '2025-01-01' }, '2025-06-15', null),
    ).toEqual({ from: '2025-01-01', to: '2025-03-01' });
  });
});

const thisMonth = new Date().toISOString().slice(0, 7);
const month = (offset: number) => shiftMonth(thisMonth, offset);
const firstDay = (offset: number) => `${month(offset)}-01`;
const lastDay = (offset: number) => {
  const next = new Date(`${month(offset + 1)}-01T00:00:00Z`);
  next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
};

const songsUnderTest = [
  { isrc: 'USAAA2400001', title: 'First Light', releaseUpc: '012345678905' },
  { isrc: 'USAAA2400002', title: 'Second Wind', releaseUpc: '012345678905' },
  { isrc: 'USAAA2400003', title: 'Third Rail', releaseUpc: '098765432109' },
];
const stores = [
  ['spotify', 'Spotify'],
  ['apple_music', 'Apple Music'],
  ['youtube_music', 'YouTube (Art Track)'],
] as const;
const countries = ['US', 'DE', 'FR', null];

/** Deterministic pseudo-random lines: every song, store and country in months −8..−1. */
function buildLines(): TestLine[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const lines: TestLine[] = [];
  for (let offset = -8; offset <= -1; offset += 1) {
    for (const song of songsUnderTest) {
      for (const [store, storeName] of stores) {
        for (const country of countries) {
          const quantity = Math.floor(next() * 5000) + 1;
          const earnings = (quantity * (0.002 + next() * 0.003)).toFixed(10);
          lines.push({
            saleMonth: month(offset),
            store,
            storeName,
            country,
            isrc: song.isrc,
            quantity,
            earnings,
            // TuneCore reports two months less than DistroKid.
            source: offset >= -3 || store !== 'apple_music' ? 'distrokid' : 'tunecore',
          });
        }
      }
    }
  }
  // A chargeback, a release-level line, and the same line twice in one file (both count).
  lines.push({
    saleMonth: month(-2),
    store: 'spotify',
    country: 'US',
    isrc: songsUnderTest[0]!.isrc,
    quantity: -10,
    earnings: '-0.0312345678',
  });
  lines.push({
    saleMonth: month(-2),
    store: 'itunes',
    storeName: 'iTunes',
    country: 'DE',
    upc: '012345678905',
    quantity: 3,
    earnings: '20.9700000000',
  });
  lines.push({
    saleMonth: month(-2),
    store: 'itunes',
    storeName: 'iTunes',
    country: 'DE',
    upc: '012345678905',
    quantity: 3,
    earnings: '20.9700000000',
  });
  return lines;
}

/** Bandcamp sales in euros with no rate in the file: shown apart, never in totals. */
const euroLines: TestLine[] = [
  {
    source: 'bandcamp',
    saleMonth: month(-2),
    store: 'bandcamp',
    country: 'DE',
    isrc: 'USAAA2400001',
    quantity: 2,
    earnings: '14.0000000000',
    currency: 'EUR',
    isAccountCurrency: false,
  },
  {
    source: 'bandcamp',
    saleMonth: month(-1),
    store: 'bandcamp',
    country: 'FR',
    isrc: 'USAAA2400002',
    quantity: 1,
    earnings: '7.5050000000',
    currency: 'EUR',
    isAccountCurrency: false,
  },
];

const inMonths = (line: TestLine, first: number, last: number) =>
  line.saleMonth >= month(first) && line.saleMonth <= month(last);

const keyOf: Record<RevenueGroupBy, (line: TestLine) => string> = {
  store: (line) => line.store,
  country: (line) => line.country ?? '',
  song: (line) => line.isrc ?? '',
  release: (line) =>
    line.upc ?? songsUnderTest.find((song) => song.isrc === line.isrc)?.releaseUpc ?? '',
  month: (line) => line.saleMonth,
  source: (line) => line.source ?? 'distrokid',
};

describe.each(databaseTargets)('GET /api/dashboard/revenue on %s', (target) => {
  let testApp: TestApp;
  let user: SignedInUser;
  let catalogue: TestCatalogue;
  const lines = buildLines();

  const read = async (query: string, token = user.token) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/dashboard/revenue?${query}`,
      headers: bearer(token),
    });
    return response;
  };
  const readJson = async (query: string) => {
    const response = await read(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RevenueResponse>();
  };

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    user = await createUser(testApp, 'customer');
    const { db } = testApp.database;
    const organizationId = user.me.organization.id;
    catalogue = createCatalogue();
    await insertRelease(db, organizationId, catalogue, { upc: '012345678905', title: 'Dawn EP' });
    await insertRelease(db, organizationId, catalogue, { upc: '098765432109', title: 'Rail' });
    for (const song of songsUnderTest) await insertSong(db, organizationId, catalogue, song);
    const importId = await insertImport(db, organizationId, {
      source: 'distrokid',
      finishedAt: new Date('2030-01-02T03:04:05Z'),
    });
    await insertStatementLines(db, organizationId, catalogue, [...lines, ...euroLines], {
      importId,
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it.each(['store', 'country', 'song', 'release', 'month', 'source'] as const)(
    'groups by %s: every row and the total equal the lines summed to the cent',
    async (groupBy) => {
      const revenue = await readJson(`from=${firstDay(-6)}&to=${lastDay(-1)}&groupBy=${groupBy}`);
      const covered = lines.filter((line) => inMonths(line, -6, -1));
      expect(revenue.currency).toBe('USD');
      expect(revenue.total).toBe(sumDecimals(covered.map((line) => line.earnings)));
      expect(revenue.quantity).toBe(covered.reduce((sum, line) => sum + line.quantity, 0));
      const expectedKeys = [...new Set(covered.map(keyOf[groupBy]))].sort();
      expect(revenue.rows.map((row) => row.key).sort()).toEqual(expectedKeys);
      for (const row of revenue.rows) {
        const own = covered.filter((line) => keyOf[groupBy](line) === row.key);
        expect(row.earnings, row.key).toBe(sumDecimals(own.map((line) => line.earnings)));
        const quantity = own.reduce((sum, line) => sum + line.quantity, 0);
        expect(row.quantity).toBe(quantity);
        // Per-unit pay keeps more decimals than cents: 8, from the exact sum.
        expect(row.perUnit).toBe(
          quantity > 0
            ? divideDecimals(
                own.map((line) => line.earnings),
                quantity,
                8,
              )
            : null,
        );
      }
      if (groupBy === 'month') {
        expect(revenue.rows.map((row) => row.key)).toEqual(expectedKeys);
        expect(revenue.rows[0]!.label).toMatch(/^[A-Z][a-z]+ \d{4}$/);
      } else {
        const earnings = revenue.rows.map((row) => row.earnings);
        expect(earnings).toEqual([...earnings].sort((a, b) => b - a));
      }
      if (groupBy === 'country') {
        expect(revenue.rows.find((row) => row.key === 'DE')?.label).toBe('Germany');
        expect(revenue.rows.find((row) => row.key === '')?.label).toBe('Country not given');
      }
      if (groupBy === 'song') {
        expect(revenue.rows.find((row) => row.key === 'USAAA2400001')?.label).toBe('First Light');
      }
      if (groupBy === 'release') {
        expect(revenue.rows.find((row) => row.key === '012345678905')?.label).toBe('Dawn EP');
      }
      if (groupBy === 'store') {
        expect(revenue.rows.find((row) => row.key === 'youtube_music')?.label).toBe(
          'YouTube (Art Track)',
        );
      }
      if (groupBy === 'source') {
        expect(revenue.rows.find((row) => row.key === 'tunecore')?.label).toBe('TuneCore');
      }
    },
  );

  it('rounds per-unit pay to 8 decimals', async () => {
    const revenue = await readJson(`from=${firstDay(-6)}&to=${lastDay(-1)}&groupBy=store`);
    for (const row of revenue.rows) {
      if (row.perUnit === null) continue;
      expect(Math.abs(row.perUnit * 1e8 - Math.round(row.perUnit * 1e8))).toBeLessThan(1e-4);
    }
  });

  it('covers a month when its first day is in the range, at both edges', async () => {
    const sumOf = (first: number, last: number) =>
      sumDecimals(lines.filter((line) => inMonths(line, first, last)).map((line) => line.earnings));
    // Starting on the 2nd leaves that month out; ending on the 1st takes that month in.
    const shifted = await readJson(`from=${month(-6)}-02&to=${firstDay(-2)}`);
    expect(shifted.total).toBe(sumOf(-5, -2));
    expect(shifted.rows.map((row) => row.key)).toEqual([
      month(-5),
      month(-4),
      month(-3),
      month(-2),
    ]);
    const exact = await readJson(`from=${firstDay(-6)}&to=${lastDay(-3)}`);
    expect(exact.total).toBe(sumOf(-6, -3));
    // A range inside one month, past its first day, covers no month: nothing, not an error.
    const inside = await readJson(`from=${month(-4)}-05&to=${month(-4)}-20`);
    expect(inside.total).toBe(0);
    expect(inside.rows).toEqual([]);
  });

  it('filters by store, country, source and song', async () => {
    const window = `from=${firstDay(-6)}&to=${lastDay(-1)}`;
    const filtered = await readJson(`${window}&groupBy=song&store=spotify&country=de`);
    const own = lines.filter(
      (line) => inMonths(line, -6, -1) && line.store === 'spotify' && line.country === 'DE',
    );
    expect(filtered.total).toBe(sumDecimals(own.map((line) => line.earnings)));
    const bySong = await readJson(`${window}&groupBy=store&isrc=USAAA-24-00003`);
    expect(bySong.total).toBe(
      sumDecimals(
        lines
          .filter((line) => inMonths(line, -6, -1) && line.isrc === 'USAAA2400003')
          .map((line) => line.earnings),
      ),
    );
    const tunecore = await readJson(`${window}&groupBy=month&source=tunecore`);
    expect(tunecore.rows.map((row) => row.key)).toEqual([month(-6), month(-5), month(-4)]);
  });

  it('leaves lines in another currency out of totals and lists them', async () => {
    const revenue = await readJson(`from=${firstDay(-6)}&to=${lastDay(-1)}&groupBy=source`);
    expect(revenue.rows.some((row) => row.key === 'bandcamp')).toBe(false);
    expect(revenue.excluded).toEqual([
      { currency: 'EUR', amount: sumDecimals(euroLines.map((line) => line.earnings)), lines: 2 },
    ]);
  });

  it('says how far each source has reported, and when it was imported', async () => {
    const revenue = await readJson(`range=90d`);
    expect(revenue.reportedThrough).toEqual([
      { source: 'bandcamp', through: lastDay(-1), importedAt: null },
      { source: 'distrokid', through: lastDay(-1), importedAt: '2030-01-02T03:04:05.000Z' },
      { source: 'tunecore', through: lastDay(-4), importedAt: null },
    ]);
  });

  it('gives YouTube’s estimate apart and never adds it', async () => {
    const before = await readJson(`from=${firstDay(-3)}&to=${lastDay(-3)}`);
    expect(before.youtubeEstimated).toBeNull();
    const { db } = testApp.database;
    await insertYoutubeRevenueDays(db, user.me.organization.id, [
      { day: firstDay(-3), estimatedRevenue: 1.25 },
      { day: lastDay(-3), estimatedRevenue: 2.5 },
      // Outside the month: not counted.
      { day: firstDay(-2), estimatedRevenue: 100 },
    ]);
    const after = await readJson(`from=${firstDay(-3)}&to=${lastDay(-3)}`);
    expect(after.youtubeEstimated).toBe(3.75);
    expect(after.total).toBe(before.total);
  });

  it('applies the plan’s history window', async () => {
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    const refused = await read(`from=${longAgo}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('PLAN_LIMIT');
    // "all" means all the plan allows: a line from 14 months ago stays out.
    const { db } = testApp.database;
    const organizationId = user.me.organization.id;
    const old: TestLine = {
      saleMonth: month(-14),
      store: 'spotify',
      country: 'US',
      isrc: 'USAAA2400001',
      quantity: 5,
      earnings: '999.0000000000',
    };
    await insertStatementLines(db, organizationId, catalogue, [old]);
    const all = await readJson('range=all&groupBy=month');
    expect(all.rows.some((row) => row.key === month(-14))).toBe(false);
    expect(all.range.from > firstDay(-13)).toBe(true);
  });

  it('answers from the cache until a line changes, then at once with the new figures', async () => {
    const query = `from=${firstDay(-2)}&to=${lastDay(-2)}&groupBy=store`;
    const first = await read(query);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const revalidated = await testApp.app.inject({
      method: 'GET',
      url: `/api/dashboard/revenue?${query}`,
      headers: { ...bearer(user.token), 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    await insertStatementLines(testApp.database.db, user.me.organization.id, catalogue, [
      {
        saleMonth: month(-2),
        store: 'deezer',
        storeName: 'Deezer',
        country: 'FR',
        isrc: 'USAAA2400002',
        quantity: 100,
        earnings: '0.3300000000',
      },
    ]);
    const after = await read(query);
    expect(after.headers.etag).not.toBe(etag);
    const revenue = after.json<RevenueResponse>();
    expect(revenue.total).toBe(Number((first.json<RevenueResponse>().total + 0.33).toFixed(2)));
    expect(revenue.rows.find((row) => row.key === 'deezer')?.earnings).toBe(0.33);
  });

  it('keeps the monthly sums equal to the lines when lines are updated and deleted', async () => {
    const { db } = testApp.database;
    const organizationId = user.me.organization.id;
    const window = `from=${firstDay(-8)}&to=${lastDay(-7)}`;
    const before = await readJson(`${window}&groupBy=song`);
    // A song relinked (as the imports module may do) moves its money to the other song.
    await db
      .update(statementLines)
      .set({ songId: catalogue.songIds.get('USAAA2400002')! })
      .where(
        and(
          eq(statementLines.organizationId, organizationId),
          eq(statementLines.saleMonth, firstDay(-8)),
          eq(statementLines.songId, catalogue.songIds.get('USAAA2400001')!),
        ),
      );
    const moved = await readJson(`${window}&groupBy=song`);
    expect(moved.total).toBe(before.total);
    const own = (month: string, isrc: string) =>
      lines
        .filter((line) => line.saleMonth === month && line.isrc === isrc)
        .map((line) => line.earnings);
    expect(moved.rows.find((row) => row.key === 'USAAA2400001')!.earnings).toBe(
      sumDecimals(own(month(-7), 'USAAA2400001')),
    );
    // An import deleted: its lines' months read as the remaining lines, filtered or not.
    await db
      .delete(statementLines)
      .where(
        and(
          eq(statementLines.organizationId, organizationId),
          eq(statementLines.saleMonth, firstDay(-8)),
        ),
      );
    const after = await readJson(`${window}&groupBy=store`);
    const remaining = sumDecimals(
      lines.filter((line) => line.saleMonth === month(-7)).map((line) => line.earnings),
    );
    expect(after.total).toBe(remaining);
    expect((await readJson(`${window}&groupBy=store&country=US`)).total).toBe(
      sumDecimals(
        lines
          .filter((line) => line.saleMonth === month(-7) && line.country === 'US')
          .map((line) => line.earnings),
      ),
    );
    const rows = await db
      .select({ lines: statementMonthTotals.lines })
      .from(statementMonthTotals)
      .where(
        and(
          eq(statementMonthTotals.organizationId, organizationId),
          eq(statementMonthTotals.saleMonth, firstDay(-8)),
        ),
      );
    expect(rows).toEqual([]);
  });

  it('counts lines in the organisation’s currency when it is not USD', async () => {
    const other = await createUser(testApp, 'customer');
    const { db } = testApp.database;
    const organizationId = other.me.organization.id;
    await setOrganizationCurrency(db, organizationId, 'EUR');
    const ownCatalogue = createCatalogue();
    await insertSong(db, organizationId, ownCatalogue, songsUnderTest[0]!);
    await insertSong(db, organizationId, ownCatalogue, songsUnderTest[1]!);
    await insertStatementLines(db, organizationId, ownCatalogue, [
      ...euroLines,
      {
        saleMonth: month(-2),
        store: 'spotify',
        country: 'US',
        isrc: 'USAAA2400001',
        quantity: 1000,
        earnings: '3.1000000000',
      },
    ]);
    const response = await read(`from=${firstDay(-3)}&to=${lastDay(-1)}`, other.token);
    const revenue = response.json<RevenueResponse>();
    expect(revenue.currency).toBe('EUR');
    expect(revenue.total).toBe(sumDecimals(euroLines.map((line) => line.earnings)));
    expect(revenue.excluded).toEqual([{ currency: 'USD', amount: 3.1, lines: 1 }]);
    // Another organisation's lines are never read.
    expect(revenue.quantity).toBe(3);
  });

  it('exports the same rows as CSV, counted as an export', async () => {
    const query = `from=${firstDay(-6)}&to=${lastDay(-1)}&groupBy=country`;
    const json = await readJson(query);
    const csv = await read(`${query}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('crescendo-revenue-by-country-');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('Country,Key,Earnings (USD),Quantity,Per unit,Note');
    expect(rows).toHaveLength(1 + json.rows.length + 1 + json.excluded.length);
    expect(rows[1]).toBe(
      `${json.rows[0]!.label},${json.rows[0]!.key},${json.rows[0]!.earnings},${json.rows[0]!.quantity},${json.rows[0]!.perUnit},`,
    );
    expect(rows[1 + json.rows.length]).toContain(`Total,,${json.total},`);
    const usage = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard/usage',
      headers: bearer(user.token),
    });
    const exportsUsed = () =>
      usage.json<UsageResponse>().limits.find((limit) => limit.name === 'exports')?.used;
    expect(exportsUsed()).toBe(1);
    // JSON reads are not exports.
    expect(json.rows.length).toBeGreaterThan(0);
  });

  it('refuses bad input with the fields named', async () => {
    for (const query of [
      'groupBy=genre',
      'country=Germany',
      'range=30d',
      'range=90d&from=2025-01-01',
      'isrc=nope',
    ]) {
      const response = await read(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    }
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/dashboard/revenue' });
    expect(anonymous.statusCode).toBe(401);
  });
});
