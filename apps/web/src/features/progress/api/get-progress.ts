import {
  type ProgressResponse,
  ProgressResponseSchema,
  type ProgressTrialsResponse,
  ProgressTrialsResponseSchema,
} from '@cogni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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

/**
 * A finished result's trials, read when its details are opened (ADR 021). They never change once
 * the result is finished, so once read they are not read again while the page is kept. Their key
 * is not under progressQueryKey: re-reading the list must not re-read every opened result.
 */
function progressTrialsQuery(resultId: string) {
  return {
    queryKey: ['progress-trials', resultId] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }): Promise<ProgressTrialsResponse> =>
      apiRequest(`/api/progress/results/${encodeURIComponent(resultId)}/trials`, {
        schema: ProgressTrialsResponseSchema,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

export function useProgressTrials(resultId: string) {
  return useQuery(progressTrialsQuery(resultId));
}

/** Starts reading a result's trials before it is opened (pointer over it, or keyboard focus). */
export function usePrefetchProgressTrials(): (resultId: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (resultId) => void queryClient.prefetchQuery(progressTrialsQuery(resultId)),
    [queryClient],
  );
}
