import type { AudienceResponse } from '@crescendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { AudiencePage } from './audience-page';

const client = vi.hoisted(() => ({ apiClient: { get: vi.fn(), post: vi.fn() } }));
vi.mock('@/lib/api-client', () => client);

type Breakdown = AudienceResponse['breakdowns'][number];

const last28 = { label: 'last_28_days', start: '2026-10-24', end: '2026-11-20' };

function breakdown(overrides: Partial<Breakdown>): Breakdown {
  return {
    platform: 'youtube',
    dimension: 'country',
    isAvailable: true,
    unavailableReason: null,
    period: last28,
    isRequestedRange: true,
    basis: 'views',
    items: [],
    ...overrides,
  };
}

function buildAudience(overrides: Partial<AudienceResponse> = {}): AudienceResponse {
  return {
    platform: 'all',
    range: { from: last28.start, to: last28.end },
    hasConnections: true,
    breakdowns: [
      breakdown({
        items: [
          { key: 'IT', value: 187_271, share: 0.3272 },
          { key: 'US', value: 83_991, share: 0.1467 },
        ],
      }),
      breakdown({
        dimension: 'age',
        basis: 'percentage',
        items: [
          { key: 'age25-34', value: 31.7, share: 0.317 },
          { key: 'age65-', value: 3.3, share: 0.033 },
        ],
      }),
      breakdown({
        dimension: 'gender',
        isAvailable: false,
        unavailableReason: 'YouTube withholds this breakdown below its privacy thresholds.',
        period: null,
        basis: null,
      }),
      breakdown({
        dimension: 'traffic_source',
        items: [{ key: 'YT_SEARCH', value: 92_271, share: 0.16 }],
      }),
      breakdown({
        platform: 'instagram',
        dimension: 'city',
        basis: 'followers',
        period: { label: 'lifetime', start: null, end: '2026-11-19' },
        items: [{ key: 'Rome, Lazio', value: 5_668, share: 0.2146 }],
      }),
    ],
    fastestGrowingCountries: [
      { platform: 'youtube', country: 'BR', views: 2_700, previousViews: 1_800, growth: 0.5 },
      { platform: 'youtube', country: 'JP', views: 400, previousViews: 0, growth: null },
    ],
    ...overrides,
  };
}

let respond: (params: Record<string, string>) => AudienceResponse | Error;

beforeEach(() => {
  respond = () => buildAudience();
  client.apiClient.get
    .mockReset()
    .mockImplementation(async (url: string, config?: { params?: Record<string, string> }) => {
      if (url !== '/dashboard/audience') throw new Error(`unexpected GET ${url}`);
      const result = respond(config?.params ?? {});
      if (result instanceof Error) throw result;
      return { data: result };
    });
});

function setup(path = '/dashboard/audience') {
  return renderRoutes([{ path: '/dashboard/audience', element: <AudiencePage /> }], {
    initialEntries: [path],
    adapter: createFakeIdentity().adapter,
  });
}

