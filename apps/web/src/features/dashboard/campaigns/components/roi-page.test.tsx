import {
  roiBaselineSentence,
  type Campaign,
  type CampaignResult,
  type RoiResponse,
} from '@crescendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { RoiPage, summarizeRoi } from './roi-page';

const client = vi.hoisted(() => ({
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock('@/lib/api-client', () => client);
const toasts = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('@/lib/toast', () => toasts);

function buildCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: '5b3c1f0e-8a55-4a43-9a43-3f5b8c1d2e01',
    name: 'Midnight Drive ads',
    channel: 'youtube_ads',
    amount: 1250.5,
    currency: 'USD',
    startDate: '2026-10-01',
    endDate: '2026-10-14',
    linkedContentId: null,
    linkedRelease: 'Midnight Drive',
    extraRevenue: 100,
    measureOn: 'channel',
    notes: null,
    createdAt: '2026-10-15T10:00:00.000Z',
    updatedAt: '2026-10-15T10:00:00.000Z',
    ...overrides,
  };
}

function buildResult(overrides: Partial<CampaignResult> = {}): CampaignResult {
  return {
    campaign: buildCampaign(),
    days: 14,
    platforms: ['youtube'],
    measuredDays: 14,
    baseline: {
      from: '2026-09-03',
      to: '2026-09-30',
      knownDays: 28,
      campaignDaysSkipped: 0,
      status: 'full',
    },
    overlapsWith: [],
    followersDuring: 400,
    followersBaseline: 150,
    followerLift: 250,
    viewsDuring: 60_000,
    viewsBaseline: 35_000,
    viewLift: 25_000,
    costPerNetNewFollower: 5.002,
    costPerThousandViews: 50.02,
    platformRevenue: 1400,
    revenueBaseline: 0,
    revenueLift: 1400,
    enteredRevenue: 100,
    revenue: 1500,
    roi: 0.1995,
    ...overrides,
  };
}

const buildTotals = (overrides: Partial<RoiResponse['totals']> = {}): RoiResponse['totals'] => ({
  spend: 1250.5,
  platformRevenue: 1400,
  revenueLift: 1400,
  enteredRevenue: 100,
  revenue: 1500,
  followerLift: 250,
  viewLift: 25_000,
  roi: 0.1995,
  ...overrides,
});

function buildRoi(overrides: Partial<RoiResponse> = {}): RoiResponse {
  return {
    platform: 'all',
    currency: 'USD',
    range: { from: '2026-10-25', to: '2026-11-21', days: 28 },
    baselineDays: 28,
    campaigns: [buildResult()],
    totals: buildTotals(),
    excludedFromTotals: [],
    ...overrides,
  };
}

const contentItem = {
  id: '0f6c7d2a-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  title: 'Midnight Drive (Official Video)',
  platform: 'youtube',
  type: 'video',
  publishedAt: '2026-09-30T12:00:00.000Z',
  permalink: null,
  views: 100,
  watchMinutes: null,
  likes: null,
  comments: null,
  shares: null,
  saves: null,
  engagementRate: null,
  followersGained: null,
};

let roiResponse: () => RoiResponse;

beforeEach(() => {
  roiResponse = () => buildRoi();
  client.apiClient.get.mockImplementation(async (url: string) => {
    if (url === '/dashboard/roi') return { data: roiResponse() };
    if (url === '/dashboard/content')
      return {
        data: {
          range: {
            from: '2020-01-01',
            to: '2026-11-21',
            days: 1,
            granularity: 'week',
            previous: null,
          },
          items: [contentItem],
          page: 1,
          pageSize: 100,
          total: 1,
        },
      };
    throw new Error(`unexpected GET ${url}`);
  });
});

afterEach(() => vi.clearAllMocks());

function setup(path = '/dashboard/roi') {
  return renderRoutes([{ path: '/dashboard/roi', element: <RoiPage /> }], {
    initialEntries: [path],
    adapter: createFakeIdentity().adapter,
  });
}

const totals = () => screen.getByRole('region', { name: 'ROI totals' });
const roiCalls = () => client.apiClient.get.mock.calls.filter(([url]) => url === '/dashboard/roi');

function totalOf(label: string): string {
  const term = within(totals()).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('RoiPage totals', () => {
  it('formats spend, revenue lift, ROI and blended costs with Intl, for the period', async () => {
    setup();
    await screen.findByRole('region', { name: 'ROI totals' });
    expect(totalOf('Spend')).toBe('$1,250.50');
    expect(totalOf('Revenue lift')).toBe('+$1,400.00');
    expect(totalOf('ROI')).toBe('+20%');
    expect(totalOf('Cost per new follower')).toBe('$5.00');
    expect(totalOf('Cost per 1,000 views')).toBe('$50.02');
    // The lift card says what it holds and what it leaves out; ROI shows its own sum.
    expect(
      within(totals()).getByText(
        'Platform revenue above your usual pace, of $1,400.00 reported on campaign days. Not included: $100.00 you entered (ROI adds it).',
      ),
    ).toBeTruthy();
    expect(
      within(totals()).getByText('(+$1,400.00 lift + $100.00 entered − $1,250.50 spend) ÷ spend'),
    ).toBeTruthy();
    expect(roiCalls()[0]?.[1]).toEqual({ params: { range: '28d', platform: 'all' } });
  });

  it('says the method in plain words: baseline, lift, overlaps and ROI', async () => {
    setup();
    const method = await screen.findByRole('region', { name: 'How we measure a campaign' });
    // The one sentence the dialog, the ledger and the assistant use too.
    expect(method.textContent).toContain(roiBaselineSentence);
    expect(roiBaselineSentence).toContain(
      'the daily average of the 28 most recent days before it on which no campaign ran (looking back at most 91 days)',
    );
    expect(method.textContent).toContain('mark the baseline as partial');
    expect(method.textContent).toContain('YouTube ads on YouTube');
    expect(method.textContent).toContain('shows a negative lift, in red');
    expect(method.textContent).toContain(
      'each shared day’s lift is split between them in proportion to what each spent per day',
    );
    expect(method.textContent).toContain(
      'ROI = (platform revenue lift + revenue you entered − spend) ÷ spend',
    );
  });

  it('shows a campaign below its usual pace as negative, in red, never clamped', async () => {
    roiResponse = () =>
      buildRoi({
        campaigns: [
          buildResult({
            campaign: buildCampaign({ amount: 300, extraRevenue: 0 }),
            followersDuring: -13,
            // A baseline's average day is fractional; people are shown whole.
            followersBaseline: 99.6,
            followerLift: -112.6,
            viewsDuring: 10_000,
            viewsBaseline: 100_000,
            viewLift: -90_000,
            costPerNetNewFollower: null,
            costPerThousandViews: null,
            platformRevenue: 20,
            revenueLift: -44.5,
            enteredRevenue: 0,
            revenue: -44.5,
            roi: -1.1483,
            baseline: {
              from: '2026-09-21',
              to: '2026-09-30',
              knownDays: 10,
              campaignDaysSkipped: 3,
              status: 'partial',
            },
            overlapsWith: ['other'],
          }),
        ],
        totals: buildTotals({
          spend: 300,
          platformRevenue: 20,
          revenueLift: -44.5,
          enteredRevenue: 0,
          revenue: -44.5,
          followerLift: -113,
          viewLift: -90_000,
          roi: -1.1483,
        }),
      });
    setup();
    await screen.findByRole('region', { name: 'ROI totals' });
    expect(totalOf('Revenue lift')).toBe('-$44.50');
    expect(totalOf('ROI')).toBe('-114.8%');
    const roiValue = within(totals()).getByText('-114.8%');
    expect(roiValue.className).toContain('text-red-700');
    // Both blended costs: a negative lift has no cost per unit.
    expect(within(totals()).getAllByText('No growth above your usual pace')).toHaveLength(2);
    const row = screen.getByRole('row', { name: /Midnight Drive ads/ });
    expect(within(row).getByText('-113').className).toContain('text-red-700');
    expect(within(row).getByText('-90K').className).toContain('text-red-700');
    expect(within(row).getByText('-$44.50').className).toContain('text-red-700');
    expect(within(row).getByText('-114.8%').className).toContain('text-red-700');
    expect(within(row).getByText('-13 vs. 100 usual')).toBeTruthy();
    expect(within(row).getByText(/YouTube ads · Measured on YouTube/)).toBeTruthy();
    expect(within(row).getByText('Partial baseline: 10 days')).toBeTruthy();
    expect(within(row).getByText('Baseline skips 3 campaign days')).toBeTruthy();
    expect(within(row).getByText('Shares days with 1 other')).toBeTruthy();
    expect(within(row).getAllByText('No lift')).toHaveLength(2);
  });

  // A song campaign whose months reach August while statements stop at June.
  const waitingForStatements = {
    subject: { kind: 'song', key: 'USS1Z2400001', label: 'Midnight Drive' },
    status: 'waiting',
    neededThrough: '2026-08',
    reportedThrough: '2026-06',
    currency: 'USD',
    earningsDuring: null,
    earningsBaseline: null,
    earningsLift: null,
    spotifyStreams: null,
    roi: null,
  } as const;

  it('says a campaign’s money return waits for statements while its months are not reported', async () => {
    roiResponse = () =>
      buildRoi({
        campaigns: [buildResult({ roi: null, moneyReturn: waitingForStatements })],
      });
    setup();
    const row = await screen.findByRole('row', { name: /Midnight Drive ads/ });
    expect(within(row).getByText('Waiting for statements (through August 2026)')).toBeTruthy();
  });

  it('says a ROI figure counts platforms only while its statements are awaited', async () => {
    roiResponse = () =>
      buildRoi({
        campaigns: [buildResult({ roi: -0.5, moneyReturn: waitingForStatements })],
      });
    setup();
    const row = await screen.findByRole('row', { name: /Midnight Drive ads/ });
    expect(
      within(row).getByText('Platforms only so far · waiting for statements (through August 2026)'),
    ).toBeTruthy();
  });

  it('shows "—" with a reason when nothing was spent or there is no baseline, never 0 %', async () => {
    roiResponse = () =>
      buildRoi({
        campaigns: [
          buildResult({
            campaign: buildCampaign({ amount: 0 }),
            roi: null,
            followerLift: null,
            viewLift: -10,
            costPerNetNewFollower: null,
            costPerThousandViews: null,
          }),
          buildResult({
            campaign: buildCampaign({ id: 'early', name: 'First teaser', amount: 50 }),
            baseline: {
              from: '2026-09-03',
              to: '2026-09-30',
              knownDays: 0,
              campaignDaysSkipped: 0,
              status: 'missing',
            },
            followerLift: null,
            viewLift: null,
            revenueLift: null,
            revenue: null,
            roi: null,
            costPerNetNewFollower: null,
            costPerThousandViews: null,
          }),
        ],
        totals: buildTotals({ spend: 0, revenueLift: null, revenue: null, roi: null }),
      });
    setup();
    await screen.findByRole('region', { name: 'ROI totals' });
    expect(totalOf('ROI')).toBe('—Not available');
    expect(within(totals()).getByText('Shown once you record spend above 0')).toBeTruthy();
    expect(totalOf('Cost per new follower')).toBe('—Not available');
    expect(within(totals()).getByText('Needs a baseline and published campaign days')).toBeTruthy();
    expect(within(totals()).getByText('No growth above your usual pace')).toBeTruthy();
    const row = screen.getByRole('row', { name: /Midnight Drive ads/ });
    expect(within(row).getByText('Nothing spent')).toBeTruthy();
    expect(within(row).getByText('Not measurable yet')).toBeTruthy();
    expect(within(row).getByText('No lift')).toBeTruthy();
    const early = screen.getByRole('row', { name: /First teaser/ });
    expect(within(early).getByText('No baseline')).toBeTruthy();
    expect(within(early).getAllByText('No data before it')).toHaveLength(2);
  });

  it('blends costs over the measured campaigns in the totals currency', () => {
    const summary = summarizeRoi(
      buildRoi({
        campaigns: [
          buildResult({ campaign: buildCampaign({ id: 'a', amount: 300 }), followerLift: 100 }),
          buildResult({ campaign: buildCampaign({ id: 'b', amount: 100 }), followerLift: null }),
          buildResult({
            campaign: buildCampaign({ id: 'c', amount: 900, currency: 'EUR' }),
            followerLift: 1,
          }),
        ],
        excludedFromTotals: ['c'],
      }),
    );
    expect(summary.costPerFollower).toBe(3);
    // Views lift is known for both USD campaigns: (300 + 100) ÷ 50,000 × 1,000.
    expect(summary.costPerThousandViews).toBeCloseTo(8);
  });

  it('takes the period and the platform through the URL, as the other analytics pages', async () => {
    const { router } = setup();
    await screen.findByRole('region', { name: 'ROI totals' });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '365d' } });
    await waitFor(() =>
      expect(roiCalls().at(-1)?.[1]).toEqual({ params: { range: '365d', platform: 'all' } }),
    );
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'youtube' } });
    await waitFor(() =>
      expect(roiCalls().at(-1)?.[1]).toEqual({ params: { range: '365d', platform: 'youtube' } }),
    );
    expect(router.state.location.search).toBe('?range=365d&platform=youtube');
  });

  it('offers to add a campaign when the period has none, and says where the others are', async () => {
    roiResponse = () =>
      buildRoi({
        campaigns: [],
        totals: buildTotals({
          spend: 0,
          platformRevenue: 0,
          revenueLift: 0,
          revenue: 0,
          roi: null,
        }),
      });
    setup();
    expect(await screen.findByText('No campaigns in this period')).toBeTruthy();
    expect(screen.getByText(/Choose “All time” to see every campaign/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add your first campaign' })).toBeTruthy();
  });

  it('says "No campaigns yet" over all time', async () => {
    roiResponse = () => buildRoi({ campaigns: [], totals: buildTotals({ spend: 0, roi: null }) });
    setup('/dashboard/roi?range=all');
    expect(await screen.findByText('No campaigns yet')).toBeTruthy();
  });

  it('shows Async Operation Failed when the ROI cannot load', async () => {
    roiResponse = () => {
      throw new Error('Server error occurred');
    };
    setup();
    expect(await screen.findByRole('heading', { name: 'Async Operation Failed' })).toBeTruthy();
    roiResponse = () => buildRoi();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'ROI totals' })).toBeTruthy();
  });
});

