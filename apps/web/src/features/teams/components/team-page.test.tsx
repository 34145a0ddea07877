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

const mocks = vi.hoisted(() => ({
  fetchCurrentUser: vi.fn(),
  showToast: vi.fn(),
  reloadIntoActiveOrganization: vi.fn(),
}));
vi.mock('@/lib/organizations/organizations-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  reloadIntoActiveOrganization: mocks.reloadIntoActiveOrganization,
}));
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
  routes['GET /v1/team/audit-log'] = (config) => ({
    status: 200,
    data: {
      events: [
        {
          id: 'e1',
          action: 'member_invited',
          actor: { userId: 'u1', name: 'Nova Lane', email: 'artist@example.com' },
          ipAddress: '203.0.113.7',
          userAgent: 'Firefox',
          detail: { email: 'vi@example.com', role: 'viewer' },
          createdAt: '2026-11-24T10:00:00.000Z',
        },
        {
          id: 'e2',
          action: 'plan_changed',
          actor: null,
          ipAddress: null,
          userAgent: null,
          detail: { fromPlan: null, toPlan: 'team', status: 'active' },
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ],
      page: Number((config.params as { page: number }).page),
      pageSize: 20,
      total: 45,
    },
  });
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
  mocks.reloadIntoActiveOrganization.mockReset();
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
    expect(requests.some((request) => request.url === '/v1/team/audit-log')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Delete this artist' })).toBeNull();
  });

  it('shows an owner the audit log, a page at a time', async () => {
    setup('owner');
    const log = await screen.findByRole('list', { name: 'Audit log' });
    expect(within(log).getByText('Member invited')).toBeTruthy();
    expect(within(log).getByText(/vi@example\.com as viewer/)).toBeTruthy();
    expect(
      within(log).getByText(/Nova Lane \(artist@example\.com\) · 203\.0\.113\.7 · Firefox/),
    ).toBeTruthy();
    expect(within(log).getByText('Payment provider')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
  });

  it('deletes the artist only after its name (or "delete") is typed', async () => {
    setup('owner');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this artist' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete this artist' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'nova lane music' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    routes['DELETE /v1/team'] = () => ({
      status: 200,
      data: {
        confirmationCode: 'code-123456',
        organization: { id: 'org-1', name: 'Nova Lane Music' },
        revokedGrants: [],
        cancelledSubscriptions: 0,
        keptRecords: { invoices: 0, retainedUntil: '2036-01-01T00:00:00.000Z', reason: 'law' },
      },
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(mocks.reloadIntoActiveOrganization).toHaveBeenCalledWith('/settings/team'),
    );
    expect(requests.find((request) => request.method === 'DELETE')?.body).toEqual({
      confirmation: 'nova lane music',
    });
  });
});
