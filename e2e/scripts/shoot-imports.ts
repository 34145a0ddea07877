// Screenshots of Settings → Imports, the Revenue page (store and month groupings, and its empty
// state), the songs list and a song page, light and dark, 390 and 1280 px wide:
// `npx tsx scripts/shoot-imports.ts <outDir> [--mock] [--only=<shot name>]`. With `--mock` the imports, songs and
// revenue endpoints answer from fixed data in the browser (for looking at the pages before the API
// serves them); without it the real API answers.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { demoAccounts, launchBrowser } from '../support/browser';
import { startServer } from '../support/server';
import { signedInPage } from '../support/session';

const args = process.argv.slice(2);
const isMocked = args.includes('--mock');
const [outDir = '/tmp/shots-imports'] = args.filter((arg) => !arg.startsWith('--'));
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
fs.mkdirSync(outDir, { recursive: true });

const user = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Nova Lane',
  email: 'artist@example.com',
};
const baseImport = {
  status: 'done',
  format: 'distrokid',
  source: 'distrokid',
  fileBytes: 812_000,
  isFileKept: false,
  period: { from: '2026-01-01', to: '2026-03-31', granularity: 'month' },
  rowsTotal: 4_212,
  rowsImported: 4_209,
  rowsRejected: 3,
  rowsDuplicate: 0,
  duplicateOf: null,
  error: null,
  rejections: [
    { line: 118, reason: 'Earnings (USD) is not a number: "n/a"' },
    { line: 2_040, reason: 'ISRC is missing on a song line' },
    { line: 3_977, reason: 'Sale Month "2026-13" is not a month' },
  ],
  totals: { quantity: 412_380, earnings: [{ currency: 'USD', amount: 1_402.17 }] },
  uploadedBy: user,
  createdAt: '2026-06-20T09:30:00.000Z',
  finishedAt: '2026-06-20T09:30:06.000Z',
};
const imports = [
  {
    ...baseImport,
    id: '00000000-0000-4000-8000-000000000001',
    fileName: 'DistroKid_1750411800000.tsv',
    isFileKept: true,
  },
  {
    ...baseImport,
    id: '00000000-0000-4000-8000-000000000002',
    format: 'spotify_audience_timeline',
    source: 'spotify',
    fileName: 'nova-lane-audience-timeline.csv',
    period: { from: '2025-06-01', to: '2026-05-30', granularity: 'day' },
    rowsTotal: 364,
    rowsImported: 364,
    rowsRejected: 0,
    rejections: [],
    totals: { quantity: 1_284_000, earnings: [] },
    createdAt: '2026-06-01T10:00:00.000Z',
  },
  {
    ...baseImport,
    id: '00000000-0000-4000-8000-000000000003',
    fileName: 'DistroKid_again.tsv',
    rowsImported: 0,
    rowsRejected: 0,
    rowsDuplicate: 4_209,
    duplicateOf: '00000000-0000-4000-8000-000000000001',
    rejections: [],
    createdAt: '2026-06-22T18:02:00.000Z',
  },
  {
    ...baseImport,
    id: '00000000-0000-4000-8000-000000000004',
    status: 'failed',
    format: 'tunecore',
    source: 'tunecore',
    fileName: 'tunecore-sales.csv',
    period: null,
    rowsTotal: 0,
    rowsImported: 0,
    rowsRejected: 0,
    rejections: [],
    totals: { quantity: 0, earnings: [] },
    error: 'The file ended in the middle of a quoted field on line 88: it may have been cut short.',
    createdAt: '2026-06-23T08:00:00.000Z',
  },
];
const reportedThrough = [
  { source: 'distrokid', through: '2026-03-31', importedAt: '2026-06-20T09:30:06.000Z' },
  { source: 'tunecore', through: '2026-02-28', importedAt: '2026-05-02T12:00:00.000Z' },
  { source: 'spotify', through: '2026-05-30', importedAt: '2026-06-01T10:00:00.000Z' },
];
const months = [
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
];
const monthRows = months.map((month, index) => {
  const quantity = 90_000 + index * 9_000;
  const earnings = Math.round(quantity * 0.0034 * 100) / 100;
  return { key: month, label: month, earnings, quantity, perUnit: earnings / quantity };
});
const revenueBase = {
  currency: 'USD',
  range: { from: '2025-06-01', to: '2026-05-31' },
  total: 3_921.44,
  quantity: 1_153_000,
  reportedThrough,
  excluded: [{ currency: 'EUR', amount: 41.3, lines: 12 }],
  youtubeEstimated: 212.9,
};
const revenueRows: Record<string, object[]> = {
  month: monthRows,
  store: [
    { key: 'spotify', label: 'Spotify', earnings: 2_410.12, quantity: 803_373, perUnit: 0.003 },
    { key: 'apple', label: 'Apple Music', earnings: 901.3, quantity: 128_757, perUnit: 0.007 },
    {
      key: 'youtube_music',
      label: 'YouTube Music',
      earnings: 240.02,
      quantity: 120_010,
      perUnit: 0.002,
    },
    { key: 'amazon', label: 'Amazon Unlimited', earnings: 190.5, quantity: 47_625, perUnit: 0.004 },
    { key: 'bandcamp', label: 'Bandcamp', earnings: 179.5, quantity: 18, perUnit: 9.97 },
  ],
};
const song = {
  isrc: 'USS1Z2400001',
  title: 'Midnight Drive',
  artist: 'Nova Lane',
  release: { upc: '0123456789012', title: 'Midnight Drive (Single)' },
  releaseDate: '2025-10-03',
  spotify: { streams: 182_400, listeners: 61_200, saves: 9_800, asOf: '2026-05-30' },
  earnings: 1_612.34,
  quantity: 480_000,
  linkedItems: [
    {
      contentId: '00000000-0000-4000-8000-0000000000c1',
      platform: 'youtube',
      title: 'Nova Lane – Midnight Drive (Official Video)',
      url: 'https://www.youtube.com/watch?v=abc',
      thumbnailUrl: null,
      lifetimeViews: 248_000,
    },
  ],
};
const songs = [
  song,
  {
    ...song,
    isrc: 'USS1Z2400002',
    title: 'Glass Harbour',
    earnings: 840.1,
    spotify: null,
    linkedItems: [],
  },
  {
    ...song,
    isrc: 'USS1Z2400003',
    title: 'Paper Moons',
    earnings: 402.77,
    release: null,
    linkedItems: [],
  },
];
const songDetail = {
  currency: 'USD',
  song,
  earningsByStore: revenueRows.store,
  earningsByCountry: [
    { key: 'US', label: 'United States', earnings: 702.4, quantity: 210_000, perUnit: 0.0033 },
    { key: 'DE', label: 'Germany', earnings: 310.2, quantity: 80_000, perUnit: 0.0039 },
    { key: 'GB', label: 'United Kingdom', earnings: 288.9, quantity: 76_000, perUnit: 0.0038 },
  ],
  timeline: [...months, '2026-04', '2026-05'].map((month, index) => ({
    month,
    earnings: index < months.length ? 120 + index * 18 : 0,
    quantity: 40_000 + index * 3_000,
    spotifyStreams: 12_000 + index * 1_900,
  })),
  sources: reportedThrough,
  suggestions: [
    {
      contentId: '00000000-0000-4000-8000-0000000000c2',
      platform: 'instagram',
      title: 'midnight drive — teaser reel',
      confidence: 0.86,
    },
  ],
};

