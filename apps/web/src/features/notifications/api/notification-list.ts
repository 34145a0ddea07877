import type { NotificationListResponse } from '@crescendo/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// The in-app list behind the header's bell: newest first, with the unread count.
const listKey = ['notifications', 'list'] as const;

export async function getNotifications(): Promise<NotificationListResponse> {
  return (await apiClient.get<NotificationListResponse>('/v1/notifications')).data;
}

export const notificationListQueryOptions = () =>
  queryOptions({
    queryKey: listKey,
    queryFn: getNotifications,
    // New alerts arrive from the scheduler, not from this page: look again now and then.
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });

export function useNotificationList() {
  return useQuery(notificationListQueryOptions());
}

export async function markNotificationsRead(ids?: string[]): Promise<{ unreadCount: number }> {
  return (
    await apiClient.post<{ unreadCount: number }>('/v1/notifications/read', ids ? { ids } : {})
  ).data;
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
