import {
  type AdminUser,
  AdminUserResponseSchema,
  type CreateUserInput,
  type Role,
  type UserListResponse,
  UserListResponseSchema,
} from '@cogni/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';

export const adminUsersQueryKey = ['admin', 'users'] as const;

export type UserListParams = { search: string; page: number; pageSize: number };

export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserListResponse> {
  return apiRequest(`/api/admin/users${toQueryString(params)}`, {
    schema: UserListResponseSchema,
    signal,
  });
}

/** One page of users; the previous page stays on screen while the next loads. */
export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: [...adminUsersQueryKey, params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

async function sendUserChange(path: string, method: 'POST' | 'PATCH', body?: unknown) {
  const { user } = await apiRequest(path, { method, body, schema: AdminUserResponseSchema });
  return user;
}

/** Every change to a user refreshes the lists (and the audit log, which records it). */
function useUserMutation<Input>(mutationFn: (input: Input) => Promise<AdminUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useChangeRole() {
  return useUserMutation(({ userId, role }: { userId: string; role: Role }) =>
    sendUserChange(`/api/admin/users/${encodeURIComponent(userId)}/role`, 'PATCH', { role }),
  );
}

export function useSetUserActive() {
  return useUserMutation(({ userId, isActive }: { userId: string; isActive: boolean }) =>
    sendUserChange(
      `/api/admin/users/${encodeURIComponent(userId)}/${isActive ? 'reactivate' : 'deactivate'}`,
      'POST',
    ),
  );
}

export function useCreateUser() {
  return useUserMutation((input: CreateUserInput) =>
    sendUserChange('/api/admin/users', 'POST', input),
  );
}
