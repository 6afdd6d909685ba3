import { type ProgressTrialsResponse, ProgressTrialsResponseSchema } from '@cogni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../api-client';

/**
 * Where a finished run's trials are read: the API of whoever owns the run (a signed-in user's
 * progress, or a study participant's participation). `key` starts the query key, so two owners'
 * runs never share a cache entry.
 */
export type TrialsSource = {
  key: readonly string[];
  url: (resultId: string) => string;
};

/** A signed-in user's own finished results (GET /api/progress/results/:id/trials). */
export const PROGRESS_TRIALS: TrialsSource = {
  key: ['progress-trials'],
  url: (resultId) => `/api/progress/results/${encodeURIComponent(resultId)}/trials`,
};

/**
 * A finished result's trials, read when its details are opened (ADR 021). They never change once
 * the result is finished, so once read they are not read again while the page is kept. Their key
 * is not under the progress list's: re-reading the list must not re-read every opened result.
 */
function resultTrialsQuery(source: TrialsSource, resultId: string) {
  return {
    queryKey: [...source.key, resultId] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }): Promise<ProgressTrialsResponse> =>
      apiRequest(source.url(resultId), { schema: ProgressTrialsResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

export function useResultTrials(source: TrialsSource, resultId: string) {
  return useQuery(resultTrialsQuery(source, resultId));
}

/** Starts reading a result's trials before it is opened (pointer over it, or keyboard focus). */
export function usePrefetchResultTrials(source: TrialsSource): (resultId: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (resultId) => void queryClient.prefetchQuery(resultTrialsQuery(source, resultId)),
    [queryClient, source],
  );
}
