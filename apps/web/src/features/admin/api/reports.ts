import { MockDataResponseSchema, StroopReportResponseSchema } from '@cogni/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';

export function useStroopReport(includeMock: boolean) {
  return useQuery({
    queryKey: ['admin', 'reports', 'stroop', includeMock],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/admin/reports/stroop${toQueryString({ includeMock: String(includeMock) })}`,
        {
          schema: StroopReportResponseSchema,
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

/** A complete mock Stroop result for the signed-in admin (D19); refreshes reports and lists. */
export function useGenerateMockData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/admin/mock-data', { method: 'POST', schema: MockDataResponseSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['progress'] });
    },
  });
}
