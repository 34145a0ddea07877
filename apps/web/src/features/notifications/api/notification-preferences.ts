import type {
  NotificationPreferencesResponse,
  SendDigestNowResponse,
  UpdateNotificationPreferences,
} from '@crescendo/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// The caller's notification settings for the active artist, and "send me the digest now".
const preferencesKey = ['notifications', 'preferences'] as const;

export async function getNotificationPreferences(): Promise<NotificationPreferencesResponse> {
  return (await apiClient.get<NotificationPreferencesResponse>('/v1/notifications/preferences'))
    .data;
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: preferencesKey, queryFn: getNotificationPreferences });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

export async function updateNotificationPreferences(
  update: UpdateNotificationPreferences,
): Promise<NotificationPreferencesResponse> {
  return (
    await apiClient.put<NotificationPreferencesResponse>('/v1/notifications/preferences', update)
  ).data;
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (data) => queryClient.setQueryData(preferencesKey, data),
  });
}

export async function sendDigestNow(): Promise<SendDigestNowResponse> {
  return (await apiClient.post<SendDigestNowResponse>('/v1/notifications/digest/send-now')).data;
}

export function useSendDigestNow() {
  return useMutation({ mutationFn: sendDigestNow });
}
