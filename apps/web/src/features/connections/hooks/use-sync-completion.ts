import type { Connection } from '@crescendo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { showToast } from '@/lib/toast';
import { isAnalyticsQuery } from '@/lib/analytics/connections-query';
import { isSyncInProgress } from '../utils/connection-status';

/** When a sync the artist watched finishes, say so and let the analytics screens read again. */
export function useSyncCompletion(connections: readonly Connection[] | undefined) {
  const queryClient = useQueryClient();
  const inProgress = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!connections) return;
    const previous = inProgress.current;
    inProgress.current = new Set(connections.filter(isSyncInProgress).map((item) => item.id));
    if (!previous) return;
    const finished = connections.filter(
      (item) => previous.has(item.id) && item.status === 'connected' && !isSyncInProgress(item),
    );
    for (const connection of finished) {
      showToast({
        id: `synced-${connection.id}`,
        title: `${connection.accountName} is up to date`,
        description: 'Your latest numbers are ready on the dashboard.',
        type: 'success',
      });
    }
    if (finished.length > 0) void queryClient.invalidateQueries({ predicate: isAnalyticsQuery });
  }, [connections, queryClient]);
}
