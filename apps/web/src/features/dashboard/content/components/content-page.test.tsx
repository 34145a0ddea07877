import type { ContentResponse, ContentRow } from '@crescendo/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportButton } from '@/components/layouts/app-shell';
import { ExportProvider } from '@/components/layouts/export-context';
import { KeyboardShortcuts } from '@/components/layouts/keyboard-shortcuts';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { CONTENT_SEARCH_DELAY_MS, ContentPage } from './content-page';

const client = vi.hoisted(() => ({
  apiClient: {
    get: vi.fn(),
    post: vi.fn(),
    put: vi.fn(),
    delete: vi.fn(),
    interceptors: { request: { use: vi.fn() }, response: { use: vi.fn() } },
    defaults: {},
  },
}));
vi.mock('@/lib/api-client', () => client);
const toasts = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('@/lib/toast', () => toasts);

function buildRow(overrides: Partial<ContentRow> = {}): ContentRow {
  return {
    id: 'c-1',
    title: 'Midnight Drive (Official Video)',
    platform: 'youtube',
    type: 'video',
    publishedAt: '2026-10-01T12:00:00.000Z',
    permalink: 'https://www.youtube.com/watch?v=abc',
    thumbnailUrl: null,
    views: 12_345,
    watchMinutes: 3_000,
    likes: 800,
    comments: 40,
    shares: 12,
    saves: null,
    engagementRate: 0.0691,
    followersGained: 35,
    figures: 'range',
    song: null,
    lifetime: null,
    ...overrides,
  };
}

function buildResponse(items: ContentRow[], overrides: Partial<ContentResponse> = {}) {
  return {
    range: {
      from: '2026-10-25',
      to: '2026-11-21',
      days: 28,
      granularity: 'day',
      previous: null,
    },
    items,
    page: 1,
    pageSize: 25,
    total: items.length,
    publishedInRange: 1,
    ...overrides,
  } satisfies ContentResponse;
}

type Params = Record<string, unknown>;
const jsonCalls = () =>
  client.apiClient.get.mock.calls
    .filter(([, config]) => (config?.params as Params | undefined)?.format !== 'csv')
    .map(([, config]) => config?.params as Params);
const lastParams = () => jsonCalls().at(-1);
const csvCalls = () =>
  client.apiClient.get.mock.calls.filter(
    ([, config]) => (config?.params as Params | undefined)?.format === 'csv',
  );

let respond: (params: Params) => Promise<unknown>;

beforeEach(() => {
  respond = async () => buildResponse([buildRow()]);
  client.apiClient.get.mockImplementation(async (_url: string, config?: { params?: Params }) => {
    const params = config?.params ?? {};
    if (params.format === 'csv') return { data: new Blob(['Title\r\nMidnight Drive\r\n']) };
    return { data: await respond(params) };
  });
});

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

function setup(path = '/dashboard/content') {
  return renderRoutes(
    [
      {
        path: '/dashboard/content',
        element: (
          <ExportProvider>
            <header>
              <input data-shortcut="search" aria-label="Search Crescendo" />
              <ExportButton />
            </header>
            <main>
              <ContentPage />
            </main>
            <KeyboardShortcuts />
          </ExportProvider>
        ),
      },
    ],
    { initialEntries: [path], adapter: createFakeIdentity().adapter },
  );
}

const table = () => screen.getByRole('table', { name: 'Content' });

/** Role queries walk the whole table (slow on a busy machine): wait on the text, then the row. */
async function findRow(name: RegExp) {
  await screen.findAllByText(name);
  return screen.getByRole('row', { name });
}
const search = (router: ReturnType<typeof setup>['router']) =>
  new URLSearchParams(router.state.location.search);

