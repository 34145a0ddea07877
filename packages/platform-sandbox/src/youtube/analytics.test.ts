import { describe, expect, it } from 'vitest';
import { staticGoogleToken } from '../oauth/token-store';
import { getJson, useSandbox } from '../test-support';

// Pinned clock: today is 2025-06-15, so the last day with data is 2025-06-13.
const sandbox = useSandbox();
const mid = staticGoogleToken('mid');

type Table = {
  kind: string;
  columnHeaders: { name: string; columnType: string; dataType: string }[];
  rows?: (string | number)[][];
};
type GoogleError = { error: { code: number; message: string; errors: { reason: string }[] } };

async function report(
  query: Record<string, string>,
  token = mid,
): Promise<{ status: number; body: Table & Partial<GoogleError> }> {
  const params = new URLSearchParams({ ids: 'channel==MINE', ...query });
  return getJson(`${sandbox.url}/youtubeanalytics/v2/reports?${params}`, token);
}

const sumColumn = (table: Table, name: string): number => {
  const index = table.columnHeaders.findIndex((h) => h.name === name);
  return (table.rows ?? []).reduce((sum, row) => sum + Number(row[index]), 0);
};

const METRICS =
  'views,estimatedMinutesWatched,likes,comments,shares,subscribersGained,subscribersLost';
const RANGE = { startDate: '2024-01-01', endDate: '2025-06-13' };

