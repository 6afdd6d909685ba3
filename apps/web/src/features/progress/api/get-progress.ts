import { type ProgressResponse, ProgressResponseSchema } from '@cogni/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const progressQueryKey = ['progress'] as const;

export function getProgress(signal?: AbortSignal): Promise<ProgressResponse> {
  return apiRequest('/api/progress', { schema: ProgressResponseSchema, signal });
}

export function useProgress() {
  // Always re-read on opening the page: a test finished elsewhere in the app changes it.
  return useQuery({
    queryKey: progressQueryKey,
    queryFn: ({ signal }) => getProgress(signal),
    staleTime: 0,
  });
}
