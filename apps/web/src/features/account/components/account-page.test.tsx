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
import { AccountPage } from './account-page';

const mocks = vi.hoisted(() => ({
  fetchCurrentUser: vi.fn(),
  showToast: vi.fn(),
  logoutFromApi: vi.fn(),
}));
vi.mock('@/lib/auth/auth-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchCurrentUser: mocks.fetchCurrentUser,
  logoutFromApi: mocks.logoutFromApi,
}));
vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  showToast: mocks.showToast,
}));

type Handler = (config: InternalAxiosRequestConfig) => {
  status: number;
  data: unknown;
  headers?: Record<string, string>;
};
let routes: Record<string, Handler> = {};
let requests: { method: string; url: string; body: unknown; responseType?: string }[] = [];
const adapter: AxiosAdapter = async (config) => {
  const method = (config.method ?? 'get').toUpperCase();
  const url = config.url ?? '';
  requests.push({
    method,
    url,
    body: config.data ? JSON.parse(String(config.data)) : null,
    ...(config.responseType ? { responseType: config.responseType } : {}),
  });
  const reply = routes[`${method} ${url}`]?.(config) ?? {
    status: 404,
    data: { error: { code: 'NOT_FOUND', message: 'No route' } },
  };
  const response = {
    status: reply.status,
    data: reply.data,
    statusText: '',
    headers: new AxiosHeaders(reply.headers ?? {}),
    config,
  };
  if (reply.status >= 400) {
    throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
  }
  return response;
};

function setup() {
  const me = buildMe('customer');
  mocks.fetchCurrentUser.mockResolvedValue(me);
  const identity = createFakeIdentity(signedInAs());
  renderRoutes(
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
            children: [{ path: '/settings/account', element: <AccountPage /> }],
          },
          { path: '/', element: <p>Home page</p> },
          { path: '/login', element: <p>Login page</p> },
        ],
      },
    ],
    { initialEntries: ['/settings/account'], adapter: identity.adapter },
  );
  return { me, identity };
}

beforeEach(() => {
  routes = {};
  requests = [];
  apiClient.defaults.adapter = adapter;
  mocks.fetchCurrentUser.mockReset();
  mocks.showToast.mockReset();
  mocks.logoutFromApi.mockReset().mockResolvedValue(undefined);
});

describe('AccountPage', () => {
  it('downloads the export as a file named by the server', async () => {
    setup();
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    routes['GET /v1/account/export'] = () => ({
      status: 200,
      data: new Blob(['{}'], { type: 'application/json' }),
      headers: { 'content-disposition': 'attachment; filename="crescendo-export-2026-01-02.json"' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(mocks.showToast).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'crescendo-export-2026-01-02.json' }),
      ),
    );
    expect(requests.find((r) => r.url === '/v1/account/export')?.responseType).toBe('blob');
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('deletes the account only once the email (or "delete") is typed, then signs out', async () => {
    const { me, identity } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'someone else' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: me.user.email.toUpperCase() },
    });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    routes['DELETE /v1/account'] = () => ({
      status: 200,
      data: {
        confirmationCode: 'code-123456',
        deletedOrganizations: [{ id: 'org-1', name: 'Nova' }],
        leftOrganizations: [],
        revokedGrants: [],
        cancelledSubscriptions: 0,
        keptRecords: { invoices: 2, retainedUntil: '2036-01-01T00:00:00.000Z', reason: 'law' },
        identity: { provider: 'embedded', message: 'gone' },
        isMailSent: true,
      },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(identity.signOut.calls.length).toBe(1));
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({
      confirmation: me.user.email.toUpperCase(),
    });
    expect(mocks.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Your account has been deleted' }),
    );
    expect(await screen.findByText(/Home page|Login page/)).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog and keeps the account', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'delete' } });
    routes['DELETE /v1/account'] = () => ({
      status: 400,
      data: { error: { code: 'VALIDATION_FAILED', message: 'The confirmation does not match.' } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(mocks.logoutFromApi).not.toHaveBeenCalled();
  });
});
