import { MockDataResponseSchema, TaskReportResponseSchema, type TestType } from '@cogni/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';

/** A task's aggregate report; implausible and abandoned runs only when asked for. */
export function useTaskReport(
  testType: TestType,
  options: { includeMock: boolean; includeImplausible: boolean },
) {
  const query = {
    includeMock: String(options.includeMock),
    includeImplausible: String(options.includeImplausible),
  };
  return useQuery({
    queryKey: ['admin', 'reports', testType, options.includeMock, options.includeImplausible],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/reports/${testType}${toQueryString(query)}`, {
        schema: TaskReportResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Generates one mock result of the task for the signed-in admin. */
export function useGenerateMockData(testType: TestType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/admin/mock-data${toQueryString({ testType })}`, {
        method: 'POST',
        schema: MockDataResponseSchema,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['progress'] });
    },
  });
}
