import type { SongSummary } from '@crescendo/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installApiRoutes } from '@/testing/api-routes';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { SongsPage } from './songs-page';

function buildSong(overrides: Partial<SongSummary>): SongSummary {
  return {
    isrc: 'USS1Z2400001',
    title: 'Midnight Drive',
    artist: 'Nova Lane',
    release: null,
    releaseDate: null,
    spotify: null,
    earnings: 0,
    otherCurrencies: [],
    quantity: 0,
    linkedItems: [],
    ...overrides,
  };
}

let api: ReturnType<typeof installApiRoutes>;
let songs: SongSummary[];
beforeEach(() => {
  songs = [];
  api = installApiRoutes({
    'GET /v1/songs': () => ({ status: 200, data: { currency: 'EUR', songs } }),
  });
});
afterEach(() => api.restore());

const setup = () =>
  renderRoutes([{ path: '/dashboard/songs', element: <SongsPage /> }], {
    initialEntries: ['/dashboard/songs'],
    adapter: createFakeIdentity().adapter,
  });

describe('Songs page', () => {
  it('lists songs biggest earner first, each linking to its page, in the answer’s currency', async () => {
    songs = [
      buildSong({ isrc: 'USS1Z2400001', title: 'Midnight Drive', earnings: 12.5 }),
      buildSong({
        isrc: 'USS1Z2400002',
        title: 'Glass Harbour',
        earnings: 310,
        spotify: { streams: 90_000, listeners: null, saves: null, asOf: '2026-06-01' },
      }),
    ];
    setup();
    const table = await screen.findByRole('table', { name: 'Songs' });
    const links = await within(table).findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Glass Harbour', '/dashboard/songs/USS1Z2400002'],
      ['Midnight Drive', '/dashboard/songs/USS1Z2400001'],
    ]);
    expect(within(table).getByText('€310.00')).toBeTruthy();
    expect(within(table).getByText('90,000')).toBeTruthy();
  });

  it('shows earnings in another currency beside the total, never added to it', async () => {
    songs = [
      buildSong({
        earnings: 12.5,
        otherCurrencies: [
          { currency: 'GBP', amount: 4.2 },
          { currency: 'USD', amount: 30.75 },
        ],
      }),
    ];
    setup();
    const table = await screen.findByRole('table', { name: 'Songs' });
    const row = (await within(table).findByText('Midnight Drive')).closest('tr') as HTMLElement;
    expect(within(row).getByText('€12.50')).toBeTruthy();
    expect(within(row).getByText('+ £4.20 in GBP')).toBeTruthy();
    expect(within(row).getByText('+ $30.75 in USD')).toBeTruthy();
  });

  it('sends an empty catalogue to the imports page', async () => {
    setup();
    expect(await screen.findByText('No songs yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import a statement' }).getAttribute('href')).toBe(
      '/settings/imports',
    );
  });
});
