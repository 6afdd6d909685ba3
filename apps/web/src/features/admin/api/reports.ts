import { MockDataResponseSchema, StroopReportResponseSchema } from '@cogni/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';

/** The aggregate Stroop report; implausible and abandoned runs only when asked for. */
export function useStroopReport(options: { includeMock: boolean; includeImplausible: boolean }) {
  const query = {
    includeMock: String(options.includeMock),
    includeImplausible: String(options.includeImplausible),
  };
  return useQuery({
    queryKey: ['admin', 'reports', 'stroop', options.includeMock, options.includeImplausible],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/reports/stroop${toQueryString(query)}`, {
        schema: StroopReportResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

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
