import type { Connection, DashboardAnalyticsResponse, Insight, KpiSet } from '@crescendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_OPEN_EVENT, type AssistantOpenDetail } from '@/lib/assistant-events';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import type * as AuthContextModule from '@/lib/auth/auth-context';
import { DashboardPage } from './dashboard-page';

const mocks = vi.hoisted(() => ({
  apiClient: { get: vi.fn(), post: vi.fn() },
  showToast: vi.fn(),
}));
vi.mock('@/lib/api-client', () => ({ apiClient: mocks.apiClient }));
vi.mock('@/lib/toast', () => ({ showToast: mocks.showToast }));
vi.mock('@/lib/auth/auth-context', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthContextModule>()),
  useAuth: () => ({ user: { id: 'user-1', name: 'Nova Lane', email: 'artist@example.com' } }),
}));

const compared = (value: number | null, previous: number | null, change: number | null) => ({
  value,
  previous,
  change,
});

function buildKpis(overrides: Partial<KpiSet> = {}): KpiSet {
  return {
    followers: {
      total: 74_800,
      gained: compared(3_980, 4_378, -0.0909),
      lost: compared(364, 378, -0.037),
      net: compared(2_988, 3_295, -0.0932),
    },
    views: compared(1_061_176, 945_000, 0.123),
    watchMinutes: compared(1_600_485, 2_167_324, -0.2615),
    engagements: compared(43_752, 54_274, -0.1939),
    engagementRate: compared(0.0412, 0.0432, null),
    estimatedRevenue: compared(null, null, null),
    ...overrides,
  };
}

function buildInsight(overrides: Partial<Insight> = {}): Insight {
  return {
    id: '0de47736-9824-4844-b493-c84d8a305412',
    kind: 'spike',
    direction: 'up',
    platform: 'youtube',
    day: '2026-10-04',
    title: 'YouTube views spiked on 2026-10-04',
    description: '32,276 views, 2.2× your usual 14,615.',
    evidence: {
      value: 32_276,
      baseline: 14_615,
      topContent: [
        { id: 'c-1', title: 'Northern Fires #shorts', platform: 'youtube', views: 3_847 },
      ],
      trafficSources: [{ source: 'YT_SEARCH', views: 1_200 }],
    },
    createdAt: '2026-10-06T08:00:00.000Z',
    isNew: false,
    ...overrides,
  };
}

function buildAnalytics(
  overrides: Partial<DashboardAnalyticsResponse> = {},
): DashboardAnalyticsResponse {
  return {
    range: {
      from: '2026-10-23',
      to: '2026-11-19',
      days: 28,
      granularity: 'day',
      previous: { from: '2026-09-25', to: '2026-10-22', isPartial: false, availableFrom: null },
    },
    platform: 'all',
    hasConnections: true,
    freshness: [
      {
        platform: 'youtube',
        connectionId: 'conn-1',
        accountName: 'Nora Lumen',
        sandbox: true,
        lastSyncedAt: '2026-11-22T08:22:06.645Z',
        dataCompleteThrough: '2026-11-20',
        pendingDays: ['2026-11-21'],
      },
    ],
    combined: buildKpis(),
    byPlatform: { youtube: buildKpis() },
    series: [
      {
        date: '2026-10-23',
        views: 37_228,
        watchMinutes: 73_779,
        followersNet: 118,
        engagements: 1_545,
        estimatedRevenue: 32.63,
        byPlatform: {},
      },
      {
        date: '2026-10-24',
        views: null,
        watchMinutes: null,
        followersNet: null,
        engagements: null,
        estimatedRevenue: null,
        byPlatform: {},
      },
    ],
    previousSeries: [
      {
        date: '2026-09-25',
        views: 30_114,
        watchMinutes: 61_020,
        followersNet: 97,
        engagements: 1_210,
        estimatedRevenue: 28.4,
        byPlatform: {},
      },
    ],
    milestones: [
      { platform: 'youtube', metric: 'followers', value: 25_000, reachedOn: '2026-11-02' },
    ],
    forecast: {
      metric: 'followers',
      current: 74_800,
      next: 100_000,
      dailyPace: 129.14,
      daysToNext: 196,
      expectedDate: '2027-06-03',
    },
    insights: [],
    ...overrides,
  };
}

