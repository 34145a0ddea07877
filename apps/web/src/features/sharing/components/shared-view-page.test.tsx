import type { SharedViewResponse } from '@crescendo/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { jsonResponse } from '@/testing/responses';
import { SharedViewPage } from './shared-view-page';

const token = 'a'.repeat(43);
const compared = (value: number) => ({ value, previous: null, change: null });
const kpis = {
  followers: { total: 12_400, gained: compared(300), lost: compared(20), net: compared(280) },
  views: compared(48_200),
  watchMinutes: compared(9_000),
  engagements: compared(1_900),
  engagementRate: compared(0.0394),
};

function sharedView(overrides: Partial<SharedViewResponse> = {}): SharedViewResponse {
  return {
    artistName: 'Nora Lumen',
    view: 'overview',
    platforms: ['youtube', 'instagram'],
    window: { range: '28d', from: null, to: null },
    includesRevenue: false,
    isLocked: false,
    verifiedPlatforms: ['youtube', 'instagram'],
    freshness: [
      {
        platform: 'youtube',
        accountName: 'Nora Lumen',
        lastSyncedAt: '2025-06-15T10:00:00Z',
        dataCompleteThrough: '2025-06-13',
      },
    ],
    overview: {
      range: { from: '2025-05-17', to: '2025-06-13', days: 28, granularity: 'day', previous: null },
      combined: kpis,
      byPlatform: { youtube: kpis },
      series: [],
      milestones: [],
      forecast: null,
    },
    audience: null,
    content: null,
    ...overrides,
  };
}

function setup() {
  return renderRoutes([{ path: '/s/:token', element: <SharedViewPage /> }], {
    initialEntries: [`/s/${token}`],
    adapter: createFakeIdentity().adapter,
  });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the shared page', () => {
  it('shows the figures, the verified platforms and each account’s freshness, no revenue', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, sharedView()));
    setup();
    expect(await screen.findByRole('heading', { name: 'Nora Lumen · Overview' })).toBeTruthy();
    expect(screen.getByText('Verified from connected YouTube / Instagram accounts')).toBeTruthy();
    expect(screen.getByText(/^Last 28 days · YouTube \+ Instagram/)).toBeTruthy();
    const freshness = screen.getByRole('list', { name: 'Data freshness' }).textContent;
    expect(freshness).toMatch(/^YouTube · Nora Lumen · data through /);
    expect(freshness).not.toMatch(/sandbox/i);
    expect(screen.getAllByTestId('shared-kpi-Views')[0]!.textContent).toContain('48.2K');
    expect(screen.queryByText('Estimated revenue')).toBeNull();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/public/shares/${token}?page=1`);
  });

  it('says kindly that a revoked or expired link is gone', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, {
        error: { code: 'NOT_FOUND', message: 'This link has been revoked or has expired.' },
      }),
    );
    setup();
    expect(await screen.findByText('This link has been revoked or has expired.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for the password, shows a wrong one’s message, then the figures with the grant', async () => {
    const locked = sharedView({
      isLocked: true,
      verifiedPlatforms: [],
      freshness: [],
      overview: null,
    });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/unlock')) {
        const { password } = JSON.parse(String(init?.body)) as { password: string };
        return password === 'open sesame 42'
          ? jsonResponse(200, { grant: 'grant-1', expiresAt: '2030-01-01T00:00:00Z' })
          : jsonResponse(401, {
              error: { code: 'UNAUTHENTICATED', message: 'That password is not right.' },
            });
      }
      const headers = new Headers(init?.headers);
      return jsonResponse(200, headers.get('x-share-grant') === 'grant-1' ? sharedView() : locked);
    });
    setup();
    const field = await screen.findByLabelText('Password');
    fireEvent.change(field, { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'View figures' }));
    expect(await screen.findByText('That password is not right.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'open sesame 42' } });
    fireEvent.click(screen.getByRole('button', { name: 'View figures' }));
    await waitFor(() => expect(screen.getAllByTestId('shared-kpi-Views')[0]).toBeTruthy());
    expect(sessionStorage.getItem(`crescendo-share-grant:${token}`)).toBe('grant-1');
  });
});
