import { getTaskIds, type Run } from '@cogni/domain';
import { useQueries } from '@tanstack/react-query';
import { getActiveRun } from '../../../lib/api/runs';

/**
 * The user's unfinished runs, one per task at most, so the page can say where they are and offer
 * to continue them: a run is not a result until it is finished.
 */
export function useActiveRuns(): Run[] {
  return useQueries({
    queries: getTaskIds().map((testType) => ({
      queryKey: ['results', 'active', testType] as const,
      queryFn: () => getActiveRun(testType),
      staleTime: 0,
    })),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });
}
