import type {
  AccountAnalytics,
  Connection,
  ContentItem,
  DailyMetrics,
  MetaAccountDataResponse,
} from '@crescendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { MetaPage } from './meta-page';

const client = vi.hoisted(() => ({ apiClient: { get: vi.fn() } }));
vi.mock('@/lib/api-client', () => client);

const connectionId = '33333333-3333-4333-8333-333333333333';
const instagramId = '44444444-4444-4444-8444-444444444444';
const facebookId = '55555555-5555-4555-8555-555555555555';

function buildConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: connectionId,
    provider: 'meta',
    accountName: '@junipervale.music · Juniper Vale',
    status: 'connected',
    sandbox: true,
    lastSyncedAt: '2026-11-22T08:00:00.000Z',
    sync: { step: null, percent: 100, error: null },
    dataCompleteThrough: '2026-11-19',
    accounts: [
      { id: facebookId, platform: 'facebook', name: 'Juniper Vale', handle: null },
      {
        id: instagramId,
        platform: 'instagram',
        name: 'Juniper Vale',
        handle: '@junipervale.music',
      },
    ],
    ...overrides,
  };
}

const emptyDay: Omit<DailyMetrics, 'day'> = {
  views: null,
  watchMinutes: null,
  likes: null,
  comments: null,
  shares: null,
  saves: null,
  followersGained: null,
  followersLost: null,
  followersTotal: null,
  reach: null,
  totalInteractions: null,
  estimatedRevenue: null,
};

function buildAccount(
  platform: 'instagram' | 'facebook',
  overrides: Partial<AccountAnalytics> = {},
): AccountAnalytics {
  const isInstagram = platform === 'instagram';
  return {
    id: isInstagram ? instagramId : facebookId,
    platform,
    externalId: isInstagram ? '1784' : '1031',
    name: 'Juniper Vale',
    handle: isInstagram ? '@junipervale.music' : null,
    thumbnailUrl: null,
    followersTotal: isInstagram ? 87 : null,
    viewsTotal: null,
    contentCount: isInstagram ? 48 : null,
    range: { from: '2026-08-22', to: '2026-11-19' },
    totals: {
      ...emptyDay,
      views: isInstagram ? 7404 : 1862,
      reach: isInstagram ? 2976 : 1174,
      totalInteractions: isInstagram ? 301 : 49,
      followersGained: isInstagram ? null : 1,
      followersLost: isInstagram ? null : 0,
    },
    daily: [
      {
        ...emptyDay,
        day: '2026-11-18',
        reach: 33,
        views: 71,
        followersTotal: isInstagram ? null : 63,
      },
      {
        ...emptyDay,
        day: '2026-11-19',
        reach: 26,
        views: 56,
        followersTotal: isInstagram ? null : 64,
      },
    ],
    audience: [],
    ...overrides,
  };
}

function buildMedia(index: number, overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: `00000000-0000-4000-9000-${String(index).padStart(12, '0')}`,
    accountId: instagramId,
    platform: 'instagram',
    externalId: `media${index}`,
    kind: index % 2 ? 'reel' : 'post',
    title: `Studio session #${index}`,
    publishedAt: '2026-11-14T10:45:45.000Z',
    durationSeconds: null,
    permalink: `https://www.instagram.com/reel/media${index}/`,
    thumbnailUrl: null,
    stats: {
      views: 150 - index,
      likes: 7,
      comments: 0,
      shares: 0,
      saves: 1,
      watchMinutes: null,
      reach: null,
      estimatedRevenue: null,
    },
    ...overrides,
  };
}

type Handlers = {
  connections?: () => Promise<Connection[]>;
  account?: () => Promise<Omit<MetaAccountDataResponse, 'connection'>>;
  media?: (params: Record<string, unknown>) => Promise<ContentItem[]>;
};

