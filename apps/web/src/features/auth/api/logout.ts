import type { SessionResponse } from '@cogni/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

export function logout(): Promise<void> {
  return apiRequest('/api/auth/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
    },
  });
}
