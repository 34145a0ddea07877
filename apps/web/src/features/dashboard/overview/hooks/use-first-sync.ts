import type { Connection, DashboardAnalyticsResponse } from '@crescendo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { isAnalyticsQuery, useConnections } from '@/lib/analytics/connections-query';
import { isSyncInProgress } from '@/lib/analytics/sync-progress';

const isFirstSyncOf = (connection: Connection) =>
  connection.lastSyncedAt === null && isSyncInProgress(connection);

/**
 * The connections in their first sync while none has finished one, else none. A first sync
 * writes the history oldest day first, so figures read meanwhile end on whatever day it has
 * reached: the dashboard shows the sync's progress instead, and reads its figures again as each
 * first sync finishes. The list is asked for only while the analytics say nothing has synced.
 */
export function useFirstSync(data: DashboardAnalyticsResponse | undefined): Connection[] {
  const isUnsynced =
    data !== undefined &&
    (!data.hasConnections || data.freshness.every((entry) => entry.lastSyncedAt === null));
  const connections = useConnections({ isEnabled: isUnsynced });
  const queryClient = useQueryClient();
  const firstSyncs = useMemo(() => {
    const list = connections.data ?? [];
    if (list.some((connection) => connection.lastSyncedAt !== null)) return [];
    return list.filter(isFirstSyncOf);
  }, [connections.data]);

  const syncingIds = useRef<Set<string>>(new Set());
  useEffect(() => {
    const now = new Set((connections.data ?? []).filter(isFirstSyncOf).map((item) => item.id));
    const hasFinished = [...syncingIds.current].some((id) => !now.has(id));
    syncingIds.current = now;
    if (hasFinished) void queryClient.invalidateQueries({ predicate: isAnalyticsQuery });
  }, [connections.data, queryClient]);

  return isUnsynced ? firstSyncs : [];
}