type Responder = (params: Record<string, string>) => unknown;
let analyticsResponder: Responder;
let connections: Connection[];

function buildConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: '7d0c7a5e-57a5-4c39-9d0f-6a8f5a1b2c3d',
    provider: 'youtube',
    accountName: 'Nora Lumen',
    status: 'connected',
    sandbox: true,
    lastSyncedAt: '2026-11-22T08:22:06.645Z',
    sync: { step: null, percent: 100, error: null },
    dataCompleteThrough: '2026-11-20',
    accounts: [],
    ...overrides,
  };
}

function serverError() {
  return Object.assign(new Error('The analytics service is taking a break.'), {
    code: 'SERVER_ERROR',
    status: 500,
  });
}

beforeAll(() => {
  // jsdom has no layout: give Recharts' ResponsiveContainer a size to render into.
  class FakeResizeObserver {
    constructor(private callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback(
        [{ target, contentRect: { width: 600, height: 280 } } as unknown as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      );
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});

beforeEach(() => {
  // A returning visitor unless a test says otherwise (the first visit says "Welcome").
  localStorage.setItem('crescendo-visited:user-1:dashboard', '1');
  mocks.apiClient.get.mockReset();
  mocks.apiClient.post.mockReset().mockResolvedValue({ data: null, status: 204 });
  mocks.showToast.mockReset();
  analyticsResponder = () => buildAnalytics();
  connections = [];
  mocks.apiClient.get.mockImplementation(
    async (url: string, config?: { params?: Record<string, string> }) => {
      if (url === '/artist/profile') {
        return {
          data: {
            profile: {
              artistName: 'Nora Lumen',
              genres: ['dream pop'],
              country: 'GB',
              city: 'Manchester',
              careerStage: 'developing',
            },
          },
        };
      }
      if (url === '/dashboard/analytics') {
        const params = config?.params ?? {};
        const result = analyticsResponder(params);
        if (result instanceof Error) throw result;
        return { data: result };
      }
      if (url === '/v1/auth/oauth-connections') return { data: { connections } };
      throw new Error(`unexpected GET ${url}`);
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
});

const analyticsCalls = () =>
  mocks.apiClient.get.mock.calls
    .filter(([url]) => url === '/dashboard/analytics')
    .map(([, config]) => config?.params as Record<string, string>);

function setup(path = '/dashboard', { strict = false } = {}) {
  const page = strict ? (
    <StrictMode>
      <DashboardPage />
    </StrictMode>
  ) : (
    <DashboardPage />
  );
  return renderRoutes([{ path: '/dashboard', element: page }], {
    initialEntries: [path],
    adapter: createFakeIdentity().adapter,
  });
}

const cardOf = (heading: HTMLElement) => heading.closest<HTMLElement>('[data-testid="kpi-card"]')!;

async function findKeyMetrics() {
  await waitFor(() =>
    expect(
      within(screen.getByRole('region', { name: 'Key metrics' })).getByText('1.1M'),
    ).toBeTruthy(),
  );
  return screen.getByRole('region', { name: 'Key metrics' });
}

describe('DashboardPage overview', () => {
  it('says Welcome on the first visit and Welcome back after', async () => {
    localStorage.removeItem('crescendo-visited:user-1:dashboard');
    const first = setup();
    expect(await screen.findByRole('heading', { name: 'Welcome, Nora Lumen' })).toBeTruthy();
    first.unmount();
    setup();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Nora Lumen' })).toBeTruthy();
  });

  it('greets the artist and shows KPI values with deltas against the previous period', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Nora Lumen' })).toBeTruthy();
    const metrics = await findKeyMetrics();
    expect(within(metrics).getByText('74.8K')).toBeTruthy();
    expect(within(metrics).getByText('+3K net gained')).toBeTruthy();
    expect(within(metrics).getByText('+12.3% vs previous 28 days')).toBeTruthy();
    expect(within(metrics).getByText('-26.2% vs previous 28 days')).toBeTruthy();
    const views = cardOf(within(metrics).getByRole('heading', { name: 'Views' }));
    expect(within(views).getByText('Up')).toBeTruthy();
    expect(within(views).getByText('▲')).toBeTruthy();
  });

  it('says the followers delta compares net gains, without a loss colour on a growing audience', async () => {
    setup();
    const metrics = await findKeyMetrics();
    const followers = cardOf(within(metrics).getByRole('heading', { name: 'Followers' }));
    const delta = within(followers).getByTestId('kpi-delta');
    expect(delta.textContent).toBe('▼Down-9.3% net gain vs previous 28 days');
    expect(delta.className).not.toContain('text-red');
    // Views fell: that one is red.
    const views = cardOf(within(metrics).getByRole('heading', { name: 'Watch time' }));
    expect(within(views).getByTestId('kpi-delta').className).toContain('text-red-700');
  });

  it('gives every KPI its window and sources, on hover, focus or tap', async () => {
    setup();
    const metrics = await findKeyMetrics();
    const about = within(metrics).getByRole('button', { name: 'About Views' });
    expect(about.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(about);
    expect(about.getAttribute('aria-expanded')).toBe('true');
    const note = document.getElementById(about.getAttribute('aria-controls')!)!;
    expect(note.hidden).toBe(false);
    expect(note.textContent).toMatch(/ – .*2026 · from YouTube$/);
    expect(within(metrics).getAllByRole('button', { name: /^About / })).toHaveLength(5);
  });

  it('says no revenue was reported instead of showing $0', async () => {
    analyticsResponder = () =>
      buildAnalytics({
        combined: buildKpis({ estimatedRevenue: compared(0, 0, null) }),
        byPlatform: { youtube: buildKpis({ estimatedRevenue: compared(0, 0, null) }) },
      });
    setup();
    const metrics = await findKeyMetrics();
    const revenue = cardOf(within(metrics).getByRole('heading', { name: 'Revenue' }));
    expect(within(revenue).getByText('No revenue')).toBeTruthy();
    expect(within(revenue).getByText(/isn’t monetised/)).toBeTruthy();
    expect(within(revenue).queryByText('$0')).toBeNull();
  });

  it('asks for the profile and the analytics together, greeting by name when there is no profile', async () => {
    const get = mocks.apiClient.get.getMockImplementation()!;
    let answerProfile: (value: unknown) => void = () => undefined;
    mocks.apiClient.get.mockImplementation(async (url: string, config?: object) => {
      if (url !== '/artist/profile') return get(url, config);
      await new Promise((resolve) => (answerProfile = resolve));
      throw Object.assign(new Error('Not found'), { status: 404 });
    });
    setup();
    await waitFor(() => expect(analyticsCalls()).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toBe('Loading your dashboard…');
    answerProfile(null);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Nova Lane' })).toBeTruthy();
  });

  it('sends a failing profile request to the route’s error boundary', async () => {
    const get = mocks.apiClient.get.getMockImplementation()!;
    mocks.apiClient.get.mockImplementation(async (url: string, config?: object) => {
      if (url === '/artist/profile')
        throw Object.assign(new Error('Server error'), { status: 500 });
      return get(url, config);
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(
      [{ path: '/dashboard', element: <DashboardPage />, errorElement: <p>route error</p> }],
      { initialEntries: ['/dashboard'], adapter: createFakeIdentity().adapter },
    );
    expect(await screen.findByText('route error')).toBeTruthy();
  });

  it('never shows a missing figure as zero and hides the delta when the change is null', async () => {
    setup();
    const metrics = await findKeyMetrics();
    const revenue = cardOf(within(metrics).getByRole('heading', { name: 'Revenue' }));
    expect(within(revenue).getByText('—')).toBeTruthy();
    expect(within(revenue).getByText('Not available')).toBeTruthy();
    expect(within(revenue).queryByTestId('kpi-delta')).toBeNull();
    expect(within(revenue).queryByText(/\$0/)).toBeNull();
    const engagement = cardOf(within(metrics).getByRole('heading', { name: 'Engagement rate' }));
    expect(within(engagement).getByText('4.12%')).toBeTruthy();
    // change is null (no comparable previous figure): no arrow, no percentage.
    expect(within(engagement).queryByTestId('kpi-delta')).toBeNull();
  });

  it('“Explain this” on a KPI and on a spike insight opens the assistant with the question', async () => {
    const asked: (string | undefined)[] = [];
    const listen = (event: Event) =>
      asked.push((event as CustomEvent<AssistantOpenDetail>).detail.question);
    window.addEventListener(ASSISTANT_OPEN_EVENT, listen);
    try {
      analyticsResponder = () => buildAnalytics({ insights: [buildInsight()] });
      setup();
      await findKeyMetrics();
      fireEvent.click(screen.getByRole('button', { name: 'Explain Views' }));
      fireEvent.click(
        await screen.findByRole('button', {
          name: 'Explain this: YouTube views spike on Oct 4, 2026',
        }),
      );
      expect(asked).toEqual([
        'Explain my views from 2026-10-23 to 2026-11-19',
        'Why did my YouTube views spike on 2026-10-04?',
      ]);
    } finally {
      window.removeEventListener(ASSISTANT_OPEN_EVENT, listen);
    }
  });

  it('sends the URL filters to the API and refetches when a filter changes', async () => {
    setup('/dashboard?range=90d&platform=youtube');
    await findKeyMetrics();
    expect(analyticsCalls()[0]).toEqual({ range: '90d', platform: 'youtube', compare: 'previous' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), {
      target: { value: '7d' },
    });
    await waitFor(() =>
      expect(analyticsCalls().at(-1)).toEqual({
        range: '7d',
        platform: 'youtube',
        compare: 'previous',
      }),
    );
  });

  it('with compare off asks for no comparison and shows no deltas', async () => {
    analyticsResponder = () =>
      buildAnalytics({
        range: { ...buildAnalytics().range, previous: null },
        combined: buildKpis({ views: compared(1_061_176, null, null) }),
      });
    setup('/dashboard?compare=none');
    const metrics = await findKeyMetrics();
    expect(analyticsCalls()[0]).toMatchObject({ compare: 'none' });
    expect(within(metrics).queryAllByTestId('kpi-delta')).toHaveLength(0);
    expect(screen.queryByText(/vs previous/)).toBeNull();
    expect(mocks.apiClient.get.mock.calls.some(([, config]) => Boolean(config?.params?.from))).toBe(
      false,
    );
  });

  it('turning compare off from the filter bar hides the deltas', async () => {
    analyticsResponder = (params) =>
      params.compare === 'none'
        ? buildAnalytics({
            range: { ...buildAnalytics().range, previous: null },
            combined: buildKpis({
              views: compared(1_061_176, null, null),
              watchMinutes: compared(1_600_485, null, null),
              followers: { ...buildKpis().followers, net: compared(2_988, null, null) },
            }),
          })
        : buildAnalytics();
    setup();
    await screen.findByText('+12.3% vs previous 28 days');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare with previous period' }));
    await waitFor(() => expect(screen.queryByText(/vs previous/)).toBeNull());
    expect(analyticsCalls().at(-1)).toMatchObject({ compare: 'none' });
  });

  it('draws the previous period from the overview’s own answer, with no second request', async () => {
    setup();
    await findKeyMetrics();
    expect(await screen.findByText(/The dashed line shows the previous period\./)).toBeTruthy();
    expect(screen.queryByText(/previous period unavailable/)).toBeNull();
    expect(analyticsCalls()).toEqual([{ range: '28d', platform: 'all', compare: 'previous' }]);
  });

  it('says the previous period is unavailable when the answer leaves its series out', async () => {
    analyticsResponder = () => buildAnalytics({ previousSeries: null });
    setup();
    await findKeyMetrics();
    await screen.findByRole('figure', { name: 'Growth over time' });
    expect(screen.getByText(/· previous period unavailable/)).toBeTruthy();
    expect(screen.queryByText(/The dashed line shows the previous period\./)).toBeNull();
  });

  it('shows the chart, freshness, milestones and forecast', async () => {
    setup();
    await findKeyMetrics();
    expect(screen.getByRole('figure', { name: 'Growth over time' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Views', pressed: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Watch time' }));
    expect(screen.getByRole('button', { name: 'Watch time', pressed: true })).toBeTruthy();
    // One line says how current the figures are; each platform's detail opens from it.
    const freshness = screen.getByRole('button', { name: /^Data through / });
    fireEvent.focus(freshness);
    const detail = screen.getByRole('region', { name: 'Data freshness' });
    expect(within(detail).getByText(/Data complete through/)).toBeTruthy();
    expect(within(detail).getByText(/pending/)).toBeTruthy();
    expect(screen.getByText('25K subscribers on YouTube')).toBeTruthy();
    expect(screen.getByTestId('milestone-forecast').textContent).toMatch(
      /At your 28-day pace you’ll reach 100K followers around/,
    );
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('asks an artist without connections to connect a platform instead of showing zeros', async () => {
    analyticsResponder = () =>
      buildAnalytics({
        hasConnections: false,
        freshness: [],
        combined: buildKpis({
          followers: {
            total: null,
            gained: compared(null, null, null),
            lost: compared(null, null, null),
            net: compared(null, null, null),
          },
          views: compared(null, null, null),
        }),
        byPlatform: {},
        series: [],
        milestones: [],
        forecast: null,
      });
    setup();
    expect(
      await screen.findByRole('heading', { name: 'Connect a platform to see your growth' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect a platform' }).getAttribute('href')).toBe(
      '/settings/connections',
    );
    expect(screen.queryByRole('region', { name: 'Key metrics' })).toBeNull();
    expect(screen.queryByText('0')).toBeNull();
  });

  it('shows a first sync’s progress instead of its partial figures, then the figures once it ends', async () => {
    // Half-way through a first sync the stored days end where the sync has reached.
    const partial = buildAnalytics({
      range: { ...buildAnalytics().range, from: '2026-08-14', to: '2026-09-10' },
      freshness: [
        {
          ...buildAnalytics().freshness[0]!,
          lastSyncedAt: null,
          dataCompleteThrough: null,
          pendingDays: [],
        },
      ],
    });
    analyticsResponder = () => partial;
    connections = [
      buildConnection({
        status: 'syncing',
        lastSyncedAt: null,
        dataCompleteThrough: null,
        sync: { step: 'Daily metrics through 2026-09-10', percent: 42, error: null },
      }),
    ];
    setup();
    const progress = await screen.findByRole('progressbar', { name: 'Sync progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByRole('heading', { name: 'Bringing in Nora Lumen' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Key metrics' })).toBeNull();
    expect(screen.queryByText(/Data through/)).toBeNull();

    // The sync finishes: the connections poll sees it and the figures are read again.
    analyticsResponder = () => buildAnalytics();
    connections = [buildConnection()];
    await waitFor(() => expect(screen.getByRole('region', { name: 'Key metrics' })).toBeTruthy(), {
      timeout: 5_000,
    });
    expect(screen.queryByRole('progressbar', { name: 'Sync progress' })).toBeNull();
    await findKeyMetrics();
  });

  it('lists new insights in the panel and toasts none of them (the bell has them)', async () => {
    const spike = buildInsight({ id: 'a0000000-0000-4000-8000-000000000001', isNew: true });
    const milestone = buildInsight({
      id: 'a0000000-0000-4000-8000-000000000002',
      kind: 'milestone',
      day: '2026-11-02',
      title: '25,000 subscribers on YouTube',
      description: 'You crossed 25,000 on 2026-11-02.',
      isNew: true,
    });
    analyticsResponder = () => buildAnalytics({ insights: [spike, milestone] });
    setup('/dashboard', { strict: true });
    await findKeyMetrics();
    expect(screen.getByRole('heading', { name: 'Insights' })).toBeTruthy();
    expect(screen.getAllByText('25,000 subscribers on YouTube').length).toBeGreaterThan(0);
    expect(mocks.showToast).not.toHaveBeenCalled();
    expect(mocks.apiClient.post).not.toHaveBeenCalledWith(`/dashboard/insights/${spike.id}/seen`);
  });

  it('shows the Async Operation Failed view with Retry when analytics fail, and recovers', async () => {
    let isDown = true;
    analyticsResponder = () => (isDown ? serverError() : buildAnalytics());
    setup();
    expect(await screen.findByRole('heading', { name: 'Async Operation Failed' })).toBeTruthy();
    isDown = false;
    expect(screen.getByText('The analytics service is taking a break.')).toBeTruthy();
    // The greeting and profile still render: only the failed section is replaced.
    expect(screen.getByRole('heading', { name: 'Welcome back, Nora Lumen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await findKeyMetrics();
    expect(screen.queryByRole('heading', { name: 'Async Operation Failed' })).toBeNull();
  });
});

describe('DashboardPage imported sources', () => {
  const spotify = {
    asOf: '2026-11-19',
    window: { from: '2026-10-23', to: '2026-11-19' },
    streams: 184_233,
    listeners: 9_412,
    followers: 12_870,
    followersNet: 341,
  };
  const statementRevenue = {
    currency: 'USD',
    months: { from: '2026-11', to: '2026-11' },
    total: 1_234.56,
    quantity: 301_442,
    reportedThrough: [
      { source: 'distrokid', through: '2026-11-30' },
      { source: 'bandcamp', through: '2026-11-30' },
    ],
    isPartial: false,
  };

  async function findCard(testId: string) {
    await findKeyMetrics();
    return screen.getByTestId(testId);
  }

  it('shows the Spotify export’s streams, listeners and followers with the export’s date', async () => {
    analyticsResponder = () => buildAnalytics({ spotify, statementRevenue: null });
    setup();
    const card = await findCard('spotify-overview');
    expect(
      within(card).getByText('From your Spotify for Artists export of Nov 19, 2026'),
    ).toBeTruthy();
    expect(within(card).getByText('184,233')).toBeTruthy();
    expect(within(card).getByText('9,412')).toBeTruthy();
    expect(within(card).getByText('12,870')).toBeTruthy();
    expect(within(card).getByText('+341 net')).toBeTruthy();
    expect(within(card).queryByText(/not the whole period/)).toBeNull();
    // Statements are absent (null): no revenue card, and no prompt since Spotify is imported.
    expect(screen.queryByTestId('statement-revenue-overview')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Import files' })).toBeNull();
  });

  it('says when the Spotify export does not cover the whole period, or none of it', async () => {
    analyticsResponder = () =>
      buildAnalytics({
        spotify: {
          ...spotify,
          asOf: '2026-11-10',
          window: { from: '2026-10-23', to: '2026-11-10' },
        },
      });
    const first = setup();
    const card = await findCard('spotify-overview');
    expect(
      within(card).getByText('Your export covers Oct 23 – Nov 10, 2026, not the whole period.'),
    ).toBeTruthy();
    first.unmount();

    analyticsResponder = () =>
      buildAnalytics({
        spotify: {
          asOf: '2026-09-30',
          window: null,
          streams: null,
          listeners: null,
          followers: null,
          followersNet: null,
        },
      });
    setup();
    const empty = await findCard('spotify-overview');
    expect(within(empty).getByText('Your export has no days in this period.')).toBeTruthy();
    expect(within(empty).getAllByText('—')).toHaveLength(3);
    expect(within(empty).queryByText('0')).toBeNull();
  });

  it('shows statement revenue in its currency, its months and each source’s last month, apart from YouTube’s estimate', async () => {
    analyticsResponder = () =>
      buildAnalytics({
        combined: buildKpis({ estimatedRevenue: compared(98.7, 90, 0.0967) }),
        spotify: null,
        statementRevenue: { ...statementRevenue, currency: 'EUR' },
      });
    setup();
    const card = await findCard('statement-revenue-overview');
    const euros = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(
      1_234.56,
    );
    expect(within(card).getByTestId('statement-revenue-total').textContent).toBe(euros);
    expect(
      within(card).getByText('From your distributors’ statements · November 2026'),
    ).toBeTruthy();
    expect(within(card).getByText('301,442 streams and sales')).toBeTruthy();
    const sources = within(card).getByRole('list', { name: 'Statements reported' });
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'DistroKidReported through November 2026',
      'BandcampReported through November 2026',
    ]);
    expect(within(card).queryByText('partly reported')).toBeNull();
    expect(
      within(card)
        .getByRole('link', { name: /See revenue/ })
        .getAttribute('href'),
    ).toBe('/dashboard/revenue');
    // YouTube's estimate keeps its own card and label; the two are never added.
    const metrics = screen.getByRole('region', { name: 'Key metrics' });
    const youtube = cardOf(within(metrics).getByRole('heading', { name: 'YouTube revenue' }));
    expect(within(youtube).getByText('Estimated by YouTube, in US dollars')).toBeTruthy();
    expect(within(youtube).getByText('$99')).toBeTruthy();
    expect(screen.queryByText(/1,333\.26/)).toBeNull();
  });

  it('says partly reported, and not reported yet per source and for months no statement covers', async () => {
    analyticsResponder = () =>
      buildAnalytics({
        statementRevenue: {
          ...statementRevenue,
          months: { from: '2026-09', to: '2026-11' },
          reportedThrough: [
            { source: 'distrokid', through: '2026-10-31' },
            { source: 'tunecore', through: null },
          ],
          isPartial: true,
        },
      });
    const first = setup();
    const card = await findCard('statement-revenue-overview');
    expect(within(card).getByTestId('statement-revenue-total').textContent).toBe('$1,234.56');
    expect(within(card).getByText('partly reported')).toBeTruthy();
    expect(within(card).getByText('September 2026 – November 2026', { exact: false })).toBeTruthy();
    const sources = within(card).getByRole('list', { name: 'Statements reported' });
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['DistroKidReported through October 2026', 'TuneCoreNot reported yet']);
    first.unmount();

    // No source has reached the period's months: not $0, "not reported yet".
    analyticsResponder = () =>
      buildAnalytics({
        statementRevenue: {
          ...statementRevenue,
          total: 0,
          quantity: 0,
          reportedThrough: [{ source: 'distrokid', through: '2026-08-31' }],
          isPartial: true,
          latestCompleteMonth: { month: '2026-08', total: 412.5, quantity: 130_000 },
        },
      });
    setup();
    const waiting = await findCard('statement-revenue-overview');
    expect(within(waiting).getByTestId('statement-revenue-total').textContent).toBe(
      'Not reported yet',
    );
    expect(within(waiting).queryByText(/\$0/)).toBeNull();
    // The last complete month's figure stands beside it.
    expect(within(waiting).getByTestId('statement-revenue-latest').textContent).toBe(
      'Latest month every source has reported: August 2026, $412.50',
    );
  });

  it('shows no statement total for a period in which no statement month starts', async () => {
    analyticsResponder = () =>
      buildAnalytics({ statementRevenue: { ...statementRevenue, months: null, total: 0 } });
    setup();
    const card = await findCard('statement-revenue-overview');
    expect(within(card).getByTestId('statement-revenue-total').textContent).toBe('—');
    expect(within(card).getByText(/no month starts in this period/)).toBeTruthy();
  });

  it('changes nothing when the fields are absent (a platform filter) and prompts to import when nothing is', async () => {
    analyticsResponder = (params) =>
      params.platform === 'youtube'
        ? buildAnalytics({ platform: 'youtube' })
        : buildAnalytics({ spotify: null, statementRevenue: null });
    const first = setup('/dashboard?platform=youtube');
    await findKeyMetrics();
    expect(screen.queryByRole('region', { name: 'Imported sources' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Import files' })).toBeNull();
    expect(screen.queryByText(/Spotify/)).toBeNull();
    const metrics = screen.getByRole('region', { name: 'Key metrics' });
    expect(within(metrics).getByRole('heading', { name: 'Revenue' })).toBeTruthy();
    first.unmount();

    setup();
    await findKeyMetrics();
    expect(screen.queryByTestId('spotify-overview')).toBeNull();
    expect(screen.queryByTestId('statement-revenue-overview')).toBeNull();
    expect(screen.getByRole('link', { name: 'Import files' }).getAttribute('href')).toBe(
      '/settings/imports',
    );
  });

  it('shows imported figures to an artist with no platform connected', async () => {
    analyticsResponder = () =>
      buildAnalytics({ hasConnections: false, byPlatform: {}, spotify, statementRevenue });
    setup();
    expect(
      await screen.findByRole('heading', { name: 'Connect a platform to see your growth' }),
    ).toBeTruthy();
    expect(within(screen.getByTestId('spotify-overview')).getByText('184,233')).toBeTruthy();
    expect(
      within(screen.getByTestId('statement-revenue-overview')).getByTestId(
        'statement-revenue-total',
      ).textContent,
    ).toBe('$1,234.56');
  });
});
