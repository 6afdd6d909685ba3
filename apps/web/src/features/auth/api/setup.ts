import {
  FirstAdminResponseSchema,
  type RegisterInput,
  type SessionResponse,
  SetupLinkResponseSchema,
} from '@cogni/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { removeNonSessionQueries, sessionQueryKey } from '../../../lib/api/get-session';
import { apiRequest } from '../../../lib/api-client';

/** Whether the setup link's token opens the setup (a 404 ApiError when it does not). */
export function useSetupLink(token: string) {
  return useQuery({
    queryKey: ['setup', token],
    queryFn: ({ signal }) =>
      apiRequest(`/api/setup/${encodeURIComponent(token)}`, {
        schema: SetupLinkResponseSchema,
        signal,
      }),
    retry: false,
  });
}

/** Creates the first admin and signs them in. */
export function useCreateFirstAdmin(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      apiRequest(`/api/setup/${encodeURIComponent(token)}`, {
        method: 'POST',
        body: input,
        schema: FirstAdminResponseSchema,
      }),
    onSuccess: ({ user }) => {
      removeNonSessionQueries(queryClient);
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
    },
  });
}
