import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDashboardAnalytics } from '@/features/dashboard/overview/api/get-dashboard-analytics';
import {
  parseDashboardFilters,
  toDashboardQuery,
} from '@/features/dashboard/shared/utils/dashboard-filters';
import { getProfile } from '@/features/profile';
import { apiClient } from '@/lib/api-client';
import { setTokenProvider } from '@/lib/api-session';
import { jsonResponse } from '@/testing/responses';
import { startFirstScreenRequests } from './first-screen-requests';

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenProvider(null);
});

describe('first-screen requests', () => {
  it.each([
    ['/dashboard', '', 'token-1'],
    ['/dashboard/', '?range=90d&platform=youtube&compare=none', 'token-2'],
    ['/settings/billing', '?platform=instagram&unknown=1', 'token-3'],
  ])(
    'on %s%s, asks for the backend user and exactly what the overview asks for',
    async (pathname, search, token) => {
      const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
        jsonResponse(200, { url: String(input), profile: { stageName: 'Nova' } }),
      );
      vi.stubGlobal('fetch', fetchMock);
      startFirstScreenRequests({ pathname, search }, token);
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
        '/api/v1/auth/me',
        '/api/artist/profile',
        expect.stringMatching(/^\/api\/dashboard\/analytics\?/),
      ]);

      // The page's own reads, through the API client, are answered by those requests.
      const networkAdapter = vi.fn();
      const defaultAdapter = apiClient.defaults.adapter;
      apiClient.defaults.adapter = networkAdapter;
      setTokenProvider(async () => token);
      try {
        const filters = parseDashboardFilters(new URLSearchParams(search));
        const analytics = (await getDashboardAnalytics(toDashboardQuery(filters))) as unknown;
        const [analyticsUrl] = fetchMock.mock.calls[2] as unknown as [string];
        expect(analytics).toEqual(expect.objectContaining({ url: analyticsUrl }));
        expect(await getProfile()).toEqual({ stageName: 'Nova' });
        expect(networkAdapter).not.toHaveBeenCalled();
      } finally {
        apiClient.defaults.adapter = defaultAdapter;
      }
    },
  );

  it('asks only for the backend user on pages without first-screen reads', () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    startFirstScreenRequests({ pathname: '/login', search: '' }, 'token-4');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/v1/auth/me']);
  });
});
