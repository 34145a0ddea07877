import type { NotificationItem, NotificationPreferencesResponse } from '@crescendo/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
import { formatUnreadCount, NotificationBell } from './notification-bell';
import { NotificationSettingsPage } from './notification-settings-page';

type Reply = { status: number; data: unknown };
let preferences: NotificationPreferencesResponse;
let notifications: NotificationItem[];
let requests: { method: string; url: string; body: unknown }[] = [];

function handle(config: InternalAxiosRequestConfig): Reply {
  const method = (config.method ?? 'get').toUpperCase();
  const body = config.data ? JSON.parse(String(config.data)) : undefined;
  requests.push({ method, url: config.url ?? '', body });
  if (config.url === '/v1/notifications/preferences') {
    if (method === 'PUT') {
      const next = preferences.preferences;
      preferences = {
        ...preferences,
        preferences: {
          ...next,
          ...body,
          digest: { ...next.digest, ...body.digest },
          alerts: { ...next.alerts, ...body.alerts },
        },
      };
    }
    return { status: 200, data: preferences };
  }
  if (config.url === '/v1/notifications/digest/send-now')
    return {
      status: 200,
      data: {
        sentTo: 'nora@example.com',
        subject: 'Your week',
        range: { from: '2025-06-07', to: '2025-06-13' },
        mailboxUrl: 'http://localhost:3000/sandbox/mail/1',
      },
    };
  if (config.url === '/v1/notifications' && method === 'GET')
    return {
      status: 200,
      data: { notifications, unreadCount: notifications.filter((item) => !item.isRead).length },
    };
  if (config.url === '/v1/notifications/read') {
    notifications = notifications.map((item) => ({ ...item, isRead: true }));
    return { status: 200, data: { unreadCount: 0 } };
  }
  return { status: 404, data: { error: { code: 'NOT_FOUND', message: 'No route' } } };
}

const adapter: AxiosAdapter = async (config) => {
  const reply = handle(config);
  const response = { ...reply, statusText: '', headers: new AxiosHeaders(), config };
  if (reply.status >= 400)
    throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
  return response;
};

const originalAdapter = apiClient.defaults.adapter;
beforeEach(() => {
  preferences = {
    organization: { id: 'o1', name: 'Nora Lumen' },
    preferences: {
      digest: { isEnabled: true, dayOfWeek: 1, hour: 9 },
      timeZone: null,
      alerts: {
        spike: true,
        drop: true,
        milestone: true,
        reconnect: true,
        import_failed: true,
        statement_arrived: true,
        payment_failed: true,
        plan_lapsing: true,
        invitation_accepted: true,
      },
      thresholdPercent: 50,
      quietHours: null,
    },
    effectiveTimeZone: 'Europe/London',
    nextDigestAt: '2025-06-16T08:00:00.000Z',
  };
  notifications = [
    {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'spike',
      tone: 'up',
      title: 'YouTube views spiked on 2025-06-14',
      body: '3,000 views, 3.0× your usual 1,000.',
      link: '/dashboard?from=2025-06-14&to=2025-06-14',
      createdAt: '2025-06-15T12:00:00Z',
      isRead: false,
    },
  ];
  requests = [];
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
});

describe('Settings → Notifications', () => {
  it('changes the digest, an alert, quiet hours and the threshold, and sends the digest now', async () => {
    renderRoutes([{ path: '/settings/notifications', element: <NotificationSettingsPage /> }], {
      initialEntries: ['/settings/notifications'],
      adapter: createFakeIdentity().adapter,
    });
    // Label queries, not role queries: the time-zone list has hundreds of options.
    const digest = (await screen.findByLabelText(
      'Mail me the weekly digest',
      {},
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(digest.checked).toBe(true);
    expect(screen.getByText('Artist profile (Europe/London)')).toBeTruthy();
    // On the clock the digest is scheduled by (08:00 UTC is 09:00 in London in June), named.
    expect(
      screen.getByText(/^Next digest: Mon, Jun 16, 9:00\s?AM \(Europe\/London\)$/),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '5' } });
    await waitFor(() => expect(requests.at(-1)?.body).toEqual({ digest: { dayOfWeek: 5 } }));
    fireEvent.click(screen.getByLabelText(/^Drops/));
    await waitFor(() => expect(requests.at(-1)?.body).toEqual({ alerts: { drop: false } }));
    fireEvent.click(screen.getByLabelText(/^Quiet hours/));
    await waitFor(() =>
      expect(requests.at(-1)?.body).toEqual({ quietHours: { start: 22, end: 7 } }),
    );
    expect(await screen.findByLabelText('From')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Spike and drop threshold (%)'), {
      target: { value: '80' },
    });
    fireEvent.click(screen.getByText('Save threshold'));
    await waitFor(() => expect(requests.at(-1)?.body).toEqual({ thresholdPercent: 80 }));
    // Quiet hours off again.
    fireEvent.click(screen.getByLabelText(/^Quiet hours/));
    await waitFor(() => expect(requests.at(-1)?.body).toEqual({ quietHours: null }));

    fireEvent.click(screen.getByText("Send me this week's digest now"));
    expect(await screen.findByText(/Sent to nora@example.com/)).toBeTruthy();
    expect(screen.getByText('Open it in the sandbox mailbox').getAttribute('href')).toBe(
      'http://localhost:3000/sandbox/mail/1',
    );
  }, 30_000);
});

describe('the notification bell', () => {
  it('shows the unread count, lists the notifications and marks them read', async () => {
    renderRoutes([{ path: '/dashboard', element: <NotificationBell /> }], {
      initialEntries: ['/dashboard'],
      adapter: createFakeIdentity().adapter,
    });
    const bell = await screen.findByRole(
      'button',
      { name: 'Notifications, 1 unread' },
      { timeout: 10_000 },
    );
    expect(screen.getByTestId('unread-count').textContent).toBe('1');
    fireEvent.keyDown(bell, { key: 'Enter' });
    expect(
      await screen.findByText('YouTube views spiked on 2025-06-14', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() =>
      expect(requests.some((request) => request.url === '/v1/notifications/read')).toBe(true),
    );
    expect(
      await screen.findByRole('button', { name: 'Notifications' }, { timeout: 5_000 }),
    ).toBeTruthy();
  }, 30_000);

  it('caps the count at 9+', () => {
    expect(formatUnreadCount(3)).toBe('3');
    expect(formatUnreadCount(12)).toBe('9+');
  });
});
