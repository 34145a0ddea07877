import type { AnalyticsPlatform, ShareLink } from '@crescendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { ShareLinksPage } from './share-links-page';

type Reply = { status: number; data: unknown };
let links: ShareLink[] = [];
let connectedPlatforms: AnalyticsPlatform[] = [];
let requests: { method: string; url: string; body: unknown }[] = [];
let createReply: Reply | null = null;

function linkOf(overrides: Partial<ShareLink>): ShareLink {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    view: 'overview',
    platforms: ['youtube', 'instagram', 'facebook'],
    range: '28d',
    from: null,
    to: null,
    label: null,
    hasPassword: false,
    includeRevenue: false,
    expiresAt: null,
    revokedAt: null,
    createdAt: '2025-06-15T12:00:00Z',
    status: 'active',
    ...overrides,
  };
}

function handle(config: InternalAxiosRequestConfig): Reply {
  const method = (config.method ?? 'get').toUpperCase();
  const body = config.data ? JSON.parse(String(config.data)) : undefined;
  requests.push({ method, url: config.url ?? '', body });
  if (method === 'GET' && config.url === '/shares')
    return { status: 200, data: { links, connectedPlatforms } };
  if (method === 'POST' && config.url === '/shares') {
    if (createReply) return createReply;
    const link = linkOf({ id: '00000000-0000-4000-8000-000000000002', ...body });
    links = [link, ...links];
    return { status: 201, data: { link, path: `/s/${'t'.repeat(43)}` } };
  }
  const revoke = /^\/shares\/(.+)\/revoke$/.exec(config.url ?? '');
  if (method === 'POST' && revoke) {
    links = links.map((link) =>
      link.id === revoke[1] ? { ...link, status: 'revoked', revokedAt: link.createdAt } : link,
    );
    return { status: 200, data: links.find((link) => link.id === revoke[1]) };
  }
  return { status: 404, data: { error: { code: 'NOT_FOUND', message: 'No route' } } };
}

const adapter: AxiosAdapter = async (config) => {
  const reply = handle(config);
  const response = { ...reply, statusText: '', headers: new AxiosHeaders(), config };
  if (reply.status >= 400) {
    throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
  }
  return response;
};

const originalAdapter = apiClient.defaults.adapter;
beforeEach(() => {
  links = [linkOf({ label: 'Label meeting', hasPassword: true })];
  connectedPlatforms = ['youtube', 'instagram'];
  requests = [];
  createReply = null;
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
});

function setup(path = '/settings/sharing?view=audience&range=90d&platform=youtube') {
  return renderRoutes([{ path: '/settings/sharing', element: <ShareLinksPage /> }], {
    initialEntries: [path],
    adapter: createFakeIdentity().adapter,
  });
}

describe('Settings → Share links', () => {
  it('creates a link from the prefilled view, shows it once to copy, and lists it', async () => {
    setup();
    await screen.findByText('Label meeting');
    expect((screen.getByLabelText('View') as HTMLSelectElement).value).toBe('audience');
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('90d');
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(box('YouTube').checked).toBe(true));
    expect(box('Instagram').checked).toBe(false);
    expect(box('Facebook (not connected)').disabled).toBe(true);
    fireEvent.click(box('Instagram'));
    fireEvent.click(screen.getByLabelText('Include revenue'));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const field = (await screen.findByRole('textbox', { name: 'Share link' })) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/s/${'t'.repeat(43)}`);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      view: 'audience',
      range: '90d',
      platforms: ['youtube', 'instagram'],
      includeRevenue: true,
    });
    expect(screen.getByText('Audience · YouTube + Instagram')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Share links' }).children).toHaveLength(2),
    );
  });

  it('checks the password length before sending, and shows the API’s field errors', async () => {
    setup('/settings/sharing');
    await screen.findByText('Label meeting');
    fireEvent.change(screen.getByLabelText('Password (optional)'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(screen.getByText('Use at least 8 characters')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    createReply = {
      status: 400,
      data: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The expiry must be in the future.',
          details: { fields: [{ field: 'expiresAt', message: 'Must be in the future' }] },
        },
      },
    };
    fireEvent.change(screen.getByLabelText('Password (optional)'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Expires on (optional)'), {
      target: { value: '2020-01-01' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Must be in the future')).toBeTruthy();
  });

  it('ticks every connected platform by default, and asks for one when none is ticked', async () => {
    setup('/settings/sharing?platform=all');
    await screen.findByText('Label meeting');
    const youtube = screen.getByRole('checkbox', { name: 'YouTube' }) as HTMLInputElement;
    const instagram = screen.getByRole('checkbox', { name: 'Instagram' }) as HTMLInputElement;
    await waitFor(() => expect([youtube.checked, instagram.checked]).toEqual([true, true]));
    fireEvent.click(youtube);
    fireEvent.click(instagram);
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const group = screen.getByRole('group', { name: 'Platforms' });
    expect(within(group).getByRole('alert').textContent).toBe('Tick at least one platform');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(instagram);
    expect(within(group).queryByRole('alert')).toBeNull();

    // A platform disconnected meanwhile: the API's answer is shown with the boxes.
    createReply = {
      status: 400,
      data: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Connect Instagram first, or leave it out.',
          details: {
            fields: [{ field: 'platforms', message: 'Connect Instagram first, or leave it out.' }],
          },
        },
      },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await within(group).findByRole('alert')).textContent).toBe(
      'Connect Instagram first, or leave it out.',
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      platforms: ['instagram'],
    });
  });

  it('says to connect a platform first when none is connected', async () => {
    connectedPlatforms = [];
    setup('/settings/sharing');
    const connect = await screen.findByRole('link', {
      name: 'Connect YouTube, Instagram or Facebook',
    });
    expect(connect.getAttribute('href')).toBe('/settings/connections');
    const youtube = screen.getByRole('checkbox', { name: 'YouTube (not connected)' });
    expect((youtube as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Tick at least one platform')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('revokes a link', async () => {
    setup();
    const row = (await screen.findByText('Label meeting')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Label meeting' }));
    await waitFor(() => expect(within(row).getByText('revoked')).toBeTruthy());
    expect(within(row).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });
});