describe('AudiencePage', () => {
  it('ranks each breakdown with shares, the value basis and the period, countries by name', async () => {
    setup();
    const countries = await screen.findByTestId('breakdown-youtube-country');
    expect(within(countries).getByText('Top countries')).toBeTruthy();
    expect(within(countries).getByText('Italy')).toBeTruthy();
    expect(within(countries).getByText('United States')).toBeTruthy();
    expect(within(countries).getByText('32.7%')).toBeTruthy();
    expect(within(countries).getByText('187.3K views')).toBeTruthy();
    expect(within(countries).getByText(/Share of views · Last 28 days/)).toBeTruthy();
    const age = screen.getByTestId('breakdown-youtube-age');
    expect(within(age).getByText('25–34')).toBeTruthy();
    expect(within(age).getByText('65+')).toBeTruthy();
    expect(within(age).getByText(/Share of viewers/)).toBeTruthy();
    expect(
      within(screen.getByTestId('breakdown-youtube-traffic_source')).getByText('YouTube search'),
    ).toBeTruthy();
    const cities = screen.getByTestId('breakdown-instagram-city');
    expect(within(cities).getByText(/Share of followers · Lifetime, as of/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'YouTube', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Instagram', level: 2 })).toBeTruthy();
  });

  it('shows a withheld breakdown as Not available with the platform reason, never as zero', async () => {
    setup();
    const gender = await screen.findByTestId('breakdown-youtube-gender');
    expect(within(gender).getByText('Not available')).toBeTruthy();
    expect(
      within(gender).getByText('YouTube withholds this breakdown below its privacy thresholds.'),
    ).toBeTruthy();
    expect(within(gender).queryByText(/0%/)).toBeNull();
    expect(within(gender).queryByRole('list')).toBeNull();
  });

  it('lists the fastest-growing countries, with new audiences marked instead of a percentage', async () => {
    setup();
    const card = (await screen.findByRole('heading', { name: 'Fastest-growing countries' }))
      .parentElement!.parentElement!;
    expect(within(card).getByText('Brazil')).toBeTruthy();
    expect(within(card).getByText('+50.0%')).toBeTruthy();
    expect(within(card).getByText('Japan')).toBeTruthy();
    expect(within(card).getByText('New audience')).toBeTruthy();
  });

  it('says the countries fell the least when none grew, instead of calling falls growth', async () => {
    respond = () => {
      const audience = buildAudience();
      return {
        ...audience,
        fastestGrowingCountries: audience.fastestGrowingCountries
          .filter((entry) => entry.growth !== null)
          .map((entry) => ({ ...entry, growth: -0.125 })),
      };
    };
    setup();
    const card = (await screen.findByRole('heading', { name: 'Countries holding up best' }))
      .parentElement!.parentElement!;
    expect(
      within(card).getByText(
        'No country grew in views in the last 28 days compared with the 28 days before; these fell the least.',
      ),
    ).toBeTruthy();
    expect(within(card).getByText('-12.5%')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Fastest-growing countries' })).toBeNull();
  });

  it('sends the platform filter from the URL and refetches when it changes', async () => {
    setup('/dashboard/audience?platform=youtube&range=90d');
    await screen.findByTestId('breakdown-youtube-country');
    expect(client.apiClient.get).toHaveBeenCalledWith('/dashboard/audience', {
      params: { range: '90d', platform: 'youtube', compare: 'previous' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Platform' }), {
      target: { value: 'instagram' },
    });
    await waitFor(() =>
      expect(client.apiClient.get).toHaveBeenLastCalledWith('/dashboard/audience', {
        params: { range: '90d', platform: 'instagram', compare: 'previous' },
      }),
    );
    expect(screen.queryByRole('checkbox', { name: /Compare/ })).toBeNull();
  });

  it('asks an artist without connections to connect a platform', async () => {
    respond = () =>
      buildAudience({ hasConnections: false, breakdowns: [], fastestGrowingCountries: [] });
    setup();
    expect(
      await screen.findByRole('heading', { name: 'Your audience map is waiting' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect a platform' })).toBeTruthy();
  });

  it('explains that Facebook shares no breakdowns', async () => {
    respond = () =>
      buildAudience({ platform: 'facebook', breakdowns: [], fastestGrowingCountries: [] });
    setup('/dashboard/audience?platform=facebook');
    expect(
      await screen.findByText(/Facebook does not share audience breakdowns for Pages/),
    ).toBeTruthy();
  });

  it('shows Async Operation Failed with Retry when the audience request fails', async () => {
    let isDown = true;
    respond = () =>
      isDown ? new Error('Audience data is unavailable right now.') : buildAudience();
    setup();
    expect(await screen.findByRole('heading', { name: 'Async Operation Failed' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audience', level: 1 })).toBeTruthy();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('breakdown-youtube-country')).toBeTruthy();
  });

  it('opens on custom days from the URL (an assistant source) and leaves them for a preset', async () => {
    const { router } = setup('/dashboard/audience?from=2026-10-01&to=2026-10-31&platform=youtube');
    const period = (await screen.findByLabelText('Period')) as HTMLSelectElement;
    expect(period.selectedOptions[0]?.textContent).toBe('Custom: Oct 1 – Oct 31, 2026');
    await waitFor(() =>
      expect(client.apiClient.get).toHaveBeenCalledWith('/dashboard/audience', {
        params: { from: '2026-10-01', to: '2026-10-31', platform: 'youtube', compare: 'previous' },
      }),
    );
    fireEvent.change(period, { target: { value: '7d' } });
    await waitFor(() => expect(router.state.location.search).toBe('?platform=youtube&range=7d'));
    expect(period.value).toBe('7d');
    expect(within(period).queryByText(/^Custom/)).toBeNull();
  });

  it('keeps the default period when the URL’s days are not a real window', async () => {
    setup('/dashboard/audience?from=2026-10-31&to=2026-10-01');
    const period = (await screen.findByLabelText('Period')) as HTMLSelectElement;
    expect(period.value).toBe('28d');
    await waitFor(() =>
      expect(client.apiClient.get).toHaveBeenCalledWith('/dashboard/audience', {
        params: { range: '28d', platform: 'all', compare: 'previous' },
      }),
    );
  });
});