describe('ContentPage', () => {
  it('asks for the default view and shows each item with "—" for what is missing', async () => {
    respond = async () =>
      buildResponse([
        buildRow(),
        buildRow({
          id: 'c-2',
          title: 'Studio diary',
          platform: 'instagram',
          type: 'reel',
          permalink: null,
          thumbnailUrl: null,
          // Lifetime counters only: never in the period's columns.
          views: null,
          watchMinutes: null,
          likes: null,
          comments: null,
          shares: null,
          followersGained: null,
          engagementRate: null,
          figures: 'lifetime',
          lifetime: { views: 52_000, likes: 900, comments: 12, shares: 4, saves: 30 },
        }),
      ]);
    setup();
    // Role queries walk the whole table: wait on the text, then read the row.
    await screen.findByText('Studio diary');
    const row = screen.getByRole('row', { name: /Studio diary/ });
    expect(lastParams()).toEqual({
      range: '28d',
      platform: 'all',
      type: 'all',
      sort: 'views',
      order: 'desc',
      page: 1,
      pageSize: 25,
    });
    // The title is the row's header, with its platform and type under it.
    expect(within(row).getByRole('rowheader').textContent).toContain('Instagram·Reel');
    // Instagram reports lifetime counters only: said on the item, not passed off as the period's.
    expect(within(row).getByText('Lifetime figures only')).toBeTruthy();
    const first = () => screen.getByRole('row', { name: /Midnight Drive/ });
    expect(within(first()).queryByText('Lifetime figures only')).toBeNull();
    const cells = within(row).getAllByRole('cell');
    // Published, views, watch, likes, followers, lifetime views (comments, shares, saves and
    // the engagement rate start hidden).
    expect(cells).toHaveLength(6);
    expect(cells[1]?.textContent).toBe('—Not available');
    expect(cells[2]?.textContent).toBe('—Not available');
    expect(cells[5]?.textContent).toBe('52K');
    expect(within(first()).getAllByRole('cell')[5]?.textContent).toBe('—Not available');
    expect(within(row).getAllByText('—')).toHaveLength(4);
    // The count says what the list holds.
    expect(screen.getByTestId('content-count').textContent).toBe(
      '2 items published up to Nov 21, 2026 (older ones can still be watched in the period); 1 of them published in the period.',
    );
    expect(within(first()).getByRole('link').getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=abc',
    );
    expect(within(first()).getByText('12.3K')).toBeTruthy();
    // The engagement rate starts hidden (the column chooser brings it back).
    expect(within(first()).queryByText('6.9%')).toBeNull();
    expect(screen.getByText('Showing 1–2 of 2 items')).toBeTruthy();
    expect(
      within(table()).getByRole('columnheader', { name: 'Views' }).getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it("links a row to its song's page when the artist linked the item to a song", async () => {
    respond = async () =>
      buildResponse([
        buildRow({ song: { isrc: 'USS1Z2400001', title: 'Midnight Drive' } }),
        buildRow({ id: 'c-2', title: 'Studio diary', platform: 'instagram', type: 'reel' }),
      ]);
    setup();
    const linked = await findRow(/Midnight Drive \(Official Video\)/);
    const songLink = within(linked).getByRole('link', { name: 'Song: Midnight Drive' });
    expect(songLink.getAttribute('href')).toBe('/dashboard/songs/USS1Z2400001');
    const unlinked = screen.getByRole('row', { name: /Studio diary/ });
    expect(within(unlinked).queryByRole('link', { name: /^Song:/ })).toBeNull();
  });

  it('sorts by a column header, then reverses it, keeping the sort in the URL', async () => {
    const { router } = setup('/dashboard/content?page=2');
    await findRow(/Midnight Drive/);
    fireEvent.click(within(table()).getByRole('button', { name: 'Likes' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'likes', order: 'desc' }));
    expect(lastParams()?.page).toBe(1);
    expect(search(router).get('sort')).toBe('likes');
    expect(search(router).get('page')).toBeNull();
    expect(
      within(table()).getByRole('columnheader', { name: 'Likes' }).getAttribute('aria-sort'),
    ).toBe('descending');
    expect(
      within(table()).getByRole('columnheader', { name: 'Views' }).getAttribute('aria-sort'),
    ).toBeNull();

    fireEvent.click(within(table()).getByRole('button', { name: 'Likes' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'likes', order: 'asc' }));
    expect(search(router).get('order')).toBe('asc');

    fireEvent.click(within(table()).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'title', order: 'asc' }));
  });

  it('filters by type and debounces the search into the request and the URL', async () => {
    const { router } = setup();
    await findRow(/Midnight Drive/);
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'short' } });
    await waitFor(() => expect(lastParams()).toMatchObject({ type: 'short' }));
    expect(search(router).get('type')).toBe('short');

    const callsBefore = jsonCalls().length;
    const input = screen.getByLabelText('Search your content');
    fireEvent.change(input, { target: { value: 'mid' } });
    fireEvent.change(input, { target: { value: 'midnight ' } });
    expect(jsonCalls().length).toBe(callsBefore);
    expect(search(router).get('search')).toBeNull();
    await waitFor(() => expect(search(router).get('search')).toBe('midnight'), {
      timeout: CONTENT_SEARCH_DELAY_MS * 5,
    });
    await waitFor(() => expect(lastParams()).toMatchObject({ search: 'midnight', type: 'short' }));
    expect(jsonCalls().length).toBe(callsBefore + 1);
    expect((input as HTMLInputElement).value).toBe('midnight ');
  });

  it('reads the whole view from the URL', async () => {
    setup(
      '/dashboard/content?range=90d&platform=youtube&type=video&search=drive&sort=title&order=asc&page=3',
    );
    await findRow(/Midnight Drive/);
    expect(lastParams()).toEqual({
      range: '90d',
      platform: 'youtube',
      type: 'video',
      search: 'drive',
      sort: 'title',
      order: 'asc',
      page: 3,
      pageSize: 25,
    });
    expect((screen.getByLabelText('Search your content') as HTMLInputElement).value).toBe('drive');
  });

  it('pages through the list and keeps the rows on screen while the next page loads', async () => {
    let releaseNext: () => void = () => undefined;
    respond = async (params) => {
      if (params.page === 2) {
        await new Promise<void>((resolve) => (releaseNext = resolve));
        return buildResponse([buildRow({ id: 'c-26', title: 'Page two song' })], {
          page: 2,
          total: 26,
        });
      }
      return buildResponse([buildRow()], { total: 26 });
    };
    const { router } = setup();
    await findRow(/Midnight Drive/);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ page: 2 }));
    expect(search(router).get('page')).toBe('2');
    expect(screen.getByRole('row', { name: /Midnight Drive/ })).toBeTruthy();
    expect(table().getAttribute('aria-busy')).toBe('true');
    await act(async () => releaseNext());
    expect(await findRow(/Page two song/)).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Midnight Drive/ })).toBeNull();
    expect(screen.getByText('Showing 26–26 of 26 items')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('exports the current view as CSV through the API, from the button and Ctrl+Shift+E', async () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    setup('/dashboard/content?platform=youtube&type=video&search=drive&sort=likes&page=2');
    await findRow(/Midnight Drive/);

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csvCalls()).toHaveLength(1));
    const [url, config] = csvCalls()[0]!;
    expect(url).toBe('/dashboard/content');
    expect(config).toMatchObject({
      params: {
        range: '28d',
        platform: 'youtube',
        type: 'video',
        search: 'drive',
        sort: 'likes',
        order: 'desc',
        format: 'csv',
      },
      responseType: 'blob',
    });
    expect(config.params).not.toHaveProperty('page');
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toMatch(/^crescendo-content-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    await waitFor(() =>
      expect(toasts.showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Export ready', type: 'success' }),
      ),
    );

    act(() => {
      fireEvent.keyDown(document.body, { key: 'E', ctrlKey: true, shiftKey: true });
    });
    await waitFor(() => expect(csvCalls()).toHaveLength(2));
    expect(csvCalls()[1]![1]).toEqual(config);
    await waitFor(() => expect(clicks).toHaveLength(2));
    click.mockRestore();
  });

  it('reports a failed export with a toast', async () => {
    setup();
    await findRow(/Midnight Drive/);
    client.apiClient.get.mockRejectedValueOnce(new Error('Server error occurred'));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(toasts.showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Export failed', type: 'error' }),
      ),
    );
  });

  it('focuses its own search with / rather than the header search', async () => {
    setup();
    await findRow(/Midnight Drive/);
    act(() => {
      fireEvent.keyDown(document.body, { key: '/' });
    });
    expect(document.activeElement).toBe(screen.getByLabelText('Search your content'));
  });

  it('shows Async Operation Failed with Retry when the list cannot load', async () => {
    respond = async () => {
      throw new Error('Server error occurred');
    };
    setup();
    expect(await screen.findByRole('heading', { name: 'Async Operation Failed' })).toBeTruthy();
    respond = async () => buildResponse([buildRow()]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findRow(/Midnight Drive/)).toBeTruthy();
  });

  it('explains an empty catalogue and an empty search differently', async () => {
    respond = async () => buildResponse([]);
    const { router } = setup('/dashboard/content?search=zzz&type=live');
    expect(await screen.findByText('Nothing matches those filters')).toBeTruthy();
    // Nothing to export: no Export button at all.
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and type' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No content to show yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage connections' })).toBeTruthy();
  });
});
