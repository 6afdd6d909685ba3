import type { ClientErrorLogInput } from '@cogni/domain';
import { apiRequest } from '../api-client';

/**
 * POST /api/error-logs. No react-query hook: the only caller is the error boundary, a class
 * component outside the query provider.
 */
export function createErrorLog(input: ClientErrorLogInput): Promise<void> {
  return apiRequest('/api/error-logs', { method: 'POST', body: input });
}
