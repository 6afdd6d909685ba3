import { useQuery } from '@tanstack/react-query';
import { getActiveRun } from '../../../lib/api/runs';

export const activeStroopRunQueryKey = ['results', 'active', 'stroopTest'] as const;

/** The user's unfinished Stroop run, if any, so the page can offer to resume it (D17). */
export function useActiveStroopRun() {
  return useQuery({
    queryKey: activeStroopRunQueryKey,
    queryFn: () => getActiveRun('stroopTest'),
    staleTime: 0,
  });
}
