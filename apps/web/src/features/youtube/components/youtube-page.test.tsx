import type {
  AccountAnalytics,
  ChannelDataResponse,
  Connection,
  ContentItem,
  DailyMetrics,
} from '@crescendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { YoutubePage } from './youtube-page';

const client = vi.hoisted(() => ({ apiClient: { get: vi.fn() } }));
vi.mock('@/lib/api-client', () => client);

const connectionId = '11111111-1111-4111-8111-111111111111';
const accountId = '22222222-2222-4222-8222-222222222222';

function buildConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: connectionId,
    provider: 'youtube',
    accountName: 'Juniper Vale',
    status: 'connected',
    sandbox: true,
    lastSyncedAt: '2026-11-22T08:00:00.000Z',
    sync: { step: null, percent: 100, error: null },
    dataCompleteThrough: '2026-11-20',
    accounts: [
      { id: accountId, platform: 'youtube', name: 'Juniper Vale', handle: '@junipervale' },
    ],
    ...overrides,
  };
}

function buildDay(day: string, views: number | null): DailyMetrics {
  return {
    day,
    views,
    watchMinutes: views === null ? null : views * 6,
    likes: 3,
    comments: 0,
    shares: 1,
    saves: null,
    followersGained: 4,
    followersLost: 1,
    followersTotal: null,
    reach: null,
    totalInteractions: null,
    estimatedRevenue: null,
  };
}

function buildChannel(overrides: Partial<AccountAnalytics> = {}): AccountAnalytics {
  return {
    id: accountId,
    platform: 'youtube',
    externalId: 'UC123',
    name: 'Juniper Vale',
    handle: '@junipervale',
    thumbnailUrl: null,
    followersTotal: 931,
    viewsTotal: 60_709,
    contentCount: 36,
    range: { from: '2026-08-23', to: '2026-11-20' },
    totals: {
      views: 17_428,
      watchMinutes: 118_013,
      likes: 637,
      comments: 29,
      shares: 59,
      saves: null,
      followersGained: 311,
      followersLost: 26,
      reach: null,
      totalInteractions: null,
      estimatedRevenue: null,
    },
    daily: [buildDay('2026-11-18', 148), buildDay('2026-11-19', null), buildDay('2026-11-20', 141)],
    audience: [
      {
        dimension: 'country',
        value: 'GB',
        periodStart: '2026-10-24',
        periodEnd: '2026-11-20',
        percentage: null,
        views: 1660,
        watchMinutes: 11_351,
        followers: null,
      },
    ],
    ...overrides,
  };
}

function buildVideo(index: number, overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    accountId,
    platform: 'youtube',
    externalId: `vid${index}`,
    kind: 'video',
    title: `Lucid Lights take ${index}`,
    publishedAt: '2026-02-20T17:30:47.000Z',
    durationSeconds: 261,
    permalink: `https://www.youtube.com/watch?v=vid${index}`,
    thumbnailUrl: null,
    stats: {
      views: 9004 - index,
      likes: 337,
      comments: 30,
      shares: null,
      saves: null,
      watchMinutes: 18_310,
      reach: null,
      estimatedRevenue: null,
    },
    // The period's figures: what the table shows and sorts by.
    period: {
      views: 1200 - index,
      watchMinutes: 2400,
      likes: 40,
      comments: 5,
      shares: null,
      saves: null,
    },
    ...overrides,
  };
}

type Handlers = {
  connections?: () => Promise<Connection[]>;
  channel?: () => Promise<AccountAnalytics>;
  videos?: (params: Record<string, unknown>) => Promise<ContentItem[]>;
  total?: number;
};

function mockApi(handlers: Handlers = {}) {
  client.apiClient.get.mockImplementation(
    async (url: string, config?: { params?: Record<string, unknown> }) => {
      if (url === '/v1/auth/oauth-connections') {
        return { data: { connections: await (handlers.connections?.() ?? [buildConnection()]) } };
      }
      if (url === `/v1/youtube/oauth/channel-data/${connectionId}`) {
        const channel = await (handlers.channel?.() ?? buildChannel());
        const data: ChannelDataResponse = { connection: buildConnection(), channel };
        return { data };
      }
      if (url === `/v1/auth/oauth-connections/${connectionId}/videos`) {
        const params = config?.params ?? {};
        const items = await (handlers.videos?.(params) ??
          Array.from({ length: 10 }, (_, index) => buildVideo(index + 1)));
        return {
          data: {
            items,
            page: params.page,
            pageSize: params.pageSize,
            total: handlers.total ?? 36,
            figures: params.range || params.from ? 'range' : 'lifetime',
            range:
              params.range || params.from
                ? { from: '2026-10-29', to: '2026-11-25', historyLimit: null }
                : null,
          },
        };
      }
      throw new Error(`Unexpected GET ${url}`);
    },
  );
}

const videoCalls = () =>
  client.apiClient.get.mock.calls
    .filter(([url]) => String(url).endsWith('/videos'))
    .map(([, config]) => (config as { params: Record<string, unknown> }).params);

