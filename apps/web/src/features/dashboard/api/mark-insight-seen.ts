import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Records that an insight's toast was shown, so it is not shown again. */
export async function markInsightSeen(id: string): Promise<void> {
  await apiClient.post(`/dashboard/insights/${encodeURIComponent(id)}/seen`);
}

export function useMarkInsightSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInsightSeen,
    onSuccess: (_result, id) => {
      // Every cached overview (any filter) now knows the insight is no longer new.
      queryClient.setQueriesData<DashboardAnalyticsResponse>(
        { queryKey: ['dashboard', 'analytics'] },
        (data) =>
          data
            ? {
                ...data,
                insights: data.insights.map((insight) =>
                  insight.id === id ? { ...insight, isNew: false } : insight,
                ),
              }
            : data,
      );
    },
  });
}