function mockApi(handlers: Handlers = {}) {
  client.apiClient.get.mockImplementation(
    async (url: string, config?: { params?: Record<string, unknown> }) => {
      if (url === '/v1/auth/oauth-connections') {
        return { data: { connections: await (handlers.connections?.() ?? [buildConnection()]) } };
      }
      if (url === `/v1/meta/oauth/account-data/${connectionId}`) {
        const accounts = await (handlers.account?.() ?? {
          instagram: buildAccount('instagram'),
          facebook: buildAccount('facebook'),
        });
        return { data: { connection: buildConnection(), ...accounts } };
      }
      if (url === `/v1/auth/oauth-connections/${connectionId}/videos`) {
        const params = config?.params ?? {};
        const items = await (handlers.media?.(params) ??
          Array.from({ length: 10 }, (_, index) => buildMedia(index + 1)));
        return { data: { items, page: params.page, pageSize: params.pageSize, total: 48 } };
      }
      throw new Error(`Unexpected GET ${url}`);
    },
  );
}

const mediaCalls = () =>
  client.apiClient.get.mock.calls
    .filter(([url]) => String(url).endsWith('/videos'))
    .map(([, config]) => (config as { params: Record<string, unknown> }).params);

function setup(path = '/meta') {
  return renderRoutes([{ path: '/meta', element: <MetaPage /> }], {
    initialEntries: [path],
    adapter: createFakeIdentity().adapter,
  });
}

beforeEach(() => {
  client.apiClient.get.mockReset();
});

