import { AdminErrorLogListResponseSchema, AuditLogResponseSchema } from '@cogni/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The newest 100 error logs, newest first. */
export function useErrorLogs() {
  return useQuery({
    queryKey: ['admin', 'error-logs'],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/error-logs', { schema: AdminErrorLogListResponseSchema, signal }),
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