describe('YouTube Analytics API v2 reports', () => {
  it('answers the resultTable shape with typed column headers', async () => {
    const { status, body } = await report({
      ...RANGE,
      metrics: 'views,averageViewDuration,estimatedRevenue',
      dimensions: 'day',
    });
    expect(status).toBe(200);
    expect(body.kind).toBe('youtubeAnalytics#resultTable');
    expect(body.columnHeaders).toEqual([
      { name: 'day', columnType: 'DIMENSION', dataType: 'STRING' },
      { name: 'views', columnType: 'METRIC', dataType: 'INTEGER' },
      { name: 'averageViewDuration', columnType: 'METRIC', dataType: 'INTEGER' },
      { name: 'estimatedRevenue', columnType: 'METRIC', dataType: 'FLOAT' },
    ]);
    expect(body.rows?.[0]?.[0]).toBe('2024-01-01');
  });

  it('keeps day rows, video rows, country rows and content-type rows consistent with the total', async () => {
    const total = await report({ ...RANGE, metrics: METRICS });
    expect(total.body.rows).toHaveLength(1);
    const byDay = await report({ ...RANGE, metrics: METRICS, dimensions: 'day' });
    const byMonth = await report({ ...RANGE, metrics: METRICS, dimensions: 'month' });
    const byCountry = await report({ ...RANGE, metrics: METRICS, dimensions: 'country' });
    const byType = await report({ ...RANGE, metrics: METRICS, dimensions: 'creatorContentType' });
    const byDevice = await report({ ...RANGE, metrics: METRICS, dimensions: 'day,deviceType' });
    const videoPages = [1, 201].map((startIndex) =>
      report({
        ...RANGE,
        metrics: METRICS,
        dimensions: 'video',
        sort: '-views',
        maxResults: '200',
        startIndex: String(startIndex),
      }),
    );
    const videos = await Promise.all(videoPages);
    for (const [i, metric] of METRICS.split(',').entries()) {
      const expected = Number(total.body.rows?.[0]?.[i]);
      expect(expected).toBeGreaterThan(0);
      for (const table of [byDay, byMonth, byCountry, byType, byDevice])
        expect(sumColumn(table.body, metric)).toBe(expected);
      expect(sumColumn(videos[0]!.body, metric) + sumColumn(videos[1]!.body, metric)).toBe(
        expected,
      );
    }
    expect(byDay.body.rows).toHaveLength(530);
  });

  it('keeps day × country rows consistent with country rows', async () => {
    const range = { startDate: '2025-03-01', endDate: '2025-05-31', metrics: 'views,likes' };
    const byCountry = await report({ ...range, dimensions: 'country' });
    const byDayCountry = await report({
      ...range,
      dimensions: 'day,country',
      filters: 'country==IT',
    });
    const italy = byCountry.body.rows?.find((row) => row[0] === 'IT');
    expect(sumColumn(byDayCountry.body, 'views')).toBe(italy?.[1]);
    expect(sumColumn(byDayCountry.body, 'likes')).toBe(italy?.[2]);
  });

  it('filters by video and content type, and sums per-day rows of one video to its total', async () => {
    const top = await report({
      ...RANGE,
      metrics: 'views',
      dimensions: 'video',
      sort: '-views',
      maxResults: '3',
    });
    expect(top.body.rows).toHaveLength(3);
    const [first, second] = top.body.rows ?? [];
    expect(Number(first?.[1])).toBeGreaterThanOrEqual(Number(second?.[1]));
    const videoId = String(first?.[0]);
    const daily = await report({
      ...RANGE,
      metrics: 'views',
      dimensions: 'day',
      filters: `video==${videoId}`,
    });
    expect(sumColumn(daily.body, 'views')).toBe(first?.[1]);
    const shorts = await report({
      ...RANGE,
      metrics: 'views',
      filters: 'creatorContentType==SHORTS',
    });
    const byType = await report({ ...RANGE, metrics: 'views', dimensions: 'creatorContentType' });
    expect(byType.body.rows?.find((row) => row[0] === 'SHORTS')?.[1]).toBe(
      shorts.body.rows?.[0]?.[0],
    );
  });

  it('leaves out the two most recent days and omits rows when there is no data', async () => {
    const recent = await report({
      startDate: '2025-06-10',
      endDate: '2025-06-15',
      metrics: 'views',
      dimensions: 'day',
    });
    expect(recent.body.rows?.map((row) => row[0])).toEqual([
      '2025-06-10',
      '2025-06-11',
      '2025-06-12',
      '2025-06-13',
    ]);
    const empty = await report({
      startDate: '2025-06-14',
      endDate: '2025-06-15',
      metrics: 'views',
      dimensions: 'day',
    });
    expect(empty.status).toBe(200);
    expect(empty.body).not.toHaveProperty('rows');
    expect(empty.body.columnHeaders).toHaveLength(2);
  });

  it('sorts descending with "-" and pages with 1-based startIndex', async () => {
    const sorted = await report({
      ...RANGE,
      metrics: 'views',
      dimensions: 'country',
      sort: '-views',
    });
    const values = (sorted.body.rows ?? []).map((row) => Number(row[1]));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const second = await report({
      ...RANGE,
      metrics: 'views',
      dimensions: 'country',
      sort: '-views',
      startIndex: '2',
      maxResults: '1',
    });
    expect(second.body.rows).toEqual([sorted.body.rows?.[1]]);
  });

  it('returns demographics for mid and withholds them (no rows) for the small persona', async () => {
    const demo = await report({
      ...RANGE,
      metrics: 'viewerPercentage',
      dimensions: 'ageGroup,gender',
    });
    expect(demo.status).toBe(200);
    expect(sumColumn(demo.body, 'viewerPercentage')).toBeGreaterThan(99);
    expect(sumColumn(demo.body, 'viewerPercentage')).toBeLessThan(101);
    const small = await report(
      { ...RANGE, metrics: 'viewerPercentage', dimensions: 'ageGroup,gender' },
      staticGoogleToken('small'),
    );
    expect(small.status).toBe(200);
    expect(small.body).not.toHaveProperty('rows');
  });

  it('rejects bad queries with HTTP 400 in Google error shape', async () => {
    const cases: Record<string, string>[] = [
      { ...RANGE, metrics: 'views,bogusMetric' },
      { ...RANGE, metrics: 'views', dimensions: 'bogusDimension' },
      { ...RANGE, metrics: 'viewerPercentage' },
      { ...RANGE, metrics: 'viewerPercentage,views', dimensions: 'ageGroup' },
      { ...RANGE, metrics: 'views', dimensions: 'day', sort: '-likes' },
      { startDate: '2025-13-01', endDate: '2025-06-13', metrics: 'views' },
      { startDate: '2025-06-13', endDate: '2025-06-01', metrics: 'views' },
      { ...RANGE, metrics: 'views', dimensions: 'video' },
      { startDate: '2025-06-01', metrics: 'views' },
    ];
    for (const query of cases) {
      const { status, body } = await report(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.error?.code).toBe(400);
      expect(body.error?.errors[0]?.reason).toBeTruthy();
    }
    const unknown = await report({ ...RANGE, metrics: 'bogus' });
    expect(unknown.body.error?.message).toBe(
      'Unknown identifier (bogus) given in field parameters.metrics.',
    );
  });

  it('answers a 3-year daily report for the mid persona quickly', async () => {
    const started = performance.now();
    const { status, body } = await report({
      startDate: '2022-06-14',
      endDate: '2025-06-13',
      metrics: METRICS,
      dimensions: 'day',
    });
    expect(status).toBe(200);
    expect(body.rows?.length).toBe(1096);
    expect(performance.now() - started).toBeLessThan(250);
  });
});
