import { type UserListResponse, UserListResponseSchema } from '@cogni/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminUsersQueryKey = ['admin', 'users'] as const;

export function getUsers(signal?: AbortSignal): Promise<UserListResponse> {
  return apiRequest('/api/admin/users', { schema: UserListResponseSchema, signal });
}

export function useUsers() {
  return useQuery({ queryKey: adminUsersQueryKey, queryFn: ({ signal }) => getUsers(signal) });
}