function setup(path = '/youtube') {
  return renderRoutes(
    [
      { path: '/youtube', element: <YoutubePage /> },
      { path: '/settings/connections', element: <p>connections page</p> },
    ],
    { initialEntries: [path], adapter: createFakeIdentity().adapter },
  );
}

beforeEach(() => {
  client.apiClient.get.mockReset();
});

describe('YoutubePage', () => {
  it('invites the artist to connect YouTube when there is no connection', async () => {
    mockApi({ connections: async () => [] });
    setup();
    expect(await screen.findByText('Connect YouTube to see your channel')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Connect YouTube' });
    expect(link.getAttribute('href')).toBe('/settings/connections');
    expect(videoCalls()).toEqual([]);
  });

  it('shows the first sync’s step and percent instead of empty charts', async () => {
    mockApi({
      connections: async () => [
        buildConnection({
          status: 'syncing',
          lastSyncedAt: null,
          dataCompleteThrough: null,
          sync: { step: 'Daily metrics through 2026-09-30', percent: 42, error: null },
        }),
      ],
    });
    setup();
    const progress = await screen.findByRole('progressbar', { name: 'Sync progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();
    expect(screen.getByText('Daily metrics through 2026-09-30')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(client.apiClient.get).toHaveBeenCalledTimes(1);
  });

  it('summarises the channel with compact numbers and a views chart', async () => {
    mockApi();
    setup();
    const summary = await screen.findByRole('region', { name: 'Juniper Vale' });
    expect(within(summary).getByText('Sandbox')).toBeTruthy();
    expect(within(summary).getByText('931')).toBeTruthy();
    expect(within(summary).getByText('60.7K')).toBeTruthy();
    expect(within(summary).getByText('36')).toBeTruthy();
    expect(within(summary).getByText('Nov 20, 2026')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Views\s*17.4K/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Subscribers\s*\+9/ })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Views over time' })).toBeTruthy();
    // The dashboard's default period: the API resolves its days (YouTube's own last 28 days).
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveProperty('value', '28d');
    expect(client.apiClient.get).toHaveBeenCalledWith(
      `/v1/youtube/oauth/channel-data/${connectionId}`,
      { params: { range: '28d' } },
    );
  });

  it('uses the analytics period in the URL: ?range=90d asks the API for the preset', async () => {
    mockApi();
    const { router } = setup('/youtube?range=90d');
    await screen.findByRole('region', { name: 'Juniper Vale' });
    expect(client.apiClient.get).toHaveBeenCalledWith(
      `/v1/youtube/oauth/channel-data/${connectionId}`,
      { params: { range: '90d' } },
    );
    const period = screen.getByRole('combobox', { name: 'Period' });
    expect([...(period as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Last 7 days',
      'Last 28 days',
      'Last 90 days',
      'Last 12 months',
      'All time',
    ]);
    fireEvent.change(period, { target: { value: '7d' } });
    await waitFor(() =>
      expect(client.apiClient.get).toHaveBeenCalledWith(
        `/v1/youtube/oauth/channel-data/${connectionId}`,
        { params: { range: '7d' } },
      ),
    );
    expect(router.state.location.search).toBe('?range=7d');
    fireEvent.change(period, { target: { value: '28d' } });
    // The default is left out of the URL.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads custom days from the URL (a shared link) as a custom period, left for a preset', async () => {
    mockApi();
    const { router } = setup('/youtube?from=2026-10-01&to=2026-10-31');
    await screen.findByRole('region', { name: 'Juniper Vale' });
    expect(client.apiClient.get).toHaveBeenCalledWith(
      `/v1/youtube/oauth/channel-data/${connectionId}`,
      { params: { from: '2026-10-01', to: '2026-10-31' } },
    );
    const period = screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
    expect(period.selectedOptions[0]?.text).toBe('Custom: Oct 1 – Oct 31, 2026');
    fireEvent.change(period, { target: { value: '7d' } });
    await waitFor(() => expect(router.state.location.search).toBe('?range=7d'));
    expect([...period.options].map((option) => option.text)).not.toContain(
      'Custom: Oct 1 – Oct 31, 2026',
    );
  });

  it('shows a hidden subscriber count as not available, never as zero', async () => {
    mockApi({ channel: async () => buildChannel({ followersTotal: null }) });
    setup();
    const summary = await screen.findByRole('region', { name: 'Juniper Vale' });
    expect(within(summary).getByText('Hidden on this channel')).toBeTruthy();
    expect(within(summary).queryByText('0')).toBeNull();
    expect(within(summary).getAllByText('Not available').length).toBeGreaterThan(0);
  });

  it('says withheld age and gender are not available, with the reason', async () => {
    mockApi();
    setup();
    const age = await screen.findByRole('region', { name: 'Age' });
    expect(within(age).getByText('Not available')).toBeTruthy();
    expect(within(age).getByText(/YouTube only shares age and gender/)).toBeTruthy();
    const countries = screen.getByRole('region', { name: 'Top countries' });
    expect(within(countries).getByText('United Kingdom')).toBeTruthy();
  });

  it('requests sorted, searched and paged videos from the URL state', async () => {
    mockApi();
    const { router } = setup();
    const table = await screen.findByRole('table', { name: 'Top videos' });
    await within(table).findByText('Lucid Lights take 1');
    // The table asks for the page's period: each video's figures for YouTube's own days.
    expect(videoCalls().at(-1)).toEqual({
      page: 1,
      pageSize: 10,
      sort: 'views',
      order: 'desc',
      range: '28d',
    });
    const viewsHeader = within(table).getByRole('columnheader', { name: /Views/ });
    for (const name of ['Views', 'Watch time', 'Likes', 'Comments']) {
      expect(
        within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) }),
      ).toBeTruthy();
    }
    expect(within(table).queryByText(/lifetime/i)).toBeNull();
    // The period's figures, not the lifetime counters, and the days they cover.
    expect(within(table).getByTitle('1,199 views in the period').textContent).toBe('1.2K');
    expect(within(table).queryByText('9K')).toBeNull();
    expect(
      screen.getByText(
        /Each video’s figures for Oct 29 – Nov 25, 2026, the same days as the channel’s/,
      ),
    ).toBeTruthy();
    expect(viewsHeader.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(table).getByRole('button', { name: /Published/ }));
    await waitFor(() =>
      expect(videoCalls().at(-1)).toMatchObject({ sort: 'publishedAt', order: 'desc' }),
    );
    expect(
      within(table)
        .getByRole('columnheader', { name: /Published/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    expect(viewsHeader.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: /Published/ }));
    await waitFor(() =>
      expect(videoCalls().at(-1)).toMatchObject({ sort: 'publishedAt', order: 'asc' }),
    );

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(videoCalls().at(-1)).toMatchObject({ page: 2 }));
    expect(router.state.location.search).toContain('page=2');

    const search = screen.getByRole('searchbox', { name: 'Search videos' });
    expect(search.getAttribute('data-shortcut')).toBe('search');
    fireEvent.change(search, { target: { value: 'lucid' } });
    await waitFor(() =>
      expect(videoCalls().at(-1)).toEqual({
        page: 1,
        pageSize: 10,
        sort: 'publishedAt',
        order: 'asc',
        search: 'lucid',
        range: '28d',
      }),
    );
    expect(router.state.location.search).toContain('q=lucid');
  });

  it('focuses the video search with the / shortcut', async () => {
    mockApi();
    setup();
    const search = await screen.findByRole('searchbox', { name: 'Search videos' });
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(search);
  });

  it('opens a video’s details from its row and keeps it in the URL', async () => {
    mockApi();
    const { router } = setup();
    const table = await screen.findByRole('table', { name: 'Top videos' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Lucid Lights take 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lucid Lights take 2' });
    expect(router.state.location.search).toContain(`video=${buildVideo(2).id}`);
    expect(within(dialog).getByText('9,002')).toBeTruthy();
    expect(within(dialog).getByText('4:21')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('video='));
    // Focus goes back to the row's button that opened the details.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Lucid Lights take 2'));
  });

  it('opens a linked video from ?video=, looking it up when it is not on the page', async () => {
    const linked = buildVideo(99, { title: 'Quiet Shadows (Live)', kind: 'live' });
    mockApi({
      videos: async (params) =>
        params.pageSize === 100
          ? [buildVideo(1), linked]
          : Array.from({ length: 10 }, (_, index) => buildVideo(index + 1)),
    });
    setup(`/youtube?video=${linked.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Quiet Shadows (Live)' });
    expect(within(dialog).getByText('Live')).toBeTruthy();
    expect(within(dialog).getByText('Feb 20, 2026')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Watch on YouTube/ })
        .getAttribute('href'),
    ).toBe('https://www.youtube.com/watch?v=vid99');
    expect(within(dialog).getByText('Lifetime shares').nextElementSibling?.textContent).toBe(
      '—Not available',
    );
  });

  it('shows Async Operation Failed with Retry when the channel cannot load', async () => {
    let fail = true;
    mockApi({
      channel: async () => {
        if (fail) throw new Error('Server error occurred');
        return buildChannel();
      },
    });
    setup();
    expect(await screen.findByRole('heading', { name: 'Async Operation Failed' })).toBeTruthy();
    expect(screen.getByText('Server error occurred')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('figure', { name: 'Views over time' })).toBeTruthy();
  });

  it('shows Async Operation Failed for the videos table on its own', async () => {
    mockApi({
      videos: async () => {
        throw new Error('Network error - please check your connection');
      },
    });
    setup();
    expect(await screen.findByRole('heading', { name: 'Async Operation Failed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(await screen.findByRole('figure', { name: 'Views over time' })).toBeTruthy();
  });
});
