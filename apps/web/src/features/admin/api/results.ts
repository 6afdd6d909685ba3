import {
  type AdminResultListResponse,
  AdminResultListResponseSchema,
  AdminResultTrialsResponseSchema,
  type ExportFormat,
  type TestType,
} from '@cogni/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';

/** The Test Results filter as the form holds it; empty strings mean 'any'. */
export type ResultFilterParams = {
  userId: string;
  testType: TestType | '';
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive (the whole day). */
  to: string;
  includeMock: boolean;
  /** Also runs judged implausible or closed as abandoned. */
  includeImplausible: boolean;
  /** Also admin previews (runs started with a custom configuration, ADR 028). */
  includePreview: boolean;
};

export const EMPTY_RESULT_FILTER: ResultFilterParams = {
  userId: '',
  testType: '',
  from: '',
  to: '',
  includeMock: true,
  includeImplausible: false,
  includePreview: false,
};

function filterQuery(filter: ResultFilterParams) {
  return {
    ...filter,
    includeMock: String(filter.includeMock),
    includeImplausible: String(filter.includeImplausible),
    includePreview: String(filter.includePreview),
  };
}

export function getResults(
  filter: ResultFilterParams,
  page: number,
  signal?: AbortSignal,
): Promise<AdminResultListResponse> {
  return apiRequest(`/api/admin/results${toQueryString({ ...filterQuery(filter), page })}`, {
    schema: AdminResultListResponseSchema,
    signal,
  });
}

export function useResults(filter: ResultFilterParams, page: number) {
  return useQuery({
    queryKey: ['admin', 'results', filter, page],
    queryFn: ({ signal }) => getResults(filter, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** A result's trials, scores and settings, fetched when its row is opened. */
export function useResultTrials(resultId: string) {
  return useQuery({
    queryKey: ['admin', 'results', resultId, 'trials'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/results/${encodeURIComponent(resultId)}/trials`, {
        schema: AdminResultTrialsResponseSchema,
        signal,
      }),
  });
}

/** The research export of the filtered trials; a plain link, as the server sends it as a file. */
export function getResearchExportUrl(filter: ResultFilterParams, format: ExportFormat): string {
  return `/api/admin/export${toQueryString({ ...filterQuery(filter), format })}`;
}

export function getDictionaryUrl(format: ExportFormat): string {
  return `/api/admin/export/dictionary${toQueryString({ format })}`;
}