async function mockApi(page: Page, { isEmpty = false } = {}) {
  const json = (body: unknown) => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });
  await page.route('**/api/v1/imports/samples', (route) =>
    route.fulfill(
      json({
        samples: [
          {
            fileName: 'nova-lane-distrokid.tsv',
            format: 'distrokid',
            source: 'distrokid',
            url: '/sandbox/statements/distrokid.tsv',
          },
          {
            fileName: 'nova-lane-tunecore.csv',
            format: 'tunecore',
            source: 'tunecore',
            url: '/sandbox/statements/tunecore.csv',
          },
          {
            fileName: 'nova-lane-audience.csv',
            format: 'spotify_audience_timeline',
            source: 'spotify',
            url: '/sandbox/statements/audience.csv',
          },
          {
            fileName: 'nova-lane-bandcamp.csv',
            format: 'bandcamp',
            source: 'bandcamp',
            url: '/sandbox/statements/bandcamp.csv',
          },
        ],
      }),
    ),
  );
  await page.route('**/api/v1/imports', (route) =>
    route.fulfill(json({ imports: isEmpty ? [] : imports })),
  );
  await page.route('**/api/v1/songs', (route) => route.fulfill(json({ currency: 'USD', songs })));
  await page.route('**/api/v1/songs/*', (route) => route.fulfill(json(songDetail)));
  await page.route('**/api/dashboard/revenue?*', (route) => {
    const groupBy = new URL(route.request().url()).searchParams.get('groupBy') ?? 'month';
    if (isEmpty) {
      return route.fulfill(
        json({
          ...revenueBase,
          total: 0,
          quantity: 0,
          rows: [],
          reportedThrough: [],
          excluded: [],
          youtubeEstimated: null,
        }),
      );
    }
    return route.fulfill(json({ ...revenueBase, rows: revenueRows[groupBy] ?? revenueRows.store }));
  });
}

const shots: {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
  isEmpty?: boolean;
}[] = [
  {
    name: 'imports',
    path: '/settings/imports',
    ready: (page) => page.getByText('DistroKid_1750411800000.tsv').first().waitFor(),
  },
  {
    name: 'revenue-store',
    path: '/dashboard/revenue',
    ready: (page) => page.getByText('Apple Music').first().waitFor(),
  },
  {
    name: 'revenue-month',
    path: '/dashboard/revenue?groupBy=month',
    ready: (page) => page.getByText('Not reported yet').first().waitFor(),
  },
  {
    name: 'revenue-empty',
    path: '/dashboard/revenue',
    isEmpty: true,
    ready: (page) => page.getByText('No statements imported yet').waitFor(),
  },
  {
    name: 'songs',
    path: '/dashboard/songs',
    ready: (page) => page.getByText('Glass Harbour').first().waitFor(),
  },
  {
    name: 'song',
    path: '/dashboard/songs/USS1Z2400001',
    ready: (page) => page.getByText('Earnings by country').first().waitFor(),
  },
];

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      const options = { colorScheme: scheme, width, height: width === 390 ? 844 : 800 };
      for (const shot of shots.filter((candidate) => !only || candidate.name === only)) {
        const { context, page } = await signedInPage(
          browser,
          server.baseUrl,
          demoAccounts.customer,
          options,
        );
        // Charts drawn at once, as for a visitor who asks for less motion.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        if (isMocked) await mockApi(page, { isEmpty: shot.isEmpty });
        await page.goto(shot.path);
        await shot.ready(page);
        // Charts draw after their lazy chunk; give the page its idle moment.
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: path.join(outDir, `${shot.name}-${scheme}-${width}.png`),
          fullPage: true,
        });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
