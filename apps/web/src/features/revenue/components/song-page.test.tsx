import type { OrganizationRole, SongDetailResponse } from '@crescendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '@/lib/auth/auth-context';
import { buildAuthValue, installApiRoutes } from '@/testing/api-routes';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { SongPage } from './song-page';

vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  showToast: vi.fn(),
}));

const isrc = 'USS1Z2400001';
const videoId = '00000000-0000-4000-8000-0000000000v1'.replace('v', 'a');
const reelId = '00000000-0000-4000-8000-0000000000b2';

function buildSong(): SongDetailResponse {
  return {
    currency: 'USD',
    song: {
      isrc,
      title: 'Midnight Drive',
      artist: 'Nova Lane',
      release: { upc: '0123456789012', title: 'Midnight Drive (Single)' },
      releaseDate: '2025-10-03',
      spotify: { streams: 182_400, listeners: 61_200, saves: 9_800, asOf: '2026-06-01' },
      earnings: 612.34,
      otherCurrencies: [{ currency: 'EUR', amount: 40.5 }],
      quantity: 190_000,
      linkedItems: [
        {
          contentId: videoId,
          platform: 'youtube',
          title: 'Midnight Drive (Official Video)',
          url: 'https://www.youtube.com/watch?v=abc',
          thumbnailUrl: null,
          lifetimeViews: 48_000,
        },
      ],
    },
    earningsByStore: [
      { key: 'spotify', label: 'Spotify', earnings: 560, quantity: 180_000, perUnit: 0.0031 },
      {
        key: 'spotify|EUR',
        label: 'Spotify',
        earnings: 40.5,
        quantity: 15_000,
        perUnit: 0.0027,
        currency: 'EUR',
      },
    ],
    earningsByCountry: [
      { key: 'DE', label: 'Germany', earnings: 120.5, quantity: 30_000, perUnit: 0.004 },
    ],
    timeline: [],
    sources: [
      { source: 'distrokid', through: '2026-03-31', importedAt: '2026-06-20T10:00:00.000Z' },
      { source: 'spotify', through: '2026-05-30', importedAt: '2026-06-01T10:00:00.000Z' },
    ],
    suggestions: [
      {
        contentId: reelId,
        platform: 'instagram',
        title: 'midnight drive teaser',
        confidence: 0.86,
      },
    ],
  };
}

let api: ReturnType<typeof installApiRoutes>;
beforeEach(() => {
  window.localStorage.clear();
  api = installApiRoutes({
    [`GET /v1/songs/${isrc}`]: () => ({ status: 200, data: buildSong() }),
    [`POST /v1/songs/${isrc}/links`]: () => ({ status: 201, data: {} }),
    [`POST /v1/songs/${isrc}/dismissals`]: () => ({ status: 200, data: buildSong() }),
    [`DELETE /v1/songs/${isrc}/links/${videoId}`]: () => ({ status: 204 }),
  });
});
afterEach(() => api.restore());

function setup(role: OrganizationRole = 'owner') {
  return renderRoutes(
    [
      {
        path: '/dashboard/songs/:isrc',
        element: (
          <AuthContext value={buildAuthValue(role)}>
            <SongPage />
          </AuthContext>
        ),
      },
    ],
    { initialEntries: [`/dashboard/songs/${isrc}`], adapter: createFakeIdentity().adapter },
  );
}

describe('Song page', () => {
  it('shows Spotify figures with their date, linked views, earnings by store and country, and sources', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Midnight Drive' })).toBeTruthy();
    expect(screen.getByText('182,400')).toBeTruthy();
    expect(screen.getAllByText('Spotify for Artists · as of Jun 1, 2026')).toHaveLength(3);
    expect(screen.getByText('$612.34')).toBeTruthy();
    expect(screen.getByText(/48,000 views \(lifetime, as last synced\)/)).toBeTruthy();
    expect(screen.getByText(/\+ €40\.50 in EUR, not converted/)).toBeTruthy();
    expect(screen.getByText(/Bars are in USD; earnings in EUR are not charted\./)).toBeTruthy();
    const stores = screen.getByRole('table', { name: 'Earnings by store' });
    expect(within(stores).getByText('$0.0031')).toBeTruthy();
    // Lines in another currency keep it, in a row of their own.
    const euros = within(stores).getByText('in EUR').closest('tr') as HTMLElement;
    expect(within(euros).getByText('€40.50')).toBeTruthy();
    expect(within(euros).getByText('€0.0027')).toBeTruthy();
    const countries = screen.getByRole('table', { name: 'Earnings by country' });
    expect(within(countries).getByText('Germany')).toBeTruthy();
    const sources = screen.getByRole('list', { name: 'Sources' });
    expect(within(sources).getByText(/Reported through March 2026/)).toBeTruthy();
    expect(within(sources).getByText(/Data through May 30, 2026/)).toBeTruthy();
  });

  it('charts its months, lighter where one of its sources has not reported yet', async () => {
    const song = buildSong();
    song.sources = [
      { source: 'distrokid', through: '2026-03-31', importedAt: '2026-06-20T10:00:00.000Z' },
      { source: 'bandcamp', through: '2026-04-30', importedAt: '2026-06-20T10:00:00.000Z' },
    ];
    song.timeline = [
      { month: '2026-03-01', earnings: 120, quantity: 40_000, spotifyStreams: null },
      { month: '2026-04-01', earnings: 6.5, quantity: 2, spotifyStreams: null },
      { month: '2026-05-01', earnings: 0, quantity: 0, spotifyStreams: null },
    ];
    api.restore();
    api = installApiRoutes({ [`GET /v1/songs/${isrc}`]: () => ({ status: 200, data: song }) });
    setup();
    expect(
      await screen.findByText(
        'March 2026: $120.00; April 2026: $6.50 (partly reported: DistroKid not yet); May 2026: not reported yet',
      ),
    ).toBeTruthy();
  });

  it('links a suggestion only when the artist confirms, dismisses another, and unlinks', async () => {
    setup();
    const suggestions = await screen.findByRole('list', { name: 'Link suggestions' });
    expect(within(suggestions).getByText('86% title match')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(
      within(suggestions).getByRole('button', { name: 'Link midnight drive teaser to this song' }),
    );
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
        contentId: reelId,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss midnight drive teaser' }));
    // Remembered by the API (for the organisation), not by this browser.
    await waitFor(() =>
      expect(
        api.requests.find((request) => request.url.endsWith(`/v1/songs/${isrc}/dismissals`))?.body,
      ).toEqual({ contentId: reelId }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Link suggestions' })).toBeNull(),
    );
    expect(window.localStorage.length).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Unlink Midnight Drive (Official Video)' }));
    await waitFor(() =>
      expect(api.requests.some((request) => request.method === 'DELETE')).toBe(true),
    );
  });

  it('lets a viewer see links and suggestions but change nothing', async () => {
    setup('viewer');
    const suggestions = await screen.findByRole('list', { name: 'Link suggestions' });
    const link = within(suggestions).getByRole('button', {
      name: 'Link midnight drive teaser to this song',
    }) as HTMLButtonElement;
    expect(link.disabled).toBe(true);
    const dismiss = within(suggestions).getByRole('button', {
      name: 'Dismiss midnight drive teaser',
    }) as HTMLButtonElement;
    expect(dismiss.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Unlink/ })).toBeNull();
  });
});