async function openAddDialog() {
  await screen.findByRole('region', { name: 'ROI totals' });
  fireEvent.click(screen.getByRole('button', { name: 'Add campaign' }));
  return screen.findByRole('dialog', { name: 'Add campaign spend' });
}

const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RoiPage campaigns', () => {
  it('validates on the client before anything is sent', async () => {
    setup();
    const dialog = await openAddDialog();
    change('Amount spent', '12.345');
    change('End date', '2020-01-01');
    change('Start date', '2020-02-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add campaign' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose where the money went')).toBeTruthy();
    expect(within(dialog).getByText('Use at most 2 decimal places')).toBeTruthy();
    expect(within(dialog).getByText('End date must be on or after the start date')).toBeTruthy();
    const amount = screen.getByLabelText('Amount spent');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(client.apiClient.post).not.toHaveBeenCalled();
  });

  it('finds the linked content by title on the server, newest first', async () => {
    setup();
    const dialog = await openAddDialog();
    await within(dialog).findByRole('option', {
      name: /^Midnight Drive \(Official Video\) · YouTube · /,
    });
    const contentParams = () =>
      client.apiClient.get.mock.calls
        .filter(([url]) => url === '/dashboard/content')
        .map(([, config]) => (config as { params: Record<string, unknown> }).params);
    expect(contentParams().at(-1)).toMatchObject({ sort: 'publishedAt', order: 'desc' });
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search content to link' }), {
      target: { value: 'midnight' },
    });
    await waitFor(() =>
      expect(contentParams().at(-1)).toMatchObject({
        search: 'midnight',
        sort: 'publishedAt',
        order: 'desc',
      }),
    );
  });

  it('sends the campaign, shows the API field errors next to fields, then saves', async () => {
    client.apiClient.post.mockRejectedValueOnce(
      new ApiError('Invalid body: linkedContentId', 'VALIDATION_FAILED', 400, {
        fields: [
          { field: 'linkedContentId', message: 'No content with that id in your catalogue' },
        ],
      }),
    );
    client.apiClient.post.mockResolvedValueOnce({ data: { campaign: buildCampaign() } });
    setup();
    const dialog = await openAddDialog();
    change('Campaign name', '  Spring pitching ');
    change('Channel', 'playlist_pitching');
    change('Amount spent', '1200,5');
    change('Currency', 'eur');
    change('Start date', '2026-10-01');
    change('End date', '2026-10-14');
    // Each item says where and when it was published, newest first.
    await within(dialog).findByRole('option', {
      name: /^Midnight Drive \(Official Video\) · YouTube · /,
    });
    change('Linked content (optional)', contentItem.id);
    change('Extra revenue (optional)', '50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add campaign' }));

    const message = await within(dialog).findByText('No content with that id in your catalogue');
    const select = screen.getByLabelText('Linked content (optional)');
    expect(select.getAttribute('aria-describedby')).toContain(message.id);
    expect(client.apiClient.post).toHaveBeenCalledWith('/dashboard/roi/campaigns', {
      name: 'Spring pitching',
      channel: 'playlist_pitching',
      amount: 1200.5,
      currency: 'EUR',
      startDate: '2026-10-01',
      endDate: '2026-10-14',
      linkedContentId: contentItem.id,
      linkedRelease: null,
      extraRevenue: 50,
      notes: null,
    });

    const callsBefore = roiCalls().length;
    change('Linked content (optional)', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add campaign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(client.apiClient.post.mock.calls[1]?.[1]).toMatchObject({ linkedContentId: null });
    expect(toasts.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Campaign added', type: 'success' }),
    );
    await waitFor(() => expect(roiCalls().length).toBeGreaterThan(callsBefore));
  });

  it('edits a campaign with its saved values and PUTs the change', async () => {
    client.apiClient.put.mockResolvedValueOnce({ data: { campaign: buildCampaign() } });
    setup();
    await screen.findByRole('region', { name: 'ROI totals' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Midnight Drive ads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit campaign' });
    expect((screen.getByLabelText('Campaign name') as HTMLInputElement).value).toBe(
      'Midnight Drive ads',
    );
    expect((screen.getByLabelText('Amount spent') as HTMLInputElement).value).toBe('1250.5');
    expect((screen.getByLabelText('Release (optional)') as HTMLInputElement).value).toBe(
      'Midnight Drive',
    );
    change('Amount spent', '1500');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(client.apiClient.put).toHaveBeenCalledWith(
      '/dashboard/roi/campaigns/5b3c1f0e-8a55-4a43-9a43-3f5b8c1d2e01',
      expect.objectContaining({
        name: 'Midnight Drive ads',
        amount: 1500,
        linkedRelease: 'Midnight Drive',
        extraRevenue: 100,
      }),
    );
    expect(toasts.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Campaign updated' }),
    );
  });

  it('asks before deleting, and deletes only on confirm', async () => {
    client.apiClient.delete.mockResolvedValueOnce({ data: null });
    setup();
    await screen.findByRole('region', { name: 'ROI totals' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Midnight Drive ads' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this campaign?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(client.apiClient.delete).not.toHaveBeenCalled();

    const callsBefore = roiCalls().length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Midnight Drive ads' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this campaign?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete campaign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(client.apiClient.delete).toHaveBeenCalledWith(
      '/dashboard/roi/campaigns/5b3c1f0e-8a55-4a43-9a43-3f5b8c1d2e01',
    );
    expect(toasts.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Campaign deleted', type: 'success' }),
    );
    await waitFor(() => expect(roiCalls().length).toBeGreaterThan(callsBefore));
  });

  it('reports a failed delete with an error toast', async () => {
    client.apiClient.delete.mockRejectedValueOnce(
      new ApiError('No campaign with that id.', 'NOT_FOUND', 404),
    );
    setup();
    await screen.findByRole('region', { name: 'ROI totals' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Midnight Drive ads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this campaign?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete campaign' }));
    await waitFor(() =>
      expect(toasts.showToast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Campaign not deleted',
          description: 'No campaign with that id.',
          type: 'error',
        }),
      ),
    );
  });
});
