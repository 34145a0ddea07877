import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosHeaders } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes, withAuthProvider } from '@/testing/render';
import { AppShell } from './app-shell';

const api = vi.hoisted(() => ({ fetchCurrentUser: vi.fn() }));
vi.mock('@/lib/auth/auth-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}));

const requests: { url?: string; params: Record<string, unknown> }[] = [];
const song = {
  id: 'item-1',
  title: 'Glass Harbour (Official Video)',
  platform: 'youtube',
  type: 'video',
  publishedAt: '2025-02-14T10:00:00.000Z',
  permalink: null,
  views: 1200,
  watchMinutes: null,
  likes: null,
  comments: null,
  shares: null,
  saves: null,
  engagementRate: null,
  followersGained: null,
};

const catalogueSong = {
  isrc: 'USS1Z2400002',
  title: 'Glass Harbour',
  artist: 'Nova Lane',
  release: { upc: null, title: 'Harbour EP' },
  releaseDate: null,
  spotify: null,
  earnings: 0,
  quantity: 0,
  linkedItems: [],
};

beforeEach(() => {
  requests.length = 0;
  api.fetchCurrentUser.mockReset().mockResolvedValue(buildMe('customer'));
  apiClient.defaults.adapter = async (config) => {
    requests.push({ url: config.url, params: config.params as Record<string, unknown> });
    if (config.url === '/v1/songs') {
      return {
        data: { currency: 'USD', songs: [catalogueSong] },
        status: 200,
        statusText: 'OK',
        headers: new AxiosHeaders(),
        config,
      };
    }
    const search = String((config.params as { search?: string }).search ?? '').toLowerCase();
    const items = song.title.toLowerCase().includes(search) ? [song] : [];
    return {
      data: { range: {}, items, page: 1, pageSize: 6, total: items.length },
      status: 200,
      statusText: 'OK',
      headers: new AxiosHeaders(),
      config,
    };
  };
});

function setup() {
  return renderRoutes(
    withAuthProvider([
      { path: '/dashboard', element: <AppShell>dashboard page</AppShell> },
      { path: '/dashboard/content', element: <p>content page</p> },
      { path: '/dashboard/audience', element: <p>audience page</p> },
      { path: '/dashboard/songs/:isrc', element: <p>song page</p> },
    ]),
    { initialEntries: ['/dashboard'], adapter: createFakeIdentity(signedInAs()).adapter },
  );
}

describe('header search', () => {
  it('finds a video by title in the content list and opens it', async () => {
    const { router } = setup();
    const input = await screen.findByRole('combobox', { name: 'Search Crescendo' });
    fireEvent.change(input, { target: { value: 'harbour' } });
    const option = await screen.findByRole('option', { name: /Glass Harbour \(Official Video\)/ });
    expect(option.textContent).toContain('YouTube video · 2025-02-14');
    expect(requests.find((request) => request.url === '/dashboard/content')).toMatchObject({
      url: '/dashboard/content',
      params: { range: 'all', search: 'harbour' },
    });
    fireEvent.click(option);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/content'));
    const opened = new URLSearchParams(router.state.location.search);
    expect(opened.get('search')).toBe('Glass Harbour (Official Video)');
    expect(opened.get('range')).toBe('all');
  });

  it('finds a song of the catalogue by title and opens its page', async () => {
    const { router } = setup();
    const input = await screen.findByRole('combobox', { name: 'Search Crescendo' });
    fireEvent.change(input, { target: { value: 'harbour' } });
    const option = await screen.findByRole('option', { name: /^Glass HarbourSong · Harbour EP/ });
    fireEvent.click(option);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/songs/USS1Z2400002'),
    );
  });

  it('finds pages by name and opens the highlighted one with the keyboard', async () => {
    const { router } = setup();
    const input = await screen.findByRole('combobox', { name: 'Search Crescendo' });
    fireEvent.change(input, { target: { value: 'aud' } });
    expect(await screen.findByRole('option', { name: /Audience/ })).toBeTruthy();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBeTruthy();
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/audience'));
  });

  it('says when nothing matches', async () => {
    setup();
    const input = await screen.findByRole('combobox', { name: 'Search Crescendo' });
    fireEvent.change(input, { target: { value: 'zzzz' } });
    expect(await screen.findByText('Nothing called “zzzz”.')).toBeTruthy();
  });
});
