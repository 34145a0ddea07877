import type { OrganizationRole, TeamInvitation, TeamMember } from '@crescendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth/auth-context';
import { ProtectedRoute } from '@/lib/auth/guards';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { TeamPage } from './team-page';

const mocks = vi.hoisted(() => ({ fetchCurrentUser: vi.fn(), showToast: vi.fn() }));
vi.mock('@/lib/auth/auth-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchCurrentUser: mocks.fetchCurrentUser,
}));
vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  showToast: mocks.showToast,
}));

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data: unknown };
let routes: Record<string, Handler> = {};
let requests: { method: string; url: string; body: unknown }[] = [];
const adapter: AxiosAdapter = async (config) => {
  const method = (config.method ?? 'get').toUpperCase();
  const url = config.url ?? '';
  requests.push({ method, url, body: config.data ? JSON.parse(String(config.data)) : null });
  const reply = routes[`${method} ${url}`]?.(config) ?? {
    status: 404,
    data: { error: { code: 'NOT_FOUND', message: 'No route' } },
  };
  const response = { ...reply, statusText: '', headers: new AxiosHeaders(), config };
  if (reply.status >= 400) {
    throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
  }
  return response;
};

const members: TeamMember[] = [
  {
    id: 'm1',
    name: 'Nova Lane',
    email: 'artist@example.com',
    role: 'owner',
    isYou: true,
    joinedAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 'm2',
    name: 'Mo',
    email: 'mo@example.com',
    role: 'manager',
    isYou: false,
    joinedAt: '2026-02-01T00:00:00.000Z',
  },
];
const pending: TeamInvitation = {
  id: 'i1',
  email: 'vi@example.com',
  role: 'viewer',
  status: 'pending',
  url: 'http://localhost:3000/invite/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  invitedBy: 'Nova Lane',
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-24T00:00:00.000Z',
};

function setup(role: OrganizationRole) {
  const me = buildMe('customer');
  mocks.fetchCurrentUser.mockResolvedValue({ ...me, organization: { ...me.organization, role } });
  routes['GET /v1/team/members'] = () => ({
    status: 200,
    data: { organization: { id: 'org-1', name: 'Nova Lane Music' }, yourRole: role, members },
  });
  routes['GET /v1/team/invitations'] = () => ({ status: 200, data: { invitations: [pending] } });
  routes['GET /v1/organizations'] = () => ({
    status: 200,
    data: { organizations: [], artistAllowance: { used: 1, allowed: 5, plan: 'team' } },
  });
  return renderRoutes(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          {
            element: <ProtectedRoute />,
            children: [{ path: '/settings/team', element: <TeamPage /> }],
          },
        ],
      },
    ],
    { initialEntries: ['/settings/team'], adapter: createFakeIdentity(signedInAs()).adapter },
  );
}

beforeEach(() => {
  routes = {};
  requests = [];
  apiClient.defaults.adapter = adapter;
  mocks.fetchCurrentUser.mockReset();
  mocks.showToast.mockReset();
});

describe('TeamPage', () => {
  it('lets an owner invite with a role, copy a pending link, and revoke it', async () => {
    setup('owner');
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByText(/mo@example\.com/)).toBeTruthy();
    const pendingList = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(pendingList).getByText('vi@example.com')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    routes['POST /v1/team/invitations'] = () => ({
      status: 201,
      data: {
        invitation: { ...pending, id: 'i2', email: 'sam@example.com', role: 'manager' },
        isMailSent: true,
      },
    });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Sam@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(mocks.showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Invitation sent to sam@example.com' }),
      ),
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'sam@example.com',
      role: 'manager',
    });

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(pendingList).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(pending.url));

    routes['DELETE /v1/team/invitations/i1'] = () => ({ status: 204, data: null });
    fireEvent.click(within(pendingList).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('shows a manager the members without any control to change them', async () => {
    setup('manager');
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByText(/mo@example\.com/)).toBeTruthy();
    expect(screen.getByText(/Only an owner of this artist can do this/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(requests.some((request) => request.url === '/v1/team/invitations')).toBe(false);
  });
});
