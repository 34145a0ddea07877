import type { NotificationItem } from '@crescendo/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useMarkNotificationsRead, useNotificationList } from '../api/notification-list';

const toneDots: Record<NotificationItem['tone'], string> = {
  up: 'bg-emerald-500',
  down: 'bg-red-500',
  neutral: 'bg-zinc-400',
};

/** Counted like a badge: 9+ past nine, so the bell keeps its size. */
export function formatUnreadCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/**
 * The header's bell: spikes, drops, milestones, failed payments… as an in-app list with the
 * unread count. It replaces the toasts that showed old days' insights on unrelated pages.
 */
export function NotificationBell() {
  const { data } = useNotificationList();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const unread = data?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <DropdownMenu.Root
      onOpenChange={(isOpen) => {
        // Seen once the list was opened and closed again.
        if (!isOpen && unread > 0) markRead.mutate(undefined);
      }}
    >
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          <Bell className="h-5 w-5" aria-hidden="true" />
          {unread > 0 ? (
            <span
              data-testid="unread-count"
              className="absolute top-1 right-1 min-w-4 rounded-full bg-red-600 px-1 text-[10px] leading-4 font-semibold text-white"
            >
              {formatUnreadCount(unread)}
            </span>
          ) : null}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          // On a phone the list is nearly as wide as the screen: keep a margin on both sides.
          collisionPadding={12}
          className="z-50 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex items-center justify-between px-2 py-1">
            <p className="text-sm font-semibold">Notifications</p>
            <Link
              to={paths.settingsNotifications}
              className="text-xs text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              Settings
            </Link>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          {!data || data.notifications.length === 0 ? (
            <p className="px-2 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
              Nothing new. Spikes, milestones and account news show up here.
            </p>
          ) : (
            <div
              className="max-h-[min(28rem,70vh)] overflow-y-auto"
              role="group"
              aria-label="Notifications"
            >
              {data.notifications.map((item) => (
                <DropdownMenu.Item
                  key={item.id}
                  onSelect={() => {
                    markRead.mutate([item.id]);
                    if (item.link) void navigate(item.link);
                  }}
                  className="flex cursor-pointer gap-3 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'mt-1.5 h-2 w-2 shrink-0 rounded-full',
                      toneDots[item.tone],
                      item.isRead && 'opacity-30',
                    )}
                  />
                  <span className="min-w-0">
                    <span className={cn('block', !item.isRead && 'font-semibold')}>
                      {item.title}
                    </span>
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {item.body}
                    </span>
                    <span className="block text-xs text-zinc-500 dark:text-zinc-500">
                      {formatDateTime(item.createdAt)}
                      {item.isRead ? '' : ' · New'}
                    </span>
                  </span>
                </DropdownMenu.Item>
              ))}
            </div>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export default NotificationBell;