describe('MetaPage', () => {
  it('invites the artist to connect Meta when there is no connection', async () => {
    mockApi({ connections: async () => [] });
    setup();
    expect(await screen.findByText('Connect Instagram & Facebook to see your reach')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect Meta' }).getAttribute('href')).toBe(
      '/settings/connections',
    );
  });

  it('shows the first sync’s progress instead of empty charts', async () => {
    mockApi({
      connections: async () => [
        buildConnection({
          status: 'syncing',
          lastSyncedAt: null,
          dataCompleteThrough: null,
          sync: { step: 'Reading media', percent: 5, error: null },
        }),
      ],
    });
    setup();
    const progress = await screen.findByRole('progressbar', { name: 'Sync progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('5');
    expect(screen.getByText('Reading media')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('summarises Instagram and Facebook and charts reach', async () => {
    mockApi();
    setup();
    const instagram = await screen.findByRole('region', { name: 'Instagram' });
    expect(within(instagram).getByText('@junipervale.music · 48 posts')).toBeTruthy();
    expect(within(instagram).getByText('87')).toBeTruthy();
    expect(within(instagram).getByText('3K')).toBeTruthy();
    expect(within(instagram).getByText('7.4K')).toBeTruthy();
    // Instagram did not report follows: not available, not zero.
    const follows = within(instagram).getByText('New follows').closest('div')!.parentElement!;
    expect(within(follows).getByText('Not available')).toBeTruthy();
    // Unfollows on both platforms (Graph's follows_and_unfollows by follow_type).
    const unfollows = within(screen.getByRole('region', { name: 'Facebook' }))
      .getByText('Unfollows')
      .closest('div')!.parentElement!;
    expect(within(unfollows).getByText('0')).toBeTruthy();
    expect(within(instagram).getByText('Unfollows')).toBeTruthy();
    const facebook = screen.getByRole('region', { name: 'Facebook' });
    // Page follows come from the latest day Facebook reported.
    expect(within(facebook).getByText('64')).toBeTruthy();
    expect(within(facebook).getByText('1.2K')).toBeTruthy();
    expect(screen.getByText('Sandbox')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Reach over time' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Media' })).toBeTruthy();
  });

  it('never adds up daily reach: the summary gives the platform’s own count or none', async () => {
    mockApi({
      account: async () => ({
        instagram: buildAccount('instagram'),
        // Facebook gives reach per day only: no count for the period.
        facebook: buildAccount('facebook', {
          totals: { ...buildAccount('facebook').totals, reach: null },
        }),
      }),
    });
    setup('/meta?metric=reach');
    const figure = await screen.findByRole('figure', { name: 'Reach over time' });
    const summary = document.getElementById(figure.getAttribute('aria-describedby')!)!;
    // Instagram's own 2,976 for the period, not the days' 33 + 26.
    expect(summary.textContent).toContain('Instagram: 3K accounts reached in this period');
    expect(summary.textContent).toContain(
      'Facebook: people reached per day only (days are not added up)',
    );
    expect(summary.textContent).not.toContain('59');
    const facebook = screen.getByRole('region', { name: 'Facebook' });
    const reachCard = within(facebook).getByText('Reach').closest('div')!.parentElement!;
    expect(within(reachCard).getByText('Not available')).toBeTruthy();
  });

  it('charts follows and names the platform that did not report them', async () => {
    mockApi({
      account: async () => ({
        instagram: buildAccount('instagram'),
        facebook: buildAccount('facebook', {
          daily: [
            { ...emptyDay, day: '2026-11-18', followersGained: 0 },
            { ...emptyDay, day: '2026-11-19', followersGained: 1 },
          ],
        }),
      }),
    });
    setup('/meta?metric=follows');
    const figure = await screen.findByRole('figure', { name: 'Follows over time' });
    expect(within(figure).getByText('Instagram: not available')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Follows' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says withheld follower demographics are not available, with the reason', async () => {
    mockApi();
    setup();
    const audience = await screen.findByText('Age, gender, countries and cities');
    const card = audience.closest('div')!;
    expect(within(card).getByText('Not available')).toBeTruthy();
    expect(
      within(card).getByText(/once an account reaches 100 followers \(you have 87\)/),
    ).toBeTruthy();
  });

  it('requests sorted, filtered and searched media', async () => {
    mockApi();
    const { router } = setup();
    const table = await screen.findByRole('table', { name: 'Media' });
    await within(table).findByText('Studio session #1');
    expect(mediaCalls().at(-1)).toEqual({
      page: 1,
      pageSize: 10,
      sort: 'publishedAt',
      order: 'desc',
    });
    fireEvent.click(within(table).getByRole('button', { name: /Views/ }));
    await waitFor(() =>
      expect(mediaCalls().at(-1)).toMatchObject({ sort: 'views', order: 'desc' }),
    );
    expect(
      within(table).getByRole('columnheader', { name: /Views/ }).getAttribute('aria-sort'),
    ).toBe('descending');
    // Reach cannot be sorted by the API: a plain header.
    // Graph's media figures are the post's lifetime, and the header says so.
    const reach = within(table).getByRole('columnheader', { name: 'Reach (lifetime)' });
    expect(reach.getAttribute('aria-sort')).toBeNull();
    expect(within(reach).queryByRole('button')).toBeNull();

    fireEvent.change(screen.getByLabelText('Media type'), { target: { value: 'reel' } });
    await waitFor(() => expect(mediaCalls().at(-1)).toMatchObject({ kind: 'reel', page: 1 }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search media' }), {
      target: { value: 'studio' },
    });
    await waitFor(() =>
      expect(mediaCalls().at(-1)).toEqual({
        page: 1,
        pageSize: 10,
        sort: 'views',
        order: 'desc',
        kind: 'reel',
        search: 'studio',
      }),
    );
    expect(router.state.location.search).toContain('kind=reel');
  });

  it('opens a post’s details from ?media=', async () => {
    mockApi();
    setup(`/meta?media=${buildMedia(3).id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Studio session #3' });
    expect(within(dialog).getByText('147')).toBeTruthy();
    expect(within(dialog).getByText('Lifetime reach').nextElementSibling?.textContent).toBe(
      '—Not available',
    );
    expect(
      within(dialog)
        .getByRole('link', { name: /Open on Instagram/ })
        .getAttribute('href'),
    ).toBe('https://www.instagram.com/reel/media3/');
  });

  it('shows Async Operation Failed with Retry when the accounts cannot load', async () => {
    let fail = true;
    mockApi({
      account: async () => {
        if (fail) throw new Error('Server error occurred');
        return { instagram: buildAccount('instagram'), facebook: buildAccount('facebook') };
      },
    });
    setup();
    expect(await screen.findByRole('heading', { name: 'Async Operation Failed' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('figure', { name: 'Reach over time' })).toBeTruthy();
  });
});
