import type { RevenueResponse } from '@crescendo/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installApiRoutes } from '@/testing/api-routes';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { buildRevenueCsv } from '../api/export-revenue';
import { RevenuePage } from './revenue-page';

function buildRevenue(overrides: Partial<RevenueResponse> = {}): RevenueResponse {
  return {
    currency: 'USD',
    range: { from: '2026-01-01', to: '2026-05-31' },
    total: 1234.5,
    quantity: 400_000,
    rows: [],
    reportedThrough: [
      { source: 'distrokid', through: '2026-03-31', importedAt: '2026-06-20T10:00:00.000Z' },
      { source: 'spotify', through: '2026-05-30', importedAt: '2026-06-01T10:00:00.000Z' },
    ],
    excluded: [],
    youtubeEstimated: null,
    ...overrides,
  };
}

const monthRows = [
  { key: '2026-01', label: 'January 2026', earnings: 400, quantity: 130_000, perUnit: 0.0031 },
  { key: '2026-02', label: 'February 2026', earnings: 434.5, quantity: 140_000, perUnit: 0.0031 },
  { key: '2026-03', label: 'March 2026', earnings: 400, quantity: 130_000, perUnit: 0.0031 },
];

let api: ReturnType<typeof installApiRoutes>;
let byGroup: Record<string, RevenueResponse>;

beforeEach(() => {
  byGroup = {
    month: buildRevenue({ rows: monthRows }),
    store: buildRevenue({
      rows: [
        { key: 'spotify', label: 'Spotify', earnings: 1000, quantity: 322_580, perUnit: 0.0031 },
        { key: 'bandcamp', label: 'Bandcamp', earnings: 234.5, quantity: 21, perUnit: 11.17 },
      ],
      excluded: [{ currency: 'EUR', amount: 12.4, lines: 3 }],
      youtubeEstimated: 88.2,
    }),
  };
  api = installApiRoutes({
    'GET /dashboard/revenue': (config) => {
      const groupBy = (config.params as { groupBy: string }).groupBy;
      return { status: 200, data: byGroup[groupBy] };
    },
  });
});
afterEach(() => api.restore());

function setup(search = '', uploader?: React.ReactNode) {
  return renderRoutes(
    [{ path: '/dashboard/revenue', element: <RevenuePage uploader={uploader} /> }],
    {
      initialEntries: [`/dashboard/revenue${search}`],
      adapter: createFakeIdentity().adapter,
    },
  );
}

describe('Revenue page', () => {
  it('shows the total, a grouped table with per-stream pay, the YouTube estimate apart and excluded currencies', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Earnings by store' });
    const spotify = (await within(table).findByText('Spotify')).closest('tr') as HTMLElement;
    expect(within(spotify).getByText('$1,000.00')).toBeTruthy();
    expect(within(spotify).getByText('$0.0031')).toBeTruthy();
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('YouTube estimated ad revenue')).toBeTruthy();
    expect(screen.getByText('$88.20')).toBeTruthy();
    expect(screen.getByText(/never added to the total/)).toBeTruthy();
    expect(screen.getByText(/€12.40 in EUR \(3 lines\)/)).toBeTruthy();
    // The store table asks with the period default and its grouping; the chart asks by month.
    const asked = api.requests.map((request) => request.config.params as Record<string, string>);
    expect(asked).toEqual(
      expect.arrayContaining([
        { range: '365d', groupBy: 'store' },
        { range: '365d', groupBy: 'month' },
      ]),
    );
    expect(screen.getAllByText('Reported through March 2026').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('shows months after the last statement as not reported yet, never $0', async () => {
    setup('?groupBy=month&from=2026-01-01&to=2026-05-31');
    const table = await screen.findByRole('table', { name: 'Earnings by month' });
    const may = (await within(table).findByText('May 2026')).closest('tr') as HTMLElement;
    expect(within(may).getAllByText('Not reported yet')).toHaveLength(3);
    expect(within(may).queryByText('$0.00')).toBeNull();
    const march = within(table).getByText('March 2026').closest('tr') as HTMLElement;
    expect(within(march).getByText('$400.00')).toBeTruthy();
    const asked = api.requests.map((request) => request.config.params as Record<string, string>);
    expect(asked).toContainEqual({ from: '2026-01-01', to: '2026-05-31', groupBy: 'month' });
  });

  it('draws months only some sources have reported lighter, and names the sources missing', async () => {
    const reportedThrough: RevenueResponse['reportedThrough'] = [
      { source: 'distrokid', through: '2026-03-31', importedAt: '2026-06-20T10:00:00.000Z' },
      { source: 'tunecore', through: '2026-02-28', importedAt: '2026-06-20T10:00:00.000Z' },
    ];
    byGroup = {
      month: buildRevenue({ rows: monthRows, reportedThrough }),
      store: buildRevenue({ reportedThrough }),
    };
    setup();
    expect(
      await screen.findByText(/March 2026: \$400\.00 \(partly reported: TuneCore not yet\)/),
    ).toBeTruthy();
    expect(screen.getByText(/February 2026: \$434\.50;/)).toBeTruthy();
    expect(screen.getByText(/Lighter bars are months only some of your sources/)).toBeTruthy();
  });

  it('offers an upload and Settings → Imports while no statement is imported', async () => {
    const empty = buildRevenue({ total: 0, quantity: 0, reportedThrough: [] });
    byGroup = { month: empty, store: empty };
    setup('', <p>Drop zone here</p>);
    expect(await screen.findByText('No statements imported yet')).toBeTruthy();
    expect(screen.getByText('Drop zone here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings → Imports' }).getAttribute('href')).toBe(
      '/settings/imports',
    );
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});

describe('revenue CSV', () => {
  it('writes unreported months empty with a note, and keeps text cells from running as formulas', () => {
    const csv = buildRevenueCsv(buildRevenue({ rows: monthRows }), 'month').split('\r\n');
    expect(csv[0]).toBe('Group,Key,Label,Earnings (USD),Quantity,Per unit,Note');
    expect(csv).toContain('month,2026-04,2026-04,,,,not reported yet');
    expect(csv).toContain('month,2026-02,2026-02,434.5,140000,0.0031,');
    const stores = buildRevenueCsv(
      buildRevenue({
        rows: [{ key: '=cmd', label: '=HYPERLINK("x")', earnings: 1, quantity: 1, perUnit: 1 }],
      }),
      'store',
    );
    expect(stores).toContain(`store,'=cmd,"'=HYPERLINK(""x"")",1,1,1,`);
  });
});
