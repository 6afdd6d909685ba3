import { AdminErrorLogListResponseSchema, AuditLogResponseSchema } from '@cogni/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** One page of the error log, the most recently seen entries first. */
export function useErrorLogs(page: number) {
  return useQuery({
    queryKey: ['admin', 'error-logs', page],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/error-logs?page=${page}`, {
        schema: AdminErrorLogListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The newest 100 admin actions, newest first. */
export function useAuditLog() {
  return useQuery({
    queryKey: ['admin', 'audit-log'],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/audit-log', { schema: AuditLogResponseSchema, signal }),
    staleTime: 0,
  });
}
