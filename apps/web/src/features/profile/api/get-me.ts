import { type MeResponse, MeResponseSchema } from '@cogni/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const meQueryKey = ['me'] as const;

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiRequest('/api/me', { schema: MeResponseSchema, signal });
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}
