import type { AuditLogResponse } from '@crescendo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const auditLogPageSize = 20;

export function useAuditLog(page: number, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['team', 'audit-log', page] as const,
    queryFn: async () =>
      (
        await apiClient.get<AuditLogResponse>('/v1/team/audit-log', {
          params: { page, pageSize: auditLogPageSize },
        })
      ).data,
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}
